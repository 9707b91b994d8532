// What an order still holds for refunds (issue #20 §2, decision 046): what it was paid (its grand
// total, credit included, once paid) less what went back to its cards (succeeded and pending refunds)
// and the credit already given back for its items (refund:item:<id>). The same rule as
// core/orders/credit.ts heldCents, written as SQL so it can sit inside a batch's guard: read it to
// decide, and let the guard fail the batch when another refund got there first.
import { heldCents } from '../../../core/orders/credit';
import type { Db } from '../../../db/client';
import type { Raw } from '../../../db/raw-batch';

/** The held amount of order `?` as one SQL expression (four params, all the order id). */
const HELD_SQL = `(
  (SELECT CASE WHEN paid_at IS NULL THEN 0 ELSE grand_total_cents END FROM orders WHERE id = ?)
  - (SELECT COALESCE(SUM(refunded_cents), 0) FROM payments WHERE order_id = ?)
  - (SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = ? AND r.status = 'pending')
  - (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE order_id = ? AND reason = 'refund' AND amount_cents > 0 AND dedupe_key LIKE 'refund:item:%')
)`;

/** The same, for the order of the order_items row a statement is updating (a correlated subquery). */
export const HELD_OF_ROW = HELD_SQL.replaceAll('?', 'order_items.order_id');

export function heldSql(orderId: number): Raw {
  return { sql: HELD_SQL, params: [orderId, orderId, orderId, orderId] };
}

/** What order `orderId` still holds now. */
export async function readHeld(db: Db, orderId: number): Promise<number> {
  const row = await db.$client
    .prepare(
      `SELECT (SELECT CASE WHEN paid_at IS NULL THEN 0 ELSE grand_total_cents END FROM orders WHERE id = ?1) AS paid,
        (SELECT COALESCE(SUM(refunded_cents), 0) FROM payments WHERE order_id = ?1) AS refunded,
        (SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = ?1 AND r.status = 'pending') AS pending,
        (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE order_id = ?1 AND reason = 'refund' AND amount_cents > 0 AND dedupe_key LIKE 'refund:item:%') AS credit`,
    )
    .bind(orderId)
    .first<{ paid: number | null; refunded: number; pending: number; credit: number }>();
  return heldCents({ paidCents: Number(row?.paid ?? 0), cardRefundedCents: Number(row?.refunded ?? 0), cardPendingCents: Number(row?.pending ?? 0), itemCreditCents: Number(row?.credit ?? 0) });
}

/**
 * A statement that fails its whole batch unless the order still holds at least `cents`: it writes NULL
 * into orders.status (NOT NULL) otherwise. Put it first in the batch that gives the money back.
 */
export function holdsAtLeast(orderId: number, cents: number): Raw {
  const held = heldSql(orderId);
  return { sql: `UPDATE orders SET status = CASE WHEN ${held.sql} >= ? THEN status ELSE NULL END WHERE id = ?`, params: [...held.params, cents, orderId] };
}
