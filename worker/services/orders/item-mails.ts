// The "item done" e-mails (issue #33 §1, decision 098): called where fulfilment (or the registry poll)
// has written an item's outcome, once per event by a dedupe key derived from the order item
// (`item-done:<id>`, `item-refunded:<id>`, `cert-issued:<id>`), so a second cron run, two overlapping
// runs or a redelivered registry message queue nothing twice. What a message says is read from our
// own rows as the change left them (the name's expiry and delegation, the hosting record), never from
// the cart. A message is a courtesy beside the change: whatever goes wrong here is logged and never
// fails or undoes the fulfilment that caused it (the queue keeps a failed delivery and retries it).
import { and, eq } from 'drizzle-orm';
import { domains, hostingServices, type orderItems, type orders } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createMailService, type ParamsOf } from '../mail';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;
type What = ParamsOf<'item_refunded'>['lines'][number]['what'];
type Step = ParamsOf<'certificate_pending'>['steps'][number];

/** What an order item was, for the refund message's lines. */
export function refundedWhatOf(item: Pick<Item, 'kind' | 'action' | 'sku'>): What {
  if (item.sku === 'id_protect') return 'id_protect';
  if (item.kind === 'domain') {
    if (item.action === 'renew') return 'renew';
    if (item.action === 'rgp_restore') return 'restore';
    if (item.action === 'trade') return 'trade';
    if (item.action === 'transfer' || item.action === 'transfer_renew') return 'transfer';
    return 'register';
  }
  if (item.kind === 'hosting') return 'hosting';
  if (item.kind === 'ssl') return 'ssl';
  return 'addon';
}

export function createItemMails(deps: ServiceDeps) {
  const { db } = deps;
  const mail = createMailService(deps);

  async function courtesy(key: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (e) {
      console.error('item mail failed', key, e);
    }
  }

  async function heldName(userId: number, item: Item) {
    if (!item.asciiName) return null;
    const [d] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, item.asciiName), eq(domains.userId, userId)));
    return d ?? null;
  }

  async function domainDone(order: Order, item: Item) {
    const d = await heldName(order.userId, item);
    if (!d) return;
    const dedupeKey = `item-done:${item.id}`;
    if (item.action === 'renew' || item.action === 'rgp_restore') {
      await mail.sendToUser({ template: 'renewal_done', userId: order.userId, dedupeKey, params: { service: 'domain', name: d.fqdn, asciiName: d.asciiFqdn, expiresAt: d.expiresAt, restored: item.action === 'rgp_restore' } });
      return;
    }
    // A transfer still waiting at the registry is told when the poll completes it (transferCompleted).
    if (d.status !== 'active') return;
    const params = { name: d.fqdn, asciiName: d.asciiFqdn, expiresAt: d.expiresAt, nameservers: d.nameservers };
    if (item.action === 'register') await mail.sendToUser({ template: 'domain_registered', userId: order.userId, dedupeKey, params });
    else if (item.action === 'transfer' || item.action === 'transfer_renew') await mail.sendToUser({ template: 'domain_transferred', userId: order.userId, dedupeKey, params });
  }

  async function hostingDone(order: Order, item: Item) {
    const dedupeKey = `item-done:${item.id}`;
    const renews = typeof item.config.renewsService === 'number' ? item.config.renewsService : null;
    if (renews !== null) {
      const [s] = await db.select().from(hostingServices).where(and(eq(hostingServices.id, renews), eq(hostingServices.userId, order.userId)));
      if (s) await mail.sendToUser({ template: 'renewal_done', userId: order.userId, dedupeKey, params: { service: 'hosting', name: s.domain ?? s.username, expiresAt: s.expiresAt, serviceId: s.id } });
      return;
    }
    // A change of plan is no new service (the service's page shows it).
    if (item.config.planChange) return;
    const [s] = await db.select().from(hostingServices).where(and(eq(hostingServices.orderItemId, item.id), eq(hostingServices.userId, order.userId)));
    if (!s) return;
    await mail.sendToUser({
      template: 'hosting_ready',
      userId: order.userId,
      dedupeKey,
      params: { name: s.domain ?? s.username, plan: item.name, panelUrl: s.panelUrl, username: s.username, server: s.server, building: s.status === 'provisioning', place: { kind: 'paid', serviceId: s.id } },
    });
  }

  async function certificateDone(order: Order, item: Item, result: Record<string, unknown>, siblings: Item[]) {
    const commonName = typeof result.commonName === 'string' ? result.commonName : item.name;
    const sans = Array.isArray(result.sans) ? (result.sans as string[]) : [];
    const path = `/orders/${order.id}`;
    if (result.status === 'ACTIVE') {
      const installation = siblings.some((s) => s.parentPosition === item.position && s.kind === 'ssl_installation');
      await mail.sendToUser({ template: 'certificate_issued', userId: order.userId, dedupeKey: `cert-issued:${item.id}`, params: { commonName, sans, expiresAt: typeof result.expiresAt === 'string' ? new Date(result.expiresAt) : null, installation, path } });
      return;
    }
    if (result.status !== 'PENDING') return;
    // The supplier's record of the validation (the port's enrolment answer): today every name is
    // approved by e-mail; the template also takes an HTTP file or a DNS record for when the port does.
    const approvers = (result.approverEmails ?? {}) as Record<string, string>;
    const steps: Step[] = [commonName, ...sans].flatMap((name) => (approvers[name] ? [{ method: 'email' as const, name, approver: approvers[name]! }] : []));
    if (!steps.length) return;
    await mail.sendToUser({ template: 'certificate_pending', userId: order.userId, dedupeKey: `item-done:${item.id}`, params: { commonName, steps, path } });
  }

  return {
    /** An item fulfilment just completed: the message its kind calls for, if any. */
    async done(order: Order, item: Item, result: Record<string, unknown>, siblings: Item[]): Promise<void> {
      await courtesy(`item-done:${item.id}`, async () => {
        if (item.kind === 'domain') await domainDone(order, item);
        else if (item.kind === 'hosting') await hostingDone(order, item);
        else if (item.kind === 'ssl') await certificateDone(order, item, result, siblings);
      });
    },

    /** A transfer in the registry completed later (the poll): `itemId` is the order item that bought it. */
    async transferCompleted(userId: number, itemId: number | null, d: { id: number; fqdn: string; asciiFqdn: string; expiresAt: Date; nameservers: string[] }): Promise<void> {
      const dedupeKey = itemId !== null ? `item-done:${itemId}` : `transfer-in:${d.id}:${d.expiresAt.getTime()}`;
      await courtesy(dedupeKey, () => mail.sendToUser({ template: 'domain_transferred', userId, dedupeKey, params: { name: d.fqdn, asciiName: d.asciiFqdn, expiresAt: d.expiresAt, nameservers: d.nameservers } }));
    },

    /**
     * Items given back (the first is the one that failed, the rest its add-ons): each line with what
     * it got back, and how (to the card, as credit). Nothing when nothing went back.
     */
    async refunded(order: Order, lines: { item: Item; cents: number }[], how: { cardCents: number; creditCents: number }, reason: 'failed' | 'transfer_rejected'): Promise<void> {
      const given = lines.filter((l) => l.cents > 0);
      if (!given.length || how.cardCents + how.creditCents <= 0) return;
      const dedupeKey = `item-refunded:${given[0]!.item.id}`;
      await courtesy(dedupeKey, () =>
        mail.sendToUser({
          template: 'item_refunded',
          userId: order.userId,
          dedupeKey,
          params: { orderId: order.id, reason, lines: given.map((l) => ({ what: refundedWhatOf(l.item), name: l.item.name, cents: l.cents })), cardCents: how.cardCents, creditCents: how.creditCents },
        }),
      );
    },
  };
}

export type ItemMails = ReturnType<typeof createItemMails>;
