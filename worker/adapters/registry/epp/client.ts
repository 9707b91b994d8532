// The real registry client: EPP (RFC 5730 core, 5731 domain, 5732 host, 5733 contact) over TLS with
// RFC 5734 framing, one client per registry family, answering the registry port with the same error
// codes and `reason`s as the D1 sandbox (fulfilment decides retry vs final on them, core/orders/fulfilment).
//
// One EPP session per port call (connect, greeting, login, command(s), logout, close): a Worker's
// socket belongs to the request that opened it and cannot be kept for the next one, so a pool would
// need a Durable Object holding the sessions; registry calls are rare next to the login's cost (one
// round trip more), and registries cap concurrent sessions, which short sessions respect best.
// See docs/decisions/020-epp-registry-client.md.
import { ErrorCode } from '../../../../core/errors';
import {
  RegistryError, type CheckAnswer, type Contact, type DomainInfo, type NameRef, type RegisterInput, type RegistryFamily, type RegistryPort, type RoleContactType,
  type RegistrySettings,
} from '../port';
import { pollMessage } from './poll-message';
import { createEppSessions, EppResultError, EppSessionError, type EppConnect, type Session } from './session';
import { addMonths, checkReason, dateOf, day, eppPhone, newAuthCode, newContactId, readDomainInfData } from './values';
import { build, child, childrenOf, NS, periodOf, textOf, type EppResponse } from './xml';

export { eppPhone, newAuthCode };

// EppConnect lives with the session that opens the socket (session.ts imports nothing of this file).
export type { EppConnect };

export type EppRegistryOptions = {
  family: RegistryFamily;
  host: string;
  /** 700 is the IANA port for EPP over TLS (RFC 5734 §2). */
  port?: number;
  clientId: string;
  password: string;
  connect: EppConnect;
  /** The registry's rules as configured: EPP has no command that reports them. */
  settings: RegistrySettings;
  /** For the whole session, connect to logout. */
  timeoutMs?: number;
  now?: () => Date;
};

/** Names per <domain:check>: registries cap it (often at 50) and answer 2306 above their cap. */
export const CHECK_CHUNK = 50;
const LOCKED_STATUS = 'clientTransferProhibited';
/** Poll messages the product has no use for are acknowledged and skipped, up to this many per call. */
const MAX_SKIPPED_MESSAGES = 20;



export function createEppRegistry(options: EppRegistryOptions): RegistryPort {
  const { family, host, port = 700, clientId, password, connect, settings, timeoutMs = 20_000 } = options;
  const now = options.now ?? (() => new Date());
  const objURIs = [NS.domain, NS.host, NS.contact];
  const extURIs = family === 'gr' ? [NS.grExtDomain] : [];

  const { session, run } = createEppSessions({ family, host, port, clientId, password, connect, timeoutMs, objURIs, extURIs });

  const missing = (name: NameRef) => () => new RegistryError(ErrorCode.DOMAIN_DOES_NOT_EXIST, { name: name.name });

  function checkNameservers(nameservers: string[]) {
    if (nameservers.length < settings.nameserversMin) throw new RegistryError(ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT, { min: settings.nameserversMin });
    if (nameservers.length > settings.nameserversMax) throw new RegistryError(ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT, { max: settings.nameserversMax });
  }

  async function domainInfo(s: Session, name: NameRef, authCode?: string) {
    const r = await run(s, (id) => build.domainInfo(id, name.name, authCode), { 2303: missing(name) });
    const inf = child(r.resData, NS.domain, 'infData');
    if (!inf) throw new EppSessionError('domain:info answer without infData');
    return readDomainInfData(inf, name.name);
  }

  /** Creates the registrant as a new contact object and answers its id. */
  async function createContact(s: Session, contact: Contact, hidden: boolean, failure: number): Promise<string> {
    // Never a placeholder city (issue #20 §1): a holder without one is refused before the registry.
    if (!/[\p{L}\p{N}]/u.test(contact.city ?? '')) throw new RegistryError(failure, { reason: 'invalid_contact', field: 'city' });
    const id = newContactId();
    await run(s, (tr) => build.contactCreate(tr, { id, ...contact, voice: eppPhone(contact.phone), authCode: newAuthCode(), hidden }), {
      // The contact data itself was refused (a bad e-mail or country): the request, not the registry.
      2005: () => new RegistryError(failure, { reason: 'invalid_contact' }),
      2306: () => new RegistryError(failure, { reason: 'invalid_contact' }),
    });
    return id;
  }

  const epp: RegistryPort = {
    family,

    async settings() {
      return settings;
    },

    async check(names) {
      if (names.length === 0) return [];
      const unique = [...new Set(names.map((n) => n.name.toLowerCase()))];
      const found = await session(ErrorCode.DOMAIN_CHECK_FAILED, async (s) => {
        const answers = new Map<string, CheckAnswer>();
        for (let at = 0; at < unique.length; at += CHECK_CHUNK) {
          const r = await s.command((id) => build.domainCheck(id, unique.slice(at, at + CHECK_CHUNK)));
          for (const cd of childrenOf(child(r.resData, NS.domain, 'chkData'), NS.domain, 'cd')) {
            const nameEl = child(cd, NS.domain, 'name');
            const name = textOf(nameEl).toLowerCase();
            const available = nameEl?.attrs.avail === '1' || nameEl?.attrs.avail === 'true';
            // Premium prices come in the fee extension (RFC 8748), which this client does not ask
            // for: a premium name answers as an ordinary available one.
            answers.set(name, available ? { name, available } : { name, available, reason: checkReason(textOf(child(cd, NS.domain, 'reason'))) });
          }
        }
        return answers;
      });
      return names.map((n) => {
        const a = found.get(n.name.toLowerCase());
        if (!a) throw new RegistryError(ErrorCode.DOMAIN_CHECK_FAILED, { family, reason: 'failing', message: `no answer for ${n.name}` });
        return { ...a, name: n.name };
      });
    },

    async info(name) {
      return session(ErrorCode.DOMAIN_INFO_FAILED, async (s) => {
        const d = await domainInfo(s, name);
        const sponsoredByUs = d.clID === clientId;
        let registrant: Partial<Contact> = {};
        let idProtect = false;
        // Other registrars' contacts are not ours to read (2201); ours tell the holder and ID protection.
        if (sponsoredByUs && d.registrantId) {
          const c = await s.command((id) => build.contactInfo(id, d.registrantId)).catch((e: unknown) => {
            if (e instanceof EppResultError) return null;
            throw e;
          });
          const inf = child(c?.resData, NS.contact, 'infData');
          if (inf) {
            const postal = childrenOf(inf, NS.contact, 'postalInfo');
            const p = postal.find((x) => x.attrs.type === 'loc') ?? postal[0];
            registrant = {
              name: textOf(child(p, NS.contact, 'name')),
              organisation: textOf(child(p, NS.contact, 'org')) || null,
              email: textOf(child(inf, NS.contact, 'email')),
              country: textOf(child(child(p, NS.contact, 'addr'), NS.contact, 'cc')),
              phone: textOf(child(inf, NS.contact, 'voice')) || null,
            };
            idProtect = child(inf, NS.contact, 'disclose')?.attrs.flag === '0';
          }
        }
        // A registry may hide dates from a non-sponsor (RFC 5731 §3.1.2): the epoch marks "unknown".
        const created = d.crDate ?? new Date(0);
        return {
          name: d.name,
          statuses: d.statuses,
          sponsoredByUs,
          registrar: d.clID,
          registrant,
          idProtect,
          nameservers: d.nameservers,
          createdAt: created,
          updatedAt: d.upDate ?? created,
          expiresAt: d.exDate ?? new Date(0),
          locked: d.statuses.includes(LOCKED_STATUS),
        } satisfies DomainInfo;
      });
    },

    async register(input: RegisterInput) {
      checkNameservers(input.nameservers);
      const failure = ErrorCode.DOMAIN_REGISTER_FAILED;
      return session(failure, async (s) => {
        const contactId = await createContact(s, input.registrant, input.idProtect ?? false, failure);
        const authCode = newAuthCode();
        // The registrant also fills the other roles the registry asks for (settings.contactRoles).
        const contacts = settings.contactRoles.filter((role) => role === 'admin' || role === 'tech' || role === 'billing').map((type) => ({ type, id: contactId }));
        const r = await run(
          s,
          (id) =>
            build.domainCreate(id, {
              name: input.name.name,
              period: periodOf(input.periodMonths),
              nameservers: input.nameservers.map((n) => n.toLowerCase()),
              registrant: contactId,
              contacts,
              authCode,
            }),
          { 2302: () => new RegistryError(failure, { name: input.name.name, reason: 'taken' }) },
        );
        const exDate = dateOf(child(child(r.resData, NS.domain, 'creData'), NS.domain, 'exDate'));
        return { name: input.name.name, expiresAt: exDate ?? addMonths(now(), input.periodMonths), authCode };
      });
    },

    async transfer({ name, authCode, periodMonths }) {
      const failure = ErrorCode.INVALID_EPP_AUTH;
      return session(failure, async (s) => {
        // Only registries that renew with the transfer (.gr) take a period; others may refuse one.
        const period = settings.transferRenews && periodMonths ? periodOf(periodMonths) : undefined;
        let r: EppResponse;
        try {
          r = await run(s, (id) => build.domainTransfer(id, 'request', name.name, authCode.trim(), period), {
            2201: () => new RegistryError(failure, { name: name.name, reason: 'auth' }),
            2202: () => new RegistryError(failure, { name: name.name, reason: 'auth' }),
            2303: () => new RegistryError(ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED, { name: name.name }),
            2304: () => new RegistryError(failure, { name: name.name, reason: 'locked' }),
          });
        } catch (e) {
          if (!(e instanceof EppResultError) || ![2002, 2106, 2300].includes(e.code)) throw e;
          // "Not eligible" / "pending transfer": ask who holds the name, to tell our own name (or our
          // own request, retried after a lost answer) from a refusal.
          if (e.code === 2300) {
            const q = await s.command((id) => build.domainTransfer(id, 'query', name.name, authCode.trim())).catch(() => null);
            const trn = child(q?.resData, NS.domain, 'trnData');
            if (textOf(child(trn, NS.domain, 'reID')) === clientId) return { status: 'pending' as const };
            throw new RegistryError(failure, { name: name.name, reason: 'pending_transfer' });
          }
          const held = await domainInfo(s, name).catch(() => null);
          if (held?.clID === clientId) throw new RegistryError(ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER, { name: name.name });
          throw new RegistryError(failure, { name: name.name, reason: 'not_eligible', eppCode: e.code });
        }
        const exDate = dateOf(child(child(r.resData, NS.domain, 'trnData'), NS.domain, 'exDate')) ?? undefined;
        if (r.code === 1001) return exDate ? { status: 'pending' as const, expiresAt: exDate } : { status: 'pending' as const };
        return exDate ? { status: 'completed' as const, expiresAt: exDate } : { status: 'completed' as const };
      });
    },

    async renew({ name, periodMonths, currentExpiry }) {
      const failure = ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED;
      return session(failure, async (s) => {
        let r: EppResponse;
        try {
          r = await run(s, (id) => build.domainRenew(id, name.name, day(currentExpiry), periodOf(periodMonths)), { 2303: missing(name) });
        } catch (e) {
          if (!(e instanceof EppResultError) || (e.code !== 2306 && e.code !== 2004)) throw e;
          // 2306 covers both a wrong current expiry and a renewal past ten years: look which it was.
          const held = await domainInfo(s, name).catch(() => null);
          if (held?.exDate && day(held.exDate) !== day(currentExpiry)) throw new RegistryError(failure, { reason: 'expiry_mismatch' });
          throw new RegistryError(failure, { reason: 'over_ten_years', eppCode: e.code });
        }
        const exDate = dateOf(child(child(r.resData, NS.domain, 'renData'), NS.domain, 'exDate'));
        return { expiresAt: exDate ?? addMonths(currentExpiry, periodMonths) };
      });
    },

    async trade({ name, registrant, idProtect }) {
      const failure = ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED;
      await session(failure, async (s) => {
        const contactId = await createContact(s, registrant, idProtect ?? false, failure);
        await run(s, (id) => build.domainUpdate(id, name.name, { registrant: contactId }), { 2303: missing(name) });
      });
    },

    async sendAuthCode(name) {
      // Plain EPP has no "e-mail the code to the registrant" command (some registries have their own
      // extension for it): the product should offer resetAuthCode and show the code instead.
      throw new RegistryError(ErrorCode.SEND_AUTHORIZATION_CODE_FAILED, { name: name.name, reason: 'not_offered' });
    },

    async resetAuthCode(name) {
      return session(ErrorCode.SEND_AUTHORIZATION_CODE_FAILED, async (s) => {
        const code = newAuthCode();
        await run(s, (id) => build.domainUpdate(id, name.name, { authCode: code }), { 2303: missing(name) });
        return code;
      });
    },

    async updateNameservers(name, nameservers) {
      checkNameservers(nameservers);
      await session(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, async (s) => {
        const wanted = [...new Set(nameservers.map((n) => n.toLowerCase()))];
        const current = (await domainInfo(s, name)).nameservers;
        const addNs = wanted.filter((n) => !current.includes(n));
        const remNs = current.filter((n) => !wanted.includes(n));
        if (addNs.length || remNs.length) await run(s, (id) => build.domainUpdate(id, name.name, { addNs, remNs }), { 2303: missing(name) });
      });
    },

    async createHost(hostName, ips) {
      const lower = hostName.toLowerCase();
      await session(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, async (s) => {
        try {
          await s.command((id) => build.hostCreate(id, lower, ips));
        } catch (e) {
          if (!(e instanceof EppResultError) || e.code !== 2302) throw e;
          // Like the sandbox, creating an existing host sets its addresses.
          const r = await s.command((id) => build.hostInfo(id, lower));
          const have = childrenOf(child(r.resData, NS.host, 'infData'), NS.host, 'addr').map(textOf);
          const add = ips.filter((ip) => !have.includes(ip));
          const rem = have.filter((ip) => !ips.includes(ip));
          if (add.length || rem.length) await s.command((id) => build.hostUpdate(id, lower, add, rem));
        }
      });
    },

    async updateHost(hostName, ips) {
      const lower = hostName.toLowerCase();
      const noHost = () => new RegistryError(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, { host: lower });
      await session(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, async (s) => {
        const r = await run(s, (id) => build.hostInfo(id, lower), { 2303: noHost });
        const have = childrenOf(child(r.resData, NS.host, 'infData'), NS.host, 'addr').map(textOf);
        const add = ips.filter((ip) => !have.includes(ip));
        const rem = have.filter((ip) => !ips.includes(ip));
        if (add.length || rem.length) await run(s, (id) => build.hostUpdate(id, lower, add, rem), { 2303: noHost });
      });
    },

    async hostInfo(hostName) {
      const lower = hostName.toLowerCase();
      return session(ErrorCode.NAMESERVER_COULD_NOT_GET_INFO, async (s) => {
        const r = await run(s, (id) => build.hostInfo(id, lower), { 2303: () => new RegistryError(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, { host: lower }) });
        return { name: lower, ips: childrenOf(child(r.resData, NS.host, 'infData'), NS.host, 'addr').map(textOf) };
      });
    },

    async deleteHost(hostName) {
      const lower = hostName.toLowerCase();
      await session(ErrorCode.NAMESERVER_COULD_NOT_UPDATE, async (s) => {
        try {
          await run(s, (id) => build.hostDelete(id, lower), { 2305: () => new RegistryError(ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED, { host: lower }) });
        } catch (e) {
          // Already gone is what the caller wanted.
          if (!(e instanceof EppResultError) || e.code !== 2303) throw e;
        }
      });
    },

    async updateContacts(name, contacts) {
      const failure = ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED;
      await session(failure, async (s) => {
        if (contacts.registrant) {
          const contactId = await createContact(s, contacts.registrant, contacts.idProtect ?? false, failure);
          await run(s, (id) => build.domainUpdate(id, name.name, { registrant: contactId }), { 2303: missing(name) });
        } else if (contacts.idProtect !== undefined) {
          const held = await domainInfo(s, name);
          if (!held.registrantId) throw new RegistryError(failure, { name: name.name, reason: 'no_registrant' });
          await s.command((id) => build.contactUpdateDisclose(id, held.registrantId, contacts.idProtect!));
        }
      });
    },

    async updateRoleContacts(name, roles) {
      const failure = ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED;
      return session(failure, async (s) => {
        const wanted = Object.entries(roles) as [RoleContactType, Contact][];
        for (const [role] of wanted) if (!settings.contactRoles.includes(role)) throw new RegistryError(ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE, { name: name.name, role });
        const held = await domainInfo(s, name);
        const handles: Partial<Record<RoleContactType, string>> = {};
        const addContacts: { type: string; id: string }[] = [];
        for (const [role, contact] of wanted) {
          // A new contact object per holder: a contact object may serve other names, so it is never rewritten.
          handles[role] = await createContact(s, contact, false, failure);
          addContacts.push({ type: role, id: handles[role]! });
        }
        // The role's former holders go in the same update (rem), so the name never lacks the role.
        const remContacts = held.contacts.filter((c) => wanted.some(([role]) => role === c.type));
        await run(s, (id) => build.domainUpdate(id, name.name, { addContacts, remContacts }), { 2303: missing(name) });
        return handles;
      });
    },

    async setLock(name, locked) {
      await session(ErrorCode.DOMAIN_INFO_FAILED, async (s) => {
        // Adding a status the name already has is an error (2306) at most registries: look first.
        const held = await domainInfo(s, name);
        if (held.statuses.includes(LOCKED_STATUS) === locked) return;
        const change = locked ? { addStatus: [LOCKED_STATUS] } : { remStatus: [LOCKED_STATUS] };
        await run(s, (id) => build.domainUpdate(id, name.name, change), { 2303: missing(name) });
      });
    },

    async poll() {
      // EPP hands out one message at a time, the next only after an ack: this answers the first
      // message the product uses, acknowledging (and skipping) notices it has no use for on the way.
      return session(ErrorCode.DOMAIN_INFO_FAILED, async (s) => {
        for (let skipped = 0; skipped <= MAX_SKIPPED_MESSAGES; skipped++) {
          const r = await s.command(build.pollRequest);
          if (r.code === 1300 || !r.msgQ) return [];
          const message = pollMessage(r, clientId, now);
          if (message) return [message];
          const msgId = r.msgQ.id;
          await s.command((id) => build.pollAck(id, msgId));
        }
        return [];
      });
    },

    async ack(id) {
      await session(ErrorCode.DOMAIN_INFO_FAILED, async (s) => {
        try {
          await s.command((tr) => build.pollAck(tr, String(id)));
        } catch (e) {
          // Acknowledged already (a retried cron run): done.
          if (!(e instanceof EppResultError) || e.code !== 2303) throw e;
        }
      });
    },
  };

  return epp;
}
