// Credit balance inside workerd (spec §2 credit box, §3 Checkout credit_adjustment, §8 2104): credit
// pays part or all of an order, two tabs cannot spend it twice, a cancelled order gives it back, and an
// item no retry can carry out (the name taken meanwhile) comes back as credit with a numbered note.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { orderItems, orders, payments, registryObjects, saleDocuments } from '../../db/schema';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { createServices } from '../../worker/services';
import { addReadyDomain, readyCart as baseReadyCart } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);
const at = (ms = Date.now()) => createServices({ db, env, now: new Date(ms), origin: 'http://localhost' });
let n = 0;
const unique = (p: string) => `${p}${Date.now().toString(36)}${n++}`;

async function readyCart(prefix: string, creditCents: number) {
  const c = await baseReadyCart(prefix);
  if (creditCents) {
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: creditCents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${unique('grant')}`, at: new Date() }));
  }
  return c;
}

describe('credit balance', () => {
  it('covers a whole order: paid at once, fulfilled, no payment document, balance down by the total', async () => {
    const c = await readyCart('all', 100_000);
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ paymentMethod: 'credit', status: 'completed', creditCents: order!.grandTotalCents });
    expect(await at().orders.creditBalance(c.id)).toBe(100_000 - order!.grandTotalCents);
    const docs = await db.select({ kind: saleDocuments.kind }).from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
    expect(docs.map((d) => d.kind).sort()).toEqual(['order', 'receipt']);
    expect(await db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toHaveLength(0);
  });

  it('covers part of an order: the card pays only what is due; unused unless asked', async () => {
    const c = await readyCart('part', 500);
    const without = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!without.ok) throw new Error('place');
    expect(await at().orders.creditBalance(c.id)).toBe(500);
    await at().orders.cancelOrder(c.id, without.orderId);

    const c2 = await readyCart('part2', 500);
    const placed = await at().orders.placeOrder(c2.owner, { profileId: c2.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    if (!placed.ok) throw new Error('place');
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'card', creditCents: 500 });
    const pay = await at().orders.startCardPayment(c2.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    expect(pay.ok).toBe(true);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(payment!.amountCents).toBe(order!.grandTotalCents - 500);
    expect(await at().orders.creditBalance(c2.id)).toBe(0);
  });

  it('two orders racing for the same credit: one gets it, the other is refused with 2104 and nothing is kept', async () => {
    const c = await readyCart('race', 100_000);
    // A second cart line for the second tab's order, in another room of the same customer.
    const other = { room: `u-${c.id}-b`, userId: c.id };
    await addReadyDomain(c.id, other);
    const s = at();
    // Spend most of the balance first so that only one of the two orders can be covered.
    const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    await rawBatch(db, [{ sql: "INSERT INTO credit_movements (user_id, amount_cents, reason, dedupe_key, created_at) VALUES (?, ?, 'order', ?, ?)", params: [c.id, -(100_000 - view.totals.grandTotalCents), `test:${unique('spend')}`, Date.now()] }]);
    // Each tab's page said the credit would cover its order.
    const expected = view.totals.grandTotalCents;
    const [a, b] = await Promise.all([
      at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true, creditExpectedCents: expected }),
      at().orders.placeOrder(other, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true, creditExpectedCents: expected }),
    ]);
    const results = [a, b];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED });
    expect(await at().orders.creditBalance(c.id)).toBe(0);
    expect(await db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
  });

  it('a cancelled order gives its credit back once; a paid one cannot be cancelled (35604)', async () => {
    const c = await readyCart('cancel', 300);
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    if (!placed.ok) throw new Error('place');
    expect(await at().orders.creditBalance(c.id)).toBe(0);
    expect(await at().orders.cancelOrder(c.id, placed.orderId)).toEqual({ ok: true });
    expect(await at().orders.cancelOrder(c.id, placed.orderId)).toMatchObject({ ok: false, code: ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE });
    expect(await at().orders.creditBalance(c.id)).toBe(300);
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, 'order')));
    expect(doc!.status).toBe('CANCELLED');
    // A bank transfer for a cancelled order is not taken as payment.
    expect(await at().orders.confirmBankTransfer(placed.orderId)).toBe(false);
    expect(await at().orders.cancelOrder(c.id + 100_000, placed.orderId)).toMatchObject({ ok: false, code: ErrorCode.ORDER_NOT_FOUND });
  });

  it('a name taken before fulfilment is refunded as credit with a numbered credit note, and the order completes', async () => {
    const c = await readyCart('taken', 0);
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error('place');
    // Another registrar's customer registers the name meanwhile.
    const label = c.name.slice(0, -3);
    await createSandboxRegistry(db, 'gr').register({ name: { name: c.name, key: `${label}.gr` }, periodMonths: 24, registrant: { name: 'X', email: 'x@example.gr', country: 'GR' }, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
    await db.update(registryObjects).set({ sponsor: 'other-registrar' }).where(eq(registryObjects.name, c.name));
    expect(await at().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.status).toBe('refunded');
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).toBe('completed');
    expect(await at().orders.creditBalance(c.id)).toBe(order!.grandTotalCents);
    const found = await at().orders.order(c.id, placed.orderId);
    const note = found!.documents.find((d) => d.kind === 'credit');
    expect(note).toMatchObject({ series: 'CRN', totalCents: order!.grandTotalCents, vatCents: order!.vatCents });
    // Cron finds nothing to retry, and running fulfilment again refunds nothing twice.
    await at().orders.fulfil(placed.orderId);
    expect(await at().orders.creditBalance(c.id)).toBe(order!.grandTotalCents);
  });

  it("the account's billing page shows the demo customer's balance and its credit note", async () => {
    const b = new Browser();
    await b.open('/');
    await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
    const account = await b.open('/account/billing');
    expect(/data-testid="credit-balance" data-cents="(\d+)"/.exec(account.html)?.[1]).toBeDefined();
    expect(account.html.includes('data-reason="grant"')).toBe(true);
    expect(account.html.includes('CRD-')).toBe(true);
  });
});
