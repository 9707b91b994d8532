// Real SMS client: a provider's JSON API (generic shape: POST {SMS_API_URL} {to, from, text} with a
// bearer token).
import type { SmsMessage, SmsPort } from './port';

export type HttpSmsConfig = { url: string; token: string; from: string; fetcher?: typeof fetch };

export function createHttpSms(config: HttpSmsConfig): SmsPort {
  const doFetch = config.fetcher ?? fetch;
  return {
    async send(message: SmsMessage) {
      const res = await doFetch(config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.token}` },
        body: JSON.stringify({ to: message.to, from: config.from, text: message.text, reference: message.tag }),
      });
      if (!res.ok) throw new Error(`sms provider answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { id?: string };
      return { id: body.id ?? 'unknown' };
    },
  };
}
