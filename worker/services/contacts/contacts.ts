// Domain contacts and nameserver groups of a customer (spec §3 Contact profile, Nameserver group): the
// cart's domain configuration picks from them, and whatever a request names must be the customer's own.
import { and, eq, inArray } from 'drizzle-orm';
import { readiness } from '../../../core/cart/contacts';
import { needsCompletion, readinessDetail } from '../../../core/contacts/readiness';
import { readInChunks } from '../../../db/in-chunks';
import { contacts, domainContacts, nameserverGroups } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createFirstDetails } from './first-details';

export function createContactService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    // The first contact and billing profile offered filled in (issue #25 §4).
    ...createFirstDetails(deps),
    /** The customer's contacts with their readiness per registry (spec §3 '{registry}_ready'). */
    async contacts(userId: number) {
      const rows = await db.select().from(contacts).where(eq(contacts.userId, userId));
      // `incomplete` and `reasons` let the picker disable a contact with the reason and link to completing it.
      return rows.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), organisation: c.organisation, email: c.email, ready: readiness(c), incomplete: needsCompletion(c), reasons: readinessDetail(c) }));
    },

    async createContact(userId: number, input: Omit<typeof contacts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>) {
      const [row] = await db.insert(contacts).values({ ...input, userId, createdAt: now, updatedAt: now }).returning({ id: contacts.id });
      return row!.id;
    },

    /** Who holds each role of one of our domains (a restore keeps them: explicit_contacts). */
    async rolesOf(domainId: number) {
      return db.select({ role: domainContacts.role, contactId: domainContacts.contactId }).from(domainContacts).where(eq(domainContacts.domainId, domainId));
    },

    async nameserverGroups(userId: number) {
      return db.select({ id: nameserverGroups.id, name: nameserverGroups.name, nameservers: nameserverGroups.nameservers }).from(nameserverGroups).where(eq(nameserverGroups.userId, userId));
    },

    async createNameserverGroup(userId: number, name: string, nameservers: string[]) {
      const [row] = await db.insert(nameserverGroups).values({ userId, name, nameservers, createdAt: now }).returning({ id: nameserverGroups.id });
      return row!.id;
    },

    /** Do these contact/group ids belong to this customer? (A hand-made request must not borrow others'.) */
    async ownsConfig(userId: number, contactIds: number[], groupId: number | null): Promise<boolean> {
      if (contactIds.length) {
        const rows = await readInChunks(contactIds, (part) => db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.userId, userId), inArray(contacts.id, part))));
        if (rows.length !== new Set(contactIds).size) return false;
      }
      if (groupId !== null) {
        const [g] = await db.select({ id: nameserverGroups.id }).from(nameserverGroups).where(and(eq(nameserverGroups.userId, userId), eq(nameserverGroups.id, groupId)));
        if (!g) return false;
      }
      return true;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
