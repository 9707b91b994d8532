// Cancelling orders that were never paid (decision 025; issue #10 review): the customer's own cancel
// and the cron's lapse of orders left unpaid past their time (core/orders/expiry.ts, decision 088).
// Either way the order's document and waiting payments are cancelled, and its coupon use and the
// credit it set aside go back, in one batch.
import { and, asc, eq, lt, ne, notLike, or, sql } from 'drizzle-orm';
import { RENEWAL_KEY_PREFIX } from '../../../core/hosting/lifecycle';
import { DOMAIN_RENEWAL_KEY_PREFIX } from '../../../core/renewals/auto-renew';
import { ErrorCode } from '../../../core/errors';
import { lapseCutoffs } from '../../../core/orders/expiry';
import { rawBatch } from '../../../db/raw-batch';
import { orders } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { Fail } from '../billing';
import { renewalAlreadyRenewed } from './renewal-conflicts';

/** A card page opened this recently keeps its order from lapsing (the processor's page lasts 30 minutes). */
const CARD_PAGE_GRACE_MS = 60 * 60_000;

export function createOrderCancellation({ db, now }: ServiceDeps) {
  /** What a cancelled order gives back, in one batch: its document, waiting payments, coupon use, credit. */
  async function releaseCancelled(order: typeof orders.$inferSelect) {
    await rawBatch(db, [
      { sql: "UPDATE sale_documents SET status = 'CANCELLED' WHERE order_id = ? AND kind = 'order'", params: [order.id] },
      { sql: "UPDATE payments SET status = 'cancelled', decided_at = ? WHERE order_id = ? AND status = 'pending'", params: [now.getTime(), order.id] },
      // The coupon's use goes back: the order never happened.
      { sql: 'UPDATE coupon_redemptions SET released_at = ? WHERE order_id = ? AND released_at IS NULL', params: [now.getTime(), order.id] },
      ...(order.creditCents > 0
        ? [
            {
              sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, dedupe_key, created_at) VALUES (?, ?, 'release', ?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
              params: [order.userId, order.creditCents, order.id, `release:order:${order.id}`, now.getTime()],
            },
          ]
        : []),
    ]);
  }

  return {
    /**
     * The customer cancels an order still waiting for its payment: the order and its document are
     * CANCELLED, waiting payments stop, credit it used goes back to the balance and its coupon use is
     * released. Once only.
     */
    async cancelOrder(userId: number, orderId: number): Promise<{ ok: true } | Fail> {
      const moved = await db.update(orders).set({ status: 'cancelled' }).where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'pending'))).returning();
      const order = moved[0];
      if (!order) {
        const [exists] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
        return { ok: false, code: exists ? ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE : ErrorCode.ORDER_NOT_FOUND };
      }
      await releaseCancelled(order);
      return { ok: true };
    },

    /**
     * A renewal order whose period another order renewed meanwhile (issue #32 §1) is cancelled like a
     * customer's cancel; true when it was (a card approval of it then becomes credit).
     */
    async cancelIfRenewed(orderId: number): Promise<boolean> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
      if (!order || !(await renewalAlreadyRenewed(db, order))) return false;
      const moved = await db.update(orders).set({ status: 'cancelled' }).where(and(eq(orders.id, orderId), eq(orders.status, 'pending'))).returning();
      if (!moved[0]) return false;
      await releaseCancelled(moved[0]);
      return true;
    },

    /**
     * Cron (every 5 minutes, up to `limit` a run): orders left unpaid past their time lapse — cancelled
     * like a customer's cancel, with the time they lapsed — so their coupon uses, set-aside credit and
     * prices go back. Conditional on the order still pending: a payment that wins the race stands, and
     * a card approval that loses it becomes credit (order-payments.ts).
     */
    async expireUnpaid(limit = 50): Promise<number> {
      const cut = lapseCutoffs(now.getTime());
      const stale = await db
        .select({ id: orders.id })
        .from(orders)
        // A hosting renewal document stays payable until its service is deleted (core/hosting/lifecycle.ts):
        // the hosting cron cancels it then. A domain's (auto-renew, decision 080) is tried up to the
        // expiry and stays payable after it; the auto-renew run cancels it once it can no longer stand.
        .where(
          and(
            eq(orders.status, 'pending'),
            or(
              and(eq(orders.paymentMethod, 'bank_transfer'), lt(orders.createdAt, new Date(cut.bankTransfer))),
              and(ne(orders.paymentMethod, 'bank_transfer'), lt(orders.createdAt, new Date(cut.other))),
            ),
            notLike(orders.idempotencyKey, `${RENEWAL_KEY_PREFIX}%`),
            notLike(orders.idempotencyKey, `${DOMAIN_RENEWAL_KEY_PREFIX}%`),
            // A customer on the card page this very moment is not cut off mid-payment: the next run sees it.
            sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${orders.id} AND p.method = 'card' AND p.status = 'pending' AND p.created_at > ${now.getTime() - CARD_PAGE_GRACE_MS})`,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(limit);
      let cancelled = 0;
      for (const { id } of stale) {
        const moved = await db.update(orders).set({ status: 'cancelled', lapsedAt: now }).where(and(eq(orders.id, id), eq(orders.status, 'pending'))).returning();
        if (!moved[0]) continue;
        await releaseCancelled(moved[0]);
        cancelled++;
      }
      return cancelled;
    },
  };
}
