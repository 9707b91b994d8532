import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '../../core/errors';
import { createRequestContext } from '../context';
import { CSRF_FIELD, CSRF_HEADER, isStateChanging } from '../http/csrf';
import { ApiError } from './envelope';
import type { ApiEnv } from './types';

export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const ctx = createRequestContext(c.req.raw, c.env, c.executionCtx as ExecutionContext);
  c.set('ctx', ctx);
  await next();
  // A first call from a browser mints the CSRF and visitor cookies, as a page load would.
  for (const cookie of ctx.responseCookies) c.res.headers.append('Set-Cookie', cookie);
});

/** Reads a JSON or form body once; handlers read c.get('body'). */
async function readBody(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const parsed: unknown = await req.json().catch(() => null);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError(ErrorCode.VALIDATION_ERROR, { body: 'invalid_json' });
    return parsed as Record<string, unknown>;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await req.formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) if (typeof v === 'string') out[k] = v;
    return out;
  }
  return {};
}

/** Spec §8 403 ip_blacklisted: a blacklisted address may read the shop but change nothing. */
export const blacklist = createMiddleware<ApiEnv>(async (c, next) => {
  if (isStateChanging(c.req.method) && (await c.get('ctx').services.rateLimits.isBlacklisted(c.get('ctx').ip))) {
    throw new ApiError(ErrorCode.IP_BLACKLISTED, null, 403);
  }
  await next();
});

/** Every state-changing call carries `_token` (body) or X-CSRF-Token matching the cookie. */
export const csrf = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isStateChanging(c.req.method)) {
    c.set('body', {});
    return next();
  }
  const body = await readBody(c.req.raw);
  c.set('body', body);
  const submitted = c.req.header(CSRF_HEADER) ?? (typeof body[CSRF_FIELD] === 'string' ? (body[CSRF_FIELD] as string) : null);
  if (!c.get('ctx').verifyCsrf(submitted)) throw new ApiError(ErrorCode.TOKEN_ERROR);
  return next();
});
