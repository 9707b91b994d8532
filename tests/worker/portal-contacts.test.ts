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
import type { ContactColumns } from '../../worker/services/domain-contacts';
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
