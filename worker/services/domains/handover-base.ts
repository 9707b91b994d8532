// The shared reads and rules of the handovers service (handovers.ts, handover-accept.ts): the
// account and its offers, the inspection with the .ελ that moves along, the live and mail notices.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { inspectDomain, matchingEl, normaliseRecipientEmail } from '../../../core/domains/handover';
import { registryKeyFor } from '../../../core/domains/keys';
import { domainToAscii } from '../../../core/domains/punycode';
import { domainHandovers, domains, orderItems, orders, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import type { LiveMessage } from '../../../party/protocol';
import type { ServiceDeps } from '../deps';
import { createMailService, type ParamsOf, type SendInput } from '../mail';
import { createLiveService } from '../platform';

type HandoverMail = 'offered' | 'completed' | 'declined' | 'staff_moved';

// Order items still being carried out, of orders not yet done with (a renewal or trade in progress).
const OPEN_ITEM_STATUSES = ['pending', 'processing', 'failed'] as const;
const OPEN_ORDER_STATUSES = ['pending', 'paid', 'processing'] as const;

export function createHandoverBase(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const live = createLiveService(env);

  async function publish(userId: number, message: LiveMessage) {
    // A party failure must never undo or fail a change that landed.
    await live.toUser(`u-${userId}`, message).catch(() => undefined);
  }

  /**
   * A handover's e-mail, once per event (`event`: the offer's id and what happened to it). The outbox
   * tag stays `handover_<kind>`. The offer stands without its e-mail (the portal shows it too), so a
   * failure here is only logged; delivery's own failures are the queue's to retry.
   */
  async function mail<K extends HandoverMail>(to: string, lang: Language, kind: K, params: ParamsOf<`handover_${K}`>, event: string, origin?: string) {
    try {
      await createMailService(deps).send({ template: `handover_${kind}`, params, to, lang, dedupeKey: `handover-${kind}:${event}`, tag: `handover_${kind}`, ...(origin ? { origin } : {}) } as SendInput<`handover_${K}`>);
    } catch (e) {
      console.warn('handover mail failed', kind, e);
    }
  }

  async function userById(id: number) {
    const [u] = await db.select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, locale: users.locale }).from(users).where(eq(users.id, id));
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

  /**
   * The offers addressed to this account (the SQL form of core's `offerIsFor`): only once it has proved
   * its e-mail address, and only offers to that address (issue #19 §1: an account registered by SMS
   * may have typed in anyone's address). An offer fixed to another account is not this one's.
   */
  function addressedTo(user: { id: number; email: string; emailVerifiedAt: Date | null }) {
    if (!user.emailVerifiedAt) return sql`0`;
    return and(eq(domainHandovers.toEmail, normaliseRecipientEmail(user.email)), or(isNull(domainHandovers.toUserId), eq(domainHandovers.toUserId, user.id)));
  }

  /** The same rule inside a conditional write: the account still holds the offered address, proven. */
  const provenRecipient = (userId: number) =>
    sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.email_verified_at IS NOT NULL AND u.email = ${domainHandovers.toEmail})`;

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

  return { publish, mail, userById, ownDomain, hasPendingOrder, expireDue, openOfferOf, addressedTo, provenRecipient, siblingEl, inspectWithSibling };
}
