// POST /api/webhooks/mail: the mail provider's bounce reports (issue #33 §3, decision 100). Mounted
// before the CSRF check (the provider has no cookie) and opened only by MAIL_WEBHOOK_SECRET (basic
// auth's password or X-Webhook-Token; none configured: every call is 401). A bounce marks the message
// with that provider id `bounced`; a repeated report changes nothing; a report of another kind, or of
// a message we do not know, is answered 200 too, so the provider stops retrying it.
import { Hono } from 'hono';
import { ErrorCode, envelopeFor } from '../../core/errors';
import { readBounceNotice, webhookAuthorized } from '../../core/mail/bounce-webhook';
import type { ApiEnv } from './types';

/** A report is a few KB; anything far larger is not one. */
const MAX_BODY = 64 * 1024;

export const mailWebhookRoutes = new Hono<ApiEnv>().post('/mail', async (c) => {
  const ctx = c.get('ctx');
  if (!webhookAuthorized(ctx.config.mailWebhookSecret, { authorization: c.req.header('Authorization'), token: c.req.header('X-Webhook-Token') })) {
    return c.json(envelopeFor(ErrorCode.MAIL_WEBHOOK_UNAUTHORIZED, '', null), 401, { 'WWW-Authenticate': 'Basic realm="mail-webhook"' });
  }
  const raw = await c.req.text();
  let body: unknown = null;
  try {
    body = raw.length <= MAX_BODY ? JSON.parse(raw) : null;
  } catch {
    body = null;
  }
  const notice = readBounceNotice(body);
  if (!notice) return c.json(envelopeFor(ErrorCode.MAIL_WEBHOOK_NOT_UNDERSTOOD, '', null), 400);
  if (notice.kind === 'ignored') return c.json(envelopeFor(ErrorCode.SUCCESS, '', { handled: false }));
  const marked = await ctx.services.staffMail.markBounced(notice);
  return c.json(envelopeFor(ErrorCode.SUCCESS, '', { handled: marked.found, changed: marked.changed }));
});
