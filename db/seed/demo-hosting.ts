// The demo customer's hosting (issue #23 §1): a shared Linux plan on one of the demo domains, a
// WordPress plan and a Linux VPS, made THROUGH the sandbox provisioner so that the panel's side
// (usage, password, status, power) knows them as it knows anything bought at checkout; and 500
// services for the portfolio account, bulk inserted on both sides, for the services-list bench.
// Idempotent: the sandbox answers a known reference with the account it made, and the records are
// unique by account id.
import { eq } from 'drizzle-orm';
import { hostingKindOf } from '../../core/hosting/kinds';
import type { Db } from '../client';
import { hostingServices, sandboxHostingAccounts, users } from '../schema';
import { createSandboxProvisioner, PROVISIONING_DELAY_MS } from '../../worker/adapters/provisioner/sandbox';
import { createServiceRecords } from '../../worker/services/hosting/service-records';
import { rowsPerInsert } from './seed-catalog';

const DAY_MS = 24 * 60 * 60_000;

export const DEMO_HOSTING = [
  // The shared plan started 200 days ago, so its next renewal is some months ahead.
  { reference: 'seed:demo-shared', email: 'demo@example.gr', sku: 'sha_lin_start', productType: 'hosting-shared-linux', domain: 'kafeneio.gr', lengthMonths: 12, startedDaysAgo: 200, options: { datacenter: 'greece' } },
  { reference: 'seed:demo-wordpress', email: 'demo@example.gr', sku: 'sha_wp_business_m', productType: 'hosting-wp-business', domain: 'kafeneio.com', lengthMonths: 12, startedDaysAgo: 30, options: {} },
  // Built days ago (well past PROVISIONING_DELAY_MS), so the sandbox reports it active.
  { reference: 'seed:demo-vps', email: 'demo@example.gr', sku: 'vps_lin_m', productType: 'hosting-vps-linux', domain: null, lengthMonths: 1, startedDaysAgo: 10, options: { os: 'ubuntu-24.04', datacenter: 'germany', hostname: 'vps1.kafeneio.gr' } },
] as const;

export const PORTFOLIO_HOSTING_EMAIL = 'portfolio@example.gr';
export const PORTFOLIO_HOSTING_SIZE = 500;

/** The demo customer's three services, through the sandbox provisioner. Returns how many records were added. */
export async function seedDemoHosting(db: Db, now: Date): Promise<number> {
  let added = 0;
  for (const s of DEMO_HOSTING) {
    const [u] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, s.email));
    if (!u) continue;
    const started = new Date(now.getTime() - s.startedDaysAgo * DAY_MS);
    // The sandbox's clock at the purchase: the account's dates are those of that day, and a server's
    // build is over by now. Read back at today's clock, which finishes the build.
    const made = await createSandboxProvisioner(db, { now: () => started }).createAccount({
      reference: s.reference,
      sku: s.sku,
      productType: s.productType,
      domain: s.domain,
      lengthMonths: s.lengthMonths,
      options: { ...s.options },
      contactEmail: u.email,
    });
    const account = started.getTime() + PROVISIONING_DELAY_MS <= now.getTime() ? await createSandboxProvisioner(db, { now: () => now }).getAccount(made.accountId) : made;
    const [before] = await db.select({ id: hostingServices.id }).from(hostingServices).where(eq(hostingServices.accountId, account.accountId));
    await createServiceRecords({ db, now }).recordProvisioned({ userId: u.id, orderItemId: null, productType: s.productType, lengthMonths: s.lengthMonths, options: { ...s.options }, account });
    if (!before) added++;
  }
  return added;
}

const PORTFOLIO_PLANS = [
  { sku: 'sha_lin_start', productType: 'hosting-shared-linux' },
  { sku: 'sha_lin_plus', productType: 'hosting-shared-linux' },
  { sku: 'sha_wp_business_s', productType: 'hosting-wp-business' },
  { sku: 'sha_win_start', productType: 'hosting-shared-windows' },
  { sku: 'vps_lin_s', productType: 'hosting-vps-linux' },
] as const;
const PORTFOLIO_STATUSES = ['active', 'active', 'active', 'active', 'suspended', 'terminated'] as const;

/**
 * The portfolio account's 500 services for the bench (issue #23 §4), written straight to both tables
 * (a sandbox row and our record per service, many rows per statement): through createAccount one by
 * one it would take minutes. Deterministic names and ids, so a second run adds nothing.
 */
export async function seedPortfolioHosting(db: Db, now: Date, options: { email?: string; count?: number } = {}): Promise<number> {
  const email = options.email ?? PORTFOLIO_HOSTING_EMAIL;
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) return 0;
  const count = options.count ?? PORTFOLIO_HOSTING_SIZE;
  const rows = Array.from({ length: count }, (_, i) => {
    const plan = PORTFOLIO_PLANS[i % PORTFOLIO_PLANS.length]!;
    const kind = hostingKindOf(plan.productType)!;
    const status = PORTFOLIO_STATUSES[(i * 7) % PORTFOLIO_STATUSES.length]!;
    const n = String(i).padStart(4, '0');
    const accountId = `ha_seedpf${n}`;
    const server = kind === 'vps' ? `203.0.113.${(i % 250) + 2}` : `web${String((i % 24) + 1).padStart(2, '0')}.gr.example.net`;
    const domain = kind === 'vps' ? null : `pf-hosting-${n}.gr`;
    const panelUrl = kind === 'vps' ? `https://console.example.net/servers/${accountId}` : `https://${server}:2083/`;
    const lengthMonths = i % 3 === 0 ? 1 : 12;
    // Renewals spread from 30 days ago to a year ahead, so sorting by date has something to do.
    const expiresAt = new Date(now.getTime() + (((i * 7919) % 395) - 30) * DAY_MS);
    const startedAt = new Date(expiresAt.getTime() - lengthMonths * 30 * DAY_MS);
    return {
      sandbox: {
        accountId,
        reference: `seed:pf-hosting-${n}`,
        sku: plan.sku,
        productType: plan.productType,
        kind,
        domain,
        username: `pf${n}`,
        panelUrl,
        server,
        // The documentation block no sandbox build takes (it builds in 192.0.2.x): never a clash.
        ip: null,
        status,
        options: {},
        contactEmail: email,
        lengthMonths,
        readyAt: null,
        createdAt: startedAt,
        updatedAt: now,
        expiresAt,
      },
      record: {
        userId: u.id,
        orderItemId: null,
        accountId,
        sku: plan.sku,
        productType: plan.productType,
        kind,
        domain,
        username: `pf${n}`,
        panelUrl,
        server,
        datacenter: null,
        options: {},
        status,
        lengthMonths,
        startedAt,
        expiresAt,
        suspendedAt: status === 'suspended' ? now : null,
        suspendReason: status === 'suspended' ? 'unpaid' : null,
        terminatedAt: status === 'terminated' ? now : null,
        syncedAt: now,
        createdAt: now,
        updatedAt: now,
      },
    };
  });
  const statements = [
    ...chunk(rows.map((r) => r.sandbox), rowsPerInsert(sandboxHostingAccounts)).map((part) => db.insert(sandboxHostingAccounts).values(part).onConflictDoNothing()),
    ...chunk(rows.map((r) => r.record), rowsPerInsert(hostingServices)).map((part) => db.insert(hostingServices).values(part).onConflictDoNothing().returning({ id: hostingServices.id })),
  ];
  let inserted = 0;
  for (const group of chunk(statements, 50)) {
    const results = await db.batch(group as unknown as Parameters<typeof db.batch>[0]);
    for (const r of results) if (Array.isArray(r)) inserted += r.length;
  }
  if (inserted > 0) await db.update(users).set({ hasPbasAccount: true }).where(eq(users.id, u.id));
  return inserted;
}

function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
