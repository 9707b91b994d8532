// Issue #19 §2 inside workerd: an accepted offer copies none of the holder's contacts (the recipient
// names their own for the registry's roles), and a .gr (with its .ελ) changes hands with the change of
// registrant at the registry: a trade line priced from the catalog in the recipient's cart, and no EPP
// code for anyone while the registry still names the old holder (decision 043).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domains, registryMessages, registryObjects } from '../../db/schema';
import { newCustomer, servicesAt } from './customers';
import { heldDomain, ownContact } from './handover-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;

const offer = (userId: number, name: string, email: string) => servicesAt().handovers.offer(userId, name, { email, lang: 'el', origin: 'http://localhost' });
const codesSent = async (name: string) => db.select().from(registryMessages).where(and(eq(registryMessages.name, name), eq(registryMessages.type, 'auth_code_sent')));
const registryRow = async (registry: 'gr' | 'generic' | 'eurid', key: string) => (await db.select().from(registryObjects).where(and(eq(registryObjects.registry, registry), eq(registryObjects.registryKey, key))))[0]!;

describe("the holder's contacts stay the holder's", () => {
  it("the recipient names their own contacts; none of the holder's is copied or referenced", async () => {
    const from = await newCustomer('keeps');
    const to = await newCustomer('chooses');
    const { domain, fqdn, registrantId, techId } = await heldDomain(from.id, {}, { tld: 'com', registry: 'generic' });
    const mine = await ownContact(to.id);
    const tech = await ownContact(to.id, 'Τεχνικοί Α.Ε.');
    const o = await offer(from.id, fqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    const s = servicesAt();
    // No registrant, the holder's contact, or nothing of one's own: refused, nothing moves.
    expect(await s.handovers.accept(to.id, o.id, { roles: {} })).toMatchObject({ ok: false, reason: 'registrant_required', code: ErrorCode.VALIDATION_ERROR });
    expect(await s.handovers.accept(to.id, o.id, { roles: { registrant: registrantId } })).toMatchObject({ ok: false, reason: 'contact_not_ready', field: 'registrant' });
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(from.id);

    expect(await s.handovers.accept(to.id, o.id, { roles: { registrant: mine.id, tech: tech.id } })).toMatchObject({ ok: true });
    const roles = await db.select().from(domainContacts).where(eq(domainContacts.domainId, domain.id));
    expect(Object.fromEntries(roles.map((r) => [r.role, r.contactId]))).toEqual({ registrant: mine.id, admin: mine.id, tech: tech.id, billing: mine.id });
    // Nothing of the holder's crossed over: the recipient has exactly the two contacts they made.
    expect((await db.select().from(contacts).where(eq(contacts.userId, to.id))).map((c) => c.id).sort()).toEqual([mine.id, tech.id].sort());
    expect((await db.select().from(contacts).where(eq(contacts.userId, from.id))).map((c) => c.id).sort()).toEqual([registrantId, techId].sort());
    // A gTLD gives its code to the registrar: the new holder can have it at once.
    expect(await servicesAt().myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: true });
  });
});

describe('where the registry changes the registrant for free', () => {
  it('a .eu names the new holder at the registry as it moves', async () => {
    const from = await newCustomer('euold');
    const to = await newCustomer('eunew');
    const { fqdn } = await heldDomain(from.id, {}, { tld: 'eu', registry: 'eurid' });
    const mine = await ownContact(to.id);
    const o = await offer(from.id, fqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    expect(await servicesAt().handovers.accept(to.id, o.id, { roles: { registrant: mine.id } })).toMatchObject({ ok: true, trades: [] });
    expect((await registryRow('eurid', fqdn)).registrant).toMatchObject({ organisation: mine.organisation, email: mine.email });
    expect(await servicesAt().myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: true });
  });
});

describe('a .gr changes hands with the change of registrant at the registry', () => {
  it('no EPP code for the old holder or the new one until the trade has run; then the new holder gets it', async () => {
    const from = await newCustomer('grold');
    const to = await newCustomer('grnew');
    const { domain, fqdn } = await heldDomain(from.id);
    const oldRegistrant = (await registryRow('gr', fqdn)).registrant;
    const mine = await ownContact(to.id);
    // The holder is told the price of the change of holder before offering.
    const page = await servicesAt().handovers.ownership(from.id, fqdn);
    expect(page?.handoverTrade).toMatchObject({ needed: true });
    const o = await offer(from.id, fqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    // The recipient accepts the registry's terms for the change of holder, or nothing moves.
    expect(await servicesAt().handovers.accept(to.id, o.id, { roles: { registrant: mine.id } })).toMatchObject({ ok: false, reason: 'terms_required' });
    const accepted = await servicesAt().handovers.accept(to.id, o.id, { roles: { registrant: mine.id }, agree: true });
    expect(accepted).toMatchObject({ ok: true, trades: [fqdn] });
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(to.id);
    // The trade is a priced line in the recipient's cart, naming their contact.
    const owner = { room: `u-${to.id}`, userId: to.id };
    const items = await servicesAt().cart.items(owner);
    expect(items).toMatchObject([{ action: 'trade', asciiName: fqdn, config: { contacts: { registrant: mine.id }, agree: true } }]);
    const view = await servicesAt().cart.view(owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines[0]!.price?.totalCents).toBeGreaterThan(0);

    // The registry still names the old holder, and the code the old holder may know is dead.
    const atRegistry = await registryRow('gr', fqdn);
    expect(atRegistry.registrant).toEqual(oldRegistrant);
    expect(atRegistry.authCode).not.toBe('Old-Code-123#');
    // Neither side can have the code sent (it would reach the old holder's address).
    expect(await servicesAt().myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: false, reason: 'registrant_change_pending' });
    expect(await servicesAt().myDomains.authCode(from.id, fqdn)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST });
    expect(await codesSent(fqdn)).toEqual([]);
    expect((await servicesAt().handovers.ownership(to.id, fqdn))?.registrantChangePending).toBe(true);

    // The trade is paid and runs: the registry names the new holder, who may now ask for the code.
    const profile = await servicesAt().orders.createBillingProfile(to.id, { type: 'REC', name: 'Ελένη Ν', address: 'Σταδίου 5', city: 'Αθήνα', postcode: '10562', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await servicesAt().orders.placeOrder(owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`order refused ${placed.code}`);
    expect(await servicesAt().myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: false, reason: 'registrant_change_pending' });
    await servicesAt(Date.now() + 1000).orders.markPaid(placed.orderId);
    expect((await registryRow('gr', fqdn)).registrant).toMatchObject({ organisation: mine.organisation });
    expect(await servicesAt(Date.now() + 2000).myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: true, code: ErrorCode.DOMAIN_AUTHORIZATION_CODE_SENT });
    expect(await codesSent(fqdn)).toHaveLength(1);
    expect((await servicesAt(Date.now() + 2000).handovers.ownership(to.id, fqdn))?.registrantChangePending).toBe(false);
  });

  it('its .ελ moves with it and is withheld the same way, with a trade line of its own', async () => {
    const from = await newCustomer('elold');
    const to = await newCustomer('elnew');
    const greek = 'αβγδεζηθικλμνξοπρστυφχψω';
    // Ends in a fixed letter: a random final σ would be read as ς (another name) by the cart's parser.
    const label = `ταβέρνα${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => greek[b % greek.length]).join('')}ι`;
    const t = new Date();
    const make = async (tld: 'gr' | 'ελ') => {
      const [d] = await db
        .insert(domains)
        .values({ userId: from.id, fqdn: `${label}.${tld}`, asciiFqdn: asciiFqdnFor(label, tld), registryKey: registryKeyFor(label, tld), tld, registry: 'gr', status: 'active', expiresAt: new Date(t.getTime() + 300 * DAY), createdAt: t, updatedAt: t })
        .returning();
      await db.insert(registryObjects).values({ registry: 'gr', registryKey: d!.registryKey, name: d!.asciiFqdn, sponsor: 'us', registrant: { name: 'Παλιός Κάτοχος' }, createdAt: t, updatedAt: t, expiresAt: d!.expiresAt });
      return d!;
    };
    const gr = await make('gr');
    const el = await make('ελ');
    const mine = await ownContact(to.id);
    const o = await offer(from.id, gr.asciiFqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    expect(await servicesAt().handovers.accept(to.id, o.id, { roles: { registrant: mine.id }, agree: true })).toMatchObject({ ok: true, alsoMoved: [el.fqdn], trades: [gr.fqdn, el.fqdn] });
    expect((await servicesAt().cart.items({ room: `u-${to.id}`, userId: to.id })).map((i) => [i.action, i.asciiName])).toEqual([
      ['trade', gr.asciiFqdn],
      ['trade', el.asciiFqdn],
    ]);
    for (const d of [gr, el]) expect(await servicesAt().myDomains.authCode(to.id, d.asciiFqdn), d.fqdn).toMatchObject({ ok: false, reason: 'registrant_change_pending' });
    expect(await codesSent(el.asciiFqdn)).toEqual([]);
  });
});
