// Contact profiles as the portal manages them and the roles they hold per domain (issue #12 §4; spec
// §3 Contact profile, §6 rules 7502/32100/32101, §8 7503/7510/7511/32103/32104). The registry hears
// of a change first; our rows change only after its answer, so a registry failure changes nothing.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RegistryFamily } from '../../../core/catalog';
import { needsCompletion, readinessDetail, readiness, type ContactFields } from '../../../core/contacts/readiness';
import { holderIdentityChanged, registrantChangeIsTrade, roleChangeRefusal, rolesOf, type ContactRole, type RoleChangeRefusal } from '../../../core/contacts/roles';
import { ErrorCode } from '../../../core/errors';
import { contacts, domainContacts, domains } from '../../../db/schema';
import type { Contact as RegistryContact } from '../../adapters/registry/port';
import { RegistryError, type RoleContactType } from '../../adapters/registry/port';
import { createLiveService } from '../platform';
import type { ServiceDeps } from '../deps';

type ContactRow = typeof contacts.$inferSelect;
export type ContactColumns = Pick<
  ContactRow,
  'kind' | 'firstName' | 'lastName' | 'firstNameInt' | 'lastNameInt' | 'organisation' | 'vatNumber' | 'email' | 'phone' | 'address' | 'city' | 'postcode' | 'countryIso2'
>;
type DomainRow = typeof domains.$inferSelect;

export type Refused = { ok: false; code: number; status: number; names?: string[]; link?: string; message?: string; reasons?: string[] };
type Result<T = object> = ({ ok: true } & T) | Refused;

const refused = (code: number, status: number, extra: Omit<Refused, 'ok' | 'code' | 'status'> = {}): Refused => ({ ok: false, code, status, ...extra });

export function displayName(c: Pick<ContactRow, 'kind' | 'firstName' | 'lastName' | 'organisation'>): string {
  const person = `${c.firstName} ${c.lastName}`.trim();
  return c.kind === 'organisation' && c.organisation ? `${c.organisation} (${person})` : person;
}

/**
 * What a registry is told about a holder. Families that publish Latin data (icm, generic) get the
 * Latin names when the contact has them; .gr and EURid take the native script.
 */
export function registryContact(c: ContactFields, family: RegistryFamily): RegistryContact {
  const latin = (family === 'icm' || family === 'generic') && c.firstNameInt?.trim() && c.lastNameInt?.trim();
  return {
    name: latin ? `${c.firstNameInt!.trim()} ${c.lastNameInt!.trim()}` : `${c.firstName} ${c.lastName}`.trim(),
    organisation: c.kind === 'organisation' ? c.organisation : null,
    email: c.email,
    country: c.countryIso2,
    phone: c.phone,
    // Registries record the postal address; the city is never a placeholder (issue #20 §1).
    address: c.address,
    city: c.city,
    postcode: c.postcode,
  };
}

const nameRef = (d: Pick<DomainRow, 'asciiFqdn' | 'registryKey'>) => ({ name: d.asciiFqdn, key: d.registryKey });

export function createDomainContactService(deps: ServiceDeps) {
  const { db, now } = deps;
  const live = createLiveService(deps.env);

  /** Spec §7: a party failure never fails the change it reports. */
  async function publish(userId: number, message: Parameters<typeof live.toUser>[1]) {
    await live.toUser(`u-${userId}`, message).catch(() => undefined);
  }

  async function own(userId: number, id: number): Promise<ContactRow | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [row] = await db.select().from(contacts).where(and(eq(contacts.userId, userId), eq(contacts.id, id)));
    return row ?? null;
  }

  /** The roles a contact holds: [{ domain, role }]. */
  async function rolesHeld(contactId: number) {
    return db
      .select({ role: domainContacts.role, domain: domains })
      .from(domainContacts)
      .innerJoin(domains, eq(domains.id, domainContacts.domainId))
      .where(eq(domainContacts.contactId, contactId))
      .orderBy(asc(domains.asciiFqdn));
  }

  async function ownDomain(userId: number, asciiFqdn: string): Promise<DomainRow | null> {
    const [d] = await db.select().from(domains).where(and(eq(domains.userId, userId), eq(domains.asciiFqdn, asciiFqdn.toLowerCase())));
    return d ?? null;
  }

  /** The registry's roles; when it cannot say (maintenance), the roles the domain holds today. */
  async function registryRoles(d: DomainRow): Promise<{ roles: string[]; available: boolean }> {
    try {
      return { roles: (await deps.adapters.registries[d.registry].settings()).contactRoles, available: true };
    } catch {
      const held = await db.select({ role: domainContacts.role }).from(domainContacts).where(eq(domainContacts.domainId, d.id));
      return { roles: held.map((h) => h.role), available: false };
    }
  }

  function view(c: ContactRow) {
    return {
      id: c.id,
      kind: c.kind,
      name: displayName(c),
      firstName: c.firstName,
      lastName: c.lastName,
      organisation: c.organisation,
      email: c.email,
      country: c.countryIso2,
      incomplete: needsCompletion(c),
      ready: readiness(c),
      reasons: readinessDetail(c),
    };
  }

  const service = {
    /** The list page: every profile with readiness per family, its 'incomplete data' flag and the names it serves. */
    async list(userId: number) {
      const rows = await db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id));
      const held = rows.length
        ? await db
            .select({ contactId: domainContacts.contactId, fqdn: domains.fqdn })
            .from(domainContacts)
            .innerJoin(domains, eq(domains.id, domainContacts.domainId))
            .where(inArray(domainContacts.contactId, rows.map((r) => r.id)))
        : [];
      return rows.map((c) => ({ ...view(c), domains: [...new Set(held.filter((h) => h.contactId === c.id).map((h) => h.fqdn))].sort() }));
    },

    /** One profile of this customer (null: missing or another's, 7503). */
    async get(userId: number, id: number) {
      const c = await own(userId, id);
      return c ? { ...view(c), row: c } : null;
    },

    async create(userId: number, input: ContactColumns, uniqueId: string | null): Promise<Result<{ id: number }>> {
      const [row] = await db
        .insert(contacts)
        .values({ ...input, userId, incomplete: false, createdAt: now, updatedAt: now })
        .returning({ id: contacts.id });
      await publish(userId, { channel: 'contacts', event: 'ContactWasCreated', unique_id: uniqueId, data: { contact_id: row!.id, name: displayName(input) } });
      return { ok: true, id: row!.id };
    },

    /**
     * Saves a profile (7510), or completes an incomplete one (7511). The names it is registrant of hear
     * of the new details first, at their registries: a refusal there changes nothing (32103 with the
     * names; the ones already updated are put back). A new holder at .gr or a gTLD is a trade (32100).
     */
    async update(userId: number, id: number, input: ContactColumns, uniqueId: string | null): Promise<Result<{ code: number }>> {
      const before = await own(userId, id);
      if (!before) return refused(ErrorCode.CONTACT_PROFILE_NOT_FOUND, 404);
      const wasIncomplete = needsCompletion(before);
      const changed = (Object.keys(input) as (keyof ContactColumns)[]).some((k) => (input[k] ?? null) !== (before[k] ?? null));
      if (!changed && !wasIncomplete) return refused(ErrorCode.NO_CHANGE, 200);
      const after: ContactRow = { ...before, ...input, incomplete: false };

      // Only the customer's own names: a role row left on a name someone else holds now must never let
      // this edit rewrite that name's registrant at the registry.
      const registrantOf = (await rolesHeld(id)).filter((h) => h.role === 'registrant' && h.domain.userId === userId).map((h) => h.domain);
      const trades = registrantOf.filter((d) => registrantChangeIsTrade(d.registry) && holderIdentityChanged(before, after));
      if (trades.length) {
        const names = trades.map((d) => d.fqdn);
        return refused(ErrorCode.CONTACT_UPDATE_CHARGEABLE, 402, { names, link: `/account/domains/${trades[0]!.asciiFqdn}/ownership` });
      }
      const done: DomainRow[] = [];
      const failed: DomainRow[] = [];
      for (const d of registrantOf) {
        try {
          // A registry publishes a new registrant contact unless told to hide it: ID protect goes along.
          await deps.adapters.registries[d.registry].updateContacts(nameRef(d), { registrant: registryContact(after, d.registry), idProtect: d.idProtect });
          done.push(d);
        } catch (e) {
          if (!(e instanceof RegistryError)) throw e;
          failed.push(d);
        }
      }
      if (failed.length) {
        // Nothing changes on a failure: the names already updated get the old details back (best effort).
        for (const d of done) await deps.adapters.registries[d.registry].updateContacts(nameRef(d), { registrant: registryContact(before, d.registry), idProtect: d.idProtect }).catch(() => undefined);
        return refused(ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED, 502, { names: failed.map((d) => d.fqdn) });
      }
      await db
        .update(contacts)
        .set({ ...input, incomplete: false, updatedAt: now })
        .where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
      await publish(userId, { channel: 'contacts', event: 'ContactWasUpdated', unique_id: uniqueId, data: { contact_id: id, name: displayName(after) } });
      for (const d of done) await publish(userId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: uniqueId, data: { domain_id: d.id, fqdn: d.fqdn, fields: ['contacts'] } });
      return { ok: true, code: wasIncomplete ? ErrorCode.CONTACT_PROFILE_COMPLETED : ErrorCode.CONTACT_PROFILE_UPDATED };
    },

    /** Deletes a profile no domain uses; one holding a role is refused with the names (7502). */
    async remove(userId: number, id: number, uniqueId: string | null): Promise<Result> {
      const c = await own(userId, id);
      if (!c) return refused(ErrorCode.CONTACT_PROFILE_NOT_FOUND, 404);
      const held = await rolesHeld(id);
      if (held.length) return refused(ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED, 409, { names: [...new Set(held.map((h) => h.domain.fqdn))] });
      try {
        await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
      } catch {
        // A role given meanwhile: the foreign key (ON DELETE RESTRICT) refuses, and so do we.
        return refused(ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED, 409, { names: (await rolesHeld(id)).map((h) => h.domain.fqdn) });
      }
      await publish(userId, { channel: 'contacts', event: 'ContactWasDeleted', unique_id: uniqueId, data: { contact_id: id } });
      return { ok: true };
    },

    ownDomain,

    /** The roles page of one domain: the registry's roles with their holders, and the contacts to choose from. */
    async domainRoles(userId: number, asciiFqdn: string) {
      const d = await ownDomain(userId, asciiFqdn);
      if (!d) return null;
      const { roles, available } = await registryRoles(d);
      const holders = await db.select().from(domainContacts).where(eq(domainContacts.domainId, d.id));
      const mine = await db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id));
      const family = d.registry;
      return {
        domain: { id: d.id, fqdn: d.fqdn, asciiFqdn: d.asciiFqdn, registry: family, status: d.status },
        registryAvailable: available,
        registrantIsTrade: registrantChangeIsTrade(family),
        roles: rolesOf(roles).map((role) => {
          const contactId = holders.find((h) => h.role === role)?.contactId ?? null;
          const c = mine.find((m) => m.id === contactId);
          return { role, contactId, contactName: c ? displayName(c) : null };
        }),
        contacts: mine.map((c) => {
          const v = view(c);
          return { id: c.id, name: v.name, email: c.email, incomplete: v.incomplete, ready: v.ready[`${family}_ready`] === 1, reasons: v.reasons[family] };
        }),
      };
    },

    /**
     * Gives a role of a domain to another of the customer's contacts (spec §6). The registry first
     * (decision 034): a free registrant change (EURid, ICM) sends the holder's data; admin, tech and
     * billing go as new contact objects that replace the role's holder at the registry (EPP
     * domain:update add/rem contact). Then `domain_contacts`; nothing on a refusal.
     */
    async changeRole(userId: number, asciiFqdn: string, role: string, contactId: number | null, uniqueId: string | null): Promise<Result<{ code: number }> | (RoleChangeRefusal & { ok: false; status: number })> {
      const d = await ownDomain(userId, asciiFqdn);
      if (!d) return refused(ErrorCode.DOMAIN_DOES_NOT_EXIST, 404);
      const { roles, available } = await registryRoles(d);
      if (!available) return refused(ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED, 502, { names: [d.fqdn] });
      const [current] = await db.select().from(domainContacts).where(and(eq(domainContacts.domainId, d.id), eq(domainContacts.role, role as ContactRole)));
      const contact = contactId !== null ? await own(userId, contactId) : null;
      const refusal = roleChangeRefusal({ family: d.registry, registryRoles: roles, role, currentContactId: current?.contactId ?? null, newContactId: contactId, contact }, d.asciiFqdn);
      if (refusal) {
        const statuses: Record<number, number> = { [ErrorCode.NO_CHANGE]: 200, [ErrorCode.CONTACT_UPDATE_CHARGEABLE]: 402, [ErrorCode.CONTACT_PROFILE_NOT_FOUND]: 404, [ErrorCode.VALIDATION_ERROR]: 400, [ErrorCode.CONTACT_NOT_IN_EU]: 400 };
        const status = statuses[refusal.code] ?? 403;
        return { ...refusal, ok: false, status };
      }
      const registry = deps.adapters.registries[d.registry];
      try {
        if (role === 'registrant') await registry.updateContacts(nameRef(d), { registrant: registryContact(contact!, d.registry), idProtect: d.idProtect });
        else await registry.updateRoleContacts(nameRef(d), { [role as RoleContactType]: registryContact(contact!, d.registry) });
      } catch (e) {
        if (!(e instanceof RegistryError)) throw e;
        return refused(e.code === ErrorCode.REGISTRY_MAINTENANCE ? e.code : ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED, e.code === ErrorCode.REGISTRY_MAINTENANCE ? 503 : 502, { names: [d.fqdn] });
      }
      await db
        .insert(domainContacts)
        .values({ domainId: d.id, role: role as ContactRole, contactId: contactId!, updatedAt: now })
        .onConflictDoUpdate({ target: [domainContacts.domainId, domainContacts.role], set: { contactId: contactId!, updatedAt: now } });
      await publish(userId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: uniqueId, data: { domain_id: d.id, fqdn: d.fqdn, fields: ['contacts'] } });
      return { ok: true, code: ErrorCode.SUCCESS };
    },
  };
  return service;
}

export type DomainContactService = ReturnType<typeof createDomainContactService>;
