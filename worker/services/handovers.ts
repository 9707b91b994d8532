// Internal transfers between accounts (issue #12 §5, decision 035): the holder offers a name to an
// e-mail address, the recipient (an account with that address, now or once it registers) accepts or
// declines in the portal. On accept the name passes the inspection again and moves, in one D1 batch
// whose first statement fails the whole batch unless the offer is still open and the name still the
// holder's and ready: two racing accepts cannot both win. The roles' contacts are copied into the
// recipient's account (the old holder's stay the old holder's), the glue hosts move, and a group
// delegation becomes a custom list (the group is the old holder's). The registrar, the registrant's
// data and the delegation stay as they are; one registry call comes first: a new auth code, because
// the old holder may know the current one and could take the name to another registrar with it.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { decisionRefusal, effectiveStatus, inspectDomain, inspectOffer, matchingEl, normaliseRecipientEmail, offerExpiry, refusal, type HandoverRefusal, type HandoverStatus } from '../../core/domains/handover';
import { domainToAscii } from '../../core/domains/punycode';
import { contacts, domainContacts, domainHandovers, domainReminders, domains, hosts, orderItems, orders, users } from '../../db/schema';
import type { Language } from '../../i18n/config';
import { getServerT } from '../../i18n/server';
import type { LiveMessage } from '../../party/protocol';
import { registryKeyFor } from '../../core/domains/keys';
import { RegistryError } from '../adapters/registry/port';
import type { ServiceDeps } from '.';
import { createHandoverExtras } from './handover-extras';
import { createLiveService } from './live';

export type HandoverResult<T = object> = ({ ok: true } & T) | ({ ok: false } & HandoverRefusal);

export type HandoverRow = {
  id: number;
  fqdn: string;
  direction: 'sent' | 'received';
  /** The other side: the recipient's address (sent) or the holder's (received). */
  counterpart: string;
  status: HandoverStatus;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
};

export type ExternalTransferRow = { fqdn: string; asciiFqdn: string; state: 'under_process' | 'transferred' | 'rejected'; orderId: number; at: Date | null };

// Order items still being carried out, of orders not yet done with (a renewal or trade in progress).
const OPEN_ITEM_STATUSES = ['pending', 'processing', 'failed'] as const;
const OPEN_ORDER_STATUSES = ['pending', 'paid', 'processing'] as const;

/** The contact fields that make two profiles the same person (a copy reuses an identical one). */
const IDENTITY = ['kind', 'firstName', 'lastName', 'firstNameInt', 'lastNameInt', 'organisation', 'email', 'phone', 'address', 'city', 'postcode', 'countryIso2', 'vatNumber'] as const;

export function createHandoverService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const live = createLiveService(env);

  async function publish(userId: number, message: LiveMessage) {
    // A party failure must never undo or fail a change that landed.
    await live.toUser(`u-${userId}`, message).catch(() => undefined);
  }

  async function mail(to: string, lang: Language, key: string, params: Record<string, string>) {
    const t = getServerT(lang);
    try {
      await adapters.mail.send({ to, subject: t(`transfers:mail.${key}_subject`, params), text: t(`transfers:mail.${key}_body`, params), tag: `handover_${key}` });
    } catch (e) {
      // The offer stands without its e-mail: the recipient also sees it in the portal.
      console.warn('handover mail failed', key, e);
    }
  }

  async function userById(id: number) {
    const [u] = await db.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(eq(users.id, id));
    return u ?? null;
  }

  /** The customer's domain by its ASCII name (the Unicode form is accepted too). */
  async function ownDomain(userId: number, name: string) {
    const ascii = domainToAscii(name.trim().toLowerCase());
    const [row] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, ascii), eq(domains.userId, userId)));
    return row ?? null;
  }

  async function hasPendingOrder(asciiFqdn: string): Promise<boolean> {
    const [hit] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.asciiName, asciiFqdn), inArray(orderItems.status, [...OPEN_ITEM_STATUSES]), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
      .limit(1);
    return Boolean(hit);
  }

  /** Open offers past their time become 'expired' (read as such already; this records it). */
  async function expireDue() {
    await db
      .update(domainHandovers)
      .set({ status: 'expired', decidedAt: sql`${domainHandovers.expiresAt}` })
      .where(and(eq(domainHandovers.status, 'offered'), sql`${domainHandovers.expiresAt} <= ${now.getTime()}`));
  }

  async function openOfferOf(domainId: number) {
    const [row] = await db
      .select()
      .from(domainHandovers)
      .where(and(eq(domainHandovers.domainId, domainId), eq(domainHandovers.status, 'offered'), sql`${domainHandovers.expiresAt} > ${now.getTime()}`))
      .limit(1);
    return row ?? null;
  }

  /** The offers addressed to this account: by id once known, else by its address (waiting for it). */
  function addressedTo(user: { id: number; email: string }) {
    return or(eq(domainHandovers.toUserId, user.id), and(isNull(domainHandovers.toUserId), eq(domainHandovers.toEmail, normaliseRecipientEmail(user.email))));
  }

  /**
   * The .ελ of a Greek .gr that the same account holds: it may be held only with its .gr (spec §5
   * '.ελ domains'), so it moves with it.
   */
  async function siblingEl(domain: { fqdn: string; userId: number }) {
    const match = matchingEl(domain.fqdn);
    if (match?.kind !== 'el') return null;
    const label = match.fqdn.slice(0, -'.ελ'.length);
    const [row] = await db.select().from(domains).where(and(eq(domains.userId, domain.userId), eq(domains.registry, 'gr'), eq(domains.registryKey, registryKeyFor(label, 'ελ'))));
    return row ?? null;
  }

  /** 'Ready to transfer' for the name and for the .ελ that would move with it (inspected as a name of its own). */
  async function inspectWithSibling(domain: typeof domains.$inferSelect) {
    const own = inspectDomain(domain, { now, pendingOrder: await hasPendingOrder(domain.asciiFqdn) });
    if (own) return own;
    const el = await siblingEl(domain);
    return el ? inspectDomain({ ...el, tld: undefined }, { now, pendingOrder: await hasPendingOrder(el.asciiFqdn) }) : null;
  }

  /** Copies (or finds identical) contacts in the recipient's account; returns old id → new id and the ids created. */
  async function copyContacts(domainId: number, toUserId: number) {
    const roles = await db.select({ role: domainContacts.role, contactId: domainContacts.contactId }).from(domainContacts).where(eq(domainContacts.domainId, domainId));
    const ids = [...new Set(roles.map((r) => r.contactId))];
    const map = new Map<number, number>();
    const created: number[] = [];
    if (!ids.length) return { roles, map, created };
    const [sources, mine] = await Promise.all([
      db.select().from(contacts).where(inArray(contacts.id, ids)),
      db.select().from(contacts).where(eq(contacts.userId, toUserId)),
    ]);
    for (const c of sources) {
      const same = mine.find((m) => IDENTITY.every((k) => (m[k] ?? null) === (c[k] ?? null)));
      if (same) {
        map.set(c.id, same.id);
        continue;
      }
      const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...fields } = c;
      const [row] = await db.insert(contacts).values({ ...fields, userId: toUserId, createdAt: now, updatedAt: now }).returning({ id: contacts.id });
      map.set(c.id, row!.id);
      created.push(row!.id);
      mine.push({ ...c, id: row!.id, userId: toUserId });
    }
    return { roles, map, created };
  }

  const service = {
    ownDomain,

    /** Everything the ownership page shows: the inspection, the open offer, the external transfer state, the .ελ. */
    async ownership(userId: number, name: string) {
      const domain = await ownDomain(userId, name);
      if (!domain) return null;
      await expireDue();
      const [pendingOrder, offer] = await Promise.all([hasPendingOrder(domain.asciiFqdn), openOfferOf(domain.id)]);
      const inspection = inspectDomain(domain, { now, pendingOrder });
      return {
        domain,
        inspection,
        offer,
        external: domain.status === 'transfer_pending' ? ('under_process' as const) : domain.transferredAt ? ('transferred' as const) : null,
        el: matchingEl(domain.fqdn),
        /** The .ελ that will move with this .gr. */
        sibling: (await siblingEl(domain))?.fqdn ?? null,
      };
    },

    /** The holder offers the name to an address; the recipient is told by e-mail (and live, with an account). */
    async offer(userId: number, name: string, input: { email: string; lang: Language; origin: string; uniqueId?: string | null }): Promise<HandoverResult<{ id: number; toUserId: number | null }>> {
      const domain = await ownDomain(userId, name);
      if (!domain) return { ok: false, ...refusal('not_held') };
      const holder = (await userById(userId))!;
      await expireDue();
      const toEmail = normaliseRecipientEmail(input.email);
      const ready = await inspectWithSibling(domain);
      if (ready) return { ok: false, ...ready };
      const offerRefusal = inspectOffer({ holderEmail: holder.email, recipientEmail: toEmail, openOffer: Boolean(await openOfferOf(domain.id)) });
      if (offerRefusal) return { ok: false, ...offerRefusal };
      const [recipient] = await db.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, toEmail));
      // One open offer per name, even from two tabs at once: the insert itself checks.
      const inserted = await db.$client
        .prepare(
          `INSERT INTO domain_handovers (domain_id, fqdn, from_user_id, to_email, to_user_id, status, created_at, expires_at)
           SELECT ?, ?, ?, ?, ?, 'offered', ?, ? WHERE NOT EXISTS (SELECT 1 FROM domain_handovers WHERE domain_id = ? AND status = 'offered' AND expires_at > ?)
           RETURNING id`,
        )
        .bind(domain.id, domain.fqdn, userId, toEmail, recipient?.id ?? null, now.getTime(), offerExpiry(now).getTime(), domain.id, now.getTime())
        .all<{ id: number }>();
      const id = inserted.results[0]?.id;
      if (!id) return { ok: false, ...refusal('already_offered') };
      await mail(toEmail, recipient?.locale ?? input.lang, 'offered', { fqdn: domain.fqdn, from: holder.email, link: `${input.origin}/account/transfers`, days: String(Math.round((offerExpiry(now).getTime() - now.getTime()) / 86_400_000)) });
      if (recipient) await publish(recipient.id, { channel: 'domain', event: 'DomainTransferWasOffered', unique_id: null, data: { handover_id: id, fqdn: domain.fqdn } });
      // The holder's other tabs show the open offer.
      await publish(userId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: input.uniqueId ?? null, data: { domain_id: domain.id, fqdn: domain.fqdn, fields: ['offer'] } });
      return { ok: true, id, toUserId: recipient?.id ?? null };
    },

    /** The holder withdraws an open offer. */
    async cancel(userId: number, handoverId: number, uniqueId: string | null = null): Promise<HandoverResult> {
      const changed = await db
        .update(domainHandovers)
        .set({ status: 'cancelled', decidedAt: now })
        .where(and(eq(domainHandovers.id, handoverId), eq(domainHandovers.fromUserId, userId), eq(domainHandovers.status, 'offered')))
        .returning({ id: domainHandovers.id, domainId: domainHandovers.domainId, fqdn: domainHandovers.fqdn, toUserId: domainHandovers.toUserId });
      if (changed.length) {
        const c = changed[0]!;
        const payload = { domain_id: c.domainId, fqdn: c.fqdn, fields: ['offer'] };
        await publish(userId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: uniqueId, data: payload });
        // The recipient's list drops the offer.
        if (c.toUserId) await publish(c.toUserId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: null, data: payload });
        return { ok: true };
      }
      const [row] = await db.select().from(domainHandovers).where(and(eq(domainHandovers.id, handoverId), eq(domainHandovers.fromUserId, userId)));
      return { ok: false, ...(decisionRefusal(row ?? null, now) ?? refusal('offer_decided')) };
    },

    /** The recipient turns the offer down; the holder is told. */
    async decline(userId: number, handoverId: number): Promise<HandoverResult> {
      const me = await userById(userId);
      if (!me) return { ok: false, ...refusal('offer_missing') };
      const [row] = await db.select().from(domainHandovers).where(and(eq(domainHandovers.id, handoverId), addressedTo(me)));
      const refused = decisionRefusal(row ?? null, now);
      if (refused) return { ok: false, ...refused };
      const changed = await db
        .update(domainHandovers)
        .set({ status: 'declined', decidedAt: now, toUserId: userId })
        .where(and(eq(domainHandovers.id, handoverId), eq(domainHandovers.status, 'offered')))
        .returning({ id: domainHandovers.id });
      if (!changed.length) return { ok: false, ...refusal('offer_decided') };
      const holder = await userById(row!.fromUserId);
      if (holder) await mail(holder.email, holder.locale, 'declined', { fqdn: row!.fqdn, to: me.email });
      // The holder's page no longer shows the offer as open.
      await publish(row!.fromUserId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: null, data: { domain_id: row!.domainId, fqdn: row!.fqdn, fields: ['offer'] } });
      return { ok: true };
    },

    /**
     * The recipient accepts: inspection again, then the move in one batch. The batch's first statement
     * sets the offer 'completed' only if it is still open, unexpired, and the name still the holder's,
     * active, unlocked and with no order in progress; otherwise it writes NULL into a NOT NULL column
     * and the whole batch (the move included) is rolled back.
     */
    async accept(userId: number, handoverId: number, uniqueId: string | null = null): Promise<HandoverResult<{ domainId: number; fqdn: string; alsoMoved: string[] }>> {
      const me = await userById(userId);
      if (!me) return { ok: false, ...refusal('offer_missing') };
      const [row] = await db.select().from(domainHandovers).where(and(eq(domainHandovers.id, handoverId), addressedTo(me)));
      const refused = decisionRefusal(row ?? null, now);
      if (refused) {
        if (refused.reason === 'offer_expired') await expireDue();
        return { ok: false, ...refused };
      }
      const offer = row!;
      if (offer.fromUserId === userId) return { ok: false, ...refusal('self') };
      const [domain] = await db.select().from(domains).where(eq(domains.id, offer.domainId));
      if (!domain || domain.userId !== offer.fromUserId) return { ok: false, ...refusal('moved') };
      const inspection = await inspectWithSibling(domain);
      if (inspection) return { ok: false, ...inspection };

      // The name, and its .ελ when the holder has it: the copies of both names' contacts are shared.
      const moving = [domain, ...[await siblingEl(domain)].filter((d): d is typeof domain => d !== null)];
      // The registry first: the old holder may know the auth (EPP) code (it is shown or sent to them),
      // and with it could still take the name to another registrar. A new code, or nothing moves.
      for (const d of moving) {
        try {
          await deps.adapters.registries[d.registry].resetAuthCode({ name: d.asciiFqdn, key: d.registryKey });
        } catch (e) {
          if (!(e instanceof RegistryError)) throw e;
          return { ok: false, code: e.code, reason: 'registry_failed' };
        }
      }
      const copies: { domainId: number; roles: Awaited<ReturnType<typeof copyContacts>>['roles']; map: Map<number, number> }[] = [];
      const created: number[] = [];
      for (const d of moving) {
        const c = await copyContacts(d.id, userId);
        copies.push({ domainId: d.id, roles: c.roles, map: c.map });
        created.push(...c.created);
      }
      const at = now.getTime();
      const claim = sql`CASE WHEN ${domainHandovers.status} = 'offered' AND ${domainHandovers.expiresAt} > ${at}
        AND EXISTS (SELECT 1 FROM domains d WHERE d.id = ${domain.id} AND d.user_id = ${offer.fromUserId} AND d.status = 'active' AND d.locked = 0 AND d.expires_at > ${at})
        AND NOT EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.ascii_name = ${domain.asciiFqdn}
          AND oi.status IN ('pending', 'processing', 'failed') AND o.status IN ('pending', 'paid', 'processing'))
        THEN 'completed' ELSE NULL END`;
      try {
        await db.batch([
          db.update(domainHandovers).set({ status: claim, decidedAt: now, toUserId: userId }).where(eq(domainHandovers.id, offer.id)),
          ...copies.flatMap(({ domainId, roles, map }) => [
            db
              .update(domains)
              .set({ userId, nsGroupId: null, nsMode: sql`CASE WHEN ${domains.nsMode} = 'group' THEN 'custom' ELSE ${domains.nsMode} END`, updatedAt: now })
              .where(and(eq(domains.id, domainId), eq(domains.userId, offer.fromUserId))),
            ...roles.map((r) =>
              db
                .update(domainContacts)
                .set({ contactId: map.get(r.contactId)!, updatedAt: now })
                .where(and(eq(domainContacts.domainId, domainId), eq(domainContacts.role, r.role))),
            ),
            db.update(hosts).set({ userId, updatedAt: now }).where(eq(hosts.domainId, domainId)),
            // Expiry reminders now concern the new holder (the notification centre reads them by user).
            db.update(domainReminders).set({ userId }).where(eq(domainReminders.domainId, domainId)),
            // Any other open offer of the name (there should be none) lapses with the move.
            db
              .update(domainHandovers)
              .set({ status: 'cancelled', decidedAt: now })
              .where(and(eq(domainHandovers.domainId, domainId), eq(domainHandovers.status, 'offered'))),
          ]),
        ]);
      } catch (e) {
        // Lost the race, or the name changed meanwhile: nothing moved. The copies made for it go.
        if (created.length) await db.delete(contacts).where(inArray(contacts.id, created)).catch(() => undefined);
        const [after] = await db.select().from(domainHandovers).where(eq(domainHandovers.id, offer.id));
        const [d] = await db.select().from(domains).where(eq(domains.id, domain.id));
        const why =
          decisionRefusal(after ?? null, now) ??
          (!d || d.userId !== offer.fromUserId ? refusal('moved') : inspectDomain(d, { now, pendingOrder: await hasPendingOrder(d.asciiFqdn) }));
        if (!why) throw e;
        return { ok: false, ...why };
      }
      for (const d of moving) {
        const payload = { domain_id: d.id, fqdn: d.fqdn, fields: ['holder'] };
        await publish(offer.fromUserId, { channel: 'domain', event: 'DomainWasTransferredOut', unique_id: null, data: payload });
        await publish(userId, { channel: 'domain', event: 'DomainWasTransferredIn', unique_id: uniqueId, data: payload });
      }
      const holder = await userById(offer.fromUserId);
      if (holder) await mail(holder.email, holder.locale, 'completed', { fqdn: domain.fqdn, to: me.email });
      return { ok: true, domainId: domain.id, fqdn: domain.fqdn, alsoMoved: moving.slice(1).map((d) => d.fqdn) };
    },

    /** Open offers waiting for this account (with the holder's address). */
    async incoming(userId: number): Promise<HandoverRow[]> {
      const me = await userById(userId);
      if (!me) return [];
      await expireDue();
      const rows = await db
        .select({ h: domainHandovers, from: users.email })
        .from(domainHandovers)
        .innerJoin(users, eq(users.id, domainHandovers.fromUserId))
        .where(and(addressedTo(me), eq(domainHandovers.status, 'offered')))
        .orderBy(desc(domainHandovers.id));
      return rows.map(({ h, from }) => ({ id: h.id, fqdn: h.fqdn, direction: 'received', counterpart: from, status: effectiveStatus(h, now), createdAt: h.createdAt, expiresAt: h.expiresAt, decidedAt: h.decidedAt }));
    },

    /** The record on both accounts: every offer sent, and every offer received that was decided. */
    async history(userId: number, limit = 100): Promise<HandoverRow[]> {
      const me = await userById(userId);
      if (!me) return [];
      await expireDue();
      const sent = await db.select().from(domainHandovers).where(eq(domainHandovers.fromUserId, userId)).orderBy(desc(domainHandovers.id)).limit(limit);
      const received = await db
        .select({ h: domainHandovers, from: users.email })
        .from(domainHandovers)
        .innerJoin(users, eq(users.id, domainHandovers.fromUserId))
        .where(and(eq(domainHandovers.toUserId, userId), sql`${domainHandovers.status} <> 'offered'`))
        .orderBy(desc(domainHandovers.id))
        .limit(limit);
      const rows: HandoverRow[] = [
        ...sent.map((h) => ({ id: h.id, fqdn: h.fqdn, direction: 'sent' as const, counterpart: h.toEmail, status: effectiveStatus(h, now), createdAt: h.createdAt, expiresAt: h.expiresAt, decidedAt: h.decidedAt })),
        ...received.map(({ h, from }) => ({ id: h.id, fqdn: h.fqdn, direction: 'received' as const, counterpart: from, status: effectiveStatus(h, now), createdAt: h.createdAt, expiresAt: h.expiresAt, decidedAt: h.decidedAt })),
      ];
      return rows.sort((a, b) => (b.decidedAt ?? b.createdAt).getTime() - (a.decidedAt ?? a.createdAt).getTime()).slice(0, limit);
    },

    /** External transfers in (the customer's transfer orders), with their state from the registry's poll. */
    async externalTransfers(userId: number, limit = 100): Promise<ExternalTransferRow[]> {
      const rows = await db
        .select({ item: orderItems, orderId: orders.id, domain: domains })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .leftJoin(domains, and(eq(domains.asciiFqdn, orderItems.asciiName), eq(domains.userId, userId)))
        .where(and(eq(orders.userId, userId), eq(orderItems.kind, 'domain'), inArray(orderItems.action, ['transfer', 'transfer_renew']), inArray(orderItems.status, ['completed', 'refunded'])))
        .orderBy(desc(orderItems.id))
        .limit(limit);
      return rows.flatMap(({ item, orderId, domain }): ExternalTransferRow[] => {
        const rejected = item.result.status === 'transfer_rejected';
        const state = rejected ? 'rejected' : domain?.status === 'transfer_pending' ? 'under_process' : domain ? 'transferred' : null;
        if (!state) return [];
        return [{ fqdn: item.name, asciiFqdn: item.asciiName ?? item.name, state, orderId, at: state === 'transferred' ? (domain?.transferredAt ?? item.completedAt) : item.completedAt }];
      });
    },
  };
  // Trade and the .ελ offer live in their own file (handover-extras.ts); the routes reach them here.
  return { ...service, ...createHandoverExtras(deps, ownDomain) };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
