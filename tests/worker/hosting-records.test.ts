// Issue #23 §1-2: the demo customer's services come from the sandbox panel; has_pbas_account follows
// the services table (set with the record, cleared when every account is terminated); migration 0019
// backfills the services of completed hosting order items once, however often it runs.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { hostingServices, orderItems, orders, users } from '../../db/schema';
import { DEMO_HOSTING, seedDemoHosting } from '../../db/seed';
import { createSandboxProvisioner } from '../../worker/adapters/provisioner/sandbox';
import { createServiceRecords, panelAccountFlagStatement } from '../../worker/services/hosting';
import { newCustomer, uniqueName } from './customers';

const db = createDb(env.DB);

async function flag(userId: number): Promise<boolean> {
  const [u] = await db.select({ f: users.hasPbasAccount }).from(users).where(eq(users.id, userId));
  return u!.f;
}

/** Migration 0019's data statements (its last one adds a column, which cannot run twice). */
function backfillStatements(): string[] {
  const m = env.TEST_MIGRATIONS.find((x) => x.name.startsWith('0019_'));
  if (!m) throw new Error('migration 0019 missing');
  return m.queries
    .join(';\n')
    .split(/;\s*(?:\n|$)/)
    .map((q) => q.replace(/^\s*--> statement-breakpoint\s*$/gm, '').trim())
    .filter((q) => q && !/ALTER TABLE/i.test(q));
}

describe('hosting records', () => {
  it('seeds the demo customer three services through the sandbox panel, the VPS built; a second run adds nothing', async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const rows = await db.select().from(hostingServices).where(eq(hostingServices.userId, demo!.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['shared', 'vps', 'wordpress']);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    expect(rows.find((r) => r.kind === 'shared')!.domain).toBe('kafeneio.gr');
    expect(demo!.hasPbasAccount).toBe(true);
    const panel = createSandboxProvisioner(db);
    for (const r of rows) expect((await panel.getAccount(r.accountId)).status).toBe('active');
    expect(await seedDemoHosting(db, new Date())).toBe(0);
    expect(await db.select().from(hostingServices).where(eq(hostingServices.userId, demo!.id))).toHaveLength(DEMO_HOSTING.length);
  });

  it('sets has_pbas_account with the record, keeps it while one account lives and clears it when all are terminated', async () => {
    const c = await newCustomer('pbas');
    expect(await flag(c.id)).toBe(false);
    const panel = createSandboxProvisioner(db);
    const records = createServiceRecords({ db, now: new Date() });
    const make = async () => {
      const account = await panel.createAccount({ reference: uniqueName('ref'), sku: 'sha_lin_start', productType: 'hosting-shared-linux', domain: `${uniqueName('pb')}.gr`, lengthMonths: 12, options: {}, contactEmail: c.email });
      await records.recordProvisioned({ userId: c.id, orderItemId: null, productType: 'hosting-shared-linux', lengthMonths: 12, options: {}, account });
      return account;
    };
    const a = await make();
    expect(await flag(c.id)).toBe(true);
    const b = await make();
    // One terminated (the cron or staff write the status and the flag in one batch): the other keeps it.
    await db.batch([db.update(hostingServices).set({ status: 'terminated' }).where(eq(hostingServices.accountId, a.accountId)), panelAccountFlagStatement(db, c.id)]);
    expect(await flag(c.id)).toBe(true);
    // A retried fulfilment records the terminated account again: still one living account.
    await records.recordProvisioned({ userId: c.id, orderItemId: null, productType: 'hosting-shared-linux', lengthMonths: 12, options: {}, account: await panel.terminate(a.accountId) });
    expect(await flag(c.id)).toBe(true);
    await records.recordProvisioned({ userId: c.id, orderItemId: null, productType: 'hosting-shared-linux', lengthMonths: 12, options: {}, account: await panel.terminate(b.accountId) });
    expect(await flag(c.id)).toBe(false);
  });

  it('backfills completed hosting order items once (migration 0019 run twice)', async () => {
    const c = await newCustomer('backfill');
    const completedAt = new Date(Date.UTC(2026, 0, 15, 10, 0, 0, 250));
    const [order] = await db
      .insert(orders)
      .values({ userId: c.id, idempotencyKey: crypto.randomUUID(), status: 'completed', paymentMethod: 'bank_transfer', billingProfileId: 0, billing: {}, subTotalCents: 0, vatCents: 0, grandTotalCents: 0, vatRateBp: 2400, createdAt: completedAt })
      .returning();
    const name = `${uniqueName('bf')}.gr`;
    const accountId = `ha_${uniqueName('bf')}`;
    const [domainItem, hostingItem, pendingItem] = await db
      .insert(orderItems)
      .values([
        { orderId: order!.id, position: 0, kind: 'domain', sku: 'gr', name, lengthMonths: 12, priceCents: 0, status: 'completed', completedAt },
        { orderId: order!.id, position: 1, kind: 'hosting', sku: 'vps_lin_s', name: 'VPS', lengthMonths: 6, priceCents: 0, status: 'completed', completedAt, config: { options: { datacenter: 'germany', os: 'debian-12' } }, result: { accountId, username: 'bfuser', server: '192.0.2.77', status: 'provisioning', panelUrl: 'https://console.example.net/servers/x' } },
        { orderId: order!.id, position: 2, kind: 'hosting', sku: 'sha_lin_start', name: 'Shared', lengthMonths: 12, priceCents: 0, status: 'pending' },
      ])
      .returning();
    expect(domainItem && pendingItem).toBeTruthy();
    expect(backfillStatements()).toHaveLength(2);
    for (let run = 0; run < 2; run++) for (const q of backfillStatements()) await env.DB.prepare(q).run();

    const rows = await db.select().from(hostingServices).where(eq(hostingServices.userId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orderItemId: hostingItem!.id,
      accountId,
      sku: 'vps_lin_s',
      productType: 'hosting-vps-linux',
      kind: 'vps',
      domain: name,
      username: 'bfuser',
      server: '192.0.2.77',
      datacenter: 'germany',
      options: { datacenter: 'germany', os: 'debian-12' },
      status: 'provisioning',
      lengthMonths: 6,
      startedAt: completedAt,
      expiresAt: new Date(Date.UTC(2026, 6, 15, 10, 0, 0, 250)),
    });
    expect(await flag(c.id)).toBe(true);
    // A service fulfilment recorded already is left as it is (unique by order item).
    await db.update(hostingServices).set({ username: 'changed' }).where(and(eq(hostingServices.userId, c.id)));
    for (const q of backfillStatements()) await env.DB.prepare(q).run();
    expect((await db.select().from(hostingServices).where(eq(hostingServices.userId, c.id)))[0]!.username).toBe('changed');
  });
});
