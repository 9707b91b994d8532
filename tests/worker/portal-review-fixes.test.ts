// Holes a review of issue #12 found, each shown by a test before its fix.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domains, registryObjects, registrySettings } from '../../db/schema';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { acceptAsOwn } from './handover-fixtures';

const db = createDb(env.DB);
const DAY = 86_400_000;

/** A name the customer holds, here and at the sandbox registry (sponsored by us, code known). */
async function held(userId: number, tld: 'com' | 'gr', o: { status?: 'active' | 'cancelled' | 'redemption'; label?: string } = {}) {
  const label = o.label ?? uniqueName('rv');
  const registry = tld === 'gr' ? 'gr' : 'generic';
  const t = new Date();
  const [d] = await db
    .insert(domains)
    .values({ userId, fqdn: `${label}.${tld}`, asciiFqdn: asciiFqdnFor(label, tld), registryKey: registryKeyFor(label, tld), tld, registry, status: o.status ?? 'active', expiresAt: new Date(t.getTime() + 300 * DAY), createdAt: t, updatedAt: t })
    .returning();
  await db.insert(registryObjects).values({ registry, registryKey: registryKeyFor(label, tld), name: asciiFqdnFor(label, tld), sponsor: 'us', authCode: 'Old-Code-123#', nameservers: ['ns1.example.net', 'ns2.example.net'], createdAt: t, updatedAt: t, expiresAt: d!.expiresAt });
  return d!;
}

const codeAtRegistry = async (d: { registry: 'gr' | 'generic' | 'eurid' | 'icm'; registryKey: string }) =>
  (await db.select({ code: registryObjects.authCode }).from(registryObjects).where(and(eq(registryObjects.registry, d.registry), eq(registryObjects.registryKey, d.registryKey))))[0]!.code;

async function setFailing(family: 'gr' | 'generic', failing: boolean) {
  await db.update(registrySettings).set({ failing }).where(eq(registrySettings.registry, family));
}

describe('an internal transfer takes the old holder’s way out with it', () => {
  it('the auth code the old holder may know is replaced at the registry when the new holder accepts', async () => {
    const from = await newCustomer('rvfrom');
    const to = await newCustomer('rvto');
    const d = await held(from.id, 'com');
    const offered = await servicesAt().handovers.offer(from.id, d.asciiFqdn, { email: to.email, lang: 'el', origin: 'http://localhost' });
    if (!offered.ok) throw new Error(`offer ${offered.code}`);
    expect(await acceptAsOwn(to.id, offered.id)).toMatchObject({ ok: true });
    expect(await codeAtRegistry(d)).not.toBe('Old-Code-123#');
  });

  it('when the registry cannot replace it, nothing moves and the offer stays open', async () => {
    const from = await newCustomer('rvfrom2');
    const to = await newCustomer('rvto2');
    const d = await held(from.id, 'com');
    const offered = await servicesAt().handovers.offer(from.id, d.asciiFqdn, { email: to.email, lang: 'el', origin: 'http://localhost' });
    if (!offered.ok) throw new Error(`offer ${offered.code}`);
    await setFailing('generic', true);
    try {
      expect(await acceptAsOwn(to.id, offered.id)).toMatchObject({ ok: false, reason: 'registry_failed' });
    } finally {
      await setFailing('generic', false);
    }
    const [after] = await db.select().from(domains).where(eq(domains.id, d.id));
    expect(after!.userId).toBe(from.id);
    expect(await codeAtRegistry(d)).toBe('Old-Code-123#');
    // Once the registry answers again, the same offer can be accepted.
    expect(await acceptAsOwn(to.id, offered.id)).toMatchObject({ ok: true });
  });
});

describe('a trade names its new registrant', () => {
  it('the cart refuses a trade without one (a hand-made POST), and a trade line without one is not ready', async () => {
    const c = await newCustomer('rvtrade');
    const d = await held(c.id, 'com');
    expect(await servicesAt().cart.addDomain(c.owner, { name: d.fqdn, action: 'trade', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
    expect(await servicesAt().cart.items(c.owner)).toHaveLength(0);
  });
});

describe('the .ελ rule counts only .gr names really held', () => {
  it('a cancelled (rejected transfer) .gr does not let its .ελ in', async () => {
    const c = await newCustomer('rvel');
    const label = `λέξη${[...Date.now().toString(24)].map((ch) => 'αβγδεζηθικλμνξοπρστυφχψω'[parseInt(ch, 24)]).join('')}`;
    await held(c.id, 'gr', { status: 'cancelled', label });
    expect(await servicesAt().cart.addDomain(c.owner, { name: `${label}.ελ`, action: 'register', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED });
  });
});

describe('a contact’s edit reaches only its owner’s names', () => {
  it('a stale role row on a name another customer now holds is not pushed to that name at the registry', async () => {
    const a = await newCustomer('rvold');
    const b = await newCustomer('rvnew');
    const d = await held(b.id, 'com');
    const t = new Date();
    const [mine] = await db
      .insert(contacts)
      .values({ userId: a.id, firstName: 'Maria', lastName: 'Old', email: 'old@example.gr', phone: '+30.2101234567', address: 'Odos 1', city: 'Athina', postcode: '10563', countryIso2: 'GR', createdAt: t, updatedAt: t })
      .returning();
    await db.insert(domainContacts).values({ domainId: d.id, role: 'registrant', contactId: mine!.id, updatedAt: t });
    await db.update(registryObjects).set({ registrant: { name: 'B Holder', email: 'b@example.gr' } }).where(and(eq(registryObjects.registry, 'generic'), eq(registryObjects.registryKey, d.registryKey)));
    await servicesAt().domainContacts.update(a.id, mine!.id, { kind: 'individual', firstName: 'Maria', lastName: 'Old', firstNameInt: null, lastNameInt: null, organisation: null, vatNumber: null, email: 'changed@example.gr', phone: '+30.2101234567', address: 'Odos 1', city: 'Athina', postcode: '10563', countryIso2: 'GR' }, null);
    const [obj] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'generic'), eq(registryObjects.registryKey, d.registryKey)));
    expect(obj!.registrant).toMatchObject({ name: 'B Holder', email: 'b@example.gr' });
  });
});

describe('the .ελ that goes with its .gr is inspected too', () => {
  it('a locked .ελ keeps its .gr from being offered (it would move with it)', async () => {
    const from = await newCustomer('rvsib');
    const to = await newCustomer('rvsib2');
    const label = `ταβέρνα${[...Date.now().toString(24)].map((ch) => 'αβγδεζηθικλμνξοπρστυφχψω'[parseInt(ch, 24)]).join('')}`;
    const gr = await held(from.id, 'gr', { label });
    const t = new Date();
    const [el] = await db
      .insert(domains)
      .values({ userId: from.id, fqdn: `${label}.ελ`, asciiFqdn: asciiFqdnFor(label, 'ελ'), registryKey: registryKeyFor(label, 'ελ'), tld: 'ελ', registry: 'gr', status: 'active', locked: true, expiresAt: new Date(t.getTime() + 300 * DAY), createdAt: t, updatedAt: t })
      .returning();
    const offer = () => servicesAt().handovers.offer(from.id, gr.asciiFqdn, { email: to.email, lang: 'el', origin: 'http://localhost' });
    expect(await offer()).toMatchObject({ ok: false, reason: 'locked' });
    await db.update(domains).set({ locked: false }).where(eq(domains.id, el!.id));
    expect(await offer()).toMatchObject({ ok: true });
  });
});

describe('a stand-alone ID protect line is checked at checkout', () => {
  it('a hand-made line for a .gr (not applicable) or for a name the customer does not hold is refused', async () => {
    const c = await newCustomer('rvidp');
    const gr = await held(c.id, 'gr');
    const stranger = await newCustomer('rvidp2');
    const theirs = await held(stranger.id, 'com');
    const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    for (const domain of [gr.asciiFqdn, theirs.asciiFqdn]) {
      const added = await servicesAt().cart.addProduct(c.owner, { sku: 'id_protect', config: { domain }, uniqueId: null });
      expect(added).toMatchObject({ ok: true });
      const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
      expect(placed).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
      if (added.ok) await servicesAt().cart.remove(c.owner, added.items[0]!.id, null);
    }
  });
});
