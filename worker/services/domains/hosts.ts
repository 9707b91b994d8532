// Glue hosts under a customer's own names (issue #12 §3; spec §5 "Nameservers and hosts", "IP
// addresses"): created, changed and deleted at the registry first, stored here after its answer.
import { and, asc, eq, lt } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { checkHost, checkIps } from '../../../core/domains/nameservers';
import { message } from '../../../core/validation/messages';
import { hosts } from '../../../db/schema';
import { RegistryError } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import { refuse, type Done, type DomainRow } from './nameserver-refusals';

/** A claim older than this was left by a run that died mid-call: it may be taken over. */
const STALE_CLAIM_MS = 10 * 60_000;

export function createHostFunctions(deps: ServiceDeps) {
  const { db, now } = deps;
  const registryOf = (d: DomainRow) => deps.adapters.registries[d.registry];

  async function ownHost(userId: number, d: DomainRow, id: number) {
    const [h] = await db.select().from(hosts).where(and(eq(hosts.id, id), eq(hosts.userId, userId), eq(hosts.domainId, d.id), eq(hosts.status, 'active')));
    return h ?? null;
  }

  /** 32006 and 32060 are the registry's words for the customer; anything else is 'could not update'. */
  function registryRefusal(e: unknown) {
    if (!(e instanceof RegistryError)) throw e;
    if (e.code === ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED) return refuse(e.code, 409);
    if (e.code === ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST) return refuse(e.code, 404);
    return refuse(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, 502);
  }

  return {
    async hosts(userId: number, d: DomainRow) {
      return db.select({ id: hosts.id, name: hosts.name, ips: hosts.ips }).from(hosts).where(and(eq(hosts.userId, userId), eq(hosts.domainId, d.id), eq(hosts.status, 'active'))).orderBy(asc(hosts.name));
    },

    /** 'prefix.{name}' with its addresses; the field errors say which row (prefix, ips[n]). */
    async createHost(userId: number, d: DomainRow, input: { prefix: string; ips: (string | undefined)[] }): Promise<Done<{ id: number; name: string }>> {
      const r = checkHost(input, d.asciiFqdn);
      if (!r.ok) return r.field === 'prefix' ? refuse(ErrorCode.VALIDATION_ERROR, 400, { field: 'prefix', message: r.message }) : refuse(ErrorCode.VALIDATION_ERROR, 400, { field: 'ips', rows: r.rows, message: r.message });
      // Claim the name before the registry hears of it: one conditional insert (the unique name), so of
      // parallel creates only one reaches the registry. A claim left by a run that died is taken over.
      const [claim] = await db
        .insert(hosts)
        .values({ userId, domainId: d.id, name: r.host, ips: r.ips, status: 'creating', createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: hosts.name,
          set: { userId, domainId: d.id, ips: r.ips, status: 'creating', createdAt: now, updatedAt: now },
          setWhere: and(eq(hosts.status, 'creating'), lt(hosts.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        })
        .returning({ id: hosts.id });
      if (!claim) return refuse(ErrorCode.VALIDATION_ERROR, 400, { field: 'prefix', message: message('UNIQUE') });
      const free = () => db.delete(hosts).where(and(eq(hosts.id, claim.id), eq(hosts.status, 'creating')));
      try {
        await registryOf(d).createHost(r.host, r.ips);
      } catch (e) {
        // The registry refused (or the call broke before an answer): nothing is created, the name is free.
        await free();
        return registryRefusal(e);
      }
      await db.update(hosts).set({ status: 'active', updatedAt: now }).where(eq(hosts.id, claim.id));
      return { ok: true, id: claim.id, name: r.host };
    },

    async updateHost(userId: number, d: DomainRow, id: number, ips: (string | undefined)[]): Promise<Done> {
      const h = await ownHost(userId, d, id);
      if (!h) return refuse(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, 404);
      const r = checkIps(ips);
      if (!r.ok) return refuse(ErrorCode.VALIDATION_ERROR, 400, { field: 'ips', rows: r.rows, message: r.message });
      if (r.ips.length === h.ips.length && r.ips.every((ip, i) => ip === h.ips[i])) return refuse(ErrorCode.NO_CHANGE, 200);
      try {
        await registryOf(d).updateHost(h.name, r.ips);
      } catch (e) {
        return registryRefusal(e);
      }
      await db.update(hosts).set({ ips: r.ips, updatedAt: now }).where(and(eq(hosts.id, id), eq(hosts.userId, userId)));
      return { ok: true };
    },

    /** 32006 while any domain at the registry delegates to it; 32060 for a host that is not there. */
    async deleteHost(userId: number, d: DomainRow, id: number): Promise<Done> {
      const h = await ownHost(userId, d, id);
      if (!h) return refuse(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, 404);
      try {
        await registryOf(d).deleteHost(h.name);
      } catch (e) {
        return registryRefusal(e);
      }
      await db.delete(hosts).where(and(eq(hosts.id, id), eq(hosts.userId, userId)));
      return { ok: true };
    },
  };
}
