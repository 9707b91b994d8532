// The back office's order actions (issue #5 §4, issue #10 §4): the queues staff work from, a bank
// transfer confirmed, failed items tried now. Each action writes its audit row in its own batch, only
// when it changed something. Part of the order service.
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { orderItems, orders, paymentRefunds, payments, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { StaffActor } from '../staff';
import { createFulfilmentRecovery } from './fulfilment-recovery';
import { renewalAlreadyRenewed } from './renewal-conflicts';

export type { StaffActor } from '../staff';

export type StaffOrderView = 'bank' | 'attention' | 'recent' | 'vat' | 'refunds';

export function createStaffOrders(deps: ServiceDeps, parts: { markPaid: (orderId: number, also: (stillPending: Raw) => Raw[]) => Promise<boolean>; fulfil: (orderId: number) => Promise<void> }) {
  const { db, now } = deps;
  const service = {
    /**
     * The back office's order queues: bank transfers waiting for their money (oldest first, the order
     * a bookkeeper matches statements in), orders with an item that failed or was refunded (newest
     * first), the latest orders, and orders whose VAT location evidence contradicts itself (issue #13
     * §1: the billing country has no other piece of evidence behind it). Each order comes with its
     * customer and its items.
     */
    async staffOrders(view: StaffOrderView) {
      const base = db
        .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId));
      // Items interrupted while processing (past their claim's time limit) need attention too (decision 046).
      const troubled = db
        .selectDistinct({ id: orderItems.orderId })
        .from(orderItems)
        .where(or(inArray(orderItems.status, ['failed', 'refunded']), createFulfilmentRecovery(deps, async () => undefined).stale()));
      const waitingRefunds = db
        .selectDistinct({ id: payments.orderId })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(and(eq(paymentRefunds.status, 'pending'), isNotNull(payments.orderId)));
      const rows =
        view === 'bank'
          ? await base.where(and(eq(orders.status, 'pending'), eq(orders.paymentMethod, 'bank_transfer'))).orderBy(asc(orders.id)).limit(100)
          : view === 'attention'
            ? await base.where(inArray(orders.id, troubled)).orderBy(desc(orders.id)).limit(100)
            : view === 'vat'
              ? await base.where(eq(orders.vatEvidenceConflict, true)).orderBy(desc(orders.id)).limit(100)
              : view === 'refunds'
                ? // Card refunds the processor answered 'pending' and has not decided yet (decision 046), oldest first.
                  await base.where(inArray(orders.id, waitingRefunds)).orderBy(asc(orders.id)).limit(100)
                : await base.orderBy(desc(orders.id)).limit(50);
      const ids = rows.map((r) => r.order.id);
      const items = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position)) : [];
      const refunds = ids.length
        ? await db
            .select({ refund: paymentRefunds, orderId: payments.orderId })
            .from(paymentRefunds)
            .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
            .where(and(inArray(payments.orderId, ids), eq(paymentRefunds.status, 'pending')))
            .orderBy(asc(paymentRefunds.id))
        : [];
      return rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.order.id), pendingRefunds: refunds.filter((x) => x.orderId === r.order.id).map((x) => x.refund) }));
    },

    /** Staff: try an order's waiting failed items now instead of at their back-off time. */
    async retryNow(orderId: number, actor: StaffActor | null = null): Promise<boolean> {
      const waiting = "FROM order_items WHERE order_id = ? AND status = 'failed' AND next_attempt_at IS NOT NULL";
      const items = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'failed'), isNotNull(orderItems.nextAttemptAt)));
      const results = await rawBatch(db, [
        auditStatement({ actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'order.retry', targetType: 'order', targetId: orderId, detail: { items: items.map((i) => i.id) }, at: now }, { sql: `EXISTS (SELECT 1 ${waiting})`, params: [orderId] }),
        { sql: `UPDATE order_items SET next_attempt_at = ? WHERE order_id = ? AND status = 'failed' AND next_attempt_at IS NOT NULL`, params: [now.getTime(), orderId] },
      ]);
      if ((results[1]?.meta.changes ?? 0) === 0) return false;
      await parts.fulfil(orderId);
      return true;
    },

    /**
     * Why a bank transfer cannot be confirmed for this order: it lapsed unpaid (44043: its prices no
     * longer stand, the money goes back to the customer, e.g. as credit), it renews a period another
     * order renewed meanwhile (44042), or it is not a transfer waiting for its money (35604).
     */
    async bankTransferRefusal(orderId: number): Promise<number> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return ErrorCode.ORDER_NOT_FOUND;
      if (order.status === 'cancelled' && order.lapsedAt) return ErrorCode.ORDER_LAPSED;
      if (order.status === 'pending' && (await renewalAlreadyRenewed(db, order))) return ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED;
      return ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE;
    },

    /** Staff (or the development API, actor null): a bank transfer arrived for this order. */
    async confirmBankTransfer(orderId: number, actor: StaffActor | null = null): Promise<boolean> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (order?.paymentMethod !== 'bank_transfer') return false;
      // A renewal whose period another order renewed meanwhile is not paid a second time (issue #32 §1):
      // staff give the money back instead (the credit form), told why by bankTransferRefusal.
      if (await renewalAlreadyRenewed(db, order)) return false;
      return parts.markPaid(orderId, (stillPending) => [
        auditStatement({ actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'order.bank_transfer_confirmed', targetType: 'order', targetId: orderId, detail: { amountCents: order.grandTotalCents - order.creditCents }, at: now }, stillPending),
      ]);
    },
  };
  return service;
}
