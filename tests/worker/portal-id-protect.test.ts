// ID protect's paid period (issue #20 §4): nothing turned it off when `id_protect_until` passed, and a
// renewal did not extend it. The daily cron now reminds some days before the end (once per date) and
// turns it off at the registry and here after it; a renewal with ID protect pays it to the new expiry.
import { env } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ID_PROTECT_REMINDER_DAYS } from '../../core/domains/id-protect';
import { createDb } from '../../db/client';
import { domains, orderItems, orders, outbox, registryObjects } from '../../db/schema';
import { runScheduled } from '../../worker/cron';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 86_400_000;
const T0 = Date.UTC(2032, 4, 10, 6, 0);

/** A .com with ID protect on, paid until `paidDays` from T0, held here and at the sandbox registry. */
async function protectedName(paidDays: number, expiryDays = 200) {
  const c = await newCustomer('idp');
  const name = `${uniqueName('idp')}.com`;
  const expiresAt = new Date(T0 + expiryDays * DAY);
  await db.insert(registryObjects).values({ registry: 'generic', registryKey: name, name, sponsor: 'us', idProtect: true, createdAt: new Date(T0 - 300 * DAY), updatedAt: new Date(T0 - 300 * DAY), expiresAt });
  const [d] = await db
    .insert(domains)
    .values({ userId: c.id, fqdn: name, asciiFqdn: name, registryKey: name, tld: 'com', registry: 'generic', expiresAt, idProtect: true, idProtectUntil: new Date(T0 + paidDays * DAY), createdAt: new Date(T0 - 300 * DAY), updatedAt: new Date(T0 - 300 * DAY) })
    .returning();
  return { c, d: d! };
}

const ours = async (id: number) => (await db.select().from(domains).where(eq(domains.id, id)))[0]!;
const theirs = async (name: string) => (await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'generic'), eq(registryObjects.registryKey, name))))[0]!;
const mails = (email: string) => db.select().from(outbox).where(and(eq(outbox.to, email), sql`json_extract(${outbox.meta}, '$.tag') = 'id_protect_ending'`));
const daily = (ms: number) => runScheduled('0 6 * * *', env, new Date(ms));

describe('ID protect paid period', () => {
  it('reminds once before the end, then the cron turns it off at the registry and here', async () => {
    const { c, d } = await protectedName(10);
    await daily(T0 - (ID_PROTECT_REMINDER_DAYS + 1) * DAY);
    expect(await mails(c.email)).toHaveLength(0);
    await daily(T0);
    await daily(T0 + DAY);
    const sent = await mails(c.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(d.fqdn);
    expect((await ours(d.id)).idProtect).toBe(true);

    await daily(T0 + 10 * DAY + 60_000);
    expect((await ours(d.id)).idProtect).toBe(false);
    expect((await theirs(d.asciiFqdn)).idProtect).toBe(false);
    // The paid-until date stays as the record of what was paid.
    expect((await ours(d.id)).idProtectUntil!.getTime()).toBe(T0 + 10 * DAY);
  });

  it('a registry that fails leaves it on here, and the next run turns it off', async () => {
    const { d } = await protectedName(-1);
    await servicesAt().domains.setSandboxSwitches('generic', { failing: true });
    try {
      await daily(T0);
    } finally {
      await servicesAt().domains.setSandboxSwitches('generic', { failing: false });
    }
    expect((await ours(d.id)).idProtect).toBe(true);
    await daily(T0 + DAY);
    expect((await ours(d.id)).idProtect).toBe(false);
    expect((await theirs(d.asciiFqdn)).idProtect).toBe(false);
  });

  it('a renewal that includes ID protect extends it to the new expiry', async () => {
    const { c, d } = await protectedName(5, 5);
    const [o] = await db
      .insert(orders)
      .values({ userId: c.id, idempotencyKey: crypto.randomUUID(), status: 'paid', paymentMethod: 'bank_transfer', billingProfileId: 0, billing: {}, subTotalCents: 100, vatCents: 24, grandTotalCents: 124, vatRateBp: 2400, createdAt: new Date(T0) })
      .returning();
    await db.insert(orderItems).values([
      { orderId: o!.id, position: 1, kind: 'domain', sku: 'com', action: 'renew', name: d.fqdn, asciiName: d.asciiFqdn, registry: 'generic', lengthMonths: 12, priceCents: 80 },
      { orderId: o!.id, position: 2, kind: 'product', sku: 'id_protect', parentPosition: 1, name: 'ID protect', lengthMonths: 12, priceCents: 20 },
    ]);
    await servicesAt(T0).orders.fulfil(o!.id);
    const after = await ours(d.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(T0 + 300 * DAY);
    expect(after.idProtectUntil!.getTime()).toBe(after.expiresAt.getTime());
    // So the run at the old date leaves it on.
    await daily(T0 + 6 * DAY);
    expect((await ours(d.id)).idProtect).toBe(true);
  });
});
