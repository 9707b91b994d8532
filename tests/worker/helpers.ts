import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

export const ORIGIN = 'http://localhost';

/** The development-only doors (/dev/*, /api/dev/*) open only with DEV_API_TOKEN (decision 045). */
const DEV_PATH = /^(?:https?:\/\/[^/]+)?\/(?:api\/)?dev(?:[/?#]|$)/;

/** The headers of a call, with X-Dev-Token added when it goes to a development-only door. */
export function withDevToken(path: string, headers: Headers): Headers {
  const token = (env as unknown as { DEV_API_TOKEN?: string }).DEV_API_TOKEN;
  if (token && DEV_PATH.test(path) && !headers.has('X-Dev-Token')) headers.set('X-Dev-Token', token);
  return headers;
}

/** A browser-like session: keeps cookies between requests, like a tab would. */
let nextIp = 1;

export class Browser {
  cookies = new Map<string, string>();
  /** Each browser has its own address (TEST-NET-2), as separate visitors do, for per-IP limits. */
  ip = `198.51.100.${nextIp++ % 250}`;

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('Cookie', this.cookieHeader());
    if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', this.ip);
    withDevToken(path, headers);
    const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
    const res = await SELF.fetch(url, { ...init, headers, redirect: 'manual' });
    this.absorb(res);
    return res;
  }

  /** Loads a page so the CSRF and visitor cookies exist; returns the token embedded in forms. */
  async open(path = '/'): Promise<{ res: Response; html: string; token: string }> {
    const res = await this.fetch(path);
    const html = await res.text();
    const token = /name="_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    return { res, html, token };
  }

  /** The CSRF cookie's value: `__Host-csrf_token` over https, `csrf_token` on http://localhost. */
  get csrf(): string {
    return decodeURIComponent(this.cookies.get('__Host-csrf_token') ?? this.cookies.get('csrf_token') ?? '');
  }
}

export function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() };
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Logs a browser in through the real login form; returns the response. */
export async function login(b: Browser, email: string, password: string, extra: Record<string, string> = {}): Promise<Response> {
  const { token } = await b.open('/auth/login');
  return b.fetch('/auth/login', form({ _token: token, email, password, redirectTo: '/account', ...extra }));
}

/** The pending-login token of a login answered with 43005 (the GDPR approval form's hidden field). */
export function pendingOf(html: string): string | null {
  const input = /<input[^>]*name="pending"[^>]*>/.exec(html)?.[0] ?? '';
  return /value="([^"]+)"/.exec(input)?.[1] ?? null;
}

/** Answers the GDPR approval form of a login that asked for it (both boxes checked unless `extra` says). */
export async function approveLogin(b: Browser, pending: string, extra: Record<string, string> = { gdpr_processing: 'on', gdpr_validity: 'on' }): Promise<Response> {
  const { token } = await b.open('/auth/login/approval');
  return b.fetch('/auth/login/approval', form({ _token: token, pending, redirectTo: '/account', ...extra }));
}
