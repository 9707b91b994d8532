// Development-only calls (APP_ENV=development): they answer 404 anywhere else, so a deploy with
// APP_ENV=production exposes none of them; in development they answer only with DEV_API_TOKEN, in
// X-Dev-Token or the mailbox link's cookie, whatever the host (decisions 021, 045). Used by scripts and
// the browser tests (their helpers add the header).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { registryFamilies, type RegistryFamily } from '../../core/catalog';
import { ErrorCode } from '../../core/errors';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';
import { attachmentHeaders } from '../http/attachment-headers';

/** Mounted before the CSRF check, so outside development these paths do not even answer 403. */
export const developmentOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get('ctx').devAccess) throw new ApiError(ErrorCode.UNRECOGNIZED_ACTION, null, 404);
  await next();
});

export const devRoutes = new Hono<ApiEnv>()
  /** Every message the sandbox mail and SMS ports sent, newest first; ?to= filters by recipient. */
  .get('/outbox', async (c) => {
    const messages = await c.get('ctx').services.outbox.list({ to: c.req.query('to') ?? undefined, limit: Number(c.req.query('limit') ?? 100) || 100 });
    return reply(c, ErrorCode.SUCCESS, { messages });
  })
  /**
   * One attachment the sandbox mail kept (issue #33 §3): opened inline (a PDF opens in the browser),
   * never sniffed as something else, and never cached.
   */
  .get('/outbox/:id{[0-9]{1,12}}/attachments/:n{[0-9]{1,3}}', async (c) => {
    const file = await c.get('ctx').services.outbox.attachment(Number(c.req.param('id')), Number(c.req.param('n')));
    if (!file) throw new ApiError(ErrorCode.UNRECOGNIZED_ACTION, null, 404);
    return new Response(file.body, { headers: attachmentHeaders(file, 'inline') });
  })
  /**
   * Queues one template's `example` to an address (issue #33): a message for the e-mail log and the
   * mailbox without a purchase first (browser tests, demos). { template?, to, lang? } → { id }.
   */
  .post('/mail', async (c) => {
    const body = c.get('body');
    const services = c.get('ctx').services;
    const template = typeof body.template === 'string' ? body.template : 'password_changed';
    const to = typeof body.to === 'string' ? body.to.trim() : '';
    if (!services.staffMail.templateKeys().includes(template) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'template' });
    const queued = await services.staffMail.sendExample(template, { to, lang: body.lang === 'en' ? 'en' : 'el', dedupeKey: `dev:${crypto.randomUUID()}` });
    return reply(c, ErrorCode.SUCCESS, { id: queued.id, status: queued.status });
  })
  /** The sandbox registries' test switches: maintenance (26000), latency in ms, failing answers. */
  .post('/registry/:family', async (c) => {
    const family = c.req.param('family');
    if (!(registryFamilies as readonly string[]).includes(family)) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'family' });
    const body = c.get('body');
    const patch: { maintenance?: boolean; latencyMs?: number; failing?: boolean } = {};
    if (typeof body.maintenance === 'boolean') patch.maintenance = body.maintenance;
    if (typeof body.failing === 'boolean') patch.failing = body.failing;
    if (typeof body.latencyMs === 'number' && body.latencyMs >= 0 && body.latencyMs <= 30_000) patch.latencyMs = Math.round(body.latencyMs);
    const settings = await c.get('ctx').services.domains.setSandboxSwitches(family as RegistryFamily, patch);
    return reply(c, ErrorCode.SUCCESS, settings);
  })
  /** Someone else registers a name now (a name taken between a customer's cart and checkout, issue #20). */
  .post('/registry-taken', async (c) => {
    const body = c.get('body');
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name || !(await c.get('ctx').services.domains.registerElsewhere(name))) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'name' });
    return reply(c, ErrorCode.SUCCESS, { taken: name });
  })
  /** Staff's "the bank transfer arrived" (the button on /admin/orders), for scripts and tests. */
  .post('/orders/:id/bank-transfer-received', async (c) => {
    const ok = await c.get('ctx').services.orders.confirmBankTransfer(Number(c.req.param('id')), null);
    if (!ok) throw new ApiError(ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE, null, 409);
    return reply(c, ErrorCode.SUCCESS, { paid: true });
  })
  /** Staff's goodwill credit (the form on /admin/orders), for scripts and tests. */
  .post('/credits', async (c) => {
    const body = c.get('body');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const amount = typeof body.amount_cents === 'number' && Number.isInteger(body.amount_cents) ? body.amount_cents : 0;
    if (amount <= 0 || amount > 1_000_000) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'amount_cents' });
    const note = typeof body.note === 'string' ? body.note.trim().slice(0, 200) : '';
    const granted = await c.get('ctx').services.orders.grantCredit(email, amount, note, null);
    if (!granted) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'email' }, 404);
    return reply(c, ErrorCode.SUCCESS, granted);
  })
  /** Closes the account's live data archive, so its next request is a new one (gdpr-archive.spec.ts). */
  .post('/archives/expire', async (c) => {
    const body = c.get('body');
    const email = typeof body.email === 'string' ? body.email : '';
    const closed = email ? await c.get('ctx').services.archives.expireLive(email) : null;
    if (closed === null) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'email' }, 404);
    return reply(c, ErrorCode.SUCCESS, { closed });
  })
  /** A personal notice for an account (the notification centre's browser test, issue #24 §1). */
  .post('/notification', async (c) => {
    const body = c.get('body');
    const email = typeof body.email === 'string' ? body.email : '';
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 100) : '';
    if (!email || !name) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'email' });
    const id = await c.get('ctx').services.notifications.raiseForEmail(email, name, body.display_on_screen === true);
    if (id === null) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'email' }, 404);
    return reply(c, ErrorCode.SUCCESS, { notification_id: id });
  })
  .post('/global-notification', async (c) => {
    const body = c.get('body');
    const display = typeof body.display === 'string' ? body.display.trim().slice(0, 500) : '';
    if (!display) throw new ApiError(ErrorCode.VALIDATION_ERROR, { field: 'display' });
    const tone = body.tone === 'alert' || body.tone === 'warning' || body.tone === 'success' ? body.tone : 'info';
    // A real global row (decision 073), running for a day, announced to every open page by the centre.
    const ctx = c.get('ctx');
    const now = Date.now();
    const id = await ctx.services.notifications.createGlobal({
      type: 3,
      tone,
      displayOnScreen: true,
      title: display,
      startsAt: null,
      endsAt: new Date(now + 86_400_000),
      dedupeKey: `dev:${now}:${crypto.randomUUID()}`,
    });
    return reply(c, ErrorCode.SUCCESS, { notification_id: id });
  });
