// The validated configuration of this Worker (core/config.ts, decision 021), read once per `env`
// object: the entry checks it before anything else runs, and answers 503 with one log line naming
// what is missing when production is not fully configured (or a sandbox was not explicitly allowed).
import { describeProblems, parseConfig, type AppConfig, type ConfigProblem, type ConfigResult } from '../core/config';
import { envelopeFor, ErrorCode } from '../core/errors';
import { isLanguage } from '../i18n/config';
import { getServerT } from '../i18n/server';
import { readCookie, readHostCookie } from './http/cookies';

export type { AppConfig } from '../core/config';

// Workers hand the same env object to every request of an isolate: parse it once.
const cache = new WeakMap<object, ConfigResult>();

export function readConfig(env: object): ConfigResult {
  let result = cache.get(env);
  if (!result) {
    result = parseConfig(env);
    cache.set(env, result);
  }
  return result;
}

/** The configuration, for code that runs after the entry's check (services, cron jobs, tests). */
export function configOf(env: object): AppConfig {
  const result = readConfig(env);
  if (!result.ok) throw new Error(describeProblems(result.environment, result.problems));
  return result.config;
}

/** Logs the one line naming what is missing; returns false when the Worker must not serve. */
export function checkConfig(env: object): ConfigResult {
  const result = readConfig(env);
  if (!result.ok) console.error(describeProblems(result.environment, result.problems));
  return result;
}

/**
 * What every request gets while the configuration is incomplete: 503 with the envelope (for /api and
 * the parties) or a plain page, naming the settings that are missing or malformed — names only, never
 * a value — so whoever deploys sees at once what to set (the log line says the same).
 */
export function notConfiguredResponse(request: Request, problems: ConfigProblem[]): Response {
  const lng = readCookie(request, 'lng');
  const lang = isLanguage(lng) ? lng : 'el';
  const t = getServerT(lang);
  const message = t('errors:http.503');
  const missing = problems.filter((p) => p.kind === 'missing').map((p) => p.setting);
  const invalid = problems.filter((p) => p.kind === 'invalid').map((p) => p.setting);
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '300' };
  const path = new URL(request.url).pathname;
  const wantsJson = path === '/api' || path.startsWith('/api/') || path.startsWith('/parties/') || (request.headers.get('Accept') ?? '').startsWith('application/json');
  if (wantsJson) return Response.json(envelopeFor(ErrorCode.UNDEFINED_CODE, message, { missing, invalid }), { status: 503, headers });
  // Setting names are [A-Z0-9_] only (core/config.ts SETTINGS): nothing here needs escaping.
  const list = (label: string, names: string[]) => (names.length ? `<h2>${label}</h2><ul>${names.map((n) => `<li><code>${n}</code></li>`).join('')}</ul>` : '');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${message}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${message}</h1><p>${ErrorCode.UNDEFINED_CODE}</p>${list(t('errors:config.missing'), missing)}${list(t('errors:config.invalid'), invalid)}</body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Exact, case-insensitive host match against ADMIN_HOSTS (URL.hostname has no port). */
export function isAdminHost(config: AppConfig, hostname: string): boolean {
  return config.adminHosts.includes(hostname.toLowerCase());
}

export const DEV_TOKEN_HEADER = 'X-Dev-Token';
/** Set by the mailbox link (`/dev/mailbox?token=…`), so a browser can open the pages without the header. */
export const DEV_TOKEN_COOKIE = 'dev_token';

/** Length and content compared without an early exit. */
function sameSecret(expected: string, submitted: string): boolean {
  let diff = expected.length ^ submitted.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (submitted.charCodeAt(i) | 0);
  return diff === 0;
}

/** Is this the development token? Never true outside development or when none is configured. */
export function isDevToken(config: AppConfig, submitted: string | null | undefined): boolean {
  if (config.environment !== 'development' || config.devApiToken === null) return false;
  return typeof submitted === 'string' && submitted !== '' && sameSecret(config.devApiToken, submitted);
}

/**
 * The development-only pages and calls (/dev/*, /api/dev/*): development only, and there only with
 * DEV_API_TOKEN, in X-Dev-Token or in the HttpOnly cookie the mailbox link sets. Not the host name:
 * the Host header is the client's to choose (`Host: evil.localhost` opened the mailbox of login codes,
 * issue #19 §4), and a page on another site can reach a development server through DNS rebinding.
 */
export function devAccessAllowed(request: Request, config: AppConfig): boolean {
  return isDevToken(config, request.headers.get(DEV_TOKEN_HEADER)) || isDevToken(config, readHostCookie(request, DEV_TOKEN_COOKIE));
}
