// Refunds happen once (issue #20 §2, decision 046): an item that fails for good after staff refunded
// its payment to the card gets no credit on top (the cap sits inside the credit batch, so a race cannot
// pass it); a full card refund holds the order's open items. Each test was seen failing first.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { creditMovements, orderItems, orders, payments, registryObjects, registrySettings, saleDocuments } from '../../db/schema';
import { rawBatch } from '../../db/raw-batch';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { holdsAtLeast, readHeld } from '../../worker/services/orders';
import { cardOrderAwaitingPayment, servicesAt } from './customers';
import { newStaff } from './staff';

const db = createDb(env.DB);

async function setMaintenance(on: boolean) {
  await db.update(registrySettings).set({ maintenance: on }).where(eq(registrySettings.registry, 'gr'));
}

/**
 * A .gr order paid by card while the .gr registry is in maintenance: the item failed and waits for its
 * retry. Then another registrar's customer takes the name, so the retry fails for good.
 */
async function paidOrderWaitingRetry(prefix: string) {
  const { c, orderId, pending } = await cardOrderAwaitingPayment(prefix);
  const placed = { orderId };
  await setMaintenance(true);
  try {
    await servicesAt().orders.decideSandboxPayment(pending!.providerSessionId!, 'approve');
  } finally {
    await setMaintenance(false);
  }
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  expect(item).toMatchObject({ status: 'failed' });
  expect(item!.nextAttemptAt).not.toBeNull();
  const label = c.name.slice(0, -3);
  await createSandboxRegistry(db, 'gr').register({ name: { name: c.name, key: `${label}.gr` }, periodMonths: 24, registrant: { name: 'X', email: 'x@example.gr', country: 'GR' }, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
  await db.update(registryObjects).set({ sponsor: 'other-registrar' }).where(eq(registryObjects.name, c.name));
  const [payment] = await db.select().from(payments).where(eq(payments.id, pending!.id));
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
  return { ...c, orderId: placed.orderId, payment: payment!, order: order!, item: item! };
}

async function itemCredit(orderId: number) {
  const rows = await db.select().from(creditMovements).where(and(eq(creditMovements.orderId, orderId), like(creditMovements.dedupeKey, 'refund:item:%')));
  return rows.reduce((a, r) => a + r.amountCents, 0);
}

async function crnNotes(userId: number) {
  return db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.series, 'CRN')));
}

const later = () => Date.now() + 60 * 60_000;

describe('an item that fails for good after a card refund', () => {
  it('full card refund, then the retry fails for good: no credit on top, one credit note (was 200 %)', async () => {
    const o = await paidOrderWaitingRetry('dblfull');
    const staff = await newStaff({ totp: true });
    const refunded = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents, reason: 'full', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
    expect(refunded).toMatchObject({ ok: true, status: 'succeeded' });
    // Cron's retry after the back-off: the name is taken now.
    await servicesAt(later()).orders.retryDue(500);
    await servicesAt(later()).orders.fulfil(o.orderId);
    expect(await itemCredit(o.orderId)).toBe(0);
    expect(await servicesAt().orders.creditBalance(o.id)).toBe(0);
    const notes = await crnNotes(o.id);
    expect(notes.reduce((a, n) => a + n.totalCents, 0)).toBe(o.order.grandTotalCents);
  });

  it('a partial card refund, then the retry fails for good: the credit is only what the payment still holds', async () => {
    const o = await paidOrderWaitingRetry('dblpart');
    const staff = await newStaff({ totp: true });
    const kept = 500;
    const refunded = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents - kept, reason: 'part', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
    expect(refunded).toMatchObject({ ok: true, status: 'succeeded' });
    await servicesAt(later()).orders.fulfil(o.orderId);
    expect(await itemCredit(o.orderId)).toBe(kept);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(item!.status).toBe('refunded');
    const notes = await crnNotes(o.id);
    expect(notes.reduce((a, n) => a + n.totalCents, 0)).toBe(o.order.grandTotalCents);
    const credit = notes.find((n) => n.reason === 'refund')!;
    expect(credit.totalCents).toBe(kept);
    expect(credit.netCents + credit.vatCents).toBe(kept);
  });

  it('in parallel: a full card refund and the final failure, five times over, never give back more than was paid', async () => {
    const staff = await newStaff({ totp: true });
    for (let round = 0; round < 5; round++) {
      const o = await paidOrderWaitingRetry(`dblpar${round}`);
      await Promise.all([
        servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents, reason: 'race', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null }),
        servicesAt(later()).orders.fulfil(o.orderId),
        servicesAt(later()).orders.fulfil(o.orderId),
      ]);
      const [payment] = await db.select().from(payments).where(eq(payments.id, o.payment.id));
      const given = payment!.refundedCents + (await itemCredit(o.orderId));
      expect(given).toBeLessThanOrEqual(o.order.grandTotalCents);
      // One of the two gave it all back (the card, or the credit).
      expect(given).toBe(o.order.grandTotalCents);
    }
  }, 60_000);
});

/** The same order, but the name stays free: a retry would register it. */
async function paidOrderNameFree(prefix: string) {
  const o = await paidOrderWaitingRetry(prefix);
  await db.delete(registryObjects).where(eq(registryObjects.name, o.name));
  return o;
}

describe('a full card refund holds the order', () => {
  it('its open items are cancelled, cron does not retry them, the name is not registered, the order reads cancelled', async () => {
    const o = await paidOrderNameFree('holdfull');
    const staff = await newStaff({ totp: true });
    const refunded = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents, reason: 'full', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
    expect(refunded).toMatchObject({ ok: true, status: 'succeeded' });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, o.item.id));
    expect(item).toMatchObject({ status: 'cancelled', nextAttemptAt: null });
    await servicesAt(later()).orders.retryDue(500);
    await servicesAt(later()).orders.fulfil(o.orderId);
    expect((await db.select().from(orderItems).where(eq(orderItems.id, o.item.id)))[0]!.status).toBe('cancelled');
    expect(await db.select().from(registryObjects).where(eq(registryObjects.name, o.name))).toHaveLength(0);
    expect((await db.select().from(orders).where(eq(orders.id, o.orderId)))[0]!.status).toBe('cancelled');
    expect(await itemCredit(o.orderId)).toBe(0);
    // Staff cannot start it again with "try now".
    expect(await servicesAt(later()).orders.retryNow(o.orderId)).toBe(false);
  });

  it('a partial card refund leaves fulfilment alone: the retry registers the name', async () => {
    const o = await paidOrderNameFree('holdpart');
    const staff = await newStaff({ totp: true });
    const refunded = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 100, reason: 'gesture', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
    expect(refunded).toMatchObject({ ok: true, status: 'succeeded' });
    expect((await db.select().from(orderItems).where(eq(orderItems.id, o.item.id)))[0]!.status).toBe('failed');
    await servicesAt(later()).orders.fulfil(o.orderId);
    expect((await db.select().from(orderItems).where(eq(orderItems.id, o.item.id)))[0]!.status).toBe('completed');
  });
});

describe('the guard inside the batch', () => {
  it('holdsAtLeast fails the whole batch when the order holds less, and passes when it holds enough', async () => {
    const o = await paidOrderWaitingRetry('guard');
    const held = await readHeld(db, o.orderId);
    expect(held).toBe(o.order.grandTotalCents);
    const marker = (key: string) => ({ sql: "INSERT INTO credit_movements (user_id, amount_cents, reason, dedupe_key, created_at) VALUES (?, 1, 'grant', ?, ?)", params: [o.id, key, Date.now()] });
    const refused = `test:guard:${crypto.randomUUID()}`;
    await expect(rawBatch(db, [holdsAtLeast(o.orderId, held + 1), marker(refused)])).rejects.toThrow();
    expect(await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, refused))).toHaveLength(0);
    expect((await db.select().from(orders).where(eq(orders.id, o.orderId)))[0]!.status).toBe(o.order.status);
    const passed = `test:guard:${crypto.randomUUID()}`;
    await rawBatch(db, [holdsAtLeast(o.orderId, held), marker(passed)]);
    expect(await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, passed))).toHaveLength(1);
    expect((await db.select().from(orders).where(eq(orders.id, o.orderId)))[0]!.status).toBe(o.order.status);
  });
});
