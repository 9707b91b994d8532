// The raw statements of the order batches (decision 018; issue #10 §2). D1 has no interactive
// transactions, so each "only if" is written into the statement itself, and a condition that no longer
// holds makes a statement fail (a NULL into a NOT NULL column), which throws away the whole batch.
// `failureOf` reads which guard failed from the error message.
import type { DocumentLine } from '../../../core/documents/lines';
import type { Raw } from '../../../db/raw-batch';

/** An SQL expression for an order's id, with its parameters. */
export type OrderRef = Raw;

export const orderById = (id: number): OrderRef => ({ sql: '?', params: [id] });

/**
 * The order this placing attempt created: NULL when the key's order was created by another attempt
 * (a second submission of the same checkout page), so every statement that uses it fails.
 */
export const orderOfAttempt = (key: string, attemptId: string): OrderRef => ({
  sql: '(SELECT id FROM orders WHERE idempotency_key = ? AND attempt_id = ?)',
  params: [key, attemptId],
});

type DocumentKind = 'order' | 'receipt' | 'invoice' | 'payment';

export function orderSeries(kind: DocumentKind): string {
  return { order: 'ORD', receipt: 'REC', invoice: 'INV', payment: 'PAY' }[kind];
}

/**
 * The statements that give an order a document numbered in its series, once: the counter moves and the
 * document appears only if the order has no document of that kind yet (checked inside the batch), so
 * two racing submissions cannot leave a gap in the numbering.
 */
export function numberedDocument(input: {
  order: OrderRef;
  kind: DocumentKind;
  userId: number;
  status: string;
  totalCents: number;
  vatCents: number;
  at: Date;
  /** Legal documents: the buyer as invoiced and the net; they belong to the order's own document. */
  legal?: { billing: Record<string, unknown>; netCents: number };
}): Raw[] {
  const series = orderSeries(input.kind);
  const o = input.order;
  const missing = `NOT EXISTS (SELECT 1 FROM sale_documents WHERE order_id = ${o.sql} AND kind = ?)`;
  const related = input.legal ? `(SELECT id FROM sale_documents WHERE order_id = ${o.sql} AND kind = 'order')` : 'NULL';
  return [
    { sql: 'INSERT INTO document_counters (series, last_number) VALUES (?, 0) ON CONFLICT(series) DO NOTHING', params: [series] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = ? AND ${o.sql} IS NOT NULL AND ${missing}`, params: [series, ...o.params, ...o.params, input.kind] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, billing, related_document_id, created_at)
        SELECT ?, ${o.sql}, ?, ?, last_number, ?, ?, ?, ?, ?, ${related}, ? FROM document_counters WHERE series = ? AND ${o.sql} IS NOT NULL AND ${missing}`,
      params: [
        input.userId,
        ...o.params,
        input.kind,
        series,
        input.status,
        input.totalCents,
        input.vatCents,
        input.legal?.netCents ?? 0,
        input.legal ? JSON.stringify(input.legal.billing) : null,
        ...(input.legal ? o.params : []),
        input.at.getTime(),
        series,
        ...o.params,
        ...o.params,
        input.kind,
      ],
    },
  ];
}

/** The id of the order's document of `kind`, as an SQL expression. */
const docOf = (o: OrderRef, kind: DocumentKind): Raw => ({ sql: `(SELECT id FROM sale_documents WHERE order_id = ${o.sql} AND kind = '${kind}')`, params: o.params });

/**
 * The lines of the order's legal document (core/documents/lines.ts), once: only while the document has
 * none, so a repeated call adds nothing.
 */
export function legalDocumentLines(o: OrderRef, kind: 'receipt' | 'invoice', lines: readonly DocumentLine[]): Raw[] {
  const doc = docOf(o, kind);
  return lines.map((l) => ({
    sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents)
      SELECT ${doc.sql}, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${doc.sql} IS NOT NULL ON CONFLICT(document_id, position) DO NOTHING`,
    params: [...doc.params, l.position, l.description, l.sku, l.quantity, l.netCents, l.vatRateBp, l.vatCents, l.totalCents, ...doc.params],
  }));
}

/** "The order's payment document pays the order's document" (dedupe 'pay:<payment document id>'). */
export function paymentAllocation(o: OrderRef, userId: number, at: Date): Raw {
  const pay = docOf(o, 'payment');
  const ord = docOf(o, 'order');
  return {
    sql: `INSERT INTO document_allocations (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
      SELECT ?, ${ord.sql}, p.id, NULL, p.total_cents, 'pay:' || p.id, ? FROM sale_documents p WHERE p.id = ${pay.sql} AND p.total_cents > 0 AND ${ord.sql} IS NOT NULL
      ON CONFLICT(dedupe_key) DO NOTHING`,
    params: [userId, ...ord.params, at.getTime(), ...pay.params, ...ord.params],
  };
}

/** "The order's use of credit pays the order's document" (dedupe 'credit:<movement id>'). */
export function creditAllocation(o: OrderRef, userId: number, movementKey: string, at: Date): Raw {
  const ord = docOf(o, 'order');
  return {
    sql: `INSERT INTO document_allocations (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
      SELECT ?, ${ord.sql}, NULL, m.id, -m.amount_cents, 'credit:' || m.id, ? FROM credit_movements m WHERE m.dedupe_key = ? AND m.amount_cents < 0 AND ${ord.sql} IS NOT NULL
      ON CONFLICT(dedupe_key) DO NOTHING`,
    params: [userId, ...ord.params, at.getTime(), movementKey, ...ord.params],
  };
}

/** Queues the legal document for myDATA (issue #13 §4), once. */
export function mydataQueued(o: OrderRef, kind: 'receipt' | 'invoice', at: Date): Raw {
  const doc = docOf(o, kind);
  return {
    sql: `INSERT INTO mydata_transmissions (document_id, status, attempts, next_attempt_at, updated_at) SELECT ${doc.sql}, 'pending', 0, ?, ? WHERE ${doc.sql} IS NOT NULL
      ON CONFLICT(document_id) DO NOTHING`,
    params: [...doc.params, at.getTime(), at.getTime(), ...doc.params],
  };
}

/**
 * The placing batch's last statement: the order's items must sum to its subtotal and be as many as
 * were priced, or the batch fails (guard 'totals'). An order whose lines differ from its totals is
 * never kept.
 */
export function totalsInvariant(order: OrderRef, itemCount: number): Raw {
  const o = order;
  return {
    sql: `INSERT INTO document_counters (series, last_number) SELECT 'ORDER_TOTALS_MISMATCH', NULL
      WHERE (SELECT COALESCE(SUM(price_cents), 0) FROM order_items WHERE order_id = ${o.sql}) <> (SELECT sub_total_cents FROM orders WHERE id = ${o.sql})
         OR (SELECT COUNT(*) FROM order_items WHERE order_id = ${o.sql}) <> ?`,
    params: [...o.params, ...o.params, ...o.params, itemCount],
  };
}

/**
 * A coupon's use by this order, kept only while the coupon still allows it (guard 'coupon'): active,
 * under its limits in all and for this customer, and — for a first-order coupon — no other order of
 * the customer that is not cancelled (pending ones count). Checked inside the batch, so two orders
 * racing for the last use cannot both have it.
 */
export function couponRedemption(input: { code: string; userId: number; order: OrderRef; discountCents: number; at: Date }): Raw {
  const o = input.order;
  const allowed = `EXISTS (SELECT 1 FROM coupons c WHERE c.code = ? AND c.status = 'active'
      AND (c.max_redemptions IS NULL OR (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.coupon_code = c.code AND r.released_at IS NULL) < c.max_redemptions)
      AND (c.max_per_customer IS NULL OR (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.coupon_code = c.code AND r.user_id = ? AND r.released_at IS NULL) < c.max_per_customer)
      AND (c.never_ordered = 0 OR NOT EXISTS (SELECT 1 FROM orders p WHERE p.user_id = ? AND p.status <> 'cancelled' AND p.id IS NOT ${o.sql})))`;
  return {
    sql: `INSERT INTO coupon_redemptions (coupon_code, user_id, order_id, discount_cents, created_at)
      VALUES (?, CASE WHEN ${allowed} THEN ? ELSE NULL END, ${o.sql}, ?, ?)`,
    params: [input.code, input.code, input.userId, input.userId, ...o.params, input.userId, ...o.params, input.discountCents, input.at.getTime()],
  };
}

export type BatchFailure = 'not_this_attempt' | 'credit' | 'coupon' | 'totals' | null;

/** Which guard made a placing batch fail (null: not one of ours). */
export function failureOf(error: unknown): BatchFailure {
  const m = String((error as Error | undefined)?.message ?? error);
  if (/NOT NULL constraint failed: (order_items|coupon_redemptions)\.order_id/.test(m)) return 'not_this_attempt';
  if (/NOT NULL constraint failed: credit_movements\.amount_cents/.test(m)) return 'credit';
  if (/NOT NULL constraint failed: coupon_redemptions\.user_id/.test(m)) return 'coupon';
  if (/NOT NULL constraint failed: document_counters\.last_number/.test(m)) return 'totals';
  return null;
}
