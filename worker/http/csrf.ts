// CSRF protection: a random token in an HttpOnly cookie, echoed as `_token` in every state-changing
// form and call (spec §7 payloads carry `_token`). A cross-site page can make the browser send the
// cookie but cannot read it, so it cannot produce a matching `_token`. Over https the cookie is
// `__Host-csrf_token`: a parent domain cannot plant a token it knows (issue #19 §4).
import { hostCookieName, readHostCookie, serializeCookie, wantsSecure } from './cookies';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_FIELD = '_token';
export const CSRF_HEADER = 'X-CSRF-Token';

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The token for this request, minting one (and its Set-Cookie) when the browser has none. */
export function ensureCsrfToken(request: Request): { token: string; setCookie: string | null } {
  const existing = readHostCookie(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, setCookie: null };
  const token = randomToken();
  // A session cookie: it lives as long as the browser session, like the page that embeds it.
  return { token, setCookie: serializeCookie(hostCookieName(request, CSRF_COOKIE), token, { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request) }) };
}

/** A fresh token at login: a token planted before login (fixation) is worthless after it. */
export function rotateCsrfCookie(request: Request): string {
  return serializeCookie(hostCookieName(request, CSRF_COOKIE), randomToken(), { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request) });
}

export function tokensMatch(expected: string, submitted: string | null | undefined): boolean {
  if (!submitted || submitted.length !== expected.length) return false;
  // Constant-time comparison: no early exit that would leak the matching prefix length.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ submitted.charCodeAt(i);
  return diff === 0;
}

export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
