// Where a form may send the browser afterwards: only a path on our own origin. Resolved the way a
// browser resolves it (tabs and newlines dropped, '\' read as '/', dot segments collapsed), and the
// result checked again: '/.//evil.example' collapses to the protocol-relative '//evil.example', and an
// encoded '/%2F%2Fevil.example' or '/%5Cevil.example' becomes one as soon as anything decodes it
// (a proxy, a router, a later redirect). Such a path is refused, not repaired (issue #19 §4).
const BASE = 'https://same.invalid';

/** Decodes the escapes of ASCII characters only: enough to see a '/' or '\', and never throws. */
function decodeAscii(path: string): string {
  return path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** True when the path, or any percent-decoding of it, starts like another host: '//' or '/\'. */
function leadsElsewhere(path: string): boolean {
  let current = path;
  for (let i = 0; i < 6; i++) {
    // A browser drops tabs and newlines anywhere in a URL.
    if (/^[\\/][\t\n\r]*[\\/]/.test(current)) return true;
    const decoded = decodeAscii(current);
    if (decoded === current) return false;
    current = decoded;
  }
  // Still changing after six rounds of decoding: nobody needs that, refuse it.
  return true;
}

export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (leadsElsewhere(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * A login or register link that brings the visitor back to the page it is on (issue #25 §6): without
 * JavaScript the link is the way back. On a login or register page the link keeps that page's own
 * way back instead of pointing at itself; from the home page there is nothing to come back to.
 */
export function authLinkBack(authPath: string, current: string): string {
  const here = safeRedirectPath(current, '/');
  const back = here.startsWith('/auth/') || here === '/auth' ? safeRedirectPath(new URL(here, BASE).searchParams.get('redirectTo'), '/') : here;
  return back === '/' ? authPath : `${authPath}?redirectTo=${encodeURIComponent(back)}`;
}

/** Where a completed registration lands: where the visitor came from, else their new account. */
export function landingAfterRegistration(redirectTo: string): string {
  const back = safeRedirectPath(redirectTo, '/');
  return back === '/' ? '/account' : back;
}
