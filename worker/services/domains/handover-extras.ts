// Trade (registrant change) as a cart purchase, the .ελ offer of a Greek .gr (issue #12 §5, decision
// 035) and the external transfers list: part of the handovers service (handovers.ts spreads them in).
import { and, desc, eq, inArray } from 'drizzle-orm';
import { readiness } from '../../../core/cart/contacts';
import { matchingEl } from '../../../core/domains/handover';
import { asciiFqdnFor, registryKeyFor } from '../../../core/domains/keys';
import { ErrorCode } from '../../../core/errors';
import { contacts, domainContacts, domains, orderItems, orders } from '../../../db/schema';
import { registrantChangePending } from './handover-trade';
import type { ServiceDeps } from '../deps';
import { createCartService, type CartOwner } from '../cart';

/** One external transfer in, for the customer's list (handovers.ts re-exports it). */
export type ExternalTransferRow = { fqdn: string; asciiFqdn: string; state: 'under_process' | 'transferred' | 'rejected'; orderId: number; at: Date | null };

type OwnDomain = (userId: number, name: string) => Promise<typeof domains.$inferSelect | null>;

export function createHandoverExtras(deps: ServiceDeps, ownDomain: OwnDomain) {
  const { db, adapters } = deps;
  const extras = {
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
    /**
     * Trade (registrant change) as a purchase (issue #12 §5): a 'trade' line in the cart for the name,
     * with the new registrant chosen among the customer's contacts ready for the name's registry.
     */
    async addTrade(owner: CartOwner & { userId: number }, name: string, input: { registrant: number; agree: boolean; uniqueId: string | null }) {
      const domain = await ownDomain(owner.userId, name);
      if (!domain) return { ok: false as const, code: ErrorCode.DOMAIN_DOES_NOT_EXIST };
      if (domain.status !== 'active') return { ok: false as const, code: ErrorCode.ACTION_NOT_ALLOWED };
      const [contact] = await db.select().from(contacts).where(and(eq(contacts.id, input.registrant), eq(contacts.userId, owner.userId)));
      if (!contact) return { ok: false as const, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND, field: 'registrant' };
      if (contact.incomplete || readiness(contact)[`${domain.registry}_ready`] !== 1) return { ok: false as const, code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'registrant' };
      const [current] = await db.select({ contactId: domainContacts.contactId }).from(domainContacts).where(and(eq(domainContacts.domainId, domain.id), eq(domainContacts.role, 'registrant')));
      // After a handover the registry may still name the old holder while our record names the
      // recipient's choice: then buying the trade for the current registrant is the change itself.
      if (current?.contactId === contact.id && !(await registrantChangePending(db, domain))) return { ok: false as const, code: ErrorCode.NO_CHANGE, field: 'registrant' };
      return createCartService(deps).addDomain(owner, { name: domain.fqdn, action: 'trade', registrant: contact.id, agree: input.agree, uniqueId: input.uniqueId });
    },

    /** The contacts a trade may name for this registry (ready ones first), and the current registrant. */
    async tradeChoices(userId: number, domain: { id: number; registry: string }, pending = false) {
      const [rows, [current]] = await Promise.all([
        db.select().from(contacts).where(eq(contacts.userId, userId)),
        db.select({ contactId: domainContacts.contactId }).from(domainContacts).where(and(eq(domainContacts.domainId, domain.id), eq(domainContacts.role, 'registrant'))),
      ]);
      const key = `${domain.registry}_ready` as keyof ReturnType<typeof readiness>;
      return {
        // While the registry still names the old holder, the current registrant of our record is a valid choice.
        current: pending ? null : (current?.contactId ?? null),
        contacts: rows.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), organisation: c.organisation, email: c.email, ready: !c.incomplete && readiness(c)[key] === 1 })),
      };
    },

    /**
     * The .ελ offer of a held domain (spec §5 '.ελ domains'), for the ownership page and for a note on
     * the domain's overview: the matching .ελ and whether it can be registered, or the Greek .gr forms a
     * Latin .gr would need first (and which of them the customer already holds). Null: none applies.
     */
    async elOffer(userId: number, domain: { fqdn: string }) {
      const match = matchingEl(domain.fqdn);
      if (!match) return null;
      if (match.kind === 'el') {
        const held = await ownDomain(userId, match.fqdn);
        return { kind: 'el' as const, fqdn: match.fqdn, gr: domain.fqdn, state: held ? ('held' as const) : await extras.elAvailability(match.fqdn) };
      }
      return { kind: 'greek_gr_first' as const, candidates: match.candidates, held: await extras.heldByKey(userId, match.candidates) };
    },

    /** Which of these .gr names (any spelling of the key) the customer holds, as they are held. */
    async heldByKey(userId: number, names: string[]): Promise<Record<string, { ascii: string; fqdn: string }>> {
      const keys = new Map(names.map((n) => [registryKeyFor(n.slice(0, -'.gr'.length), 'gr'), n]));
      if (!keys.size) return {};
      const rows = await db.select({ key: domains.registryKey, ascii: domains.asciiFqdn, fqdn: domains.fqdn }).from(domains).where(and(eq(domains.userId, userId), inArray(domains.registryKey, [...keys.keys()])));
      return Object.fromEntries(rows.map((r) => [keys.get(r.key)!, { ascii: r.ascii, fqdn: r.fqdn }]));
    },

    /** Is the matching .ελ still free? (The registry's own check: the search cache may be a minute old.) */
    async elAvailability(fqdnEl: string): Promise<'available' | 'taken' | 'error'> {
      const label = fqdnEl.slice(0, -'.ελ'.length);
      try {
        const [answer] = await adapters.registries.gr.check([{ name: asciiFqdnFor(label, 'ελ'), key: registryKeyFor(label, 'ελ') }]);
        return answer?.available ? 'available' : 'taken';
      } catch {
        return 'error';
      }
    },
  };
  return extras;
}
