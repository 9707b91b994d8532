// The one Worker (DESIGN.md "One Worker, four doors"): /api → Hono, /parties → partyserver,
// everything else → Remix; scheduled() → worker/cron. Assets are served before this runs.
import { createRequestHandler } from '@remix-run/cloudflare';
import { getServerByName, routePartykitRequest } from 'partyserver';
import * as build from 'virtual:remix-build';
import { envelopeFor, ErrorCode, resolveCode } from '../core/errors';
import { isLanguage } from '../i18n/config';
import { getServerT } from '../i18n/server';
import { parseSessionCookie } from '../core/sessions';
import { GLOBAL_ROOM } from '../party/protocol';
import { SESSION_TAG_HEADER, type User } from '../party/user';
import { api } from './api';
import { checkConfig, notConfiguredResponse } from './config';
import { createRequestContext } from './context';
import { runScheduled } from './cron';
import { errorPage } from './error-page';
import { readCookie } from './http/cookies';
import { logIfServerError, logServerError } from './http/error-log';
import { formBodyRefusal, wantsEnvelope } from './http/form-body';
import { applySecurityHeaders } from './http/security-headers';
import { readVisitorId } from './http/visitor';
import { readSessionCookie, userRoom } from './services/accounts';

export { Global } from '../party/global';
export { User } from '../party/user';

let remixHandler: ReturnType<typeof createRequestHandler> | undefined;

function languageOf(request: Request): 'el' | 'en' {
  const lng = readCookie(request, 'lng');
  return isLanguage(lng) ? lng : 'el';
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  return origin === null || origin === new URL(request.url).origin;
}

async function handleParty(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (req, lobby) => {
      // Cross-site WebSocket hijacking: browsers send Origin on upgrades; only our pages may connect.
      if (!sameOrigin(req)) return new Response('forbidden', { status: 403 });
      if (lobby.className === 'Global') return lobby.name === GLOBAL_ROOM ? undefined : new Response('not found', { status: 404 });
      if (lobby.className === 'User') {
        // A visitor may only listen to its own channels: its guest room, or its user room with a
        // live session, tagged with that session so a logout reaches only this browser's tabs.
        if (readVisitorId(req) === lobby.name) return undefined;
        const parsed = parseSessionCookie(readSessionCookie(req));
        if (!parsed || lobby.name !== userRoom(parsed.userId)) return new Response('forbidden', { status: 403 });
        const stub = await getServerByName(env.User as unknown as DurableObjectNamespace<User>, lobby.name);
        const session = await stub.touchSession(parsed.token, Date.now());
        if (!session) return new Response('forbidden', { status: 403 });
        const tagged = new Request(req);
        tagged.headers.set(SESSION_TAG_HEADER, session.id.slice(0, 16));
        return tagged;
      }
      return new Response('not found', { status: 404 });
    },
    onBeforeRequest: () => new Response('not found', { status: 404 }),
  });
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const url = new URL(request.url);
    const https = url.protocol === 'https:';
    // Fail closed (decision 021): an incomplete production configuration serves nothing at all,
    // rather than a sandbox in its place (a payment page that approves anything, a fake registry).
    const configured = checkConfig(env);
    if (!configured.ok) return applySecurityHeaders(notConfiguredResponse(request, configured.problems), { development: false, https });
    const { config } = configured;
    const development = config.environment === 'development';
    try {
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        const res = await api.fetch(request, env, ctx);
        return applySecurityHeaders(logIfServerError('api', request, res), { development, https });
      }
      if (url.pathname.startsWith('/parties/')) {
        const res = await handleParty(request, env);
        if (res) return logIfServerError('party', request, res);
      }
      // Issue #32 §3: a form action's body that is no form (JSON, text, none) or a multipart that does
      // not parse is refused here, once for every action, instead of failing inside it with a 500.
      const refusal = await formBodyRefusal(request);
      if (refusal) {
        const lang = languageOf(request);
        const key = resolveCode(refusal.code).key;
        const res = wantsEnvelope(request)
          ? Response.json(envelopeFor(refusal.code, getServerT(lang)(`errors:${key}`), null), { status: refusal.status, headers: { 'Cache-Control': 'no-store' } })
          : errorPage(lang, refusal.status, key);
        return applySecurityHeaders(res, { development, https });
      }
      const context = createRequestContext(request, env, ctx);
      remixHandler ??= createRequestHandler(build, development ? 'development' : 'production');
      const turnstile = config.captcha.kind === 'turnstile';
      // Remix answers a failed loader or render with its 500 page itself; its handleError (app/entry.server.tsx) noted the cause.
      const res = applySecurityHeaders(logIfServerError('page', request, await remixHandler(request, context)), { nonce: context.nonce, development, https, turnstile });
      for (const cookie of context.responseCookies) res.headers.append('Set-Cookie', cookie);
      return res;
    } catch (err) {
      logServerError({ where: 'entry', request, status: 500, cause: err });
      const lang = languageOf(request);
      if (url.pathname.startsWith('/api')) {
        return Response.json(envelopeFor(ErrorCode.UNDEFINED_CODE, getServerT(lang)('errors:http.500'), null), { status: 500 });
      }
      return applySecurityHeaders(errorPage(lang, 500), { development, https });
    }
  },

  async scheduled(controller, env, ctx): Promise<void> {
    // No job runs against sandboxes production did not allow (checkConfig logged what is missing).
    if (!checkConfig(env).ok) return;
    ctx.waitUntil(runScheduled(controller.cron, env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>;
