// The e-mails of an order's life (issue #33 §1, decision 097), each beside the change that causes it
// and after that change is committed: the order received (from the stored order, so the lines and
// totals are those the checkout priced), the payment received (once per order: the dedupe key is the
// order's, whatever number of webhooks, returns or staff clicks led to markPaid) and the day-before
// notice of an order about to lapse. A message is a courtesy beside the change: nothing here throws.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { documentNumber } from '../../../core/documents/format';
import { amountDue } from '../../../core/orders/credit';
import { lapsesAtMs } from '../../../core/orders/expiry';
import { orderItems, orders, payments, renewalAttempts } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';

export const orderReceivedKey = (orderId: number) => `order-received:${orderId}`;
export const orderPaidKey = (orderId: number) => `payment-received:order:${orderId}`;
export const paymentReceivedKey = (paymentId: number) => `payment-received:payment:${paymentId}`;

type Order = typeof orders.$inferSelect;

export function createOrderMails(deps: ServiceDeps) {
  const { db, now } = deps;
  const mail = createMailService(deps);

  async function safely(key: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (e) {
      // A wrong parameter is a bug the tests catch; in production the order stands without its mail.
      console.error('order mail failed', key, e);
    }
  }

  /** How the money that paid the order arrived: a card (not one whose money became credit), else the transfer. */
  async function paidWith(order: Order): Promise<'card' | 'bank_transfer' | 'credit'> {
    if (amountDue(order) === 0) return 'credit';
    const approved = await db
      .select({ method: payments.method })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved'), sql`NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = 'refund:payment:' || ${payments.id})`));
    if (approved.some((p) => p.method === 'card')) return 'card';
    if (approved.some((p) => p.method === 'bank_transfer')) return 'bank_transfer';
    return order.paymentMethod;
  }

  return {
    /** The order the checkout placed: its lines and totals as stored, how it is paid, by when. */
    async orderReceived(orderId: number): Promise<void> {
      await safely(orderReceivedKey(orderId), async () => {
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        if (!order) return;
        const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
        const lapses = order.paymentMethod === 'credit' ? null : lapsesAtMs({ createdAtMs: order.createdAt.getTime(), paymentMethod: order.paymentMethod, idempotencyKey: order.idempotencyKey });
        await mail.sendToUser({
          template: 'order_received',
          userId: order.userId,
          dedupeKey: orderReceivedKey(orderId),
          params: {
            orderId,
            placedAt: order.createdAt,
            lines: items.map((i) => ({ name: i.name || i.sku, lengthMonths: i.lengthMonths, netCents: i.priceCents, child: i.parentPosition !== null })),
            subTotalCents: order.subTotalCents,
            discountCents: order.discountCents,
            couponCode: order.couponCode,
            vatCents: order.vatCents,
            vatRateBp: order.vatRateBp,
            vatWaived: order.vatWaived,
            grandTotalCents: order.grandTotalCents,
            creditCents: order.creditCents,
            dueCents: amountDue(order),
            method: order.paymentMethod,
            lapsesAt: lapses === null ? null : new Date(lapses),
          },
        });
      });
    },

    /**
     * After markPaid moved the order to paid. Not for an order the checkout paid from credit (its order
     * message says so) nor for one the auto-renew run is paying (the run tells its customer itself).
     */
    async orderPaid(orderId: number): Promise<void> {
      await safely(orderPaidKey(orderId), async () => {
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        if (!order || order.paymentMethod === 'credit') return;
        const [run] = await db
          .select({ outcome: renewalAttempts.outcome })
          .from(renewalAttempts)
          .where(and(eq(renewalAttempts.orderId, orderId), inArray(renewalAttempts.outcome, ['claimed', 'card', 'credit'])))
          .limit(1);
        if (run) return;
        const method = await paidWith(order);
        await mail.sendToUser({
          template: 'payment_received',
          userId: order.userId,
          dedupeKey: orderPaidKey(orderId),
          params: { for: { kind: 'order', orderId }, method, amountCents: method === 'credit' ? order.creditCents : amountDue(order), creditCents: method === 'credit' ? 0 : order.creditCents, paidAt: order.paidAt ?? now },
        });
      });
    },

    /** A payment of another due document (a debit) arrived by card or bank transfer: once per payment. */
    async documentPaid(payment: { id: number; amountCents: number }, method: 'card' | 'bank_transfer', document: { id: number; userId: number; series: string; number: number }): Promise<void> {
      await safely(paymentReceivedKey(payment.id), () =>
        mail.sendToUser({
          template: 'payment_received',
          userId: document.userId,
          dedupeKey: paymentReceivedKey(payment.id),
          params: { for: { kind: 'document', documentId: document.id, number: documentNumber(document) }, method, amountCents: payment.amountCents, creditCents: 0, paidAt: now },
        }),
      );
    },

    /** The day before an unpaid order lapses; the notice's own key, so both go once together. */
    async lapsing(order: Pick<Order, 'id' | 'userId' | 'paymentMethod' | 'grandTotalCents' | 'creditCents'>, lapsesAt: number, dedupeKey: string): Promise<void> {
      if (order.paymentMethod === 'credit') return;
      const method = order.paymentMethod;
      await safely(dedupeKey, () =>
        mail.sendToUser({ template: 'order_lapsing', userId: order.userId, dedupeKey, tag: 'order_lapse', params: { orderId: order.id, method, dueCents: amountDue(order), lapsesAt: new Date(lapsesAt) } }),
      );
    },
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
