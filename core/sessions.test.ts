import { describe, expect, it } from 'vitest';
import { describeUserAgent, parseSessionCookie, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionCookieMaxAgeSeconds, sessionKindFor, sessionState, shouldTouch, STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from './sessions';

const token = 'a'.repeat(43);

describe('session lifetime', () => {
  const s = { createdAt: 0, lastSeenAt: 0, revokedAt: null };
  it('is active until idle or expired', () => {
    expect(sessionState(s, 1000)).toBe('active');
    expect(sessionState(s, SESSION_IDLE_MS)).toBe('idle');
    expect(sessionState({ ...s, lastSeenAt: SESSION_ABSOLUTE_MS - 1 }, SESSION_ABSOLUTE_MS)).toBe('expired');
    expect(sessionState({ ...s, revokedAt: 5 }, 10)).toBe('revoked');
  });
  it('ends a staff session after 30 minutes idle or 12 hours, long before a customer session', () => {
    const staff = { ...s, kind: 'staff' as const };
    const MIN = 60_000;
    expect(sessionState(staff, 29 * MIN)).toBe('active');
    expect(sessionState(staff, 30 * MIN)).toBe('idle');
    expect(sessionState({ ...s, kind: 'customer' }, 30 * MIN)).toBe('active');
    // Used every 20 minutes it still ends 12 hours after login.
    expect(sessionState({ ...staff, lastSeenAt: 12 * 60 * MIN - 20 * MIN }, 12 * 60 * MIN - 1)).toBe('active');
    expect(sessionState({ ...staff, lastSeenAt: 12 * 60 * MIN - 20 * MIN }, 12 * 60 * MIN)).toBe('expired');
    expect(STAFF_SESSION_IDLE_MS).toBeLessThan(SESSION_IDLE_MS);
    expect(STAFF_SESSION_ABSOLUTE_MS).toBeLessThan(SESSION_ABSOLUTE_MS);
  });
  it('gives administrators staff sessions and a cookie that lives as long as the session', () => {
    expect(sessionKindFor('admin')).toBe('staff');
    expect(sessionKindFor('user')).toBe('customer');
    expect(sessionCookieMaxAgeSeconds('staff')).toBe(12 * 3600);
    expect(sessionCookieMaxAgeSeconds('customer')).toBe(30 * 86400);
  });
  it('touches at most once a minute', () => {
    expect(shouldTouch(0, 59_999)).toBe(false);
    expect(shouldTouch(0, 60_000)).toBe(true);
  });
});

describe('session cookie', () => {
  it('reads <userId>.<token> and refuses anything else', () => {
    expect(parseSessionCookie(`42.${token}`)).toEqual({ userId: 42, token });
    for (const bad of [null, '', `0.${token}`, `x.${token}`, `42.${token}x`, `42.${'a'.repeat(42)}`, `42.${token.slice(1)}=`]) {
      expect(parseSessionCookie(bad), String(bad)).toBeNull();
    }
  });
});

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0')).toEqual({ browser: 'Firefox', os: 'Linux' });
  });
});
