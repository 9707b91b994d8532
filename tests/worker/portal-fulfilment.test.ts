// What fulfilment leaves for the portal (issue #12, decision 031): a name registered from the cart
// arrives manageable, with the delegation the customer chose (IDN nameservers in ASCII, as registries
// take them), the contact of each role, and the group it follows.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domainContacts, domains, registryObjects } from '../../db/schema';
import { decideSandboxSession } from '../../worker/adapters/payments/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);

/** A .gr in the cart with the given nameserver choice and one contact per role, paid by card. */
async function buyGr(nameservers: Record<string, unknown>, setup?: (userId: number) => Promise<Record<string, unknown>>) {
  const c = await newCustomer('ful');
  const s = servicesAt();
  const name = `${uniqueName('portal')}.gr`;
  const added = await s.cart.addDomain(c.owner, { name, action: 'register', uniqueId: null });
  if (!added.ok) throw new Error(`add ${added.code}`);
  const holder = await s.contacts.createContact(c.id, { firstName: 'Άννα', lastName: 'Κ', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  const tech = await s.contacts.createContact(c.id, { firstName: 'Νίκος', lastName: 'Τ', email: 't@example.gr', phone: '+306900000001', address: 'Οδός 2', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  const extra = setup ? await setup(c.id) : {};
  const updated = await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: holder, admin: holder, tech, billing: holder }, nameservers: { ...nameservers, ...extra } as never, agree: true } }, null);
  expect(updated.ok).toBe(true);
  const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const pay = await servicesAt().orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
  if (!pay.ok) throw new Error('pay');
  const webhook = await decideSandboxSession(db, SANDBOX_WEBHOOK_SECRET, pay.redirectUrl.split('/').pop()!, 'approve', Date.now());
  await SELF.fetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': webhook.signature }, body: webhook.body });
  const [row] = await db.select().from(domains).where(eq(domains.asciiFqdn, name));
  return { c, name, row: row!, holder, tech };
}

describe('a name bought in the cart arrives manageable in the portal', () => {
  it('custom IDN nameservers reach the registry and our row in ASCII; every role holds the chosen contact', async () => {
    const { row, name, holder, tech } = await buyGr({ mode: 'custom', list: ['ns1.δοκιμή.com', 'NS2.example.net'] });
    expect(row).toMatchObject({ status: 'active', nsMode: 'custom', nsGroupId: null, nameservers: ['ns1.xn--jxalpdlp.com', 'ns2.example.net'] });
    const [held] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'gr'), eq(registryObjects.name, name)));
    expect(held!.nameservers).toEqual(['ns1.xn--jxalpdlp.com', 'ns2.example.net']);
    const roles = await db.select().from(domainContacts).where(eq(domainContacts.domainId, row.id));
    expect(Object.fromEntries(roles.map((r) => [r.role, r.contactId]))).toEqual({ registrant: holder, admin: holder, tech, billing: holder });
  });

  it('a group choice is remembered as the group the name follows; no choice is the registrar default', async () => {
    const grouped = await buyGr({ mode: 'group' }, async (userId) => ({ groupId: await servicesAt().contacts.createNameserverGroup(userId, 'Γραφείο', ['ns1.office.gr', 'ns2.office.gr']) }));
    expect(grouped.row).toMatchObject({ nsMode: 'group', nameservers: ['ns1.office.gr', 'ns2.office.gr'] });
    expect(grouped.row.nsGroupId).toBeGreaterThan(0);
    const plain = await buyGr({ mode: 'none' });
    expect(plain.row).toMatchObject({ nsMode: 'default', nsGroupId: null, nameservers: ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'] });
  });
});
