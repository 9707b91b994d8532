// Issue #12 §4: contact profiles and the roles they hold per domain, through the sandbox registries
// (every rule and code of spec §6/§8: 7502, 7503, 7510, 7511, 7530, 32100, 32101, 32103, 32104), and
// the portal pages with and without a session.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryFamily } from '../../core/catalog';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domains, registryObjects } from '../../db/schema';
import type { ContactColumns } from '../../worker/services/contacts';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);

const MARIA: ContactColumns = {
  kind: 'individual',
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  firstNameInt: 'Maria',
  lastNameInt: 'Papadopoulou',
  organisation: null,
  vatNumber: null,
  email: 'maria@example.gr',
  phone: '+30.2101234567',
  address: 'Ερμού 10',
  city: 'Αθήνα',
  postcode: '10563',
  countryIso2: 'GR',
};
const NIKOS: ContactColumns = { ...MARIA, firstName: 'Νίκος', lastName: 'Τεχνικός', firstNameInt: 'Nikos', lastNameInt: 'Technikos', email: 'nikos@example.gr' };

const TLD: Record<RegistryFamily, string> = { gr: 'gr', eurid: 'eu', icm: 'xxx', generic: 'com' };

/** A name the customer holds, registered with us at the sandbox registry, with every role of that registry held by `holder`. */
async function holdDomain(userId: number, family: RegistryFamily, holder: number) {
  const name = `${uniqueName('c')}.${TLD[family]}`;
  const now = new Date();
  const expires = new Date(Date.now() + 365 * 86_400_000);
  await db.insert(registryObjects).values({ registry: family, registryKey: name, name, sponsor: 'us', registrant: { name: 'Μαρία Παπαδοπούλου' }, createdAt: now, updatedAt: now, expiresAt: expires });
  const [d] = await db
    .insert(domains)
    .values({ userId, fqdn: name, asciiFqdn: name, registryKey: name, tld: TLD[family], registry: family, expiresAt: expires, createdAt: now, updatedAt: now })
    .returning();
  const roles = family === 'eurid' ? (['registrant', 'tech'] as const) : (['registrant', 'admin', 'tech', 'billing'] as const);
  for (const role of roles) await db.insert(domainContacts).values({ domainId: d!.id, role, contactId: holder, updatedAt: now });
  return d!;
}

async function registrantAt(family: RegistryFamily, name: string) {
  const [o] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.registryKey, name)));
  return o!.registrant;
}

/** The role contacts the sandbox registry holds for a name (admin, tech, billing: handle and data). */
async function registryRolesAt(family: RegistryFamily, name: string) {
  const [o] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.registryKey, name)));
  return o!.contacts as Partial<Record<'admin' | 'tech' | 'billing', { handle: string; name?: string; email?: string }>>;
}

async function holderOf(domainId: number, role: 'registrant' | 'admin' | 'tech' | 'billing') {
  const [r] = await db.select().from(domainContacts).where(and(eq(domainContacts.domainId, domainId), eq(domainContacts.role, role)));
  return r?.contactId ?? null;
}

async function customerWithContacts(prefix: string) {
  const c = await newCustomer(prefix);
  const s = servicesAt();
  const maria = await s.domainContacts.create(c.id, MARIA, null);
  const nikos = await s.domainContacts.create(c.id, NIKOS, null);
  if (!maria.ok || !nikos.ok) throw new Error('create failed');
  return { ...c, maria: maria.id, nikos: nikos.id };
}

afterEach(async () => {
  for (const f of ['gr', 'eurid', 'icm', 'generic'] as const) await servicesAt().domains.setSandboxSwitches(f, { failing: false, maintenance: false });
});

describe('contact profiles (service)', () => {
  it('lists readiness per family, the incomplete flag and the names a contact serves', async () => {
    const c = await customerWithContacts('cl');
    const d = await holdDomain(c.id, 'gr', c.maria);
    const [incomplete] = await db.insert(contacts).values({ ...MARIA, firstNameInt: null, lastNameInt: null, postcode: '', incomplete: true, userId: c.id, createdAt: new Date(), updatedAt: new Date() }).returning();
    const list = await servicesAt().domainContacts.list(c.id);
    const maria = list.find((x) => x.id === c.maria)!;
    expect(maria.ready).toEqual({ gr_ready: 1, eurid_ready: 1, icm_ready: 1, generic_ready: 1 });
    expect(maria.domains).toEqual([d.fqdn]);
    const inc = list.find((x) => x.id === incomplete!.id)!;
    expect(inc.incomplete).toBe(true);
    expect(inc.ready.gr_ready).toBe(0);
    expect(inc.reasons.gr).toEqual(['incomplete']);
  });

  it('7503 for another customer’s contact or a missing id; nothing changes', async () => {
    const a = await customerWithContacts('ca');
    const b = await newCustomer('cb');
    const s = servicesAt();
    expect(await s.domainContacts.get(b.id, a.maria)).toBeNull();
    expect(await s.domainContacts.update(b.id, a.maria, { ...MARIA, city: 'Πάτρα' }, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND });
    expect(await s.domainContacts.remove(b.id, a.maria, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND });
    expect(await s.domainContacts.update(a.id, 999_999, MARIA, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND });
    expect((await s.domainContacts.get(a.id, a.maria))!.row.city).toBe('Αθήνα');
  });

  it('7510 on save, 1005 when nothing changed, 7511 when a completion clears the incomplete flag', async () => {
    const c = await newCustomer('cu');
    const s = servicesAt();
    const [row] = await db.insert(contacts).values({ ...MARIA, postcode: '', incomplete: true, userId: c.id, createdAt: new Date(), updatedAt: new Date() }).returning();
    expect((await s.domainContacts.get(c.id, row!.id))!.ready.gr_ready).toBe(0);
    expect(await s.domainContacts.update(c.id, row!.id, MARIA, null)).toEqual({ ok: true, code: ErrorCode.CONTACT_PROFILE_COMPLETED });
    const after = (await s.domainContacts.get(c.id, row!.id))!;
    expect(after.incomplete).toBe(false);
    expect(after.ready.gr_ready).toBe(1);
    expect(await s.domainContacts.update(c.id, row!.id, MARIA, null)).toMatchObject({ ok: false, code: ErrorCode.NO_CHANGE });
    expect(await s.domainContacts.update(c.id, row!.id, { ...MARIA, phone: '+30.2100000000' }, null)).toEqual({ ok: true, code: ErrorCode.CONTACT_PROFILE_UPDATED });
  });

  it('editing a registrant updates the registry of each of its names', async () => {
    const c = await customerWithContacts('ce');
    const gr = await holdDomain(c.id, 'gr', c.maria);
    const com = await holdDomain(c.id, 'generic', c.maria);
    const r = await servicesAt().domainContacts.update(c.id, c.maria, { ...MARIA, email: 'new@example.gr' }, null);
    expect(r).toEqual({ ok: true, code: ErrorCode.CONTACT_PROFILE_UPDATED });
    expect(await registrantAt('gr', gr.asciiFqdn)).toMatchObject({ name: 'Μαρία Παπαδοπούλου', email: 'new@example.gr' });
    // A gTLD publishes Latin data: the Latin names go there.
    expect(await registrantAt('generic', com.asciiFqdn)).toMatchObject({ name: 'Maria Papadopoulou', email: 'new@example.gr' });
  });

  it('32103 when a registry fails mid-way: names the failing name, nothing changes on our side or at the other registry', async () => {
    const c = await customerWithContacts('cf');
    const gr = await holdDomain(c.id, 'gr', c.maria);
    const com = await holdDomain(c.id, 'generic', c.maria);
    const s = servicesAt();
    // The first registry accepts the new e-mail, then the second fails: the first gets the old one back.
    await s.domainContacts.update(c.id, c.maria, { ...MARIA, email: 'before@example.gr' }, null);
    await s.domains.setSandboxSwitches('generic', { failing: true });
    const r = await s.domainContacts.update(c.id, c.maria, { ...MARIA, email: 'after@example.gr' }, null);
    expect(r).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED, names: [com.fqdn] });
    expect((await s.domainContacts.get(c.id, c.maria))!.row.email).toBe('before@example.gr');
    expect(await registrantAt('gr', gr.asciiFqdn)).toMatchObject({ email: 'before@example.gr' });
  });

  it('32100: a new holder’s name on a .gr or gTLD registrant is a trade, with the ownership page', async () => {
    const c = await customerWithContacts('ct');
    const gr = await holdDomain(c.id, 'gr', c.maria);
    const r = await servicesAt().domainContacts.update(c.id, c.maria, { ...MARIA, lastName: 'Γεωργίου', lastNameInt: 'Georgiou' }, null);
    expect(r).toMatchObject({ ok: false, code: ErrorCode.CONTACT_UPDATE_CHARGEABLE, names: [gr.fqdn], link: `/account/domains/${gr.asciiFqdn}/ownership` });
    expect((await servicesAt().domainContacts.get(c.id, c.maria))!.row.lastName).toBe('Παπαδοπούλου');
  });

  it('7502: a contact holding a role cannot be deleted, and the refusal names the domains', async () => {
    const c = await customerWithContacts('cd');
    const d = await holdDomain(c.id, 'gr', c.maria);
    const s = servicesAt();
    expect(await s.domainContacts.remove(c.id, c.maria, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED, names: [d.fqdn] });
    expect(await s.domainContacts.get(c.id, c.maria)).not.toBeNull();
    expect(await s.domainContacts.remove(c.id, c.nikos, null)).toEqual({ ok: true });
    expect(await s.domainContacts.get(c.id, c.nikos)).toBeNull();
  });
});

describe('roles per domain (service)', () => {
  it('shows only the registry’s roles: EURid has registrant and tech', async () => {
    const c = await customerWithContacts('rr');
    const eu = await holdDomain(c.id, 'eurid', c.maria);
    const page = (await servicesAt().domainContacts.domainRoles(c.id, eu.asciiFqdn))!;
    expect(page.roles.map((r) => r.role)).toEqual(['registrant', 'tech']);
    expect(page.roles[0]).toMatchObject({ contactId: c.maria });
  });

  it('changes the tech contact at the registry, then on our side', async () => {
    const c = await customerWithContacts('rt');
    const d = await holdDomain(c.id, 'gr', c.maria);
    const r = await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'tech', c.nikos, null);
    expect(r).toEqual({ ok: true, code: ErrorCode.SUCCESS });
    expect(await holderOf(d.id, 'tech')).toBe(c.nikos);
    // The registry holds the new tech contact (issue #20 §4: it was stored on our side only).
    const tech = (await registryRolesAt('gr', d.asciiFqdn)).tech;
    expect(tech).toMatchObject({ name: 'Νίκος Τεχνικός', email: 'nikos@example.gr' });
    expect(tech!.handle).toMatch(/^[A-Za-z0-9-]{3,16}$/);
    // Admin and billing, each to its own contact object; a second change gives the role a new handle.
    expect(await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'admin', c.nikos, null)).toMatchObject({ ok: true });
    expect(await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'billing', c.nikos, null)).toMatchObject({ ok: true });
    expect(await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'tech', c.maria, null)).toMatchObject({ ok: true });
    const after = await registryRolesAt('gr', d.asciiFqdn);
    expect(after.admin).toMatchObject({ email: 'nikos@example.gr' });
    expect(after.billing).toMatchObject({ email: 'nikos@example.gr' });
    expect(after.tech).toMatchObject({ email: 'maria@example.gr' });
    expect(after.tech!.handle).not.toBe(tech!.handle);
  });

  it('a registry refusal of a role change changes nothing on our side', async () => {
    const c = await customerWithContacts('rf');
    const d = await holdDomain(c.id, 'generic', c.maria);
    await servicesAt().domains.setSandboxSwitches('generic', { failing: true });
    try {
      expect(await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'admin', c.nikos, null)).toMatchObject({ ok: false });
    } finally {
      await servicesAt().domains.setSandboxSwitches('generic', { failing: false });
    }
    expect(await holderOf(d.id, 'admin')).toBe(c.maria);
    expect((await registryRolesAt('generic', d.asciiFqdn)).admin).toBeUndefined();
  });

  it('7502 when a role would be left empty; 32101 for a role the registry does not have', async () => {
    const c = await customerWithContacts('re');
    const gr = await holdDomain(c.id, 'gr', c.maria);
    const eu = await holdDomain(c.id, 'eurid', c.maria);
    const s = servicesAt();
    expect(await s.domainContacts.changeRole(c.id, gr.asciiFqdn, 'tech', null, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED });
    expect(await s.domainContacts.changeRole(c.id, eu.asciiFqdn, 'admin', c.nikos, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE });
    expect(await holderOf(gr.id, 'tech')).toBe(c.maria);
    expect(await holderOf(eu.id, 'admin')).toBeNull();
  });

  it('32100 for a registrant change at .gr (a trade); EURid changes the holder at the registry for free', async () => {
    const c = await customerWithContacts('rg');
    const gr = await holdDomain(c.id, 'gr', c.maria);
    const eu = await holdDomain(c.id, 'eurid', c.maria);
    const s = servicesAt();
    expect(await s.domainContacts.changeRole(c.id, gr.asciiFqdn, 'registrant', c.nikos, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_UPDATE_CHARGEABLE, link: `/account/domains/${gr.asciiFqdn}/ownership` });
    expect(await holderOf(gr.id, 'registrant')).toBe(c.maria);
    expect(await s.domainContacts.changeRole(c.id, eu.asciiFqdn, 'registrant', c.nikos, null)).toMatchObject({ ok: true });
    expect(await registrantAt('eurid', eu.asciiFqdn)).toMatchObject({ name: 'Νίκος Τεχνικός' });
    expect(await holderOf(eu.id, 'registrant')).toBe(c.nikos);
  });

  it('32104 for a holder outside the EEA at EURid', async () => {
    const c = await customerWithContacts('ru');
    const eu = await holdDomain(c.id, 'eurid', c.maria);
    const us = await servicesAt().domainContacts.create(c.id, { ...NIKOS, countryIso2: 'US' }, null);
    expect(await servicesAt().domainContacts.changeRole(c.id, eu.asciiFqdn, 'tech', (us as { id: number }).id, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_NOT_IN_EU });
  });

  it('required_contact: an incomplete contact must be completed first; another customer’s is not found', async () => {
    const c = await customerWithContacts('ri');
    const d = await holdDomain(c.id, 'gr', c.maria);
    const [inc] = await db.insert(contacts).values({ ...NIKOS, incomplete: true, userId: c.id, createdAt: new Date(), updatedAt: new Date() }).returning();
    const other = await customerWithContacts('ro');
    const s = servicesAt();
    expect(await s.domainContacts.changeRole(c.id, d.asciiFqdn, 'tech', inc!.id, null)).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, message: 'CONTACT_PROFILES.MISSING' });
    expect(await s.domainContacts.changeRole(c.id, d.asciiFqdn, 'tech', other.nikos, null)).toMatchObject({ ok: false, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND });
    expect(await s.domainContacts.changeRole(other.id, d.asciiFqdn, 'tech', other.nikos, null)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST });
    expect(await holderOf(d.id, 'tech')).toBe(c.maria);
  });

  it('32103 when the registry fails: the role keeps its holder', async () => {
    const c = await customerWithContacts('rf');
    const d = await holdDomain(c.id, 'gr', c.maria);
    await servicesAt().domains.setSandboxSwitches('gr', { failing: true });
    expect(await servicesAt().domainContacts.changeRole(c.id, d.asciiFqdn, 'tech', c.nikos, null)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED, names: [d.fqdn] });
    expect(await holderOf(d.id, 'tech')).toBe(c.maria);
  });
});

describe('the cart’s contact picker', () => {
  it('refuses a contact not ready for the item’s registry, or an incomplete one', async () => {
    const c = await customerWithContacts('pk');
    const s = servicesAt();
    const added = await s.cart.addDomain(c.owner, { name: `${uniqueName('pick')}.com`, action: 'register', uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    const greekOnly = await s.domainContacts.create(c.id, { ...NIKOS, firstNameInt: null, lastNameInt: null }, null);
    const [inc] = await db.insert(contacts).values({ ...MARIA, incomplete: true, userId: c.id, createdAt: new Date(), updatedAt: new Date() }).returning();
    const id = added.items[0]!.id;
    expect(await s.cart.update(c.owner, id, { config: { contacts: { registrant: (greekOnly as { id: number }).id } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'contacts' });
    expect(await s.cart.update(c.owner, id, { config: { contacts: { registrant: inc!.id } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
    expect(await s.cart.update(c.owner, id, { config: { contacts: { registrant: c.maria } } }, null)).toMatchObject({ ok: true });
    const picker = await s.contacts.contacts(c.id);
    expect(picker.find((p) => p.id === inc!.id)).toMatchObject({ incomplete: true, ready: { gr_ready: 0 } });
  });

  it('explicit_contacts: a restore keeps the name’s contacts, lists only them and refuses others', async () => {
    const c = await customerWithContacts('px');
    const d = await holdDomain(c.id, 'gr', c.maria);
    await db.update(domains).set({ status: 'redemption' }).where(eq(domains.id, d.id));
    const s = servicesAt();
    const added = await s.cart.addDomain(c.owner, { name: d.fqdn, action: 'rgp_restore', uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    const item = added.items[0]!;
    expect(item.config.explicitContacts).toEqual([c.maria]);
    expect(item.config.contacts).toMatchObject({ registrant: c.maria, tech: c.maria });
    expect(await s.cart.update(c.owner, item.id, { config: { contacts: { tech: c.nikos } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
    // The configure form cannot set the list itself.
    expect(await s.cart.update(c.owner, item.id, { config: { explicitContacts: [c.nikos] } as never }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
  });
});

describe('the portal pages', () => {
  async function demo() {
    const b = new Browser();
    await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
    return b;
  }

  it('need a session', async () => {
    const b = new Browser();
    for (const path of ['/account/contacts', '/account/contacts/new', '/account/contacts/1', '/account/domains/kafeneio.gr/contacts']) {
      const res = await b.fetch(path);
      expect(res.status, path).toBeGreaterThanOrEqual(300);
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get('Location'), path).toContain('/auth/login');
    }
  });

  it('list the demo contacts with readiness and the incomplete one with “complete it”', async () => {
    const b = await demo();
    const { res, html } = await b.open('/account/contacts');
    expect(res.status).toBe(200);
    expect(html).toContain('Μαρία Παπαδοπούλου');
    expect(html).toContain('Γιώργος Νικολάου');
    expect(html).toMatch(/data-testid="contact-complete"/);
    expect(html).toContain('.gr / .ελ: όχι έτοιμη');
  });

  it('7503 for another customer’s contact; 30014 for a domain that is not theirs', async () => {
    const other = await customerWithContacts('po');
    const b = await demo();
    expect((await b.fetch(`/account/contacts/${other.maria}`)).status).toBe(404);
    expect((await b.fetch('/account/contacts/abc')).status).toBe(404);
    expect((await b.fetch('/account/domains/not-mine-at-all.gr/contacts')).status).toBe(404);
  });

  it('a form with a Latin name that is not the holder’s gets 7530 under the field, and nothing is saved', async () => {
    const b = await demo();
    const { token } = await b.open('/account/contacts/new');
    const res = await b.fetch(
      '/account/contacts/new',
      form({ _token: token, intent: 'create', kind: 'individual', first_name: 'Μαρία', last_name: 'Λάμπρου', first_name_int_ind: 'Maria', last_name_int_ind: 'Smith', email: 'ml@example.gr', phone: '+30.2101111111', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Για ιδιώτες, το ονοματεπώνυμο πρέπει να είναι ίδιο με αυτό του κατόχου.');
    expect(html).toContain('value="Smith"');
    expect(html).not.toContain('ml@example.gr</');
  });

  it('the roles page shows the registry’s roles and changes the tech contact without JavaScript', async () => {
    const b = await demo();
    const { html, token } = await b.open('/account/domains/kafeneio.gr/contacts');
    for (const role of ['registrant', 'admin', 'tech', 'billing']) expect(html).toContain(`data-testid="role-${role}"`);
    const list = await servicesAt().domainContacts.list((await b.fetch('/account/contacts'), await demoId()));
    const maria = list.find((c) => c.email === 'demo@example.gr')!;
    const res = await b.fetch('/account/domains/kafeneio.gr/contacts', form({ _token: token, intent: 'change_role', role: 'tech', contact_id: String(maria.id) }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Η επαφή του ρόλου άλλαξε.');
    const [d] = await db.select().from(domains).where(eq(domains.asciiFqdn, 'kafeneio.gr'));
    expect(await holderOf(d!.id, 'tech')).toBe(maria.id);
    // Emptying a role: 7502, and the holder stays.
    const empty = await b.fetch('/account/domains/kafeneio.gr/contacts', form({ _token: token, intent: 'change_role', role: 'tech', contact_id: '' }));
    expect(empty.status).toBe(403);
    expect(await empty.text()).toContain('Οι ρόλοι επαφών δεν μπορούν να διαγραφούν.');
    expect(await holderOf(d!.id, 'tech')).toBe(maria.id);
  });

  it('deleting a contact that holds roles is refused with the names (7502)', async () => {
    const b = await demo();
    const { token } = await b.open('/account/contacts');
    const maria = (await servicesAt().domainContacts.list(await demoId())).find((c) => c.email === 'demo@example.gr')!;
    const res = await b.fetch('/account/contacts', form({ _token: token, intent: 'delete', id: String(maria.id) }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('kafeneio.gr');
    expect(await servicesAt().domainContacts.get(await demoId(), maria.id)).not.toBeNull();
  });
});

async function demoId() {
  const { users } = await import('../../db/schema');
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.gr'));
  return u!.id;
}
