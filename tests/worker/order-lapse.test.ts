// Issue #32 §1 (decision 088): unpaid orders lapse — a bank transfer after 7 days, any other method
// after 48 hours — told a day before (a notice and an e-mail, once), cancelled like a customer's cancel
// (credit and coupon use back) by the 5-minute cron, once; a late card approval becomes credit and
// never pays the lapsed order; staff cannot confirm a transfer for it; the pages say the date.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { couponRedemptions, coupons, creditMovements, notifications, orders, outbox, payments, saleDocuments } from '../../db/schema';
import { runScheduled } from '../../worker/cron';
import { renewCustomer } from './auto-renew-fixtures';
import { addReadyDomain, cardOrderAwaitingPayment, servicesAt, uniqueName } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);
const H = 3600_000;

async function bankOrder(prefix: string, opts: { credit?: number; coupon?: string } = {}) {
  const c = await renewCustomer(prefix);
  const owner = { room: `u-${c.id}`, userId: c.id };
  await addReadyDomain(c.id, owner);
  if (opts.credit) await servicesAt().orders.grantCredit(c.email, opts.credit, 'test');
  const profile = await servicesAt().orders.defaultProfile(c.id);
  const at = Date.now();
  const placed = await servicesAt(at).orders.placeOrder(owner, { profileId: profile!.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: !!opts.credit, creditExpectedCents: opts.credit ?? 0, coupon: opts.coupon });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  return { ...c, orderId: placed.orderId, at };
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('a bank-transfer order left unpaid', () => {
  it('is told a day before, lapses after seven days like a cancel (credit and coupon back), once', async () => {
    const code = uniqueName('LAPSE').toUpperCase();
    await db.insert(coupons).values({ code, kind: 'percent', value: 1000, status: 'active', audience: 'all', neverOrdered: false, maxRedemptions: 5, createdAt: new Date() });
    const o = await bankOrder('lapsebank', { credit: 300, coupon: code });
    expect((await orderRow(o.orderId)).creditCents).toBe(300);
    // Six days and 23 hours: not yet told (more than a day left), not lapsed.
    expect(await servicesAt(o.at + 143 * H).orders.remindLapsing()).toBe(0);
    // Within the last day: told once, by a notice and an e-mail, whatever the re-runs.
    await runScheduled('*/5 * * * *', env, new Date(o.at + 145 * H));
    await servicesAt(o.at + 146 * H).orders.remindLapsing();
    const told = await db.select().from(notifications).where(eq(notifications.userId, o.id));
    expect(told.map((n) => [n.messageKey, n.link])).toEqual([['orders.lapse_soon_bank', `/orders/${o.orderId}`]]);
    // Besides the order received at checkout (issue #33): the one lapse notice.
    const mails = (await db.select().from(outbox).where(eq(outbox.to, o.email))).filter((m) => (m.meta as { tag?: string }).tag === 'order_lapse');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/orders/${o.orderId}`);
    expect(mails[0]!.subject).toContain(`#${o.orderId}`);
    expect((await orderRow(o.orderId)).status).toBe('pending');
    // A minute before the seventh day ends: still waiting.
    await servicesAt(o.at + 168 * H - 60_000).orders.expireUnpaid();
    expect((await orderRow(o.orderId)).status).toBe('pending');
    // Past it: the 5-minute cron lapses it.
    await runScheduled('*/5 * * * *', env, new Date(o.at + 168 * H + 60_000));
    await runScheduled('*/5 * * * *', env, new Date(o.at + 168 * H + 6 * 60_000));
    const lapsed = await orderRow(o.orderId);
    expect(lapsed).toMatchObject({ status: 'cancelled', lapsedAt: new Date(o.at + 168 * H + 60_000) });
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, o.orderId), eq(saleDocuments.kind, 'order')));
    expect(doc!.status).toBe('CANCELLED');
    expect((await db.select().from(payments).where(eq(payments.orderId, o.orderId))).map((p) => [p.method, p.status])).toEqual([['bank_transfer', 'cancelled']]);
    // The credit came back once, and the coupon's use was released.
    const released = await db.select().from(creditMovements).where(and(eq(creditMovements.orderId, o.orderId), eq(creditMovements.reason, 'release')));
    expect(released.map((m) => m.amountCents)).toEqual([300]);
    expect(await servicesAt().orders.creditBalance(o.id)).toBe(300);
    const [use] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, o.orderId));
    expect(use!.releasedAt).not.toBeNull();
  });

  it('cannot be confirmed as paid by staff once lapsed, and cannot be paid from its document', async () => {
    const o = await bankOrder('lapsestaff');
    await servicesAt(o.at + 169 * H).orders.expireUnpaid();
    expect((await orderRow(o.orderId)).status).toBe('cancelled');
    const later = servicesAt(o.at + 170 * H);
    expect(await later.orders.confirmBankTransfer(o.orderId, null)).toBe(false);
    expect(await later.orders.bankTransferRefusal(o.orderId)).toBe(ErrorCode.ORDER_LAPSED);
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, o.orderId), eq(saleDocuments.kind, 'receipt')))).toEqual([]);
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, o.orderId), eq(saleDocuments.kind, 'order')));
    expect((await later.documentPayments.payView(o.id, doc!.id))!.refusal).toBe(ErrorCode.ORDER_LAPSED);
    expect(await later.orders.startCardPayment(o.id, o.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el')).toMatchObject({ ok: false, code: ErrorCode.ORDER_LAPSED });
    // A customer's own cancel is no lapse: staff get the usual answer.
    const mine = await bankOrder('lapseown');
    await servicesAt().orders.cancelOrder(mine.id, mine.orderId);
    expect(await servicesAt().orders.bankTransferRefusal(mine.orderId)).toBe(ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE);
  });

  it('shows the lapse date at the checkout, on the order page with the bank details, and says when it lapsed', async () => {
    const o = await bankOrder('lapsepage');
    const b = new Browser();
    expect((await login(b, o.email, DEMO_USERS[0]!.password)).status).toBe(303);
    const page = await b.open(`/orders/${o.orderId}`);
    const bank = /data-testid="bank-details"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? '';
    expect(bank).toContain('data-testid="pay-by"');
    const year = new Date(o.at + 168 * H).getUTCFullYear();
    expect(bank).toMatch(new RegExp(`Αν η πληρωμή δεν φανεί έως τις [^<]*${year}`));
    // The document's pay tab, with the same bank details, says it too.
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, o.orderId), eq(saleDocuments.kind, 'order')));
    const pay = await b.open(`/account/documents/${doc!.id}/pay`);
    expect(pay.html).toMatch(new RegExp(`data-testid="pay-bank-lapse"[^>]*>[^<]*${year}`));
    // The checkout's bank-transfer choice says it before the order is placed.
    await addReadyDomain(o.id, { room: `u-${o.id}`, userId: o.id });
    const checkout = await b.open('/cart/checkout');
    expect(checkout.html).toMatch(/data-testid="method-bank_transfer-lapse"[^>]*>[^<]*7 ημέρες/);
    await servicesAt(o.at + 169 * H).orders.expireUnpaid();
    const after = await b.open(`/orders/${o.orderId}`);
    expect(after.html).toContain('data-testid="order-lapsed"');
    expect(after.html).toContain('έληξε απλήρωτη');
    expect(after.html).not.toContain('data-testid="bank-details"');
  });
});

describe('a card order left unpaid', () => {
  it('lapses after 48 hours, and a card approval arriving later becomes credit, never paying it', async () => {
    const { c, orderId, pending } = await cardOrderAwaitingPayment('lapsecard');
    const placedAt = (await orderRow(orderId)).createdAt.getTime();
    await servicesAt(placedAt + 47 * H).orders.expireUnpaid();
    expect((await orderRow(orderId)).status).toBe('pending');
    await servicesAt(placedAt + 48 * H + 60_000).orders.expireUnpaid();
    expect((await orderRow(orderId)).status).toBe('cancelled');
    // The processor's page (on the real clock, still open) is approved after the lapse.
    await servicesAt().orders.decideSandboxPayment(pending.providerSessionId!, 'approve');
    const after = await orderRow(orderId);
    expect(after.status).toBe('cancelled');
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'receipt')))).toEqual([]);
    const refund = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:payment:${pending.id}`));
    expect(refund.map((m) => m.amountCents)).toEqual([pending.amountCents]);
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(pending.amountCents);
  });

  it('is not cut off while its customer is on the card page', async () => {
    const { orderId } = await cardOrderAwaitingPayment('lapsegrace');
    const placedAt = (await orderRow(orderId)).createdAt.getTime();
    const row = await orderRow(orderId);
    // A new card page opened at 47 h 50 min (the first one expired long ago).
    await db.update(payments).set({ status: 'expired' }).where(eq(payments.orderId, orderId));
    await db.insert(payments).values({ orderId, method: 'card', amountCents: row.grandTotalCents, status: 'pending', createdAt: new Date(placedAt + 47 * H + 50 * 60_000) });
    await servicesAt(placedAt + 48 * H + 60_000).orders.expireUnpaid();
    expect((await orderRow(orderId)).status).toBe('pending');
    await servicesAt(placedAt + 49 * H).orders.expireUnpaid();
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });
});
