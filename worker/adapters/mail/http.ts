// Real mail client: a transactional-mail provider's JSON API (Postmark-compatible shape:
// POST {MAIL_API_URL} with From/To/Subject/TextBody and a server token header).
import type { MailMessage, MailPort } from './port';

export type HttpMailConfig = { url: string; token: string; from: string; fetcher?: typeof fetch };

export function createHttpMail(config: HttpMailConfig): MailPort {
  const doFetch = config.fetcher ?? fetch;
  return {
    async send(message: MailMessage) {
      const res = await doFetch(config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Postmark-Server-Token': config.token },
        body: JSON.stringify({ From: config.from, To: message.to, Subject: message.subject, TextBody: message.text, Tag: message.tag, MessageStream: 'outbound', ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}) }),
      });
      if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { MessageID?: string };
      return { id: body.MessageID ?? 'unknown' };
    },
  };
}
