import { describe, expect, it } from 'vitest';
import { unsubscribeHeaders } from '../../../core/newsletter';
import { createHttpMail } from './http';

describe('the real mail client', () => {
  it("sends a message's headers (RFC 8058 one-click unsubscribe) as the provider's Headers list", async () => {
    let sent: Record<string, unknown> = {};
    const mail = createHttpMail({
      url: 'https://mail.example/email',
      token: 't',
      from: 'no-reply@example.gr',
      fetcher: async (_url, init) => {
        sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return Response.json({ MessageID: 'm1' });
      },
    });
    await mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 'newsletter_confirm', headers: unsubscribeHeaders('https://x.gr/newsletter/unsubscribe?token=1.k') });
    expect(sent.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://x.gr/newsletter/unsubscribe?token=1.k>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    await mail.send({ to: 'a@example.gr', subject: 's', text: 'b', tag: 'otp' });
    expect(sent).not.toHaveProperty('Headers');
  });
});
