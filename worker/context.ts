// The per-request load context shared by Remix loaders/actions and the Hono API: the D1 client,
// services, the CSRF token, the CSP nonce and the visitor's preferences are built here for each
// request (DESIGN.md: no module-level singletons of env).
import { createDb, type Db } from '../db/client';
import { configOf, devAccessAllowed, isAdminHost, type AppConfig } from './config';
import { ensureCsrfToken, tokensMatch } from './http/csrf';
import { createNonce } from './http/security-headers';
import { ensureVisitorId } from './http/visitor';
import { readPreferences, type Preferences } from './services/accounts';
import { createServices, type Services } from './services';
import type { CurrentSession } from './services/accounts';
import { clientIp } from './services/platform';

export type RequestContext = {
  cloudflare: { env: Env; ctx: ExecutionContext; cf?: IncomingRequestCfProperties };
  db: Db;
  services: Services;
  nonce: string;
  csrfToken: string;
  /** False when the browser sent no CSRF cookie: no submitted token can be valid then. */
  csrfCookiePresent: boolean;
  /** Checks a submitted `_token` against this browser's cookie (constant time). */
  verifyCsrf(submitted: unknown): boolean;
  /** The client's address (CF-Connecting-IP), for rate limits and the blacklist. */
  ip: string;
  /** The logged-in session of this request (looked up once, on first use). */
  session(): Promise<CurrentSession | null>;
  /** Names the visitor's User party before login (guest id cookie). */
  visitorId: string;
  /** Set-Cookie headers the entry adds to the final response (a freshly minted CSRF cookie …). */
  responseCookies: string[];
  prefs: Preferences;
  /** Spec §1: the admin area answers only on the hosts of ADMIN_HOSTS (exact match, decision 021). */
  isAdminHost: boolean;
  development: boolean;
  /** The validated configuration (core/config.ts): which ports are sandboxes, demo or not. */
  config: AppConfig;
  /** May this request reach the development-only pages and calls (/dev/*, /api/dev/*)? */
  devAccess: boolean;
  now: Date;
};

export function createRequestContext(request: Request, env: Env, ctx: ExecutionContext): RequestContext {
  const db = createDb(env.DB);
  const csrf = ensureCsrfToken(request);
  const visitor = ensureVisitorId(request);
  const url = new URL(request.url);
  const now = new Date();
  // The entry answered 503 already when the configuration is incomplete; this only reads the cache.
  const config = configOf(env);
  const services = createServices({ db, env, now, origin: url.origin });
  let session: Promise<CurrentSession | null> | null = null;
  return {
    cloudflare: { env, ctx, cf: request.cf as IncomingRequestCfProperties | undefined },
    db,
    services,
    session: () => (session ??= services.auth.current(request)),
    nonce: createNonce(),
    csrfToken: csrf.token,
    csrfCookiePresent: csrf.setCookie === null,
    verifyCsrf: (submitted) => csrf.setCookie === null && typeof submitted === 'string' && tokensMatch(csrf.token, submitted),
    ip: clientIp(request),
    visitorId: visitor.id,
    responseCookies: [csrf.setCookie, visitor.setCookie].filter((c): c is string => c !== null),
    prefs: readPreferences(request),
    isAdminHost: isAdminHost(config, url.hostname),
    development: config.environment === 'development',
    config,
    devAccess: devAccessAllowed(request, config),
    now,
  };
}
