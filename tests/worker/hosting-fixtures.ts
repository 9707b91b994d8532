// A customer's VPS recorded as fulfilment records it, and services whose sandbox panel shares the
// test's clock (the default sandbox reads the wall clock), for the hosting server and plan tests.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { sandboxHostingAccounts } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { ProvisionerPort } from '../../worker/adapters/provisioner/port';
import { createSandboxProvisioner, PROVISIONING_DELAY_MS } from '../../worker/adapters/provisioner/sandbox';
import { configOf } from '../../worker/config';
import { createServices } from '../../worker/services';
import { createServiceRecords } from '../../worker/services/hosting';
import { newCustomer, uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;

/** Services whose sandbox panel reads the same clock (the default sandbox uses the wall clock). */
export function servicesWith(ms: number, provisioner?: ProvisionerPort) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost');
  adapters.provisioner = provisioner ?? createSandboxProvisioner(db, { now: () => new Date(ms) });
  return createServices({ db, env, now: new Date(ms), adapters });
}

/** A Linux VPS bought `daysAgo` days ago for `months` months and recorded as fulfilment records it. */
export async function ownVps(opts: { daysAgo?: number; months?: number; sku?: string; at?: number; customer?: Awaited<ReturnType<typeof newCustomer>> } = {}) {
  const c = opts.customer ?? (await newCustomer('vps'));
  const at = opts.at ?? Date.now();
  const bought = at - (opts.daysAgo ?? 5) * DAY;
  const input = { reference: uniqueName('oi-vps'), sku: opts.sku ?? 'vps_lin_m', productType: 'hosting-vps-linux', domain: null, lengthMonths: opts.months ?? 12, options: { os: 'debian-12', cpu: '4', hostname: 'vps.example.gr' }, contactEmail: c.email };
  await createSandboxProvisioner(db, { now: () => new Date(bought) }).createAccount(input);
  const account = await createSandboxProvisioner(db, { now: () => new Date(bought + (opts.daysAgo === 0 ? 0 : PROVISIONING_DELAY_MS)) }).getAccount(
    (await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.reference, input.reference)))[0]!.accountId,
  );
  const id = await createServiceRecords({ db, now: new Date(bought) }).recordProvisioned({ userId: c.id, orderItemId: null, productType: input.productType, lengthMonths: input.lengthMonths, options: input.options, account });
  return { c, id, accountId: account.accountId, at };
}

