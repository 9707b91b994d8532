// An item interrupted while "processing" (a crash between its claim and its result) is not stuck for
// good (issue #20 §2, decision 046): the claim has a time limit; after it, cron asks the registry and
// finishes the item (the name is ours already) or tries it again; staff see such items in their queue.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domains, orderItems, payments, registryObjects, registrySettings } from '../../db/schema';
import { fulfilmentCron } from '../../worker/cron/fulfilment';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { newCustomer, readyCart, servicesAt, uniqueName } from './customers';
import { ADMIN, newStaff, staffBrowser } from './staff';

const db = createDb(env.DB);
const MIN = 60_000;

/** A .gr order paid by bank transfer while the registry was failing: its item waits for a retry. */
async function paidOrder(prefix: string) {
  const c = await readyCart(prefix);
  const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'gr'));
  try {
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
  } finally {
    await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'gr'));
  }
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  return { ...c, orderId: placed.orderId, item: item! };
}

/** The worker died after claiming the item at `at` (and, with `registered`, after the registry registered it). */
async function interrupted(o: Awaited<ReturnType<typeof paidOrder>>, at: number, registered: boolean) {
  await db.run(sql`UPDATE order_items SET status = 'processing', next_attempt_at = NULL, claimed_at = ${at} WHERE id = ${o.item.id}`);
  if (registered) {
    const label = o.name.slice(0, -3);
    await createSandboxRegistry(db, 'gr').register({ name: { name: o.name, key: `${label}.gr` }, periodMonths: 12, registrant: { name: 'Άννα Κ', email: 'a@example.gr', country: 'GR' }, nameservers: ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'] });
  }
}

const itemOf = async (id: number) => (await db.select().from(orderItems).where(eq(orderItems.id, id)))[0]!;

describe('an item interrupted while processing', () => {
  it('the claim records when it was taken', async () => {
    const o = await paidOrder('claimat');
    const t = Date.now() + 10 * MIN;
    await servicesAt(t).orders.fulfil(o.orderId);
    expect(await itemOf(o.item.id)).toMatchObject({ status: 'completed' });
    expect((await itemOf(o.item.id)).claimedAt?.getTime()).toBe(t);
  });

  it('registered at the registry before the crash: after the time limit cron finds it ours and finishes it; before, it leaves it; staff see it stuck', async () => {
    const o = await paidOrder('crashreg');
    const t0 = Date.now() - 20 * MIN;
    await interrupted(o, t0, true);
    await fulfilmentCron(env, new Date(t0 + 5 * MIN));
    expect((await itemOf(o.item.id)).status).toBe('processing');
    // Now (20 minutes after the claim) staff see it in their queue, marked as interrupted.
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/orders?view=attention`);
    expect(page.html).toContain(`data-testid="admin-item-${o.item.id}" data-status="processing"`);
    expect(page.html).toContain(`data-testid="admin-item-stuck-${o.item.id}"`);
    await fulfilmentCron(env, new Date());
    expect(await itemOf(o.item.id)).toMatchObject({ status: 'completed' });
    const [domain] = await db.select().from(domains).where(eq(domains.userId, o.id));
    expect(domain).toMatchObject({ status: 'active' });
  });

  it('nothing reached the registry: after the time limit cron tries it again and it completes; a name interrupted before the migration (no claim time) too', async () => {
    const o = await paidOrder('crashnone');
    const t0 = Date.now();
    await interrupted(o, t0, false);
    await fulfilmentCron(env, new Date(t0 + 31 * MIN));
    expect(await itemOf(o.item.id)).toMatchObject({ status: 'completed' });
    const old = await paidOrder('crashold');
    await db.run(sql`UPDATE order_items SET status = 'processing', next_attempt_at = NULL, claimed_at = NULL WHERE id = ${old.item.id}`);
    await fulfilmentCron(env, new Date(t0 + 31 * MIN));
    expect(await itemOf(old.item.id)).toMatchObject({ status: 'completed' });
  });
});

describe('an interrupted item of an order refunded in full meanwhile', () => {
  it('is cancelled, not carried out for free', async () => {
    const c = await readyCart('crashrefund');
    const s = servicesAt();
    const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const started = await s.orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!started.ok) throw new Error('pay');
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'gr'));
    try {
      await servicesAt().orders.decideSandboxPayment(payment!.providerSessionId!, 'approve');
    } finally {
      await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'gr'));
    }
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    const t0 = Date.now() - 20 * MIN;
    await db.run(sql`UPDATE order_items SET status = 'processing', next_attempt_at = NULL, claimed_at = ${t0} WHERE id = ${item!.id}`);
    const staff = await newStaff({ totp: true });
    const r = await servicesAt().refunds.refundPayment({ paymentId: payment!.id, amountCents: payment!.amountCents, reason: 'full', idempotencyKey: crypto.randomUUID() }, { userId: staff.id, ip: null });
    expect(r).toMatchObject({ ok: true, status: 'succeeded' });
    await fulfilmentCron(env, new Date());
    expect(await itemOf(item!.id)).toMatchObject({ status: 'cancelled', lastError: 'interrupted' });
    expect(await db.select().from(registryObjects).where(eq(registryObjects.name, c.name))).toHaveLength(0);
  });
});

describe('an interrupted external transfer', () => {
  it('the registry moved the name to us before the crash: the retry finds it ours and completes it, without refunding it', async () => {
    const c = await newCustomer('crashxfer');
    const fqdn = `${uniqueName('metafora')}.com`;
    const t = new Date();
    await db.insert(registryObjects).values({ registry: 'generic', registryKey: fqdn, name: fqdn, sponsor: 'other', authCode: 'Crash-Code-1#', nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'], createdAt: t, updatedAt: t, expiresAt: new Date(t.getTime() + 100 * 86_400_000) });
    const s = servicesAt();
    const added = await s.cart.addDomain(c.owner, { name: fqdn, action: 'transfer', authCode: 'Crash-Code-1#', uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    const contactId = await s.contacts.createContact(c.id, { firstName: 'Anna', lastName: 'Karra', email: 'a@example.gr', phone: '+306900000000', address: 'Odos 1', city: 'Athina', postcode: '10431', countryIso2: 'GR' });
    const updated = await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId }, agree: true } }, null);
    if (!updated.ok) throw new Error(`update ${updated.code}`);
    const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Anna Karra', address: 'Odos 1', city: 'Athina', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await s.orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'generic'));
    try {
      expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    } finally {
      await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'generic'));
    }
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    // The worker that crashed had asked for the transfer, and the losing registrar approved it since.
    const registry = createSandboxRegistry(db, 'generic');
    expect(await registry.transfer({ name: { name: fqdn, key: fqdn }, authCode: 'Crash-Code-1#', periodMonths: 12 })).toMatchObject({ status: 'pending' });
    await registry.poll();
    await db.run(sql`UPDATE order_items SET status = 'processing', next_attempt_at = NULL, claimed_at = ${Date.now() - 20 * MIN} WHERE id = ${item!.id}`);
    await fulfilmentCron(env, new Date());
    expect(await itemOf(item!.id)).toMatchObject({ status: 'completed' });
    expect((await db.select().from(domains).where(eq(domains.asciiFqdn, fqdn)))[0]).toMatchObject({ userId: c.id, status: 'active' });
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(0);
  });
});
