// The sandbox registries: a real implementation of the registry port with state in D1, one per family,
// answering as a registry would (EPP semantics, mapped to the catalogue's codes). Test switches in
// `registry_settings` put a family into maintenance (26000), make it slow (latency_ms) or failing.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { readInChunks } from '../../../db/in-chunks';
import { registryHosts, registryMessages, registryObjects, registryPremium, registrySettings } from '../../../db/schema';
import {
  RegistryError, type CheckAnswer, type Contact, type DomainInfo, type NameRef, type RegisterInput, type RegistryFamily, type RegistryMessage, type RegistryPort,
  type RegistrySettings, type RoleContactType,
} from './port';

/** Names no one may register (RFC 2606 and registry-operational names). */
const LOCKED_STATUS = 'clientTransferProhibited';
const MONTH_MS = 30.436875 * 24 * 60 * 60_000;

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

function newAuthCode(): string {
  // 16 characters from a set without look-alikes, plus a symbol: EPP auth codes need some complexity.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return `${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}#`;
}

/** A name whose auth code begins with this refuses every transfer at its registrar (clientRejected). */
export const REJECT_CODE_PREFIX = 'Reject-';

export type SandboxOptions = { now?: () => Date; sleep?: (ms: number) => Promise<void>; onCall?: (family: RegistryFamily, op: string) => void };

export function createSandboxRegistry(db: Db, family: RegistryFamily, options: SandboxOptions = {}): RegistryPort {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** Every operation passes here: counts the call, applies the test switches, returns the rules. */
  async function guard(op: string, failure: number): Promise<RegistrySettings> {
    options.onCall?.(family, op);
    const [s] = await db.select().from(registrySettings).where(eq(registrySettings.registry, family));
    if (!s) throw new RegistryError(failure, { reason: 'not_configured' });
    if (s.latencyMs > 0) await sleep(s.latencyMs);
    if (s.maintenance) throw new RegistryError(ErrorCode.REGISTRY_MAINTENANCE, { family, reason: 'maintenance' });
    if (s.failing) throw new RegistryError(failure, { family, reason: 'failing' });
    return { family, nameserversMin: s.nameserversMin, nameserversMax: s.nameserversMax, contactRoles: s.contactRoles, transferRenews: s.transferRenews };
  }

  async function load(name: NameRef) {
    const [row] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.registryKey, name.key)));
    return row ?? null;
  }

  async function mustOwn(name: NameRef, failure: number) {
    const row = await load(name);
    if (!row || row.statuses.includes('reserved')) throw new RegistryError(ErrorCode.DOMAIN_DOES_NOT_EXIST, { name: name.name });
    // Only the sponsoring registrar may change a name (EPP 2201 authorization error).
    if (row.sponsor !== 'us') throw new RegistryError(failure, { name: name.name, reason: 'not_sponsor' });
    return row;
  }

  async function hostRow(host: string) {
    const [row] = await db.select().from(registryHosts).where(and(eq(registryHosts.registry, family), eq(registryHosts.name, host)));
    return row ?? null;
  }

  async function touch(name: NameRef, patch: Partial<typeof registryObjects.$inferInsert>) {
    await db
      .update(registryObjects)
      .set({ ...patch, updatedAt: now() })
      .where(and(eq(registryObjects.registry, family), eq(registryObjects.registryKey, name.key)));
  }

  /** The name this registry holds that a host sits under (its superordinate domain), if any. */
  async function superordinate(host: string) {
    const rows = await db
      .select({ name: registryObjects.name, sponsor: registryObjects.sponsor, statuses: registryObjects.statuses })
      .from(registryObjects)
      .where(and(eq(registryObjects.registry, family), sql`${host} LIKE '%.' || ${registryObjects.name}`));
    return rows.filter((r) => !r.statuses.includes('reserved')).sort((a, b) => b.name.length - a.name.length)[0] ?? null;
  }

  /** EPP hosts are ASCII (RFC 5732 names are LDH labels): an IDN host must arrive in its 'xn--' form. */
  function mustBeAscii(host: string, field: string) {
    if (!/^[\x21-\x7e]+$/.test(host)) throw new RegistryError(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, { field, host, reason: 'not_ascii' });
  }

  function checkNameservers(settings: RegistrySettings, nameservers: string[]) {
    if (nameservers.length < settings.nameserversMin) throw new RegistryError(ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT, { min: settings.nameserversMin });
    if (nameservers.length > settings.nameserversMax) throw new RegistryError(ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT, { max: settings.nameserversMax });
  }

  /**
   * The role contacts of a name (admin, tech, billing): each new holder becomes a contact object with
   * its own handle, replacing the role's former one, as EPP domain:update add/rem contact does. A role
   * this registry does not have is refused, as the real one refuses an unknown contact type.
   */
  async function setRoleContacts(settings: RegistrySettings, name: NameRef, held: typeof registryObjects.$inferSelect.contacts, roles: Partial<Record<RoleContactType, Contact>>) {
    const next = { ...held };
    const handles: Partial<Record<RoleContactType, string>> = {};
    for (const [role, contact] of Object.entries(roles) as [RoleContactType, Contact][]) {
      if (!settings.contactRoles.includes(role)) throw new RegistryError(ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE, { name: name.name, role });
      const handle = `SB${crypto.randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
      next[role] = { handle, name: contact.name, organisation: contact.organisation ?? null, email: contact.email, country: contact.country, phone: contact.phone ?? null };
      handles[role] = handle;
    }
    await touch(name, { contacts: next });
    return handles;
  }

  const port: RegistryPort = {
    family,

    async settings() {
      return guard('settings', ErrorCode.DOMAIN_CHECK_FAILED);
    },

    async check(names) {
      await guard('check', ErrorCode.DOMAIN_CHECK_FAILED);
      if (names.length === 0) return [];
      const keys = [...new Set(names.map((n) => n.key))];
      // A long search (many names of one family) is read in slices under D1's 100 parameters.
      const pairs = await readInChunks(keys, async (part) => [
        await db.batch([
          db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), inArray(registryObjects.registryKey, part))),
          db.select().from(registryPremium).where(and(eq(registryPremium.registry, family), inArray(registryPremium.registryKey, part))),
        ]),
      ]);
      const objects = pairs.flatMap((p) => p[0]);
      const premium = pairs.flatMap((p) => p[1]);
      const held = new Map(objects.map((o) => [o.registryKey, o]));
      const prices = new Map(premium.map((p) => [p.registryKey, p]));
      return names.map((n): CheckAnswer => {
        const o = held.get(n.key);
        if (o) {
          const reason = o.statuses.includes('reserved') ? 'reserved' : o.statuses.includes('redemptionPeriod') ? 'redemption' : 'registered';
          return { name: n.name, available: false, reason };
        }
        const p = prices.get(n.key);
        return p ? { name: n.name, available: true, premium: { registerCents: p.registerCents, renewCents: p.renewCents } } : { name: n.name, available: true };
      });
    },

    async info(name) {
      await guard('info', ErrorCode.DOMAIN_INFO_FAILED);
      const row = await load(name);
      if (!row || row.statuses.includes('reserved')) throw new RegistryError(ErrorCode.DOMAIN_DOES_NOT_EXIST, { name: name.name });
      return {
        name: row.name,
        statuses: row.statuses,
        sponsoredByUs: row.sponsor === 'us',
        registrar: row.sponsor === 'us' ? 'Ελληνικός Καταχωρητής Α.Ε.' : row.sponsor,
        registrant: row.registrant,
        idProtect: row.idProtect,
        nameservers: row.nameservers,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        expiresAt: row.expiresAt,
        locked: row.statuses.includes(LOCKED_STATUS),
      } satisfies DomainInfo;
    },

    async register(input: RegisterInput) {
      const settings = await guard('register', ErrorCode.DOMAIN_REGISTER_FAILED);
      checkNameservers(settings, input.nameservers);
      const t = now();
      const authCode = newAuthCode();
      const [premium] = await db.select().from(registryPremium).where(and(eq(registryPremium.registry, family), eq(registryPremium.registryKey, input.name.key)));
      // One conditional insert: of two racing registrations of a name, one wins (EPP 2302 object exists).
      const inserted = await db
        .insert(registryObjects)
        .values({
          registry: family,
          registryKey: input.name.key,
          name: input.name.name,
          statuses: ['ok'],
          sponsor: 'us',
          registrant: { ...input.registrant },
          authCode,
          idProtect: input.idProtect ?? false,
          nameservers: input.nameservers.map((n) => n.toLowerCase()),
          createdAt: t,
          updatedAt: t,
          expiresAt: addMonths(t, input.periodMonths),
        })
        .onConflictDoNothing()
        .returning({ expiresAt: registryObjects.expiresAt });
      if (!inserted.length) throw new RegistryError(ErrorCode.DOMAIN_REGISTER_FAILED, { name: input.name.name, reason: 'taken' });
      if (premium) await db.delete(registryPremium).where(and(eq(registryPremium.registry, family), eq(registryPremium.registryKey, input.name.key)));
      return { name: input.name.name, expiresAt: inserted[0]!.expiresAt, authCode };
    },

    async transfer({ name, authCode, periodMonths }) {
      const settings = await guard('transfer', ErrorCode.INVALID_EPP_AUTH);
      const row = await load(name);
      if (!row || row.statuses.includes('reserved')) throw new RegistryError(ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED, { name: name.name });
      if (row.sponsor === 'us') throw new RegistryError(ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER, { name: name.name });
      // Our request is pending already (a retried request): EPP answers the pending transfer, no second one.
      if (row.statuses.includes('pendingTransfer')) return { status: 'pending' };
      // A locked name refuses any code (EPP 2304): the owner must unlock it at the current registrar.
      if (row.statuses.includes(LOCKED_STATUS)) throw new RegistryError(ErrorCode.INVALID_EPP_AUTH, { name: name.name, reason: 'locked' });
      if (!row.authCode || authCode.trim() !== row.authCode) throw new RegistryError(ErrorCode.INVALID_EPP_AUTH, { name: name.name, reason: 'auth' });
      if (settings.transferRenews) {
        // The .gr registry moves the name at once and renews it with the transfer (transfer_renew).
        const expiresAt = addMonths(row.expiresAt, periodMonths ?? 24);
        await touch(name, { sponsor: 'us', authCode: newAuthCode(), expiresAt, statuses: ['ok'] });
        return { status: 'completed', expiresAt };
      }
      await touch(name, { statuses: [...row.statuses.filter((s) => s !== 'ok'), 'pendingTransfer'] });
      // The losing registrar answers on the next poll, as the registry's poll message says (RFC 5731
      // trnData: trStatus, reID the requester, acID the losing registrar): it approves, unless the
      // name's code begins with REJECT_CODE_PREFIX, a test switch (README) for a holder who refuses.
      const rejected = (row.authCode ?? '').startsWith(REJECT_CODE_PREFIX);
      await db.insert(registryMessages).values({
        registry: family,
        name: name.name,
        type: rejected ? 'transfer_rejected' : 'transfer_completed',
        payload: { periodMonths: periodMonths ?? 12, trStatus: rejected ? 'clientRejected' : 'clientApproved', reID: 'us', acID: row.sponsor },
        createdAt: now(),
      });
      return { status: 'pending' };
    },

    async renew({ name, periodMonths, currentExpiry }) {
      await guard('renew', ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED);
      const row = await mustOwn(name, ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED);
      // EPP renew names the current expiry date, so a repeated request cannot renew twice.
      if (Math.abs(row.expiresAt.getTime() - currentExpiry.getTime()) > 24 * 60 * 60_000) {
        throw new RegistryError(ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED, { reason: 'expiry_mismatch' });
      }
      const expiresAt = addMonths(row.expiresAt, periodMonths);
      if (expiresAt.getTime() - now().getTime() > 10 * 12 * MONTH_MS + 31 * 24 * 60 * 60_000) {
        throw new RegistryError(ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED, { reason: 'over_ten_years' });
      }
      await touch(name, { expiresAt, statuses: row.statuses.filter((s) => s !== 'redemptionPeriod') });
      return { expiresAt };
    },

    async trade({ name, registrant }) {
      await guard('trade', ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      await mustOwn(name, ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      await touch(name, { registrant: { ...registrant } });
    },

    async sendAuthCode(name) {
      await guard('sendAuthCode', ErrorCode.SEND_AUTHORIZATION_CODE_FAILED);
      await mustOwn(name, ErrorCode.SEND_AUTHORIZATION_CODE_FAILED);
      await db.insert(registryMessages).values({ registry: family, name: name.name, type: 'auth_code_sent', payload: {}, createdAt: now() });
    },

    async resetAuthCode(name) {
      await guard('resetAuthCode', ErrorCode.SEND_AUTHORIZATION_CODE_FAILED);
      await mustOwn(name, ErrorCode.SEND_AUTHORIZATION_CODE_FAILED);
      const code = newAuthCode();
      await touch(name, { authCode: code });
      return code;
    },

    async updateNameservers(name, nameservers) {
      const settings = await guard('updateNameservers', ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
      await mustOwn(name, ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
      checkNameservers(settings, nameservers);
      const lower = nameservers.map((n) => n.toLowerCase());
      for (const [i, ns] of lower.entries()) {
        mustBeAscii(ns, `ns.${i}`);
        // A nameserver under a name this registry holds is one of its host objects: it must exist
        // (EPP 2303 on the hostObj), the registry answers which one (the '{field}.{n}' of spec §5).
        if ((await superordinate(ns)) && !(await hostRow(ns))) throw new RegistryError(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, { field: `ns.${i}`, host: ns });
      }
      await touch(name, { nameservers: lower });
    },

    async createHost(host, ips) {
      await guard('createHost', ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
      const lower = host.toLowerCase();
      mustBeAscii(lower, 'host');
      // Glue addresses only under a name we sponsor (EPP 2201/2305): another registrar's name cannot
      // get hosts from us. Hosts outside every name this registry holds are external and kept as given.
      const parent = await superordinate(lower);
      if (parent && parent.sponsor !== 'us') throw new RegistryError(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, { host: lower, reason: 'not_sponsor' });
      await db
        .insert(registryHosts)
        .values({ registry: family, name: lower, ips })
        .onConflictDoUpdate({ target: [registryHosts.registry, registryHosts.name], set: { ips } });
    },

    async updateHost(host, ips) {
      await guard('updateHost', ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
      const lower = host.toLowerCase();
      if (!(await hostRow(lower))) throw new RegistryError(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, { host: lower });
      await db.update(registryHosts).set({ ips }).where(and(eq(registryHosts.registry, family), eq(registryHosts.name, lower)));
    },

    async hostInfo(host) {
      await guard('hostInfo', ErrorCode.NAMESERVER_COULD_NOT_GET_INFO);
      const row = await hostRow(host.toLowerCase());
      if (!row) throw new RegistryError(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, { host });
      return { name: row.name, ips: row.ips };
    },

    async deleteHost(host) {
      await guard('deleteHost', ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
      const lower = host.toLowerCase();
      // A host some domain delegates to cannot go (EPP 2305 association prohibits operation).
      const inUse = await db.select({ n: registryObjects.nameservers }).from(registryObjects).where(eq(registryObjects.registry, family));
      if (inUse.some((r) => r.n.includes(lower))) throw new RegistryError(ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED, { host: lower });
      await db.delete(registryHosts).where(and(eq(registryHosts.registry, family), eq(registryHosts.name, lower)));
    },

    async updateContacts(name, contacts) {
      await guard('updateContacts', ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      const row = await mustOwn(name, ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      await touch(name, {
        registrant: contacts.registrant ? { ...contacts.registrant } : row.registrant,
        idProtect: contacts.idProtect ?? row.idProtect,
      });
    },

    async updateRoleContacts(name, roles) {
      const settings = await guard('updateRoleContacts', ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      const row = await mustOwn(name, ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED);
      return setRoleContacts(settings, name, row.contacts, roles);
    },

    async setLock(name, locked) {
      await guard('setLock', ErrorCode.DOMAIN_INFO_FAILED);
      const row = await mustOwn(name, ErrorCode.DOMAIN_INFO_FAILED);
      const others = row.statuses.filter((s) => s !== LOCKED_STATUS && s !== 'ok');
      await touch(name, { statuses: locked ? [...others, LOCKED_STATUS] : others.length ? others : ['ok'] });
    },

    async poll() {
      await guard('poll', ErrorCode.DOMAIN_INFO_FAILED);
      const rows = await db
        .select()
        .from(registryMessages)
        .where(and(eq(registryMessages.registry, family), isNull(registryMessages.ackedAt)))
        .orderBy(registryMessages.id)
        .limit(50);
      // The sandbox's "other registrar" approves pending transfers as soon as they are polled.
      for (const m of rows) {
        // Refused: the name stays with its registrar, no longer pending.
        if (m.type === 'transfer_rejected') {
          const [obj] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.name, m.name)));
          if (obj?.statuses.includes('pendingTransfer')) {
            const rest = obj.statuses.filter((st) => st !== 'pendingTransfer');
            await db
              .update(registryObjects)
              .set({ statuses: rest.length ? rest : ['ok'], updatedAt: now() })
              .where(and(eq(registryObjects.registry, family), eq(registryObjects.name, m.name)));
          }
        }
        if (m.type === 'transfer_completed') {
          const [obj] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.name, m.name)));
          if (obj?.statuses.includes('pendingTransfer')) {
            const months = typeof m.payload.periodMonths === 'number' ? m.payload.periodMonths : 12;
            await db
              .update(registryObjects)
              .set({ sponsor: 'us', statuses: ['ok'], authCode: newAuthCode(), expiresAt: addMonths(obj.expiresAt, months), updatedAt: now() })
              .where(and(eq(registryObjects.registry, family), eq(registryObjects.name, m.name)));
          }
        }
      }
      return rows.map((m): RegistryMessage => ({ id: m.id, name: m.name, type: m.type as RegistryMessage['type'], payload: m.payload, createdAt: m.createdAt }));
    },

    async ack(id) {
      await guard('ack', ErrorCode.DOMAIN_INFO_FAILED);
      await db.update(registryMessages).set({ ackedAt: now() }).where(and(eq(registryMessages.registry, family), eq(registryMessages.id, id)));
    },
  };
  return port;
}

export type { Contact };
