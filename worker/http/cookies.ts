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
 * Secure on https (every deployment). Plain-http development gets no Secure flag: Safari refuses to
 * store Secure cookies from http://localhost, and without its CSRF cookie no form would work.
 */
export function wantsSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
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
