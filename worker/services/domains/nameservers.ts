// Nameservers of a name, nameserver groups and glue hosts (issue #12 §3), changed at the registry through
// the port and stored here only after its answer: a refusal or a failure leaves our rows as they were.
// The rules (ASCII form, UNIQUE, min/max, host prefix, addresses) are core/domains/nameservers.ts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { asciiName, checkNameserverList, DEFAULT_NAMESERVERS, nameserverToAscii, sameNameservers, type Limits } from '../../../core/domains/nameservers';
import { GROUP_LIMITS } from '../../../core/validation/nameserver-forms';
import { BULK_MAX } from '../../../core/domains/portal';
import { readInChunks } from '../../../db/in-chunks';
import { domains, nameserverGroups } from '../../../db/schema';
import { RegistryError } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import { createLiveService } from '../platform';
import { createHostFunctions } from './hosts';
import { refuse, type Done, type DomainRow, type Refusal } from './nameserver-refusals';

export type { Done, DomainRow, Refusal };

/** Nameservers a domain gets when the customer chose none: ours, with a parking page (core/domains/nameservers.ts). */
export { DEFAULT_NAMESERVERS };

export type Choice = { mode: 'default' } | { mode: 'group'; groupId: number } | { mode: 'custom'; list: string[] };

export function createNameserverService(deps: ServiceDeps) {
  const { db, now } = deps;
  const live = createLiveService(deps.env);

  const registryOf = (d: DomainRow) => deps.adapters.registries[d.registry];
  const refOf = (d: DomainRow) => ({ name: d.asciiFqdn, key: d.registryKey });

  async function publish(userId: number, uniqueId: string | null, changed: DomainRow[]) {
    if (!changed.length) return;
    const payload = changed.map((d) => ({ domain_id: d.id, fqdn: d.fqdn, fields: ['nameservers'] }));
    // A party that does not answer must never undo or fail a change the registry already made.
    await live
      .toUser(`u-${userId}`, changed.length === 1 ? { channel: 'domain', event: 'DomainWasUpdated', unique_id: uniqueId, data: payload[0]! } : { channel: 'domain', event: 'DomainsWereUpdated', unique_id: uniqueId, data: { domains: payload } })
      .catch(() => undefined);
  }

  /** The registry's min/max, or null when it cannot say (then the registry judges the count itself). */
  async function limitsOf(d: DomainRow): Promise<Limits | null> {
    try {
      const s = await registryOf(d).settings();
      return { min: s.nameserversMin, max: s.nameserversMax };
    } catch {
      return null;
    }
  }

  async function ownGroup(userId: number, id: number) {
    const [g] = await db.select().from(nameserverGroups).where(and(eq(nameserverGroups.id, id), eq(nameserverGroups.userId, userId)));
    return g ?? null;
  }

  /** What a registry failure means on the page: its own limit or host codes, otherwise 'could not update'. */
  function registryRefusal(e: unknown): Refusal {
    if (!(e instanceof RegistryError)) throw e;
    const field = typeof e.detail.field === 'string' ? e.detail.field : undefined;
    if (e.code === ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT || e.code === ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT) return refuse(e.code, 400, { params: { min: Number(e.detail.min ?? 0), max: Number(e.detail.max ?? 0) } });
    if (e.code === ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST) return refuse(e.code, 400, { field, params: { host: String(e.detail.host ?? '') } });
    return refuse(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, 502, { field });
  }

  /** The list a choice stands for, in ASCII, checked against this domain's registry limits. */
  async function resolve(userId: number, choice: Choice, limits: Limits | null): Promise<Done<{ list: string[] }>> {
    let list: string[];
    if (choice.mode === 'custom') {
      const r = checkNameserverList(choice.list, limits);
      if (!r.ok) return 'rows' in r ? refuse(r.code, 400, { rows: r.rows }) : refuse(r.code, 400, { params: r.limits });
      list = r.ascii;
    } else if (choice.mode === 'group') {
      const g = await ownGroup(userId, choice.groupId);
      if (!g) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      list = g.nameservers.map(nameserverToAscii);
    } else {
      list = DEFAULT_NAMESERVERS;
    }
    if (limits && list.length < limits.min) return refuse(ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT, 400, { params: { ...limits } });
    if (limits && list.length > limits.max) return refuse(ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT, 400, { params: { ...limits } });
    return { ok: true, list };
  }

  /** One name: the registry first, then our row (only after its answer). `changed` false: nothing to do. */
  async function change(userId: number, d: DomainRow, choice: Choice, limitsByFamily?: Map<DomainRow['registry'], Promise<Limits | null>>): Promise<Done<{ changed: boolean; row: DomainRow }>> {
    // A bulk apply asks each registry for its limits once, not once per name.
    if (limitsByFamily && !limitsByFamily.has(d.registry)) limitsByFamily.set(d.registry, limitsOf(d));
    const limits = await (limitsByFamily ? limitsByFamily.get(d.registry)! : limitsOf(d));
    const r = await resolve(userId, choice, limits);
    if (!r.ok) return r;
    const groupId = choice.mode === 'group' ? choice.groupId : null;
    if (d.nsMode === choice.mode && d.nsGroupId === groupId && d.nameservers.length && sameNameservers(d.nameservers, r.list)) return { ok: true, changed: false, row: d };
    try {
      await registryOf(d).updateNameservers(refOf(d), r.list);
    } catch (e) {
      return registryRefusal(e);
    }
    const patch = { nsMode: choice.mode, nsGroupId: groupId, nameservers: r.list, updatedAt: now };
    await db.update(domains).set(patch).where(and(eq(domains.id, d.id), eq(domains.userId, userId)));
    return { ok: true, changed: true, row: { ...d, ...patch } };
  }

  const service = {
    /** The customer's own domain by its name in either script; null for any other (the page answers 30014). */
    async ownDomain(userId: number, name: string): Promise<DomainRow | null> {
      const ascii = asciiName(name);
      if (!ascii) return null;
      const [d] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, ascii), eq(domains.userId, userId)));
      return d ?? null;
    },

    limitsOf,

    /** The registrar's own nameservers (a name's 'default' choice). */
    defaults: DEFAULT_NAMESERVERS,

    /**
     * A domain's delegation for its page. `[]` means we never learnt it: read it from the registry once
     * and keep it (32051 when the registry cannot say; the page still offers the choices).
     */
    async delegation(userId: number, d: DomainRow): Promise<{ mode: DomainRow['nsMode']; groupId: number | null; nameservers: string[]; limits: Limits | null; readFailed: boolean }> {
      let nameservers = d.nameservers;
      let readFailed = false;
      if (!nameservers.length) {
        try {
          nameservers = (await registryOf(d).info(refOf(d))).nameservers.map((n) => n.toLowerCase());
          if (nameservers.length) await db.update(domains).set({ nameservers }).where(and(eq(domains.id, d.id), eq(domains.userId, userId)));
        } catch (e) {
          if (!(e instanceof RegistryError)) throw e;
          readFailed = true;
        }
      }
      return { mode: d.nsMode, groupId: d.nsGroupId, nameservers, limits: await limitsOf(d), readFailed };
    },

    /** Changes one name's nameservers (32050/32052/32053/32060/32075); publishes DomainWasUpdated. */
    async setNameservers(userId: number, d: DomainRow, choice: Choice, uniqueId: string | null): Promise<Done<{ changed: boolean }>> {
      const r = await change(userId, d, choice);
      if (!r.ok) return r;
      if (r.changed) await publish(userId, uniqueId, [r.row]);
      return { ok: true, changed: r.changed };
    },

    /**
     * The same choice for many names (the bulk apply): each name is changed and stored on its own answer,
     * so one registry failure does not undo the others. Names that are not the customer's are refused.
     */
    async applyToMany(userId: number, names: string[], choice: Choice, uniqueId: string | null) {
      if (choice.mode === 'group' && !(await ownGroup(userId, choice.groupId))) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      if (choice.mode === 'custom') {
        // Syntax and repeats once for all; each registry's min/max is judged per name below.
        const r = checkNameserverList(choice.list, null);
        if (!r.ok) return 'rows' in r ? refuse(r.code, 400, { rows: r.rows }) : refuse(r.code, 400);
      }
      const results: { name: string; fqdn: string; ok: boolean; code: number; changed: boolean }[] = [];
      const changed: DomainRow[] = [];
      const asked = [...new Set(names.map((n) => asciiName(n) ?? n))].slice(0, BULK_MAX);
      // The customer's rows for all the names at once, in slices under D1's 100 parameters.
      const own = new Map((await readInChunks(asked, (part) => db.select().from(domains).where(and(eq(domains.userId, userId), inArray(domains.asciiFqdn, part))), { fixed: 1 })).map((d) => [d.asciiFqdn, d]));
      const limitsByFamily = new Map<DomainRow['registry'], Promise<Limits | null>>();
      for (const name of asked) {
        const d = own.get(name);
        if (!d) {
          results.push({ name, fqdn: name, ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST, changed: false });
          continue;
        }
        const r = await change(userId, d, choice, limitsByFamily);
        if (r.ok && r.changed) changed.push(r.row);
        results.push({ name: d.asciiFqdn, fqdn: d.fqdn, ok: r.ok, code: r.ok ? (r.changed ? ErrorCode.SUCCESS : ErrorCode.NO_CHANGE) : r.code, changed: r.ok && r.changed });
      }
      await publish(userId, uniqueId, changed);
      return { ok: true as const, results };
    },

    /** The customer's names, for the apply page's list and the import choice. */
    async domainNames(userId: number, names?: string[]) {
      const columns = { id: domains.id, fqdn: domains.fqdn, asciiFqdn: domains.asciiFqdn, registry: domains.registry, nsMode: domains.nsMode, nsGroupId: domains.nsGroupId, nameservers: domains.nameservers };
      if (!names) return db.select(columns).from(domains).where(eq(domains.userId, userId)).orderBy(asc(domains.fqdn)).limit(500);
      // A bulk selection can be the whole portfolio: read in slices under D1's 100 parameters.
      const ascii = names.map((n) => asciiName(n) ?? n).slice(0, BULK_MAX);
      const rows = await readInChunks(ascii, (part) => db.select(columns).from(domains).where(and(eq(domains.userId, userId), inArray(domains.asciiFqdn, part))), { fixed: 1 });
      return rows.sort((a, b) => (a.fqdn < b.fqdn ? -1 : a.fqdn > b.fqdn ? 1 : 0));
    },

    // ---------------------------------------------------------------------------------------------
    // Groups
    // ---------------------------------------------------------------------------------------------

    /** The customer's groups, each with the names that follow it (nsMode 'group'). */
    async groups(userId: number) {
      const [rows, following] = await db.batch([
        db.select().from(nameserverGroups).where(eq(nameserverGroups.userId, userId)).orderBy(asc(nameserverGroups.name), asc(nameserverGroups.id)),
        db.select({ fqdn: domains.fqdn, asciiFqdn: domains.asciiFqdn, groupId: domains.nsGroupId }).from(domains).where(and(eq(domains.userId, userId), eq(domains.nsMode, 'group'))),
      ]);
      return rows.map((g) => ({ id: g.id, name: g.name, nameservers: g.nameservers, followers: following.filter((f) => f.groupId === g.id).map((f) => ({ fqdn: f.fqdn, asciiFqdn: f.asciiFqdn })) }));
    },

    async createGroup(userId: number, name: string, list: string[]): Promise<Done<{ id: number }>> {
      const r = checkNameserverList(list, GROUP_LIMITS);
      if (!r.ok) return 'rows' in r ? refuse(r.code, 400, { rows: r.rows }) : refuse(r.code, 400, { params: r.limits });
      try {
        const [row] = await db.insert(nameserverGroups).values({ userId, name: name.trim(), nameservers: r.ascii, createdAt: now }).returning({ id: nameserverGroups.id });
        return { ok: true, id: row!.id };
      } catch {
        return refuse(ErrorCode.NAMESERVER_GROUP_CREATION_FAILED, 500);
      }
    },

    async renameGroup(userId: number, id: number, name: string): Promise<Done> {
      const g = await ownGroup(userId, id);
      if (!g) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      if (g.name === name.trim()) return refuse(ErrorCode.NO_CHANGE, 200);
      await db.update(nameserverGroups).set({ name: name.trim() }).where(and(eq(nameserverGroups.id, id), eq(nameserverGroups.userId, userId)));
      return { ok: true };
    },

    /** A group's new list; the names that follow it keep the old one at the registry until re-applied. */
    async updateGroupList(userId: number, id: number, list: string[]): Promise<Done<{ followers: string[] }>> {
      const g = await ownGroup(userId, id);
      if (!g) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      const r = checkNameserverList(list, GROUP_LIMITS);
      if (!r.ok) return 'rows' in r ? refuse(r.code, 400, { rows: r.rows }) : refuse(r.code, 400, { params: r.limits });
      if (sameNameservers(g.nameservers, r.ascii) && g.nameservers.length === r.ascii.length) return refuse(ErrorCode.NO_CHANGE, 200);
      await db.update(nameserverGroups).set({ nameservers: r.ascii }).where(and(eq(nameserverGroups.id, id), eq(nameserverGroups.userId, userId)));
      const followers = await db.select({ fqdn: domains.fqdn }).from(domains).where(and(eq(domains.userId, userId), eq(domains.nsMode, 'group'), eq(domains.nsGroupId, id)));
      return { ok: true, followers: followers.map((f) => f.fqdn) };
    },

    /** Sends a group's current list to every name that follows it (after an edit). */
    async reapplyGroup(userId: number, id: number, uniqueId: string | null) {
      if (!(await ownGroup(userId, id))) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      const followers = await db.select({ asciiFqdn: domains.asciiFqdn }).from(domains).where(and(eq(domains.userId, userId), eq(domains.nsMode, 'group'), eq(domains.nsGroupId, id)));
      return service.applyToMany(userId, followers.map((f) => f.asciiFqdn), { mode: 'group', groupId: id }, uniqueId);
    },

    /** Refused while a name follows the group: the refusal names them (the foreign key would only unlink). */
    async deleteGroup(userId: number, id: number): Promise<Done> {
      const g = await ownGroup(userId, id);
      if (!g) return refuse(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST, 404);
      const followers = await db.select({ fqdn: domains.fqdn }).from(domains).where(and(eq(domains.userId, userId), eq(domains.nsMode, 'group'), eq(domains.nsGroupId, id)));
      if (followers.length) return refuse(ErrorCode.ACTION_NOT_ALLOWED, 409, { names: followers.map((f) => f.fqdn) });
      await db.delete(nameserverGroups).where(and(eq(nameserverGroups.id, id), eq(nameserverGroups.userId, userId)));
      return { ok: true };
    },

    /** A new group from the nameservers a domain of the customer has at the registry (32078 when it cannot say). */
    async importGroup(userId: number, name: string, domainName: string): Promise<Done<{ id: number }>> {
      const d = await service.ownDomain(userId, domainName);
      if (!d) return refuse(ErrorCode.DOMAIN_DOES_NOT_EXIST, 404, { field: 'domain' });
      let list: string[];
      try {
        list = (await registryOf(d).info(refOf(d))).nameservers.map((n) => n.toLowerCase());
      } catch (e) {
        if (!(e instanceof RegistryError)) throw e;
        return refuse(ErrorCode.NAMESERVER_GROUP_IMPORT_FAILED, 502);
      }
      if (!list.length) return refuse(ErrorCode.NAMESERVER_GROUP_IMPORT_FAILED, 409);
      try {
        const [row] = await db.insert(nameserverGroups).values({ userId, name: name.trim(), nameservers: list, createdAt: now }).returning({ id: nameserverGroups.id });
        return { ok: true, id: row!.id };
      } catch {
        return refuse(ErrorCode.NAMESERVER_GROUP_CREATION_FAILED, 500);
      }
    },

    ...createHostFunctions(deps),
  };
  return service;
}

export type NameserverService = ReturnType<typeof createNameserverService>;
