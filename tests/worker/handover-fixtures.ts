// A held .gr for the handover tests: contacts in every role, a glue host and a nameserver group, at
// our side and at the sandbox registry (which names the holder's registrant, as a real one would).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domains, hosts, nameserverGroups, registryObjects } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;

/** A held .gr with contacts in every role, a glue host and a nameserver group, at our side and at the sandbox registry. */
export async function heldDomain(userId: number, patch: Partial<typeof domains.$inferInsert> = {}, where: { tld: string; registry: 'gr' | 'generic' | 'eurid' } = { tld: 'gr', registry: 'gr' }) {
  const label = uniqueName('onoma');
  const fqdn = `${label}.${where.tld}`;
  const t = new Date();
  const [group] = await db.insert(nameserverGroups).values({ userId, name: 'Ομάδα', nameservers: ['ns1.group.gr', 'ns2.group.gr'], createdAt: t }).returning();
  const [d] = await db
    .insert(domains)
    .values({
      userId, fqdn, asciiFqdn: fqdn, registryKey: fqdn, tld: where.tld, registry: where.registry, status: 'active', expiresAt: new Date(t.getTime() + 300 * DAY),
      nsMode: 'group', nsGroupId: group!.id, nameservers: group!.nameservers, createdAt: t, updatedAt: t, ...patch,
    })
    .returning();
  const person = { kind: 'individual' as const, firstName: 'Μαρία', lastName: 'Π', email: `m-${label}@example.gr`, phone: '+30.2101234567', address: 'Ερμού 10', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR', createdAt: t, updatedAt: t };
  await db.insert(registryObjects).values({ registry: where.registry, registryKey: fqdn, name: fqdn, sponsor: 'us', authCode: 'Old-Code-123#', registrant: { name: 'Μαρία Π', email: person.email, country: 'GR' }, nameservers: group!.nameservers, createdAt: t, updatedAt: t, expiresAt: d!.expiresAt });
  const [registrant] = await db.insert(contacts).values({ ...person, userId }).returning();
  const [tech] = await db.insert(contacts).values({ ...person, userId, kind: 'organisation', organisation: 'Τεχνική Ο.Ε.', vatNumber: '094014201', email: `t-${label}@example.gr` }).returning();
  await db.insert(domainContacts).values([
    { domainId: d!.id, role: 'registrant', contactId: registrant!.id, updatedAt: t },
    { domainId: d!.id, role: 'admin', contactId: registrant!.id, updatedAt: t },
    { domainId: d!.id, role: 'billing', contactId: registrant!.id, updatedAt: t },
    { domainId: d!.id, role: 'tech', contactId: tech!.id, updatedAt: t },
  ]);
  await db.insert(hosts).values({ userId, domainId: d!.id, name: `ns1.${fqdn}`, ips: ['192.0.2.1'], createdAt: t, updatedAt: t });
  return { domain: d!, fqdn, registrantId: registrant!.id, techId: tech!.id, groupId: group!.id };
}


/** A contact of the recipient's own, ready for every registry (an organisation with its ΑΦΜ and Latin names). */
export async function ownContact(userId: number, name = 'Νέα Κάτοχος Α.Ε.') {
  const t = new Date();
  const [c] = await db
    .insert(contacts)
    .values({
      userId, kind: 'organisation', organisation: name, vatNumber: '094014201', firstName: 'Ελένη', lastName: 'Νέα', firstNameInt: 'Eleni', lastNameInt: 'Nea',
      email: `own-${uniqueName('c')}@example.gr`, phone: '+30.2101234567', address: 'Σταδίου 5', city: 'Αθήνα', postcode: '10562', countryIso2: 'GR', createdAt: t, updatedAt: t,
    })
    .returning();
  return c!;
}

/**
 * The recipient accepts with a contact of their own as registrant (and every other role) and the
 * registry's terms agreed: `contactId`, or their 'Νέα Κάτοχος Α.Ε.' made once by ownContact.
 */
export async function acceptAsOwn(toId: number, handoverId: number, o: { contactId?: number; at?: number } = {}) {
  const [existing] = o.contactId ? [{ id: o.contactId }] : await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.userId, toId), eq(contacts.organisation, 'Νέα Κάτοχος Α.Ε.'))).limit(1);
  const registrant = existing?.id ?? (await ownContact(toId)).id;
  return servicesAt(o.at).handovers.accept(toId, handoverId, { roles: { registrant }, agree: true });
}
