// Session lifetime rules (issue #3 §3): a session ends 30 days after login at the latest, or after
// 7 days without use; "last seen" is written at most once a minute so browsing does not write on
// every request.
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_EVERY_MS = 60 * 1000;

// Staff sessions (issue #10 §4, decision 024) carry the back office's powers (money, orders): they end
// after 30 minutes without use and 12 hours after login at the latest, one working day.
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;

/** A staff session is one started by a member of staff (admin or support); everyone else's is a customer session. */
export type SessionKind = 'customer' | 'staff';

export const SESSION_LIFETIMES: Record<SessionKind, { absoluteMs: number; idleMs: number }> = {
  customer: { absoluteMs: SESSION_ABSOLUTE_MS, idleMs: SESSION_IDLE_MS },
  staff: { absoluteMs: STAFF_SESSION_ABSOLUTE_MS, idleMs: STAFF_SESSION_IDLE_MS },
};

export function sessionKindFor(userGroup: string): SessionKind {
  return userGroup === 'admin' || userGroup === 'support' ? 'staff' : 'customer';
}

/** The session cookie's Max-Age: the session's absolute lifetime, so the browser forgets it too. */
export function sessionCookieMaxAgeSeconds(kind: SessionKind): number {
  return Math.floor(SESSION_LIFETIMES[kind].absoluteMs / 1000);
}

export type SessionTimes = { createdAt: number; lastSeenAt: number; revokedAt: number | null; kind?: SessionKind };

export function sessionState(s: SessionTimes, now: number): 'active' | 'expired' | 'idle' | 'revoked' {
  const life = SESSION_LIFETIMES[s.kind ?? 'customer'];
  if (s.revokedAt !== null) return 'revoked';
  if (now - s.createdAt >= life.absoluteMs) return 'expired';
  if (now - s.lastSeenAt >= life.idleMs) return 'idle';
  return 'active';
}

export function shouldTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_TOUCH_EVERY_MS;
}

/** The cookie value: `<userId>.<token>`; the token is 43 base64url characters (256 bits). */
export function parseSessionCookie(value: string | null | undefined): { userId: number; token: string } | null {
  if (!value) return null;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const userId = Number(m[1]);
  return userId > 0 ? { userId, token: m[2]! } : null;
}

/** A short, non-secret label for a session in lists: browser and system from the user agent. */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'other';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iOS/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : 'other';
  return { browser, os };
}
