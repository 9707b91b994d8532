// POST /api/payments/webhook: the payment processor's signed notifications (issue #5 §4). Mounted
// before the CSRF check — the processor has no cookie — and trusted only through the port's signature
// verification. Answers 200 for every event it understood (duplicates included) so the processor
// stops retrying; 400 when the signature or the body is wrong.
import { Hono } from 'hono';
import { ErrorCode, envelopeFor } from '../../core/errors';
import type { ApiEnv } from './types';

export const paymentWebhookRoutes = new Hono<ApiEnv>().post('/webhook', async (c) => {
  const body = await c.req.text();
  const result = await c.get('ctx').services.orders.handlePaymentWebhook(body, c.req.header('X-Signature') ?? c.req.header('Webhook-Signature') ?? null);
  if (!result.ok) return c.json(envelopeFor(result.code, '', null), 400);
  return c.json(envelopeFor(ErrorCode.SUCCESS, '', { handled: result.handled }));
});
