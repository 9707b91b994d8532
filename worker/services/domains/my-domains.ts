// The customer's domains in the portal (issue #12 §2): list, previews, search, bulk actions, a domain's
// settings (auto-renew, lock, auth code, ID protect). Every change goes to the registry first and is
// stored here only after its answer: a registry failure leaves our row as it was and answers its code.
import { and, eq, inArray, or } from 'drizzle-orm';
import { actionRefusal, authCodePolicy, bulkNames, renewalAction, type BulkAction, type DomainAction, type ListQuery } from '../../../core/domains/portal';
import { ErrorCode } from '../../../core/errors';
import { readInChunks } from '../../../db/in-chunks';
import { domains } from '../../../db/schema';
import { RegistryError, type NameRef } from '../../adapters/registry/port';
import type { ServiceDeps } from '../deps';
import { createCartService, type CartOwner } from '../cart';
import { createLiveService } from '../platform';
import { registrantChangePending } from './handover-trade';
import { listDomains } from './my-domains-list';

export type { DomainList, ListRow } from './my-domains-list';

export type OwnDomain = typeof domains.$inferSelect;
export type Outcome<T = object> = ({ ok: true; code: number } & T) | { ok: false; code: number; reason?: string };
/** `unchanged`: the name was already as asked (issue #25 §6): not a failure, and nothing was done. */
export type BulkResult = { fqdn: string; ok: boolean; code: number; reason?: string; unchanged?: true };

const refOf = (d: OwnDomain): NameRef => ({ name: d.asciiFqdn, key: d.registryKey });

/** A registry's refusal as its catalogue code; anything else (a bug, a dropped socket) as the fallback. */
function registryCode(e: unknown, fallback: number): number {
  if (e instanceof RegistryError) return e.code;
  console.error('registry call failed', e);
  return fallback;
}

export function createMyDomainService(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const live = createLiveService(env);

  /** The customer's own name, by its ASCII or its display form; null for anyone else's (a 404). */
  async function own(userId: number, name: string): Promise<OwnDomain | null> {
    const n = name.trim().normalize('NFC').toLowerCase();
    if (!n) return null;
    const [row] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.userId, userId), or(eq(domains.asciiFqdn, n), eq(domains.fqdn, n))))
      .limit(1);
    return row ?? null;
  }

  /** Other tabs revalidate; a party failure never fails the change that already landed. */
  async function announce(userId: number, changed: { d: OwnDomain; fields: string[] }[], uniqueId: string | null) {
    if (!changed.length) return;
    const payload = changed.map(({ d, fields }) => ({ domain_id: d.id, fqdn: d.fqdn, fields }));
    const message =
      payload.length === 1
        ? ({ channel: 'domain', event: 'DomainWasUpdated', unique_id: uniqueId, data: payload[0]! } as const)
        : ({ channel: 'domain', event: 'DomainsWereUpdated', unique_id: uniqueId, data: { domains: payload.slice(0, 500) } } as const);
    await live.toUser(`u-${userId}`, message).catch(() => undefined);
  }

  async function setAutoRenew(d: OwnDomain, on: boolean): Promise<Outcome> {
    const refusal = actionRefusal(on ? 'auto_renew_on' : 'auto_renew_off', d, now);
    if (refusal) return { ok: false, ...refusal };
    if (d.autoRenew === on) return { ok: false, code: ErrorCode.NO_CHANGE, reason: 'unchanged' };
    // Our side only: the renewal run reads it; the registry knows nothing of it.
    await db.update(domains).set({ autoRenew: on, updatedAt: now }).where(eq(domains.id, d.id));
    return { ok: true, code: ErrorCode.SUCCESS };
  }

  async function setLock(d: OwnDomain, on: boolean): Promise<Outcome> {
    const refusal = actionRefusal(on ? 'lock' : 'unlock', d, now);
    if (refusal) return { ok: false, ...refusal };
    try {
      await deps.adapters.registries[d.registry].setLock(refOf(d), on);
    } catch (e) {
      return { ok: false, code: registryCode(e, ErrorCode.DOMAIN_INFO_FAILED), reason: 'registry' };
    }
    await db.update(domains).set({ locked: on, updatedAt: now }).where(eq(domains.id, d.id));
    return { ok: true, code: ErrorCode.SUCCESS };
  }

  /** One name to the cart; `cart` is shared by a bulk run (it loads the catalogue once, not per name). */
  async function renewToCart(d: OwnDomain, owner: CartOwner, uniqueId: string | null, cart = createCartService(deps)): Promise<Outcome> {
    const refusal = actionRefusal('renew', d, now);
    if (refusal) return { ok: false, ...refusal };
    const r = await cart.addDomain(owner, { name: d.fqdn, action: renewalAction(d.status), uniqueId });
    return r.ok ? { ok: true, code: ErrorCode.SUCCESS } : { ok: false, code: r.code };
  }

  /** Auto-renew for many names: each checked on its own, the changes stored in slices of one statement. */
  async function setAutoRenewMany(rows: OwnDomain[], on: boolean): Promise<Map<number, Outcome>> {
    const out = new Map<number, Outcome>();
    const change: number[] = [];
    for (const d of rows) {
      const refusal = actionRefusal(on ? 'auto_renew_on' : 'auto_renew_off', d, now);
      if (refusal) out.set(d.id, { ok: false, ...refusal });
      else if (d.autoRenew === on) out.set(d.id, { ok: false, code: ErrorCode.NO_CHANGE, reason: 'unchanged' });
      else change.push(d.id);
    }
    await readInChunks(change, (part) => db.update(domains).set({ autoRenew: on, updatedAt: now }).where(inArray(domains.id, part)).returning({ id: domains.id }), { fixed: 3 });
    for (const id of change) out.set(id, { ok: true, code: ErrorCode.SUCCESS });
    return out;
  }

  const service = {
    own,

    list(userId: number, query: ListQuery) {
      return listDomains(db, userId, query, now);
    },

    async setAutoRenew(userId: number, name: string, on: boolean, uniqueId: string | null): Promise<Outcome> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const r = await setAutoRenew(d, on);
      if (r.ok) await announce(userId, [{ d, fields: ['auto_renew'] }], uniqueId);
      return r;
    },

    /** The transfer lock (clientTransferProhibited) at the registry, then ours. */
    async setLock(userId: number, name: string, on: boolean, uniqueId: string | null): Promise<Outcome> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const r = await setLock(d, on);
      if (r.ok) await announce(userId, [{ d, fields: ['locked'] }], uniqueId);
      return r;
    },

    /**
     * The auth (EPP) code as the registry requires (core/domains/portal.ts authCodePolicy): the .gr
     * registry e-mails it to the registrant (30012, or 30015 when it fails); the others give us a fresh
     * one to show, once, in the answer to this POST (never in a page's GET).
     */
    async authCode(userId: number, name: string): Promise<Outcome<{ sent: true } | { authCode: string }>> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const refusal = actionRefusal('auth_code', d, now);
      if (refusal) return { ok: false, ...refusal };
      // Handed over from another account and the registry still names the old holder (issue #19 §2):
      // the registry would mail the code to them. None until the trade has run (decision 043).
      if (await registrantChangePending(db, d)) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'registrant_change_pending' };
      const registry = deps.adapters.registries[d.registry];
      try {
        if (authCodePolicy(d.registry) === 'send_to_registrant') {
          await registry.sendAuthCode(refOf(d));
          return { ok: true, code: ErrorCode.DOMAIN_AUTHORIZATION_CODE_SENT, sent: true };
        }
        return { ok: true, code: ErrorCode.SUCCESS, authCode: await registry.resetAuthCode(refOf(d)) };
      } catch (e) {
        return { ok: false, code: registryCode(e, ErrorCode.SEND_AUTHORIZATION_CODE_FAILED), reason: 'registry' };
      }
    },

    /** ID protect on or off where the TLD allows it and it is paid for (registry first, then ours). */
    async setIdProtect(userId: number, name: string, on: boolean, uniqueId: string | null): Promise<Outcome> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const refusal = actionRefusal(on ? 'id_protect_on' : 'id_protect_off', d, now);
      if (refusal) return { ok: false, ...refusal };
      try {
        await deps.adapters.registries[d.registry].updateContacts(refOf(d), { idProtect: on });
      } catch (e) {
        return { ok: false, code: registryCode(e, ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED), reason: 'registry' };
      }
      await db.update(domains).set({ idProtect: on, updatedAt: now }).where(eq(domains.id, d.id));
      await announce(userId, [{ d, fields: ['id_protect'] }], uniqueId);
      return { ok: true, code: ErrorCode.SUCCESS };
    },

    /** Puts a year of ID protect for a held name in the cart; fulfilment turns it on once paid. */
    async buyIdProtect(userId: number, owner: CartOwner, name: string, uniqueId: string | null): Promise<Outcome> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      const refusal = actionRefusal('buy_id_protect', d, now);
      if (refusal) return { ok: false, ...refusal };
      const cart = createCartService(deps);
      const already = (await cart.items(owner)).some((i) => i.sku === 'id_protect' && i.parentId === null && i.config.domain === d.asciiFqdn);
      if (already) return { ok: false, code: ErrorCode.ITEM_ALREADY_IN_CART };
      const r = await cart.addProduct(owner, { sku: 'id_protect', config: { domain: d.asciiFqdn }, uniqueId });
      return r.ok ? { ok: true, code: ErrorCode.SUCCESS } : { ok: false, code: r.code };
    },

    /** A renewal (or a restore out of redemption) of a held name, to the cart (the existing cart flow). */
    async renewToCart(userId: number, owner: CartOwner, name: string, uniqueId: string | null): Promise<Outcome> {
      const d = await own(userId, name);
      if (!d) return { ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      return renewToCart(d, owner, uniqueId);
    },

    /**
     * One action over many names, each on its own: a name that cannot take it (not ours, in
     * redemption, refused by the registry) is reported with its code and left as it was; the others
     * go ahead. The nameserver change is not run here: the route sends the names to its page.
     */
    async bulk(userId: number, owner: CartOwner, action: Exclude<BulkAction, 'nameservers'>, rawNames: readonly string[], uniqueId: string | null): Promise<Outcome<{ results: BulkResult[] }>> {
      const parsed = bulkNames(rawNames);
      if (!parsed.ok) return { ok: false, code: parsed.code };
      // The list is bound twice (ASCII or display form): in slices under D1's 100 parameters.
      const rows = await readInChunks(parsed.names, (part) => db.select().from(domains).where(and(eq(domains.userId, userId), or(inArray(domains.asciiFqdn, part), inArray(domains.fqdn, part)))), { perItem: 2, fixed: 1 });
      const byName = new Map<string, OwnDomain>();
      for (const r of rows) {
        byName.set(r.asciiFqdn, r);
        byName.set(r.fqdn, r);
      }
      const results: BulkResult[] = [];
      const changed: { d: OwnDomain; fields: string[] }[] = [];
      const cart = createCartService(deps);
      const autoRenew = action === 'auto_renew_on' || action === 'auto_renew_off' ? await setAutoRenewMany([...new Map(rows.map((r) => [r.id, r])).values()], action === 'auto_renew_on') : null;
      for (const name of parsed.names) {
        const d = byName.get(name);
        if (!d) {
          results.push({ fqdn: name, ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST });
          continue;
        }
        let r: Outcome;
        if (action === 'renew') r = await renewToCart(d, owner, uniqueId, cart);
        else if (action === 'lock' || action === 'unlock') r = await setLock(d, action === 'lock');
        else r = autoRenew!.get(d.id)!;
        if (!r.ok && alreadyAsAsked(r.code)) {
          results.push({ fqdn: d.fqdn, ok: true, code: r.code, unchanged: true });
          continue;
        }
        results.push({ fqdn: d.fqdn, ok: r.ok, code: r.code, ...(!r.ok && r.reason ? { reason: r.reason } : {}) });
        if (r.ok && action !== 'renew') changed.push({ d, fields: [action === 'lock' || action === 'unlock' ? 'locked' : 'auto_renew'] });
      }
      await announce(userId, changed, uniqueId);
      return { ok: true, code: ErrorCode.SUCCESS, results };
    },
  };
  return service;
}

/** A refusal that only says the name is already as asked: locked already, auto-renew already on, its renewal already in the cart. */
function alreadyAsAsked(code: number): boolean {
  return code === ErrorCode.NO_CHANGE || code === ErrorCode.ITEM_ALREADY_IN_CART || code === ErrorCode.DOMAIN_ALREADY_IN_CART;
}

export type MyDomainService = ReturnType<typeof createMyDomainService>;
export type { DomainAction };
