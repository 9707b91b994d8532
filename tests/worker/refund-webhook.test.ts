// A refund the processor answers `pending` is settled (issue #20 §2, decision 046): the processor's
// signed refund webhook records it exactly once (the same event twice, or another event for the same
// refund, changes nothing), a refund.failed marks it failed and frees the amount, an unsigned one is
// refused; the sandbox answers `pending` for a reason holding "[pending]" and settles it on its cron
// run; staff see the refunds still waiting on /admin/orders?view=refunds.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { paymentRefunds, payments, saleDocuments } from '../../db/schema';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { serialiseWebhookEvent, signWebhook } from '../../worker/adapters/payments/signature';
import { SANDBOX_PENDING_MARK } from '../../worker/adapters/payments/sandbox';
import { fulfilmentCron } from '../../worker/cron/fulfilment';
import { cardOrderAwaitingPayment, servicesAt } from './customers';
import { ADMIN, newStaff, staffBrowser } from './staff';

const db = createDb(env.DB);

async function paidCardOrder(prefix: string) {
  const { c, orderId, pending } = await cardOrderAwaitingPayment(prefix);
  const placed = { orderId };
  await servicesAt().orders.decideSandboxPayment(pending!.providerSessionId!, 'approve');
  const [payment] = await db.select().from(payments).where(eq(payments.id, pending!.id));
  return { ...c, orderId: placed.orderId, payment: payment! };
}

async function pendingRefund(prefix: string) {
  const o = await paidCardOrder(prefix);
  const staff = await newStaff({ totp: true });
  const r = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents, reason: `slow ${SANDBOX_PENDING_MARK}`, idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
  expect(r).toMatchObject({ ok: true, status: 'pending' });
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, o.payment.id));
  expect(row).toMatchObject({ status: 'pending' });
  expect(row!.providerRefundId).toMatch(/^re_sbx_/);
  return { ...o, refund: row! };
}

async function deliver(body: string, signature: string) {
  const res = await SELF.fetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': signature }, body });
  return { status: res.status, handled: res.status === 200 ? (await res.json<{ data: { handled: string } }>()).data.handled : null };
}

async function refundEvent(o: Awaited<ReturnType<typeof pendingRefund>>, type: 'refund.succeeded' | 'refund.failed', eventId: string) {
  const body = serialiseWebhookEvent({ eventId, type, sessionId: o.payment.providerSessionId!, reference: `pay-${o.payment.id}`, amountCents: o.refund.amountCents, refundId: o.refund.providerRefundId!, occurredAt: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString() });
  return { body, signature: await signWebhook(SANDBOX_WEBHOOK_SECRET, body, Date.now()) };
}

const notesOf = (userId: number) => db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.reason, 'card_refund')));

describe('a refund the processor answers pending', () => {
  it('staff see it waiting; the sandbox settles it on its cron run with the signed webhook: recorded once, with its credit note', async () => {
    const o = await pendingRefund('rfwh');
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/orders?view=refunds`);
    expect(page.html).toContain(`data-testid="pending-refund-${o.refund.id}"`);
    expect((await db.select().from(payments).where(eq(payments.id, o.payment.id)))[0]!.refundedCents).toBe(0);

    await fulfilmentCron(env, new Date());
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, o.refund.id));
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row!.creditDocumentId).not.toBeNull();
    expect((await db.select().from(payments).where(eq(payments.id, o.payment.id)))[0]!.refundedCents).toBe(o.payment.amountCents);
    expect(await notesOf(o.id)).toHaveLength(1);
    const after = await b.open(`${ADMIN}/admin/orders?view=refunds`);
    expect(after.html).not.toContain(`data-testid="pending-refund-${o.refund.id}"`);

    // The sandbox's event again (same id), and another event for the same refund: nothing changes.
    const again = await refundEvent(o, 'refund.succeeded', `evt_${o.refund.providerRefundId}`);
    expect(await deliver(again.body, again.signature)).toEqual({ status: 200, handled: 'duplicate' });
    const other = await refundEvent(o, 'refund.succeeded', `evt_other_${crypto.randomUUID()}`);
    expect(await deliver(other.body, other.signature)).toEqual({ status: 200, handled: 'ignored' });
    expect((await db.select().from(payments).where(eq(payments.id, o.payment.id)))[0]!.refundedCents).toBe(o.payment.amountCents);
    expect(await notesOf(o.id)).toHaveLength(1);
    // A second cron run finds nothing to settle.
    await fulfilmentCron(env, new Date());
    expect(await notesOf(o.id)).toHaveLength(1);
  });

  it('the same event delivered twice at once records one refund', async () => {
    const o = await pendingRefund('rfwhpar');
    const e = await refundEvent(o, 'refund.succeeded', `evt_par_${crypto.randomUUID()}`);
    const answers = await Promise.all([deliver(e.body, e.signature), deliver(e.body, e.signature), deliver(e.body, e.signature)]);
    expect(answers.map((a) => a.handled).sort()).toEqual(['duplicate', 'duplicate', 'refund_settled']);
    expect((await db.select().from(payments).where(eq(payments.id, o.payment.id)))[0]!.refundedCents).toBe(o.payment.amountCents);
    expect(await notesOf(o.id)).toHaveLength(1);
  });

  it('refund.failed marks it failed and frees the amount; an unsigned or forged event is refused and changes nothing', async () => {
    const o = await pendingRefund('rfwhfail');
    const e = await refundEvent(o, 'refund.failed', `evt_fail_${crypto.randomUUID()}`);
    expect(await deliver(e.body, 't=1,v1=00')).toMatchObject({ status: 400 });
    expect(await deliver(e.body, await signWebhook('not-the-secret', e.body, Date.now()))).toMatchObject({ status: 400 });
    expect((await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, o.refund.id)))[0]!.status).toBe('pending');
    expect(await deliver(e.body, e.signature)).toEqual({ status: 200, handled: 'refund_failed' });
    expect((await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, o.refund.id)))[0]).toMatchObject({ status: 'failed' });
    expect(await notesOf(o.id)).toHaveLength(0);
    // The failed refund no longer counts: the whole payment is refundable again on the staff screen.
    const found = await servicesAt().refunds.customerDocuments(o.email);
    const pay = found!.documents.flatMap((d) => d.payments).find((p) => p.id === o.payment.id);
    expect(pay!.refundableCents).toBe(o.payment.amountCents);
  });
});
