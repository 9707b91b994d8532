// Real mail client: a transactional-mail provider's JSON API (Postmark's shape: POST {MAIL_API_URL}
// with From/To/Subject/HtmlBody/TextBody, Headers and base64 Attachments, and a server token header).
import type { MailMessage, MailPort } from './port';

export type HttpMailConfig = { url: string; token: string; from: string; fetcher?: typeof fetch };

/** The provider refused the message itself (4xx other than 429): trying it again cannot help. */
export class MailRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'MailRefused';
  }
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...all) overflows the call stack for a PDF of a few hundred KB.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function providerBody(from: string, message: MailMessage): Record<string, unknown> {
  return {
    From: from,
    To: message.to,
    Subject: message.subject,
    TextBody: message.text,
    ...(message.html ? { HtmlBody: message.html } : {}),
    Tag: message.tag,
    MessageStream: 'outbound',
    ...(message.headers && Object.keys(message.headers).length ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
    ...(message.attachments?.length ? { Attachments: message.attachments.map((a) => ({ Name: a.filename, Content: base64(a.content), ContentType: a.contentType })) } : {}),
  };
}

export function createHttpMail(config: HttpMailConfig): MailPort {
  const doFetch = config.fetcher ?? fetch;
  return {
    async send(message: MailMessage) {
      const res = await doFetch(config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Postmark-Server-Token': config.token },
        body: JSON.stringify(providerBody(config.from, message)),
        // A provider that hangs must not hold the request that caused the message: the queue retries.
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        const detail = (await res.json().catch(() => ({}))) as { ErrorCode?: number; Message?: string };
        const text = `mail provider answered ${res.status}${detail.ErrorCode !== undefined ? ` (${detail.ErrorCode} ${detail.Message ?? ''})` : ''}`;
        if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new MailRefused(res.status, text);
        throw new Error(text);
      }
      const body = (await res.json().catch(() => ({}))) as { MessageID?: string };
      return { id: body.MessageID ?? 'unknown' };
    },
  };
}
