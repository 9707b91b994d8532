// The JSON API of spec §7 as a Hono sub-app: one sub-app per resource, mounted with app.route();
// every answer is the { success, code, msg, data } envelope, errors included (onError).
import { Hono } from 'hono';
import { ErrorCode } from '../../core/errors';
import { ApiError, reply } from './envelope';
import { checkConfig, notConfiguredResponse } from '../config';
import { noteFailure } from '../http/error-log';
import { blacklist, csrf, requestContext } from './middleware';
import { developmentOnly, devRoutes } from './dev';
import { domainRoutes } from './domains';
import { paymentWebhookRoutes } from './payments';
import { mailWebhookRoutes } from './mail-webhook';
import { healthRoutes } from './health';
import { newsletterRoutes } from './newsletter';
import type { ApiEnv } from './types';
import { userRoutes } from './user';

export const api = new Hono<ApiEnv>().basePath('/api');

// The entry checks the configuration first; this guards the sub-app when it is called on its own.
api.use('*', async (c, next) => {
  const configured = checkConfig(c.env);
  if (!configured.ok) return notConfiguredResponse(c.req.raw, configured.problems);
  await next();
});
api.use('*', requestContext);
// Signed by the processor, not by a browser: before the CSRF check (the signature is the check).
api.route('/payments', paymentWebhookRoutes);
// The mail provider's bounce reports: opened by their secret, likewise before the CSRF check.
api.route('/webhooks', mailWebhookRoutes);
api.use('/dev/*', developmentOnly);
api.use('*', blacklist);
api.use('*', csrf);
api.route('/health', healthRoutes);
api.route('/user', userRoutes);
api.route('/domains', domainRoutes);
api.route('/newsletter', newsletterRoutes);
api.route('/dev', devRoutes);

api.notFound((c) => reply(c, ErrorCode.UNRECOGNIZED_ACTION, null, { status: 404 }));

api.onError((err, c) => {
  // Never leak a stack trace or driver message to the caller: the cause goes to the Worker log, in the
  // one line the entry writes for every 5xx (worker/http/error-log.ts; a refusal under 500 writes none).
  noteFailure(c.req.raw, err);
  if (err instanceof ApiError) return reply(c, err.code, err.data, err.status ? { status: err.status } : {});
  return reply(c, ErrorCode.UNDEFINED_CODE, null, { status: 500, msg: undefined });
});
