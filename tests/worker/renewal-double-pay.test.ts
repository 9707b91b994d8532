// Issue #32 §1: a renewal document and a cart renewal of the same period could both be paid (two
// periods bought, one wanted). Checkout refuses a renewal of a name or hosting service that has an open
// renewal document (sending the customer to it) or a renewal paid and still being carried out; paying a
// renewal document whose period was renewed meanwhile is refused before any card session or credit.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditMovements, documentAllocations, orders, payments, saleDocuments } from '../../db/schema';
import { createAutoRenew } from '../../worker/services/renewals';
import { depsAt, domainRow, fakeCards, heldName, renewCustomer } from './auto-renew-fixtures';
import { servicesAt } from './customers';
import { hostedCustomer, serviceRow } from './hosting-cron-fixtures';

const db = createDb(env.DB);
const DAY = 86_400_000;
const EXP = Date.UTC(2034, 4, 20, 10);
const START = Date.UTC(2034, 4, 20, 6);
const END = Date.UTC(2035, 4, 20, 6);

const autoRenewAt = (ms: number) => createAutoRenew(depsAt(ms), { cards: fakeCards('none').port });
const owner = (userId: number) => ({ room: `u-${userId}`, userId });

async function orderDocument(orderId: number) {
  const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
  return doc!;
}

async function placeRenewal(userId: number, at: number) {
  const s = servicesAt(at);
  const profile = await s.orders.defaultProfile(userId);
  return s.orders.placeOrder(owner(userId), { profileId: profile!.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
}

describe('a renewal document and a cart renewal of the same period', () => {
  it('checkout refuses a name renewal while its renewal document is open, naming the document', async () => {
    const c = await renewCustomer('dbl');
    const d = await heldName(c.id, EXP);
    await autoRenewAt(EXP - 30 * DAY).run();
    const [open] = await db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${d.id}:%`));
    expect(open!.status).toBe('pending');
    const doc = await orderDocument(open!.id);
    // The customer also renews the same name through the cart.
    const added = await servicesAt(EXP - 29 * DAY).cart.addDomain(owner(c.id), { name: d.fqdn, action: 'renew', uniqueId: null });
    expect(added.ok).toBe(true);
    const placed = await placeRenewal(c.id, EXP - 29 * DAY);
    expect(placed).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_OPEN_DOCUMENT, detail: { documentId: doc.id, names: [d.fqdn] } });
    // Nothing was placed: the name is renewed once, by the document, when it is paid.
    const mine = await db.select().from(orders).where(eq(orders.userId, c.id));
    expect(mine.map((o) => o.id)).toEqual([open!.id]);
    expect(await servicesAt(EXP - 29 * DAY).orders.markPaid(open!.id)).toBe(true);
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 10));
  });

  it('checkout refuses a renewal already paid and not yet carried out', async () => {
    const c = await renewCustomer('dblpaid');
    const d = await heldName(c.id, EXP);
    await autoRenewAt(EXP - 30 * DAY).run();
    const [open] = await db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${d.id}:%`));
    // Paid, its fulfilment still waiting (the registry did not answer): the expiry has not moved yet.
    await db.update(orders).set({ status: 'paid', paidAt: new Date(EXP - 29 * DAY) }).where(eq(orders.id, open!.id));
    await servicesAt(EXP - 29 * DAY).cart.addDomain(owner(c.id), { name: d.fqdn, action: 'renew', uniqueId: null });
    const placed = await placeRenewal(c.id, EXP - 29 * DAY);
    expect(placed).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_ALREADY_PAID, detail: { names: [d.fqdn] } });
  });

  it('checkout refuses a hosting renewal while its renewal document is open', async () => {
    const c = await hostedCustomer('dblhost', { startedAt: START });
    await servicesAt(END - 14 * DAY).hostingRenewals.run();
    const [open] = await db.select().from(orders).where(like(orders.idempotencyKey, `hosting-renewal:${c.serviceId}:%`));
    expect(open!.status).toBe('pending');
    const doc = await orderDocument(open!.id);
    const added = await servicesAt(END - 13 * DAY).hostingPlans.renew(c.owner, c.id, c.serviceId, 12, null);
    expect(added.ok).toBe(true);
    const placed = await placeRenewal(c.id, END - 13 * DAY);
    expect(placed).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_OPEN_DOCUMENT, detail: { documentId: doc.id } });
    // Paying the document renews once, a year.
    expect(await servicesAt(END - 13 * DAY).orders.markPaid(open!.id)).toBe(true);
    expect((await serviceRow(c.serviceId)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 6));
  });
});

describe('a renewal document paid after its period was renewed another way', () => {
  it('is refused before any card session or use of credit, and the renewal payment step leaves it', async () => {
    const c = await renewCustomer('stale');
    const d = await heldName(c.id, EXP);
    // A cart renewal placed before the auto-renew window opened, still unpaid when the document comes.
    await servicesAt(EXP - 40 * DAY).cart.addDomain(owner(c.id), { name: d.fqdn, action: 'renew', uniqueId: null });
    const cartOrder = await placeRenewal(c.id, EXP - 40 * DAY);
    if (!cartOrder.ok) throw new Error(`cart renewal ${cartOrder.code}`);
    await autoRenewAt(EXP - 30 * DAY).run();
    const [renewal] = await db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${d.id}:%`));
    const doc = await orderDocument(renewal!.id);
    // The cart order is paid: the name is renewed two years.
    expect(await servicesAt(EXP - 29 * DAY).orders.markPaid(cartOrder.orderId)).toBe(true);
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 10));
    // Now the customer (with credit) pays the renewal document: every way is refused first.
    await servicesAt().orders.grantCredit(c.email, 50_000, 'test');
    const at = servicesAt(EXP - 29 * DAY + 3600_000);
    const view = await at.documentPayments.payView(c.id, doc.id);
    expect(view!.refusal).toBe(ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED);
    const byCredit = await at.documentPayments.payWithCredit(c.id, doc.id, { amountCents: doc.totalCents, idempotencyKey: 'k1', expectedBalanceCents: doc.totalCents });
    expect(byCredit).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED });
    const byCard = await at.documentPayments.payByCard(c.id, doc.id, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el', doc.totalCents);
    expect(byCard).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED });
    const direct = await at.orders.startCardPayment(c.id, renewal!.id, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    expect(direct).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED });
    const byBank = await at.documentPayments.payByBankTransfer(c.id, doc.id, doc.totalCents);
    expect(byBank).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED });
    expect(await db.select().from(payments).where(eq(payments.orderId, renewal!.id))).toEqual([]);
    expect(await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, doc.id))).toEqual([]);
    expect((await db.select().from(creditMovements).where(eq(creditMovements.userId, c.id))).filter((m) => m.amountCents < 0)).toEqual([]);
    // The renewal payment step (credit first) does not pay it either.
    expect(await createAutoRenew(depsAt(EXP - 28 * DAY), { cards: fakeCards('approved').port }).pay(renewal!.id)).toBe('not_pending');
    const [still] = await db.select().from(orders).where(eq(orders.id, renewal!.id));
    expect(still!.status).not.toBe('paid');
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 10));
  });

  it('staff cannot confirm a bank transfer of a renewal document whose period was renewed meanwhile', async () => {
    const c = await renewCustomer('stalebank');
    const d = await heldName(c.id, EXP);
    await servicesAt(EXP - 40 * DAY).cart.addDomain(owner(c.id), { name: d.fqdn, action: 'renew', uniqueId: null });
    const cartOrder = await placeRenewal(c.id, EXP - 40 * DAY);
    if (!cartOrder.ok) throw new Error(`cart renewal ${cartOrder.code}`);
    await autoRenewAt(EXP - 30 * DAY).run();
    const [renewal] = await db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${d.id}:%`));
    const doc = await orderDocument(renewal!.id);
    const at = servicesAt(EXP - 29 * DAY);
    // The customer chose a bank transfer for the document, then paid the cart order by card.
    expect(await at.documentPayments.payByBankTransfer(c.id, doc.id, doc.totalCents)).toMatchObject({ ok: true });
    expect(await at.orders.markPaid(cartOrder.orderId)).toBe(true);
    expect(await at.orders.confirmBankTransfer(renewal!.id, null)).toBe(false);
    expect(await at.orders.bankTransferRefusal(renewal!.id)).toBe(ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED);
    expect((await db.select().from(orders).where(eq(orders.id, renewal!.id)))[0]!.status).toBe('pending');
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 10));
  });

  it('a card approval of a renewal document that went stale after its session opened becomes credit, not a second renewal', async () => {
    const c = await renewCustomer('stalecard');
    const d = await heldName(c.id, EXP);
    await servicesAt(EXP - 40 * DAY).cart.addDomain(owner(c.id), { name: d.fqdn, action: 'renew', uniqueId: null });
    const cartOrder = await placeRenewal(c.id, EXP - 40 * DAY);
    if (!cartOrder.ok) throw new Error(`cart renewal ${cartOrder.code}`);
    await autoRenewAt(EXP - 30 * DAY).run();
    const [renewal] = await db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${d.id}:%`));
    const at = servicesAt(EXP - 29 * DAY);
    const started = await at.orders.startCardPayment(c.id, renewal!.id, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!started.ok) throw new Error(`card ${started.code}`);
    // The cart order is paid first, then the document's card page is approved.
    expect(await at.orders.markPaid(cartOrder.orderId)).toBe(true);
    const [pending] = await db.select().from(payments).where(eq(payments.orderId, renewal!.id));
    // (The sandbox processor's session runs on the real clock: decided now, within its thirty minutes.)
    await servicesAt().orders.decideSandboxPayment(pending!.providerSessionId!, 'approve');
    const [after] = await db.select().from(orders).where(eq(orders.id, renewal!.id));
    expect(after!.status).toBe('cancelled');
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 4, 20, 10));
    const refunds = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:payment:${pending!.id}`));
    expect(refunds.map((r) => r.amountCents)).toEqual([pending!.amountCents]);
  });
});
