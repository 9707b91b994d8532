import { describe, expect, it } from 'vitest';
import recorded from '../../tests/fixtures/mail/postmark-bounce.json';
import { readBounceNotice, webhookAuthorized } from './bounce-webhook';

const SECRET = 's'.repeat(40);

describe('the bounce webhook', () => {
  it('reads a recorded Postmark bounce', () => {
    expect(readBounceNotice(recorded)).toEqual({
      kind: 'bounce',
      providerId: '883953f4-6105-42a2-a16a-77a8eac79483',
      type: 'HardBounce',
      email: 'maria.papadopoulou@example.gr',
      description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
      at: new Date('2026-12-02T10:33:54.907Z'),
    });
  });

  it('ignores what is no failure to deliver, and refuses what it cannot read', () => {
    expect(readBounceNotice({ ...recorded, Type: 'AutoResponder' })).toEqual({ kind: 'ignored', recordType: 'Bounce/AutoResponder' });
    expect(readBounceNotice({ RecordType: 'Delivery', MessageID: 'x' })).toEqual({ kind: 'ignored', recordType: 'Delivery' });
    for (const body of [null, 'Bounce', [], {}, { RecordType: 'Bounce' }, { ...recorded, MessageID: '' }, { ...recorded, Type: 7 }]) expect(readBounceNotice(body)).toBeNull();
  });

  it('opens only to the configured secret, as basic auth or a token header', () => {
    expect(webhookAuthorized(SECRET, { authorization: `Basic ${btoa(`postmark:${SECRET}`)}` })).toBe(true);
    expect(webhookAuthorized(SECRET, { token: SECRET })).toBe(true);
    expect(webhookAuthorized(SECRET, { authorization: `Basic ${btoa('postmark:wrong')}` })).toBe(false);
    expect(webhookAuthorized(SECRET, { token: `${SECRET}x` })).toBe(false);
    expect(webhookAuthorized(SECRET, { authorization: 'Bearer abc' })).toBe(false);
    expect(webhookAuthorized(SECRET, { authorization: 'Basic !!!' })).toBe(false);
    expect(webhookAuthorized(SECRET, {})).toBe(false);
    // No secret configured: shut, whatever is sent (an empty token included).
    expect(webhookAuthorized(null, { token: '' })).toBe(false);
    expect(webhookAuthorized(null, { authorization: `Basic ${btoa('a:')}` })).toBe(false);
  });
});
