// Auto-renew that renews (issue #25 §1) inside workerd with a fixed `now`: one renewal order per name
// and expiry N days before it (the account's setting), paid from credit first, then the saved card,
// else the document sent to pay; a cron re-run or two runs at once make one order and one charge; a
// declined card is tried once a day up to the expiry and told each time; hosting renewals go through
// the same payment step; a renewal order is not cancelled by the orders' two-week expiry.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { sandboxCardCharges } from '../../db/schema/payments';
import { hostingServices, notifications, orderItems, orders, outbox, payments, renewalAttempts, saleDocuments } from '../../db/schema';
import { runScheduled } from '../../worker/cron';
import { createAutoRenew } from '../../worker/services/renewals';
import { depsAt, domainRow, fakeCards, heldName, renewCustomer, savedSandboxCard } from './auto-renew-fixtures';
import { servicesAt } from './customers';
import { hostedCustomer, serviceRow } from './hosting-cron-fixtures';

const db = createDb(env.DB);
const DAY = 86_400_000;
const EXP = Date.UTC(2034, 2, 12, 10);

const autoRenewAt = (ms: number, cards = fakeCards('none').port) => createAutoRenew(depsAt(ms), { cards });
const renewalOrdersOf = (domainId: number) => db.select().from(orders).where(like(orders.idempotencyKey, `domain-renewal:${domainId}:%`));
const noticesOf = async (userId: number) => (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.messageKey).sort();

/** The .gr renew line as the cart makes it: its first (shortest) length, two years for .gr. */
async function renewPriceCents() {
  const [gr] = (await servicesAt().catalog.tldPricing({ actions: ['renew'] })).filter((t) => t.tld === 'gr');
  const first = [...gr!.actions.renew!].sort((a, b) => a.months - b.months)[0]!;
  expect(first.months).toBe(24);
  return first.totalCents;
}

describe('domain renewal orders', () => {
  it('makes one order N days before expiry at the renew price with VAT; a re-run and two runs at once make one order and one charge', async () => {
    const c = await renewCustomer('once', { renewDays: 20 });
    const d = await heldName(c.id, EXP);
    const card = fakeCards('approved');
    await autoRenewAt(EXP - 21 * DAY, card.port).run();
    expect(await renewalOrdersOf(d.id)).toHaveLength(0);
    // Two runs at once, then the same day again.
    await Promise.all([autoRenewAt(EXP - 20 * DAY, card.port).run(), autoRenewAt(EXP - 20 * DAY, card.port).run()]);
    await autoRenewAt(EXP - 20 * DAY + 3600_000, card.port).run();
    const list = await renewalOrdersOf(d.id);
    expect(list).toHaveLength(1);
    expect(card.charges.filter((x) => x.userId === c.id)).toHaveLength(1);
    const net = await renewPriceCents();
    const order = list[0]!;
    expect(order).toMatchObject({ idempotencyKey: `domain-renewal:${d.id}:${EXP}`, subTotalCents: net, vatRateBp: 2400, grandTotalCents: Math.round(net * 1.24) });
    expect(card.charges[0]).toMatchObject({ amountCents: Math.round(net * 1.24), idempotencyKey: `renewal:${order.id}:${new Date(EXP - 20 * DAY).toISOString().slice(0, 10)}`, reference: `renewal-${order.id}` });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ kind: 'domain', action: 'renew', sku: 'gr', name: d.fqdn, asciiName: d.asciiFqdn, registry: 'gr', lengthMonths: 24, priceCents: net });
    // Paid like a card payment: receipt and payment documents, the name renewed at the registry.
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).not.toBe('pending');
    const docs = (await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, order.id))).map((x) => x.kind).sort();
    expect(docs).toEqual(['order', 'payment', 'receipt']);
    const pays = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(pays.map((p) => [p.method, p.status, p.amountCents])).toEqual([['card', 'approved', Math.round(net * 1.24)]]);
    expect((await domainRow(d.id)).expiresAt.getTime()).toBe(Date.UTC(2036, 2, 12, 10));
    expect(await noticesOf(c.id)).toEqual(['documents.payment_received', 'renewals.paid_card']);
    // The next expiry's window is far away: nothing more.
    await autoRenewAt(EXP - 19 * DAY, card.port).run();
    expect(card.charges.filter((x) => x.userId === c.id)).toHaveLength(1);
  });

  it('pays from credit first, then the saved card, else sends the document to pay', async () => {
    const net = await renewPriceCents();
    const total = Math.round(net * 1.24);
    const rich = await renewCustomer('credit');
    await servicesAt().orders.grantCredit(rich.email, total, 'test');
    const carded = await renewCustomer('card');
    await servicesAt().orders.grantCredit(carded.email, total - 1, 'test');
    const plain = await renewCustomer('doc');
    // The third name's window opens later, when the run has no saved card to charge.
    const LATER = EXP + 10 * DAY;
    const [a, b, p] = [await heldName(rich.id, EXP), await heldName(carded.id, EXP), await heldName(plain.id, LATER)];
    const card = fakeCards('approved');
    const cardless = fakeCards('none');
    // The same cards port for every customer: only the one whose credit falls short is charged.
    await autoRenewAt(EXP - 30 * DAY, card.port).run();
    expect(card.charges.map((x) => x.userId).filter((id) => [rich.id, carded.id].includes(id))).toEqual([carded.id]);
    const [ra] = await renewalOrdersOf(a.id);
    expect(ra!.status).not.toBe('pending');
    expect(await servicesAt().orders.creditBalance(rich.id)).toBe(0);
    expect(await noticesOf(rich.id)).toEqual(['renewals.paid_credit']);
    const [rb] = await renewalOrdersOf(b.id);
    expect(rb!.status).not.toBe('pending');
    // The card paid all of it: the credit that fell short is left alone.
    expect(await servicesAt().orders.creditBalance(carded.id)).toBe(total - 1);
    // No credit, no card: the document, by e-mail and a notification, once.
    await autoRenewAt(LATER - 30 * DAY, cardless.port).run();
    await autoRenewAt(LATER - 29 * DAY, cardless.port).run();
    const [rp] = await renewalOrdersOf(p.id);
    expect(rp!.status).toBe('pending');
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, rp!.id), eq(saleDocuments.kind, 'order')));
    expect(doc).toMatchObject({ status: 'OPEN', totalCents: total });
    expect(await noticesOf(plain.id)).toEqual(['renewals.document_due']);
    const mails = await db.select().from(outbox).where(eq(outbox.to, plain.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/account/documents/${doc!.id}`);
    // Reminders 7 and 1 days before the expiry, each once.
    for (const day of [7, 6, 1, 0.5]) await autoRenewAt(LATER - day * DAY, cardless.port).run();
    expect(await noticesOf(plain.id)).toEqual(['renewals.document_due', 'renewals.document_reminder', 'renewals.document_reminder']);
    expect(await db.select().from(outbox).where(eq(outbox.to, plain.email))).toHaveLength(3);
  });

  it('retries a declined card once a day up to the expiry, telling the customer each time, never twice a day', async () => {
    const c = await renewCustomer('decline', { renewDays: 7 });
    const d = await heldName(c.id, EXP);
    const card = fakeCards('declined', 'Visa •••• 4242', 'insufficient_funds');
    for (let day = 7; day >= 1; day--) {
      await autoRenewAt(EXP - day * DAY, card.port).run();
      await autoRenewAt(EXP - day * DAY + 3600_000, card.port).run();
    }
    // After the expiry: no more charges; the document stays payable and the customer is sent it.
    await autoRenewAt(EXP + 3600_000, card.port).run();
    const mine = card.charges.filter((x) => x.userId === c.id);
    expect(mine).toHaveLength(7);
    expect(new Set(mine.map((x) => x.idempotencyKey)).size).toBe(7);
    const [order] = await renewalOrdersOf(d.id);
    expect(order!.status).toBe('pending');
    const told = await db.select().from(notifications).where(eq(notifications.userId, c.id));
    const declined = told.filter((n) => n.messageKey === 'renewals.declined.insufficient_funds');
    expect(declined).toHaveLength(7);
    expect(declined[0]!.params).toMatchObject({ card: 'Visa •••• 4242', name: d.fqdn });
    const mails = await db.select().from(outbox).where(eq(outbox.to, c.email));
    expect(mails.filter((m) => m.body.includes('Visa •••• 4242') && m.body.includes('δεν υπάρχει αρκετό διαθέσιμο υπόλοιπο'))).toHaveLength(7);
    const attempts = await db.select().from(renewalAttempts).where(eq(renewalAttempts.orderId, order!.id));
    expect(attempts.map((a) => a.outcome)).toEqual([...Array(7).fill('declined'), 'document']);
  });

  it('makes no order with auto-renew off, and cancels an open one when auto-renew is switched off', async () => {
    const c = await renewCustomer('off');
    const off = await heldName(c.id, EXP, { autoRenew: false });
    const on = await heldName(c.id, EXP);
    await autoRenewAt(EXP - 30 * DAY).run();
    expect(await renewalOrdersOf(off.id)).toHaveLength(0);
    expect(await renewalOrdersOf(on.id)).toHaveLength(1);
    await servicesAt(EXP - 29 * DAY).myDomains.setAutoRenew(c.id, on.asciiFqdn, false, null);
    const card = fakeCards('approved');
    await autoRenewAt(EXP - 28 * DAY, card.port).run();
    expect((await renewalOrdersOf(on.id))[0]!.status).toBe('cancelled');
    expect(card.charges.filter((x) => x.userId === c.id)).toHaveLength(0);
  });

  it('keeps a domain renewal order payable past the orders’ two-week expiry', async () => {
    const c = await renewCustomer('keep');
    const d = await heldName(c.id, EXP);
    await autoRenewAt(EXP - 30 * DAY).run();
    await servicesAt(EXP - 10 * DAY).orders.expireUnpaid();
    expect((await renewalOrdersOf(d.id))[0]!.status).toBe('pending');
  });

  it('runs from the daily cron line', async () => {
    const c = await renewCustomer('cron');
    const d = await heldName(c.id, EXP + 400 * DAY);
    await runScheduled('0 6 * * *', env, new Date(EXP + 370 * DAY));
    expect(await renewalOrdersOf(d.id)).toHaveLength(1);
  });
});

describe('the card saved with the processor (sandbox)', () => {
  it('charges the default saved card through the payments port, and tells a decline with the card and the reason', async () => {
    const ok = await renewCustomer('sbxok');
    const bad = await renewCustomer('sbxbad');
    await savedSandboxCard(ok.id, '4242');
    await savedSandboxCard(bad.id, '0002');
    const a = await heldName(ok.id, EXP + 50 * DAY);
    const b = await heldName(bad.id, EXP + 50 * DAY);
    // Two runs at once and a re-run: the sandbox keeps one charge per key, we make one per day.
    const at = EXP + 20 * DAY;
    await Promise.all([createAutoRenew(depsAt(at)).run(), createAutoRenew(depsAt(at)).run()]);
    await createAutoRenew(depsAt(at + 3600_000)).run();
    const [oa] = await renewalOrdersOf(a.id);
    expect(oa!.status).not.toBe('pending');
    const charges = await db.select().from(sandboxCardCharges).where(like(sandboxCardCharges.reference, `renewal-${oa!.id}`));
    expect(charges.map((c) => c.status)).toEqual(['approved']);
    expect((await db.select().from(payments).where(eq(payments.orderId, oa!.id)))[0]).toMatchObject({ method: 'card', status: 'approved', providerSessionId: charges[0]!.id });
    const [ob] = await renewalOrdersOf(b.id);
    expect(ob!.status).toBe('pending');
    const [told] = (await db.select().from(notifications).where(eq(notifications.userId, bad.id))).filter((n) => n.messageKey?.startsWith('renewals.declined'));
    expect(told).toMatchObject({ messageKey: 'renewals.declined.insufficient_funds', params: { card: 'Visa •••• 0002' } });
    // The page says which card will be charged.
    expect(await createAutoRenew(depsAt(EXP)).planForDomain({ ...(await domainRow(b.id)) })).toMatchObject({ plan: { state: 'pending', method: 'card', cardLabel: 'Visa •••• 0002', lastDecline: { code: 'insufficient_funds' } } });
  });
});

describe('hosting renewals through the same payment step', () => {
  const START = Date.UTC(2036, 0, 15, 6);
  const END = Date.UTC(2037, 0, 15, 6);

  it('pays a hosting renewal from credit as soon as it is issued', async () => {
    const c = await hostedCustomer('hcredit', { startedAt: START });
    await servicesAt().orders.grantCredit(c.email, 100_000, 'test');
    await servicesAt(END - 14 * DAY).hostingRenewals.run();
    const [order] = await db.select().from(orders).where(like(orders.idempotencyKey, `hosting-renewal:${c.serviceId}:%`));
    expect(order!.status).not.toBe('pending');
    expect((await serviceRow(c.serviceId)).expiresAt.getTime()).toBe(Date.UTC(2038, 0, 15, 6));
    expect(await noticesOf(c.id)).toContain('renewals.paid_credit');
    expect(await noticesOf(c.id)).not.toContain('hosting.renewal_due');
  });

  it('charges the saved card for a hosting renewal document the next day, once', async () => {
    const c = await hostedCustomer('hcard', { startedAt: START });
    await servicesAt(END - 14 * DAY).hostingRenewals.run();
    expect(await noticesOf(c.id)).toEqual(['hosting.renewal_due']);
    const card = fakeCards('approved', 'Mastercard •••• 5555');
    await Promise.all([autoRenewAt(END - 13 * DAY, card.port).run(), autoRenewAt(END - 13 * DAY, card.port).run()]);
    expect(card.charges.filter((x) => x.userId === c.id)).toHaveLength(1);
    const [order] = await db.select().from(orders).where(like(orders.idempotencyKey, `hosting-renewal:${c.serviceId}:%`));
    expect(order!.status).not.toBe('pending');
    const svc = await serviceRow(c.serviceId);
    expect(svc.expiresAt.getTime()).toBe(Date.UTC(2038, 0, 15, 6));
    expect((await db.select().from(hostingServices).where(eq(hostingServices.id, c.serviceId)))[0]!.status).toBe('active');
  });
});


