// A stable, random id for every browser (the guest id of DESIGN.md): it names the visitor's User
// Durable Object before login, so a guest's live channels (and later the cart) have a home. It opens
// that room's socket, so over https it is `__Host-gid`: nobody on a parent domain can give a visitor
// an id they know and then listen to the visitor's cart (issue #19 §4).
import { hostCookieName, readHostCookie, serializeCookie, wantsSecure } from './cookies';

export const VISITOR_COOKIE = 'gid';
const VISITOR_RE = /^g-[0-9a-f]{32}$/;

export function ensureVisitorId(request: Request): { id: string; setCookie: string | null } {
  const existing = readHostCookie(request, VISITOR_COOKIE);
  if (existing && VISITOR_RE.test(existing)) return { id: existing, setCookie: null };
  const id = `g-${crypto.randomUUID().replace(/-/g, '')}`;
  return {
    id,
    setCookie: serializeCookie(hostCookieName(request, VISITOR_COOKIE), id, { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 60 * 60 * 24 * 90 }),
  };
}

export function readVisitorId(request: Request): string | null {
  const v = readHostCookie(request, VISITOR_COOKIE);
  return v && VISITOR_RE.test(v) ? v : null;
}
