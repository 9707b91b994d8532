import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { MAX_SENDS_PER_WINDOW, parseLinkToken, refusedSend, RESEND_AFTER_MS, resendWait, SEND_WINDOW_MS, unsubscribeHeaders } from './newsletter';

describe('newsletter send rules', () => {
  const now = 10 * SEND_WINDOW_MS;
  it('answers 1063 with the seconds left when the last mail went less than a minute ago', () => {
    expect(refusedSend({ lastSentAt: now - 20_000, sendCount: 1, sendWindowStart: now - 20_000 }, now)).toEqual({ code: ErrorCode.VERIFICATION_CODE_SENT_RECENTLY, seconds: 40 });
  });
  it('answers 1064 once the window holds the most mails, until the window ends', () => {
    expect(refusedSend({ lastSentAt: now - 5 * RESEND_AFTER_MS, sendCount: MAX_SENDS_PER_WINDOW, sendWindowStart: now - 1000 }, now)).toEqual({
      code: ErrorCode.MAIL_ALREADY_PENDING,
      seconds: SEND_WINDOW_MS / 1000 - 1,
    });
  });
  it('counts an old window as over', () => {
    expect(refusedSend({ lastSentAt: now - 30_000, sendCount: MAX_SENDS_PER_WINDOW, sendWindowStart: now - SEND_WINDOW_MS }, now).code).toBe(ErrorCode.VERIFICATION_CODE_SENT_RECENTLY);
  });
  it('counts the resend wait down to zero', () => {
    expect(resendWait({ lastSentAt: null, sendCount: 0, sendWindowStart: null }, now)).toBe(0);
    expect(resendWait({ lastSentAt: now - 59_500, sendCount: 1, sendWindowStart: now }, now)).toBe(1);
    expect(resendWait({ lastSentAt: now - RESEND_AFTER_MS, sendCount: 1, sendWindowStart: now }, now)).toBe(0);
  });
});

describe('newsletter links', () => {
  it('reads <id>.<key> and nothing else', () => {
    expect(parseLinkToken('12.abcdefghijklmnopqrstuvwxyz_-')).toEqual({ id: 12, key: 'abcdefghijklmnopqrstuvwxyz_-' });
    expect(parseLinkToken('12.short')).toBeNull();
    expect(parseLinkToken('x.abcdefghijklmnopqrstuvwxyz')).toBeNull();
    expect(parseLinkToken(undefined)).toBeNull();
  });
  it('gives both RFC 8058 headers', () => {
    expect(unsubscribeHeaders('https://x.gr/newsletter/unsubscribe?token=1.a')).toEqual({
      'List-Unsubscribe': '<https://x.gr/newsletter/unsubscribe?token=1.a>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
