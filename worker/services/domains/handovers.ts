// Internal transfers between accounts (issue #12 §5, decision 035, amended by 043 for issue #19): the
// holder offers a name to an e-mail address, the recipient (an account that has proved that address,
// now or once it registers and proves it) accepts or declines in the portal. On accept the name passes
// the inspection again and moves, in one D1 batch whose first statement fails the whole batch unless
// the offer is still open and the name still the holder's and ready: two racing accepts cannot both
// win. The recipient names their own contacts for the roles (the holder's never leave the holder's
// account), the glue hosts move, and a group delegation becomes a custom list (the group is the old
// holder's). One registry call comes first: a new auth code, because the old holder may know the
// current one. Where the registry mails the code to the registrant (.gr, .ελ), the registrant change
// follows as a trade in the recipient's cart and no code is sent to anyone until it has run.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { acceptRolesRefusal, decisionRefusal, effectiveStatus, handoverNeedsTrade, type AcceptRoles, inspectDomain, inspectOffer, matchingEl, normaliseRecipientEmail, offerExpiry, refusal, type HandoverRefusal, type HandoverStatus } from '../../../core/domains/handover';
import { contacts, domainContacts, domainHandovers, domainHolderChanges, domainReminders, domains, hosts, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { notReadyReasons } from '../../../core/contacts/readiness';
import { CONTACT_ROLES, registrantChangeIsTrade, rolesOf, type ContactRole } from '../../../core/contacts/roles';
import { RegistryError } from '../../adapters/registry/port';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import { createCartService } from '../cart';
import { displayName, registryContact } from '../contacts';
import { createHandoverBase } from './handover-base';
import { createHandoverExtras } from './handover-extras';
import { registrantChangePending } from './handover-trade';

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

export type { ExternalTransferRow } from './handover-extras';

export function createHandoverService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const base = createHandoverBase(deps);
  const { publish, mail, userById, ownDomain, hasPendingOrder, expireDue, openOfferOf, addressedTo, provenRecipient, siblingEl, inspectWithSibling } = base;

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
        /** Where a handover carries the change of registrant (a trade the recipient pays), said before the offer. */
        handoverTrade: { needed: handoverNeedsTrade(domain.registry) },
        /** Handed over here and the registry still names the old holder: no EPP code until the trade runs. */
        registrantChangePending: await registrantChangePending(db, domain),
        inspection,
        offer,
        external: domain.status === 'transfer_pending' ? ('under_process' as const) : domain.transferredAt ? ('transferred' as const) : null,
        el: matchingEl(domain.fqdn),
        /** The .ελ that will move with this .gr. */
        sibling: (await siblingEl(domain))?.fqdn ?? null,
      };
    },

    /** Everything an offer is checked for, without making it (the confirmation step asks this first). */
    async checkOffer(userId: number, name: string, email: string) {
      const domain = await ownDomain(userId, name);
      if (!domain) return { ok: false as const, ...refusal('not_held') };
      const holder = (await userById(userId))!;
      await expireDue();
      const toEmail = normaliseRecipientEmail(email);
      const ready = await inspectWithSibling(domain);
      if (ready) return { ok: false as const, ...ready };
      const offerRefusal = inspectOffer({ holderEmail: holder.email, recipientEmail: toEmail, openOffer: Boolean(await openOfferOf(domain.id)) });
      if (offerRefusal) return { ok: false as const, ...offerRefusal };
      return { ok: true as const, domain, holder, toEmail };
    },

    /** The holder offers the name to an address; the recipient is told by e-mail (and live, with an account). */
    async offer(userId: number, name: string, input: { email: string; lang: Language; origin: string; uniqueId?: string | null }): Promise<HandoverResult<{ id: number; toUserId: number | null }>> {
      const checked = await service.checkOffer(userId, name, input.email);
      if (!checked.ok) return checked;
      const { domain, holder, toEmail } = checked;
      // The offer is fixed to an account only if it has proved the address; otherwise it waits for
      // whoever proves it (the e-mail below goes to the address, which only its owner reads).
      const [recipient] = await db.select({ id: users.id, locale: users.locale }).from(users).where(and(eq(users.email, toEmail), isNotNull(users.emailVerifiedAt)));
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
      await mail(toEmail, recipient?.locale ?? input.lang, 'offered', { fqdn: domain.fqdn, from: holder.email, days: Math.round((offerExpiry(now).getTime() - now.getTime()) / 86_400_000) }, String(id), input.origin);
      if (recipient) {
        await publish(recipient.id, { channel: 'domain', event: 'DomainTransferWasOffered', unique_id: null, data: { handover_id: id, fqdn: domain.fqdn } });
        await createNotificationSources(deps).transferOffered(recipient.id, id, domain.fqdn);
      }
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
        .where(and(eq(domainHandovers.id, handoverId), eq(domainHandovers.status, 'offered'), provenRecipient(userId)))
        .returning({ id: domainHandovers.id });
      if (!changed.length) return { ok: false, ...refusal('offer_decided') };
      const holder = await userById(row!.fromUserId);
      if (holder) await mail(holder.email, holder.locale, 'declined', { fqdn: row!.fqdn, to: me.email }, String(handoverId));
      // The holder's page no longer shows the offer as open.
      await publish(row!.fromUserId, { channel: 'domain', event: 'DomainWasUpdated', unique_id: null, data: { domain_id: row!.domainId, fqdn: row!.fqdn, fields: ['offer'] } });
      return { ok: true };
    },

    /**
     * The recipient accepts, naming their own contacts for the registry's roles (issue #19 §2: the
     * holder's contacts never leave the holder's account). Inspection again, then the move in one
     * batch. The batch's first statement sets the offer 'completed' only if it is still open,
     * unexpired, the recipient still holds the offered address proven, and the name still the holder's,
     * active, unlocked and with no order in progress; otherwise it writes NULL into a NOT NULL column
     * and the whole batch (the move included) is rolled back. Where the registrant receives the EPP
     * code (.gr, .ελ) the change of registrant follows as a trade line in the recipient's cart, and the
     * code is withheld until it has run (handover-trade.ts, decision 043).
     */
    async accept(
      userId: number,
      handoverId: number,
      input: { roles: AcceptRoles; agree?: boolean; uniqueId?: string | null },
    ): Promise<HandoverResult<{ domainId: number; fqdn: string; alsoMoved: string[]; trades: string[] }> | ({ ok: false; field: string } & HandoverRefusal)> {
      const uniqueId = input.uniqueId ?? null;
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

      // The recipient's own contacts for the roles this registry has (the .ελ shares the .gr's registry).
      const registry = adapters.registries[domain.registry];
      let registryRoles: string[];
      try {
        registryRoles = (await registry.settings()).contactRoles;
      } catch (e) {
        if (!(e instanceof RegistryError)) throw e;
        return { ok: false, code: e.code, reason: 'registry_failed' };
      }
      const mine = await db.select().from(contacts).where(eq(contacts.userId, userId));
      const chosen = acceptRolesRefusal({ family: domain.registry, registryRoles, chosen: input.roles, mine });
      if (!chosen.ok) return chosen;
      const trade = handoverNeedsTrade(domain.registry);
      if (trade && !input.agree) return { ok: false, field: 'agree', ...refusal('terms_required') };
      const registrant = mine.find((c) => c.id === chosen.roles.registrant)!;

      // The name, and its .ελ when the holder has it: both take the same contacts.
      const moving = [domain, ...[await siblingEl(domain)].filter((d): d is typeof domain => d !== null)];
      // The registry first: the old holder may know the auth (EPP) code (it is shown or sent to them),
      // and with it could still take the name to another registrar. A new code, or nothing moves. Where
      // the registry changes the registrant for free (EURid, ICM), the new holder is named there too.
      const renamed: (typeof domain)[] = [];
      for (const d of moving) {
        try {
          await registry.resetAuthCode({ name: d.asciiFqdn, key: d.registryKey });
          if (!registrantChangeIsTrade(d.registry)) {
            await registry.updateContacts({ name: d.asciiFqdn, key: d.registryKey }, { registrant: registryContact(registrant, d.registry), idProtect: d.idProtect });
            renamed.push(d);
          }
        } catch (e) {
          if (!(e instanceof RegistryError)) throw e;
          return { ok: false, code: e.code, reason: 'registry_failed' };
        }
      }
      const at = now.getTime();
      const claim = sql`CASE WHEN ${domainHandovers.status} = 'offered' AND ${domainHandovers.expiresAt} > ${at} AND ${provenRecipient(userId)}
        AND EXISTS (SELECT 1 FROM domains d WHERE d.id = ${domain.id} AND d.user_id = ${offer.fromUserId} AND d.status = 'active' AND d.locked = 0 AND d.expires_at > ${at})
        AND NOT EXISTS (SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.ascii_name = ${domain.asciiFqdn}
          AND oi.status IN ('pending', 'processing', 'failed') AND o.status IN ('pending', 'paid', 'processing'))
        THEN 'completed' ELSE NULL END`;
      const roleRows = Object.entries(chosen.roles) as [ContactRole, number][];
      try {
        await db.batch([
          db.update(domainHandovers).set({ status: claim, decidedAt: now, toUserId: userId }).where(eq(domainHandovers.id, offer.id)),
          ...moving.flatMap((d) => [
            db
              .update(domains)
              .set({ userId, nsGroupId: null, nsMode: sql`CASE WHEN ${domains.nsMode} = 'group' THEN 'custom' ELSE ${domains.nsMode} END`, updatedAt: now })
              .where(and(eq(domains.id, d.id), eq(domains.userId, offer.fromUserId))),
            // The holder's contacts leave the name: the recipient's take every role.
            db.delete(domainContacts).where(eq(domainContacts.domainId, d.id)),
            db.insert(domainContacts).values(roleRows.map(([role, contactId]) => ({ domainId: d.id, role, contactId, updatedAt: now }))),
            db.update(hosts).set({ userId, updatedAt: now }).where(eq(hosts.domainId, d.id)),
            // Expiry reminders now concern the new holder (the notification centre reads them by user).
            db.update(domainReminders).set({ userId }).where(eq(domainReminders.domainId, d.id)),
            // Any other open offer of the name (there should be none) lapses with the move.
            db
              .update(domainHandovers)
              .set({ status: 'cancelled', decidedAt: now })
              .where(and(eq(domainHandovers.domainId, d.id), eq(domainHandovers.status, 'offered'))),
            // The holding history (decision 089): the EPP-code rule and the archive read who held it when.
            db.insert(domainHolderChanges).values({ domainId: d.id, fromUserId: offer.fromUserId, toUserId: userId, kind: 'handover', handoverId: offer.id, at: now }),
          ]),
          // The .ελ's own record of the move: both accounts' history lists it, and its EPP code is
          // withheld like the .gr's until its own trade has run (handover-trade.ts reads this row).
          ...moving.slice(1).map((d) =>
            db.insert(domainHandovers).values({ domainId: d.id, fqdn: d.fqdn, fromUserId: offer.fromUserId, toEmail: offer.toEmail, toUserId: userId, status: 'completed', createdAt: offer.createdAt, expiresAt: offer.expiresAt, decidedAt: now }),
          ),
        ]);
      } catch (e) {
        // Lost the race, or the name changed meanwhile: nothing moved. A registrant already named at
        // the registry goes back to the holder's (best effort; the holder's data stays server-side).
        for (const d of renamed) {
          const [held] = await db.select({ c: contacts }).from(domainContacts).innerJoin(contacts, eq(contacts.id, domainContacts.contactId)).where(and(eq(domainContacts.domainId, d.id), eq(domainContacts.role, 'registrant')));
          if (held) await registry.updateContacts({ name: d.asciiFqdn, key: d.registryKey }, { registrant: registryContact(held.c, d.registry), idProtect: d.idProtect }).catch(() => undefined);
        }
        const [after] = await db.select().from(domainHandovers).where(eq(domainHandovers.id, offer.id));
        const [d] = await db.select().from(domains).where(eq(domains.id, domain.id));
        const why =
          decisionRefusal(after ?? null, now) ??
          (!d || d.userId !== offer.fromUserId ? refusal('moved') : inspectDomain(d, { now, pendingOrder: await hasPendingOrder(d.asciiFqdn) }));
        if (!why) throw e;
        return { ok: false, ...why };
      }
      // The change of registrant at the registry, bought like any trade (its catalog price). A cart
      // that refuses the line changes nothing that moved: the code stays withheld and the ownership
      // page offers the trade again.
      const trades: string[] = [];
      if (trade) {
        const cart = createCartService(deps);
        for (const d of moving) {
          const added = await cart.addDomain({ room: `u-${userId}`, userId }, { name: d.fqdn, action: 'trade', registrant: registrant.id, agree: true, uniqueId }).catch((e: unknown) => ({ ok: false as const, error: String(e) }));
          if (added.ok) trades.push(d.fqdn);
          else console.warn('handover trade line refused', d.fqdn, JSON.stringify(added));
        }
      }
      for (const d of moving) {
        const payload = { domain_id: d.id, fqdn: d.fqdn, fields: ['holder'] };
        await publish(offer.fromUserId, { channel: 'domain', event: 'DomainWasTransferredOut', unique_id: null, data: payload });
        await publish(userId, { channel: 'domain', event: 'DomainWasTransferredIn', unique_id: uniqueId, data: payload });
      }
      const holder = await userById(offer.fromUserId);
      if (holder) await mail(holder.email, holder.locale, 'completed', { fqdn: domain.fqdn, to: me.email }, String(offer.id));
      return { ok: true, domainId: domain.id, fqdn: domain.fqdn, alsoMoved: moving.slice(1).map((d) => d.fqdn), trades };
    },

    /**
     * The accept step (issue #19 §1, §2): what the recipient is about to take, the roles the registry
     * has, the recipient's own contacts (ready or not for the registry), and the names whose change of
     * registrant follows as a trade. Null: no open offer for this account.
     */
    async acceptChoices(userId: number, handoverId: number) {
      const me = await userById(userId);
      if (!me) return null;
      await expireDue();
      const [row] = await db
        .select({ h: domainHandovers, from: users.email })
        .from(domainHandovers)
        .innerJoin(users, eq(users.id, domainHandovers.fromUserId))
        .where(and(eq(domainHandovers.id, handoverId), addressedTo(me), eq(domainHandovers.status, 'offered')));
      if (!row || effectiveStatus(row.h, now) !== 'offered') return null;
      const [domain] = await db.select().from(domains).where(eq(domains.id, row.h.domainId));
      if (!domain) return null;
      const sibling = await siblingEl(domain);
      const family = domain.registry;
      const roles = await adapters.registries[family]
        .settings()
        .then((r) => rolesOf(r.contactRoles))
        .catch(() => rolesOf(CONTACT_ROLES));
      const mine = await db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id));
      return {
        offer: { id: row.h.id, fqdn: row.h.fqdn, from: row.from, expiresAt: row.h.expiresAt },
        moving: [domain, ...(sibling ? [sibling] : [])].map((d) => ({ fqdn: d.fqdn, tld: d.tld })),
        roles,
        contacts: mine.map((c) => ({ id: c.id, name: displayName(c), email: c.email, ready: notReadyReasons(c, family).length === 0 })),
        trade: handoverNeedsTrade(family),
      };
    },

    /** Whether this account has proved its e-mail address (offers to it show only then). */
    async emailProven(userId: number): Promise<boolean> {
      return Boolean((await userById(userId))?.emailVerifiedAt);
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

  };
  // Trade and the .ελ offer live in their own file (handover-extras.ts); the routes reach them here.
  return { ...service, ...createHandoverExtras(deps, ownDomain) };
}

export type HandoverService = ReturnType<typeof createHandoverService>;
