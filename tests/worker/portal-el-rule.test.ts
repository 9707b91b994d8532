// Spec §5 '.ελ domains': "the matching .gr domain must be in the user's account". The search marks such
// names, but the cart and the order must refuse them too: a hand-made POST must not buy a .ελ whose
// .gr is someone else's (or nobody's here). 30019 invalid_domain_cant_be_registered.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { createDb } from '../../db/client';
import { domains } from '../../db/schema';
import { newCustomer, servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
/** A Greek-only label no other test uses: the clock and a counter written in Greek letters. */
let n = 0;
const greekLabel = () => `σπίτι${[...`${Date.now().toString(24)}${(n++).toString(24)}`].map((ch) => 'αβγδεζηθικλμνξοπρστυφχψω'[parseInt(ch, 24)]).join('')}`;

async function holdGr(userId: number, label: string) {
  const [row] = await db
    .insert(domains)
    .values({ userId, fqdn: `${label}.gr`, asciiFqdn: asciiFqdnFor(label, 'gr'), registryKey: registryKeyFor(label, 'gr'), tld: 'gr', registry: 'gr', expiresAt: new Date(Date.now() + 300 * 86_400_000), createdAt: new Date(), updatedAt: new Date() })
    .returning();
  return row!;
}

describe('a .ελ needs its .gr in the account', () => {
  it('the cart refuses a .ελ whose .gr the customer does not hold, and a guest’s', async () => {
    const c = await newCustomer('el');
    const label = greekLabel();
    expect(await servicesAt().cart.addDomain(c.owner, { name: `${label}.ελ`, action: 'register', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED });
    expect(await servicesAt().cart.addDomain({ room: `g-${uniqueName('guest')}`, userId: null }, { name: `${label}.ελ`, action: 'register', uniqueId: null })).toMatchObject({
      ok: false,
      code: ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED,
    });
    // Another customer's .gr does not count.
    const other = await newCustomer('elother');
    await holdGr(other.id, label);
    expect(await servicesAt().cart.addDomain(c.owner, { name: `${label}.ελ`, action: 'register', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED });
    expect(await servicesAt().cart.items(c.owner)).toHaveLength(0);
  });

  it('the holder of the .gr may add it; the order refuses it again if the .gr has left the account since', async () => {
    const c = await newCustomer('elok');
    const label = greekLabel();
    const gr = await holdGr(c.id, label);
    const added = await servicesAt().cart.addDomain(c.owner, { name: `${label}.ελ`, action: 'register', uniqueId: null });
    expect(added).toMatchObject({ ok: true });
    // The .gr moves to another account before checkout.
    const other = await newCustomer('elnew');
    await db.update(domains).set({ userId: other.id }).where(eq(domains.id, gr.id));
    const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const contact = await servicesAt().contacts.createContact(c.id, { firstName: 'Άννα', lastName: 'Κ', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!added.ok) throw new Error('add');
    await servicesAt().cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: contact, admin: contact, tech: contact, billing: contact }, nameservers: { mode: 'none' }, agree: true } }, null);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    expect(placed).toMatchObject({ ok: false, code: ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED });
    // Nothing is lost: the line stays in the cart.
    expect(await servicesAt().cart.items(c.owner)).toHaveLength(1);
  });
});
