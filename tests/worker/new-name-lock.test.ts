// Issue #25 §1: a name registered from the cart gets the registry's transfer lock on by default where
// its registry has one (core/domains/registry-rules.ts lockNewName): at the registry (EPP
// clientTransferProhibited, the sandbox's status) and on our row, which the domain page shows.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RegistryFamily } from '../../core/catalog';
import { lockNewName } from '../../core/domains/registry-rules';
import { createDb } from '../../db/client';
import { domains, registryObjects } from '../../db/schema';
import { decideSandboxSession } from '../../worker/adapters/payments/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);

/** Registers `label.tld` through the cart, checkout and a card payment; answers our row and the registry's. */
async function register(tld: string, family: RegistryFamily) {
  const c = await newCustomer('lock');
  const s = servicesAt();
  const name = `${uniqueName('lock')}.${tld}`;
  const added = await s.cart.addDomain(c.owner, { name, action: 'register', uniqueId: null });
  if (!added.ok) throw new Error(`add ${added.code}`);
  const holder = await s.contacts.createContact(c.id, { firstName: 'Anna', lastName: 'Kappa', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  const updated = await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: holder, admin: holder, tech: holder, billing: holder }, nameservers: { mode: 'none' }, agree: true } }, null);
  expect(updated, JSON.stringify(updated)).toMatchObject({ ok: true });
  const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const pay = await servicesAt().orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
  if (!pay.ok) throw new Error('pay');
  const webhook = await decideSandboxSession(db, SANDBOX_WEBHOOK_SECRET, pay.redirectUrl.split('/').pop()!, 'approve', Date.now());
  await SELF.fetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': webhook.signature }, body: webhook.body });
  const [row] = await db.select().from(domains).where(eq(domains.asciiFqdn, name));
  const [held] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.name, name)));
  return { row: row!, held: held! };
}

describe('a newly registered name has the transfer lock on where its registry has one', () => {
  for (const [tld, family] of [
    ['gr', 'gr'],
    ['com', 'generic'],
    ['eu', 'eurid'],
  ] as const) {
    it(`.${tld} (${family})`, async () => {
      const { row, held } = await register(tld, family);
      expect(row.status).toBe('active');
      expect(lockNewName(family)).toBe(true);
      expect(row.locked).toBe(true);
      expect(held.statuses).toContain('clientTransferProhibited');
      // The registry answers it as locked, as the domain page's state and the back office's comparison read it.
      const info = await servicesAt().orders.registries()[family].info({ name: held.name, key: held.registryKey });
      expect(info.locked).toBe(true);
    });
  }
});
