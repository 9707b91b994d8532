import { describe, expect, it } from 'vitest';
import { unsubscribeHeaders } from '../../../core/newsletter';
import { createHttpMail, MailRefused } from './http';

function recorder(answer: () => Response = () => Response.json({ MessageID: 'm1' })) {
  const calls: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return answer();
  }) as unknown as typeof fetch;
  return { calls, mail: createHttpMail({ url: 'https://api.postmarkapp.com/email', token: 'server-token', from: 'Registrar <no-reply@example.gr>', fetcher }) };
}

describe('the real mail client', () => {
  it("sends a message's headers (RFC 8058 one-click unsubscribe) as the provider's Headers list", async () => {
    const { calls, mail } = recorder();
    await mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 'newsletter_confirm', headers: unsubscribeHeaders('https://x.gr/newsletter/unsubscribe?token=1.k') });
    expect(calls[0]!.body.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://x.gr/newsletter/unsubscribe?token=1.k>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    await mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 'otp' });
    expect(calls[1]!.body).not.toHaveProperty('Headers');
  });

  it('sends HTML, text and a PDF attachment in the shape of the provider’s API (a recorded request)', async () => {
    const { calls, mail } = recorder();
    const pdf = new TextEncoder().encode('%PDF-1.7 τιμολόγιο');
    const { id } = await mail.send({ to: 'maria@example.gr', subject: 'Απόδειξη ΑΠΥ-12', text: 'Καλησπέρα', html: '<p>Καλησπέρα</p>', tag: 'document_issued', attachments: [{ filename: 'ΑΠΥ-12.pdf', contentType: 'application/pdf', content: pdf }] });
    expect(id).toBe('m1');
    expect(calls[0]!.url).toBe('https://api.postmarkapp.com/email');
    expect(calls[0]!.headers.get('X-Postmark-Server-Token')).toBe('server-token');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({
      From: 'Registrar <no-reply@example.gr>',
      To: 'maria@example.gr',
      Subject: 'Απόδειξη ΑΠΥ-12',
      TextBody: 'Καλησπέρα',
      HtmlBody: '<p>Καλησπέρα</p>',
      Tag: 'document_issued',
      MessageStream: 'outbound',
      Attachments: [{ Name: 'ΑΠΥ-12.pdf', ContentType: 'application/pdf', Content: Buffer.from(pdf).toString('base64') }],
    });
  });

  it('encodes an attachment of several hundred kilobytes (no call-stack overflow)', async () => {
    const { calls, mail } = recorder();
    const big = new Uint8Array(700_000).map((_, i) => i % 251);
    await mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 't', attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: big }] });
    const sent = (calls[0]!.body.Attachments as { Content: string }[])[0]!.Content;
    expect(Buffer.from(sent, 'base64').equals(Buffer.from(big))).toBe(true);
  });

  it('tells a refused message (422: not worth retrying) from a provider that is down (5xx, 429: retry)', async () => {
    const refused = recorder(() => Response.json({ ErrorCode: 406, Message: 'Inactive recipient' }, { status: 422 }));
    await expect(refused.mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 't' })).rejects.toBeInstanceOf(MailRefused);
    const down = recorder(() => new Response('busy', { status: 503 }));
    const err = await down.mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(MailRefused);
    const limited = recorder(() => new Response('slow down', { status: 429 }));
    expect(await limited.mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 't' }).catch((e: unknown) => e)).not.toBeInstanceOf(MailRefused);
  });
});
