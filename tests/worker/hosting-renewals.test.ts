// The daily hosting cron (issue #23 §1) inside workerd with a fixed `now`, through the sandbox panel:
// one renewal document per service and period (a re-run adds none), suspension after the grace period
// once, unsuspension when the document is paid, deletion after the longer period and at the end of a
// period the customer cancelled, a panel failure leaving the service as it was until the next run,
// and each notice raised once.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { hostingServices, notifications, orderItems, orders, productPrices, products, saleDocuments, users } from '../../db/schema';
import { sandboxHostingAccounts } from '../../db/schema/fulfilment-sandboxes';
import { runScheduled } from '../../worker/cron';
import { servicesAt } from './customers';
import { clearProvisionerSwitch, hostedCustomer, serviceRow, setProvisionerSwitch } from './hosting-cron-fixtures';

const db = createDb(env.DB);
const DAY = 86_400_000;
const START = Date.UTC(2031, 0, 15, 6);
const END = Date.UTC(2032, 0, 15, 6);
const NEXT_END = Date.UTC(2033, 0, 15, 6);

const run = (ms: number) => servicesAt(ms).hostingRenewals.run();
const renewalOrders = (serviceId: number) => db.select().from(orders).where(like(orders.idempotencyKey, `hosting-renewal:${serviceId}:%`));
const notices = async (userId: number) => (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.messageKey).sort();
const panel = async (accountId: string) => (await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, accountId)))[0]!;

afterEach(clearProvisionerSwitch);

describe('hosting renewal documents', () => {
  it('issues one renewal document 14 days before the end, at the renewal price, and a re-run adds none', async () => {
    const c = await hostedCustomer('renew', { startedAt: START });
    expect(c.account.expiresAt.getTime()).toBe(END);
    await run(END - 15 * DAY);
    expect(await renewalOrders(c.serviceId)).toHaveLength(0);
    await run(END - 14 * DAY);
    await run(END - 14 * DAY + 3600_000);
    await run(END - 13 * DAY);
    // The daily cron line runs it too.
    await runScheduled('0 6 * * *', env, new Date(END - 12 * DAY));
    const list = await renewalOrders(c.serviceId);
    expect(list).toHaveLength(1);
    const order = list[0]!;
    // The plan's 12-month catalogue price (no promotion), 24% VAT for a Greek receipt.
    const [plan] = await db.select({ cents: productPrices.priceCents, promo: productPrices.promoCents }).from(productPrices).innerJoin(products, eq(products.id, productPrices.productId)).where(and(eq(products.sku, 'sha_lin_plus'), eq(productPrices.lengthMonths, 12)));
    const price = plan!.cents;
    expect(order).toMatchObject({ userId: c.id, status: 'pending', idempotencyKey: `hosting-renewal:${c.serviceId}:${END}`, subTotalCents: price, vatRateBp: 2400, grandTotalCents: Math.round(price * 1.24) });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ kind: 'hosting', action: 'renew', sku: 'sha_lin_plus', lengthMonths: 12, priceCents: price, setupFeeCents: 0 });
    expect(item!.config).toMatchObject({ renewsService: c.serviceId, accountId: c.account.accountId });
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, order.id));
    expect(docs.map((d) => [d.kind, d.status, d.totalCents])).toEqual([['order', 'OPEN', Math.round(price * 1.24)]]);
    expect(await notices(c.id)).toEqual(['hosting.renewal_due']);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notice!.link).toBe(`/account/documents/${docs[0]!.id}`);
  });

  it('gives a service cancelled at its period end no renewal document and deletes it at the end', async () => {
    const c = await hostedCustomer('cancelend', { startedAt: START });
    await db.update(hostingServices).set({ cancelAtPeriodEnd: true }).where(eq(hostingServices.id, c.serviceId));
    await run(END - 14 * DAY);
    await run(END - 1);
    expect(await renewalOrders(c.serviceId)).toHaveLength(0);
    expect((await serviceRow(c.serviceId)).status).toBe('active');
    await run(END);
    await run(END + DAY);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'terminated', terminatedAt: new Date(END) });
    expect((await panel(c.account.accountId)).status).toBe('terminated');
    expect(await notices(c.id)).toEqual(['hosting.terminated']);
  });

  it('cancels a renewal document whose period was renewed another way (the cart), so it cannot renew twice', async () => {
    const c = await hostedCustomer('stale', { startedAt: START });
    await run(END - 14 * DAY);
    const [open] = await renewalOrders(c.serviceId);
    // Renewed through the cart meanwhile: our record and the panel now end a year later.
    await db.update(hostingServices).set({ expiresAt: new Date(NEXT_END) }).where(eq(hostingServices.id, c.serviceId));
    await run(END - 13 * DAY);
    const [after] = await db.select().from(orders).where(eq(orders.id, open!.id));
    expect(after!.status).toBe('cancelled');
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, open!.id), eq(saleDocuments.kind, 'order')));
    expect(doc!.status).toBe('CANCELLED');
    // The next period's document comes in its own window, once.
    await run(NEXT_END - 14 * DAY);
    await run(NEXT_END - 13 * DAY);
    expect((await renewalOrders(c.serviceId)).map((o) => [o.idempotencyKey, o.status]).sort()).toEqual([
      [`hosting-renewal:${c.serviceId}:${END}`, 'cancelled'],
      [`hosting-renewal:${c.serviceId}:${NEXT_END}`, 'pending'],
    ]);
  });
});

describe('suspension of an unpaid service', () => {
  it('suspends after the grace period once, keeps the document payable, and unsuspends when it is paid', async () => {
    const c = await hostedCustomer('suspend', { startedAt: START });
    await run(END - 14 * DAY);
    await run(END + 7 * DAY - 1);
    expect((await serviceRow(c.serviceId)).status).toBe('active');
    await run(END + 7 * DAY);
    const suspended = await serviceRow(c.serviceId);
    expect(suspended).toMatchObject({ status: 'suspended', suspendReason: 'unpaid', suspendedAt: new Date(END + 7 * DAY) });
    expect((await panel(c.account.accountId)).status).toBe('suspended');
    await run(END + 8 * DAY);
    expect((await serviceRow(c.serviceId)).suspendedAt).toEqual(new Date(END + 7 * DAY));
    expect(await notices(c.id)).toEqual(['hosting.renewal_due', 'hosting.suspended']);
    // The orders' own two-week expiry leaves a renewal document alone (it was issued 23 days ago).
    await servicesAt(END + 9 * DAY).orders.expireUnpaid();
    const [order] = await renewalOrders(c.serviceId);
    expect(order!.status).toBe('pending');
    // Paid (a card's webhook or staff confirming a transfer): renewed at the panel and unsuspended.
    expect(await servicesAt(END + 9 * DAY).orders.markPaid(order!.id)).toBe(true);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'active', suspendReason: null, suspendedAt: null, expiresAt: new Date(NEXT_END) });
    const account = await panel(c.account.accountId);
    expect([account.status, account.expiresAt.getTime()]).toEqual(['active', NEXT_END]);
    expect((await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id)))[0]!.status).toBe('completed');
    // The next period's window is not open: a re-run issues and suspends nothing.
    await run(END + 10 * DAY);
    expect(await renewalOrders(c.serviceId)).toHaveLength(1);
    expect(await notices(c.id)).toEqual(['hosting.renewal_due', 'hosting.renewed', 'hosting.suspended', 'hosting.unsuspended']);
  });

  it('leaves a staff suspension in place when the renewal is paid', async () => {
    const c = await hostedCustomer('staffsusp', { startedAt: START });
    await run(END - 14 * DAY);
    await servicesAt(END - 10 * DAY).staffHosting.suspend(c.serviceId, { reason: 'Αναφορά κατάχρησης' }, { userId: c.id, ip: null });
    const [order] = await renewalOrders(c.serviceId);
    await servicesAt(END - 9 * DAY).orders.markPaid(order!.id);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'suspended', suspendReason: 'Αναφορά κατάχρησης', expiresAt: new Date(NEXT_END) });
  });

  it('deletes a service still unpaid after the longer period and cancels its renewal document', async () => {
    const c = await hostedCustomer('terminate', { startedAt: START });
    await run(END - 14 * DAY);
    await run(END + 7 * DAY);
    await run(END + 30 * DAY - 1);
    expect((await serviceRow(c.serviceId)).status).toBe('suspended');
    await run(END + 30 * DAY);
    await run(END + 31 * DAY);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'terminated', terminatedAt: new Date(END + 30 * DAY) });
    expect((await panel(c.account.accountId)).status).toBe('terminated');
    // Its only panel account is gone: the portal's hosting links go with it.
    expect((await db.select({ flag: users.hasPbasAccount }).from(users).where(eq(users.id, c.id)))[0]!.flag).toBe(false);
    const [order] = await renewalOrders(c.serviceId);
    expect(order!.status).toBe('cancelled');
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, order!.id), eq(saleDocuments.kind, 'order')));
    expect(doc!.status).toBe('CANCELLED');
    expect(await notices(c.id)).toEqual(['hosting.renewal_due', 'hosting.suspended', 'hosting.terminated']);
  });
});

describe('provisioner failures', () => {
  it('leaves the service as it was when the panel fails, and the next run suspends it once', async () => {
    const c = await hostedCustomer('panelfail', { startedAt: START });
    await run(END - 14 * DAY);
    await setProvisionerSwitch({ failing: true });
    const failed = await run(END + 7 * DAY);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'active', suspendedAt: null });
    expect(await notices(c.id)).toEqual(['hosting.renewal_due']);
    await clearProvisionerSwitch();
    await run(END + 8 * DAY);
    await run(END + 8 * DAY + 60_000);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'suspended', suspendedAt: new Date(END + 8 * DAY) });
    expect(await notices(c.id)).toEqual(['hosting.renewal_due', 'hosting.suspended']);
  });

  it('retries a renewal paid while the panel was down, and renews once', async () => {
    const c = await hostedCustomer('paidfail', { startedAt: START });
    await run(END - 14 * DAY);
    const [order] = await renewalOrders(c.serviceId);
    await setProvisionerSwitch({ failing: true });
    await servicesAt(END - 5 * DAY).orders.markPaid(order!.id);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item!.status).toBe('failed');
    expect((await serviceRow(c.serviceId)).expiresAt).toEqual(new Date(END));
    // Paid: the cron neither suspends nor deletes it while fulfilment retries.
    await run(END + 8 * DAY);
    expect((await serviceRow(c.serviceId)).status).toBe('active');
    await clearProvisionerSwitch();
    await servicesAt(END + 9 * DAY).orders.retryDue();
    await servicesAt(END + 10 * DAY).orders.retryDue();
    expect((await serviceRow(c.serviceId)).expiresAt).toEqual(new Date(NEXT_END));
    expect((await panel(c.account.accountId)).expiresAt.getTime()).toBe(NEXT_END);
    expect(await notices(c.id)).toEqual(['hosting.renewal_due', 'hosting.renewed']);
  });
});
