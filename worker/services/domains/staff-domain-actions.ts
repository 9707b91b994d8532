// Staff actions on a customer's name (issue #22 §2, decision 061): sync our record from the registry,
// renew a goodwill year on the customer's behalf, lock or unlock, move the name to another account.
// The registry is asked first; a refusal (26000 maintenance …) returns its code and nothing of ours
// has changed. Our change and its audit row are then one D1 batch. Each returns a result, never throws
// for a registry refusal.
import { and, eq, inArray } from 'drizzle-orm';
import { handoverNeedsTrade } from '../../../core/domains/handover';
import { GOODWILL_RENEW_MONTHS, statusFromRegistry } from '../../../core/staff/domain-list';
import { ErrorCode } from '../../../core/errors';
import { erasedEmail } from '../../../core/erasure';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { domains, erasureRequests, staffRenewals, users } from '../../../db/schema';
import { RegistryError } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import type { StaffActor } from '../staff';
import { createHandoverBase } from './handover-base';
import { DEFAULT_NAMESERVERS } from './nameservers';

export type StaffDomainResult = { ok: true; repeated?: boolean } | { ok: false; code: number; reason?: string };

type DomainRow = typeof domains.$inferSelect;

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].map((x) => x.toLowerCase()).sort().join() === [...b].map((x) => x.toLowerCase()).sort().join();

export function createStaffDomainActions(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const base = createHandoverBase(deps);
  const at = now.getTime();

  /**
   * Why this account cannot be given a name (issue #32 §2): suspended (by staff, or erased, which
   * suspends), erased, or with a request to close it waiting (a name moved in would block the erasure
   * the customer asked for). Null: it can.
   */
  async function cannotHold(target: { id: number; email: string; status: string }): Promise<string | null> {
    const asked = await db
      .select({ status: erasureRequests.status })
      .from(erasureRequests)
      .where(and(eq(erasureRequests.userId, target.id), inArray(erasureRequests.status, ['pending', 'completed'])));
    if (target.email === erasedEmail(target.id) || asked.some((r) => r.status === 'completed')) return 'holder_erased';
    if (target.status !== 'active') return 'holder_suspended';
    if (asked.length) return 'holder_closing';
    return null;
  }

  async function load(id: number): Promise<DomainRow | null> {
    const [d] = await db.select().from(domains).where(eq(domains.id, id));
    return d ?? null;
  }

  const port = (d: DomainRow) => adapters.registries[d.registry];
  const ref = (d: DomainRow) => ({ name: d.asciiFqdn, key: d.registryKey });

  /** Runs the registry call; a RegistryError becomes its code (the caller then changes nothing). */
  async function ask<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: number; reason?: string }> {
    try {
      return { ok: true, value: await call() };
    } catch (e) {
      if (!(e instanceof RegistryError)) throw e;
      return { ok: false, code: e.code, reason: typeof e.detail.reason === 'string' ? e.detail.reason : undefined };
    }
  }

  const audit = (actor: StaffActor, action: string, d: DomainRow, detail: Record<string, unknown>, onlyIf?: Raw) =>
    auditStatement({ actorUserId: actor.userId, ip: actor.ip, action, targetType: 'domain', targetId: d.id, detail: { fqdn: d.fqdn, ...detail }, at: now }, onlyIf);

  return {
    /**
     * Our record takes the registry's expiry, status, lock and nameservers. Nameservers that changed at
     * the registry become a custom list (or 'default' when they are ours): the group no longer describes
     * them. Nothing differs: 1005 and no row.
     */
    async sync(id: number, actor: StaffActor): Promise<StaffDomainResult> {
      const d = await load(id);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const asked = await ask(() => port(d).info(ref(d)));
      if (!asked.ok) return asked;
      const info = asked.value;
      const next = { expiresAt: info.expiresAt.getTime(), status: statusFromRegistry(info, now), locked: info.locked, nameservers: info.nameservers };
      const before = { expiresAt: d.expiresAt.getTime(), status: d.status, locked: d.locked, nameservers: d.nameservers };
      const nsChanged = !sameList(before.nameservers, next.nameservers);
      const changed = Object.fromEntries(
        Object.entries(next).filter(([k]) => (k === 'nameservers' ? nsChanged : before[k as keyof typeof before] !== next[k as keyof typeof next])),
      );
      if (Object.keys(changed).length === 0) return { ok: false, code: ErrorCode.NO_CHANGE };
      const nsMode = nsChanged ? (sameList(next.nameservers, DEFAULT_NAMESERVERS) ? 'default' : 'custom') : d.nsMode;
      await rawBatch(db, [
        {
          sql: 'UPDATE domains SET expires_at = ?, status = ?, locked = ?, nameservers = ?, ns_mode = ?, ns_group_id = CASE WHEN ? THEN NULL ELSE ns_group_id END, updated_at = ? WHERE id = ?',
          params: [next.expiresAt, next.status, next.locked ? 1 : 0, JSON.stringify(next.nameservers), nsMode, nsChanged ? 1 : 0, at, d.id],
        },
        audit(actor, 'domain.sync', d, {
          before: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof typeof before]])),
          after: changed,
        }),
      ]);
      return { ok: true };
    },

    /**
     * A goodwill year at the registry, free to the customer (decision 061), with the reason. The form's
     * key is claimed first (a primary key): a second submit of the same form finds it and renews
     * nothing. The registry renew names our expiry date (EPP curExpDate), so even a lost answer cannot
     * become two years. A registry refusal frees the key: the same form can be sent again.
     */
    async renew(id: number, input: { key: string; reason: string }, actor: StaffActor): Promise<StaffDomainResult & { expiresAt?: Date }> {
      const d = await load(id);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const key = `${actor.userId}:${input.key}`;
      const claimed = await db
        .insert(staffRenewals)
        .values({ key, domainId: d.id, actorUserId: actor.userId, status: 'claimed', reason: input.reason, expiresBefore: d.expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: staffRenewals.key });
      if (claimed.length === 0) {
        const [prior] = await db.select().from(staffRenewals).where(eq(staffRenewals.key, key));
        if (!prior || prior.domainId !== d.id) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
        return { ok: true, repeated: true, expiresAt: prior.expiresAfter ?? undefined };
      }
      const asked = await ask(() => port(d).renew({ name: ref(d), periodMonths: GOODWILL_RENEW_MONTHS, currentExpiry: d.expiresAt }));
      if (!asked.ok) {
        await db.delete(staffRenewals).where(eq(staffRenewals.key, key));
        return asked;
      }
      const after = asked.value.expiresAt.getTime();
      await rawBatch(db, [
        {
          sql: "UPDATE domains SET expires_at = ?, status = CASE WHEN status IN ('expired', 'redemption') THEN 'active' ELSE status END, updated_at = ? WHERE id = ?",
          params: [after, at, d.id],
        },
        { sql: "UPDATE staff_renewals SET status = 'done', expires_after = ? WHERE key = ?", params: [after, key] },
        audit(actor, 'domain.renew_goodwill', d, { reason: input.reason, months: GOODWILL_RENEW_MONTHS, before: { expiresAt: d.expiresAt.getTime() }, after: { expiresAt: after }, key: input.key }),
      ]);
      return { ok: true, expiresAt: asked.value.expiresAt };
    },

    /** The transfer lock through the port, then our record with its audit row. */
    async setLock(id: number, locked: boolean, actor: StaffActor): Promise<StaffDomainResult> {
      const d = await load(id);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const asked = await ask(() => port(d).setLock(ref(d), locked));
      if (!asked.ok) return asked;
      await rawBatch(db, [
        { sql: 'UPDATE domains SET locked = ?, updated_at = ? WHERE id = ?', params: [locked ? 1 : 0, at, d.id] },
        audit(actor, locked ? 'domain.lock' : 'domain.unlock', d, { before: { locked: d.locked }, after: { locked } }),
      ]);
      return { ok: true };
    },

    /**
     * The name (and its .ελ, which may only be held with its .gr) moves to the account with that
     * e-mail address. What the name referenced in the old account stays there: its contacts leave the
     * name (the new holder names their own), a group delegation becomes the same list without the
     * group; its glue hosts and reminders go with it; an open offer to someone else lapses. The
     * registry first gives a new auth code (the old holder may know the current one). One batch whose
     * first statement fails it unless the name is still the old holder's; it records the change of
     * holder (the holding history, decision 089). A .gr/.ελ follows the handover rule (decision 043):
     * the registry still names the old holder and mails the code to its registrant, so the code is
     * withheld until the new holder's trade has run (handover-trade.ts reads the change); the new
     * holder is told to buy it on the ownership page. An account that cannot hold names is refused.
     */
    async move(id: number, input: { email: string; reason: string }, actor: StaffActor): Promise<StaffDomainResult & { toUserId?: number; alsoMoved?: string[] }> {
      const d = await load(id);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const [target] = await db
        .select({ id: users.id, email: users.email, userGroup: users.userGroup, status: users.status, locale: users.locale })
        .from(users)
        .where(eq(users.email, input.email.trim().toLowerCase()));
      if (!target || target.userGroup !== 'user') return { ok: false, code: ErrorCode.VALIDATION_ERROR, reason: 'holder_not_found' };
      if (target.id === d.userId) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'same_holder' };
      const unfit = await cannotHold(target);
      if (unfit) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: unfit };
      const sibling = await base.siblingEl(d);
      const moving = [d, ...(sibling ? [sibling] : [])];
      for (const m of moving) if (await base.hasPendingOrder(m.asciiFqdn)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'pending_order' };
      for (const m of moving) {
        const asked = await ask(() => port(m).resetAuthCode(ref(m)));
        if (!asked.ok) return asked;
      }
      const [from] = await db.select({ email: users.email }).from(users).where(eq(users.id, d.userId));
      const ids = moving.map((m) => m.id);
      const marks = ids.map(() => '?').join(', ');
      try {
        await rawBatch(db, [
          // NULL into the NOT NULL user_id fails the whole batch when a name is no longer the old holder's.
          {
            sql: `UPDATE domains SET user_id = CASE WHEN user_id = ? THEN ? ELSE NULL END, ns_group_id = NULL,
              ns_mode = CASE WHEN ns_mode = 'group' THEN 'custom' ELSE ns_mode END, updated_at = ? WHERE id IN (${marks})`,
            params: [d.userId, target.id, at, ...ids],
          },
          { sql: `DELETE FROM domain_contacts WHERE domain_id IN (${marks})`, params: ids },
          { sql: `UPDATE hosts SET user_id = ?, updated_at = ? WHERE domain_id IN (${marks})`, params: [target.id, at, ...ids] },
          { sql: `UPDATE domain_reminders SET user_id = ? WHERE domain_id IN (${marks})`, params: [target.id, ...ids] },
          { sql: `UPDATE domain_handovers SET status = 'cancelled', decided_at = ? WHERE status = 'offered' AND domain_id IN (${marks})`, params: [at, ...ids] },
          // The holding history: from this instant the name is the new holder's (the archive and the EPP-code rule read it).
          ...moving.map((m) => ({
            sql: "INSERT INTO domain_holder_changes (domain_id, from_user_id, to_user_id, kind, at) VALUES (?, ?, ?, 'staff', ?)",
            params: [m.id, d.userId, target.id, at],
          })),
          ...moving.map((m) =>
            audit(actor, 'domain.move', m, { reason: input.reason, before: { userId: d.userId, email: from?.email ?? null }, after: { userId: target.id, email: target.email }, withName: m.id === d.id ? null : d.fqdn }),
          ),
        ]);
      } catch (e) {
        const now2 = await load(d.id);
        if (now2 && now2.userId !== d.userId) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'moved' };
        throw e;
      }
      for (const m of moving) {
        const payload = { domain_id: m.id, fqdn: m.fqdn, fields: ['holder'] };
        await base.publish(d.userId, { channel: 'domain', event: 'DomainWasTransferredOut', unique_id: null, data: payload });
        await base.publish(target.id, { channel: 'domain', event: 'DomainWasTransferredIn', unique_id: null, data: payload });
      }
      // The change of registrant is the new holder's to buy (with a contact of theirs): told by e-mail,
      // offered on the ownership page while the code is withheld. Nothing of the old holder's in it.
      if (handoverNeedsTrade(d.registry)) {
        // The move is one batch at one instant: the name and that instant are the event.
        await base.mail(target.email, target.locale, 'staff_moved', { fqdn: d.fqdn, asciiFqdn: d.asciiFqdn }, `${d.id}:${at}`);
      }
      return { ok: true, toUserId: target.id, alsoMoved: moving.slice(1).map((m) => m.fqdn) };
    },

  };
}
