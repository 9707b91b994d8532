// A rejected external transfer (issue #20 §2, decision 046): the customer paid for a transfer that did
// not happen, so its cost goes back as they paid — to the card for a card order (a card refund through
// the payments port, keyed by the item, so it happens once), the rest (the credit the order used, or
// what the card could not take) as credit with its corrective credit note — never more than the order
// still holds (refund-caps.ts). The customer is told by e-mail; the live event is the poll's.
import { and, eq, sql } from 'drizzle-orm';
import { refundShare } from '../../../core/orders/credit';
import { orderItems, orders, paymentRefunds, payments } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createItemRefunds } from './item-refunds';
import { readHeld } from './refund-caps';
import { createRefundService } from './refunds';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

export function createTransferRejections(deps: ServiceDeps) {
  const { db } = deps;

  /** What went back to the card for this item already (its refund, by its key), or was asked now. */
  async function toCard(order: Order, item: Item, wantCents: number): Promise<number> {
    const key = `transfer-rejected:item:${item.id}`;
    const [seen] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
    // A repeat: what the first run asked stands (a refused one gave nothing; the credit takes it).
    if (seen) return seen.status === 'failed' ? 0 : seen.amountCents;
    if (order.paymentMethod !== 'card' || wantCents <= 0) return 0;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.method, 'card'), eq(payments.status, 'approved'), sql`NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = 'refund:payment:' || ${payments.id})`))
      .limit(1);
    if (!payment) return 0;
    const [pending] = await db
      .select({ cents: sql<number>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'pending')));
    const cents = Math.min(wantCents, payment.amountCents - payment.refundedCents - Number(pending?.cents ?? 0));
    if (cents <= 0) return 0;
    const r = await createRefundService(deps).refundPayment({ paymentId: payment.id, amountCents: cents, reason: 'transfer_rejected', idempotencyKey: key }, { userId: null, ip: null });
    // Pending (or unanswered, still pending) counts as given: the processor settles it (refund webhook).
    if (r.ok) return cents;
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
    return row && row.status !== 'failed' ? row.amountCents : 0;
  }

  return {
    /** Gives the item's cost back once: card first where the customer paid by card, the rest as credit. */
    async refund(order: Order, item: Item) {
      const share = Math.min(refundShare(order, item.priceCents).totalCents, await readHeld(db, order.id));
      const card = await toCard(order, item, share);
      // The item is 'completed' (the transfer was asked for): the credit path marks nothing itself.
      await createItemRefunds(deps).refundToCredit(order, [item], Math.max(0, refundShare(order, item.priceCents).totalCents - card));
    },

    /**
     * The customer's e-mail: the transfer was refused and the money went back. `event` names the
     * rejection (the order item; the name and moment when no item was found), so a redelivered
     * registry message queues nothing twice.
     */
    async tell(userId: number, fqdn: string, event: string) {
      await createMailService(deps)
        .sendToUser({ template: 'transfer_rejected', params: { fqdn }, userId, dedupeKey: `transfer-rejected:${event}`, tag: 'transfer_rejected' })
        .catch((e: unknown) => console.warn('transfer rejected mail failed', fqdn, e));
    },
  };
}
