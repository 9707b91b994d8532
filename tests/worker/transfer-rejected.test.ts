// A rejected external transfer is refunded once (issue #20 §2, decision 046): the sandbox's losing
// registrar refuses a name whose auth code begins with "Reject-" (the poll message says clientRejected);
// on it the item is marked failed (refunded, result transfer_rejected), the customer gets the money back
// as they paid (card to the card, credit as credit), an e-mail and a live event; a message delivered
// twice refunds nothing more.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { formatMoney } from '../../core/money';
import { creditMovements, domains, mailMessages, orderItems, orders, outbox, paymentRefunds, payments, registryMessages, registryObjects, saleDocuments } from '../../db/schema';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
const urls = { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' };
const DAY = 86_400_000;

/** A customer with a .com held elsewhere in the cart for transfer, with its code, ready to order. */
async function transferCart(prefix: string, code: string) {
  const c = await newCustomer(prefix);
  const fqdn = `${uniqueName('metafora')}.com`;
  const t = new Date();
  await db.insert(registryObjects).values({ registry: 'generic', registryKey: fqdn, name: fqdn, sponsor: 'other', authCode: code, nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'], createdAt: t, updatedAt: t, expiresAt: new Date(t.getTime() + 100 * DAY) });
  const s = servicesAt();
  const added = await s.cart.addDomain(c.owner, { name: fqdn, action: 'transfer', authCode: code, uniqueId: null });
  if (!added.ok) throw new Error(`add ${added.code}`);
  const contactId = await s.contacts.createContact(c.id, { firstName: 'Anna', lastName: 'Karra', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  const updated = await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId }, agree: true } }, null);
  if (!updated.ok) throw new Error(`update ${updated.code} ${'field' in updated ? updated.field : ''}`);
  const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400, withConfig: true });
  if (!view.ready) throw new Error(`not ready ${JSON.stringify(view).slice(0, 1500)}`);
  return { ...c, fqdn, profileId: profile.id };
}

async function orderedByCard(prefix: string, code: string) {
  const c = await transferCart(prefix, code);
  const s = servicesAt();
  const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const started = await s.orders.startCardPayment(c.id, placed.orderId, urls, 'el');
  if (!started.ok) throw new Error(`pay ${started.code}`);
  const [pending] = await db.select().from(payments).where(eq(payments.orderId, placed.orderId));
  await servicesAt().orders.decideSandboxPayment(pending!.providerSessionId!, 'approve');
  return { ...c, orderId: placed.orderId, paymentId: pending!.id };
}

const itemOf = async (orderId: number) => (await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;

describe('a rejected external transfer', () => {
  it('paid by card: refunded to the card once, the item failed (refunded, transfer_rejected), the domain cancelled, the customer told', async () => {
    const o = await orderedByCard('rejcard', 'Reject-Holder-1#');
    const before = await itemOf(o.orderId);
    expect(before).toMatchObject({ status: 'completed', result: { status: 'transfer_pending' } });
    const [order] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    const summary = await servicesAt().registryPoll.pollAll(['generic']);
    expect(summary.rejected).toBe(1);
    const item = await itemOf(o.orderId);
    expect(item).toMatchObject({ status: 'refunded', lastError: 'transfer_rejected', result: { status: 'transfer_rejected' } });
    expect((await db.select().from(domains).where(eq(domains.asciiFqdn, o.fqdn)))[0]!.status).toBe('cancelled');
    const [payment] = await db.select().from(payments).where(eq(payments.id, o.paymentId));
    expect(payment!.refundedCents).toBe(order!.grandTotalCents);
    expect(await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, o.paymentId))).toHaveLength(1);
    expect(await db.select().from(creditMovements).where(and(eq(creditMovements.orderId, o.orderId), like(creditMovements.dedupeKey, 'refund:item:%')))).toHaveLength(0);
    const mails = await db.select().from(outbox).where(eq(outbox.to, o.email));
    expect(mails.some((m) => m.subject.includes(o.fqdn) && m.body.includes(o.fqdn))).toBe(true);
    // The message says how and how much (issue #33 §1): all of it to the card.
    const told = await db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, `item-refunded:${item.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ template: 'item_refunded', status: 'sent', subject: `Η μεταφορά του ${o.fqdn} απορρίφθηκε — σας επιστρέψαμε ${formatMoney(order!.grandTotalCents, 'el')}` });
    expect(told[0]!.text).toContain(`Στην κάρτα σας: ${formatMoney(order!.grandTotalCents, 'el')}`);
    expect(told[0]!.text).not.toContain('Στο πιστωτικό σας υπόλοιπο');
    // The registry repeats the message: nothing more is refunded or told.
    await db.insert(registryMessages).values({ registry: 'generic', name: o.fqdn, type: 'transfer_rejected', payload: { trStatus: 'clientRejected' }, createdAt: new Date() });
    await servicesAt().registryPoll.pollAll(['generic']);
    expect((await db.select().from(payments).where(eq(payments.id, o.paymentId)))[0]!.refundedCents).toBe(order!.grandTotalCents);
    expect(await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, o.paymentId))).toHaveLength(1);
    expect(await db.select().from(mailMessages).where(and(eq(mailMessages.userId, o.id), eq(mailMessages.template, 'item_refunded')))).toHaveLength(1);
  });

  it('paid with credit: the credit comes back once, with its credit note', async () => {
    const c = await transferCart('rejcredit', 'Reject-Holder-2#');
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 100_000, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${uniqueName('g')}`, at: new Date() }));
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).not.toBe('pending');
    const balance = await servicesAt().orders.creditBalance(c.id);
    await servicesAt().registryPoll.pollAll(['generic']);
    expect(await itemOf(placed.orderId)).toMatchObject({ status: 'refunded', result: { status: 'transfer_rejected' } });
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(balance + order!.grandTotalCents);
    const [told] = await db.select().from(mailMessages).where(and(eq(mailMessages.userId, c.id), eq(mailMessages.template, 'item_refunded')));
    expect(told!.text).toContain(`Στο πιστωτικό σας υπόλοιπο: ${formatMoney(order!.grandTotalCents, 'el')}`);
    expect(told!.text).not.toContain('Στην κάρτα σας');
    const notes = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.series, 'CRN')));
    expect(notes.map((n) => n.totalCents)).toEqual([order!.grandTotalCents]);
    await db.insert(registryMessages).values({ registry: 'generic', name: c.fqdn, type: 'transfer_rejected', payload: {}, createdAt: new Date() });
    await servicesAt().registryPoll.pollAll(['generic']);
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(balance + order!.grandTotalCents);
  });

  it('an approved transfer is still completed (the switch is the code only)', async () => {
    const o = await orderedByCard('rejnot', 'Plain-Code-3#');
    const summary = await servicesAt().registryPoll.pollAll(['generic']);
    expect(summary.transferred).toBeGreaterThanOrEqual(1);
    const item = await itemOf(o.orderId);
    expect(item).toMatchObject({ status: 'completed', result: { status: 'active' } });
    // Told once the registry completed it (issue #33 §1), with the delegation it kept; not before.
    const told = await db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, `item-done:${item.id}`));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ template: 'domain_transferred', status: 'sent', subject: `Η μεταφορά του ${o.fqdn} ολοκληρώθηκε` });
    expect(told[0]!.text).toContain('ns1.elsewhere.net, ns2.elsewhere.net');
    expect(told[0]!.text).toContain(`/account/domains/${o.fqdn}`);
    await db.insert(registryMessages).values({ registry: 'generic', name: o.fqdn, type: 'transfer_completed', payload: {}, createdAt: new Date() });
    await servicesAt().registryPoll.pollAll(['generic']);
    expect(await db.select().from(mailMessages).where(eq(mailMessages.dedupeKey, `item-done:${item.id}`))).toHaveLength(1);
  });
});
