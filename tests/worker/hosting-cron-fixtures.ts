// Hosting services for the renewal and back-office tests: a customer with a receipt profile and a
// shared-hosting account made at the sandbox panel `monthsAgo` months before `at`, recorded as
// fulfilment records it (so the panel and our row agree on the period).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { hostingServices } from '../../db/schema';
import { sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';
import { createSandboxProvisioner, PROVISIONER_SYSTEM } from '../../worker/adapters/provisioner/sandbox';
import { createServiceRecords } from '../../worker/services/hosting';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);

export async function hostedCustomer(prefix: string, opts: { startedAt: number; lengthMonths?: number; sku?: string; productType?: string }) {
  const c = await newCustomer(prefix);
  const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile failed');
  const lengthMonths = opts.lengthMonths ?? 12;
  const panel = createSandboxProvisioner(db, { now: () => new Date(opts.startedAt) });
  const account = await panel.createAccount({
    reference: `t-${uniqueName('ref')}`,
    sku: opts.sku ?? 'sha_lin_plus',
    productType: opts.productType ?? 'hosting-shared-linux',
    domain: `${uniqueName(prefix)}.gr`,
    lengthMonths,
    options: {},
    contactEmail: c.email,
  });
  const id = await createServiceRecords({ db, now: new Date(opts.startedAt) }).recordProvisioned({ userId: c.id, orderItemId: null, productType: opts.productType ?? 'hosting-shared-linux', lengthMonths, options: {}, account });
  return { ...c, profileId: profile.id, serviceId: id, account };
}

export async function serviceRow(id: number) {
  const [row] = await db.select().from(hostingServices).where(eq(hostingServices.id, id));
  return row!;
}

export async function setProvisionerSwitch(values: { maintenance?: boolean; failing?: boolean }) {
  await db
    .insert(sandboxSwitches)
    .values({ system: PROVISIONER_SYSTEM, ...values })
    .onConflictDoUpdate({ target: sandboxSwitches.system, set: values });
}

export async function clearProvisionerSwitch() {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
}
