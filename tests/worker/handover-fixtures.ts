// A held .gr for the handover tests: contacts in every role, a glue host and a nameserver group, at
// our side and at the sandbox registry (which names the holder's registrant, as a real one would).
import { env } from 'cloudflare:workers';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domains, hosts, nameserverGroups, registryObjects } from '../../db/schema';
import { uniqueName } from './customers';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;

/** A held .gr with contacts in every role, a glue host and a nameserver group, at our side and at the sandbox registry. */
export async function heldDomain(userId: number, patch: Partial<typeof domains.$inferInsert> = {}) {
  const label = uniqueName('onoma');
  const fqdn = `${label}.gr`;
  const t = new Date();
  const [group] = await db.insert(nameserverGroups).values({ userId, name: 'Ομάδα', nameservers: ['ns1.group.gr', 'ns2.group.gr'], createdAt: t }).returning();
  const [d] = await db
    .insert(domains)
    .values({
      userId, fqdn, asciiFqdn: fqdn, registryKey: fqdn, tld: 'gr', registry: 'gr', status: 'active', expiresAt: new Date(t.getTime() + 300 * DAY),
      nsMode: 'group', nsGroupId: group!.id, nameservers: group!.nameservers, createdAt: t, updatedAt: t, ...patch,
    })
    .returning();
  const person = { kind: 'individual' as const, firstName: 'Μαρία', lastName: 'Π', email: `m-${label}@example.gr`, phone: '+30.2101234567', address: 'Ερμού 10', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR', createdAt: t, updatedAt: t };
  await db.insert(registryObjects).values({ registry: 'gr', registryKey: fqdn, name: fqdn, sponsor: 'us', authCode: 'Old-Code-123#', registrant: { name: 'Μαρία Π', email: person.email, country: 'GR' }, nameservers: group!.nameservers, createdAt: t, updatedAt: t, expiresAt: d!.expiresAt });
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

