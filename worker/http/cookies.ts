// Cookie reading and writing for the worker, the API and Remix actions: one place decides the
// attributes (Secure, SameSite, HttpOnly) so no route can set a weaker cookie by accident.

export type CookieOptions = {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
  secure?: boolean;
};

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export function readCookie(request: Request, name: string): string | null {
  return parseCookies(request.headers.get('Cookie'))[name] ?? null;
}

/**
 * The name of a cookie that must come from this host only (session, CSRF token, visitor id, dev
 * token): with the `__Host-` prefix wherever the browser accepts it (https), because a browser
 * stores a `__Host-` cookie only when it is Secure, has Path=/ and no Domain, so no parent domain or
 * sibling host can plant or overwrite it (issue #19 §4). Plain-http development (localhost) cannot
 * have it (Secure is refused there, see wantsSecure) and keeps the bare name. Writers and readers
 * both call this, so a request always reads the cookie it would write.
 */
export function hostCookieName(request: Request, name: string): string {
  return wantsSecure(request) ? `__Host-${name}` : name;
}

/** Reads a cookie written under hostCookieName: over https a bare-named (plantable) one is ignored. */
export function readHostCookie(request: Request, name: string): string | null {
  return readCookie(request, hostCookieName(request, name));
}

/**
 * Secure on https (every deployment). Plain-http development gets no Secure flag: Safari refuses to
 * store Secure cookies from http://localhost, and without its CSRF cookie no form would work.
 */
export function wantsSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  // A browser drops a __Host- cookie that is not Secure or not on Path=/: never write one it would drop.
  if (name.startsWith('__Host-')) options = { ...options, secure: true, path: '/' };
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, `SameSite=${options.sameSite ?? 'Lax'}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${options.maxAgeSeconds}`);
    if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function deleteCookie(name: string, options: Pick<CookieOptions, 'path' | 'secure'> = {}): string {
  return serializeCookie(name, '', { ...options, maxAgeSeconds: 0 });
}
