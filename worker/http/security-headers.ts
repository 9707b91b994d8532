// Security headers for every response of the Worker. HTML pages get a CSP whose inline scripts
// (Remix's hydration data) carry a per-request nonce; nothing else inline may run.

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The real captcha (Cloudflare Turnstile) runs in a frame from this origin, loaded by a nonce'd script. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export function contentSecurityPolicy(nonce: string, { turnstile = false }: { development: boolean; turnstile?: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Tailwind's output is a file; inline style attributes are used by a few components (transforms).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // 'self' covers ws:/wss: to our own host (CSP3); no other host may be reached.
    "connect-src 'self'",
    ...(turnstile ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function applySecurityHeaders(response: Response, options: { nonce?: string; development: boolean; https: boolean; turnstile?: boolean }): Response {
  // Responses from fetch() or assets can be immutable; copy before touching headers.
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (options.https) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  const type = h.get('Content-Type') ?? '';
  if (options.nonce && type.includes('text/html')) h.set('Content-Security-Policy', contentSecurityPolicy(options.nonce, options));
  else if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  return res;
}
