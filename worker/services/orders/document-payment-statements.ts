// The raw statements of paying a due document (issue #13 §2, decision 039): a use of credit, a card or
// bank payment of a debit, and a payment that arrived for nothing (its money becomes credit). Each
// "only if" sits inside the statements, as in order-statements.ts: a guard that fails writes NULL into
// a NOT NULL column and the whole batch is thrown away.
import type { Raw } from '../../../db/raw-batch';

const PAYABLE = "('OPEN', 'ON_PAYMENT', 'OVERDUE', 'DECLINED')";

/** What the due document still owes, inside SQL: its total less every allocation that pays it. */
export const dueBalanceSql = (documentId: number): Raw => ({
  sql: '((SELECT total_cents FROM sale_documents WHERE id = ?) - (SELECT COALESCE(SUM(amount_cents), 0) FROM document_allocations WHERE due_document_id = ?))',
  params: [documentId, documentId],
});

/** Which payments wait for this due document: an order's by order_id, a debit's by document_id. */
const paymentsOf = (due: DueRef): Raw => (due.orderId !== null ? { sql: 'order_id = ?', params: [due.orderId] } : { sql: 'order_id IS NULL AND document_id = ?', params: [due.documentId] });

/**
 * For a payments row `p`: its money did not become credit. An approved card payment that arrived after
 * it was stopped is credit (`refund:payment:<id>`), so it paid nothing and must not count as payment.
 */
export const NOT_CREDITED = "NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = 'refund:payment:' || p.id)";

export type DueRef = { documentId: number; orderId: number | null; userId: number };

/**
 * A use of credit paying `amountCents` of the due document, once per `movementKey`. The movement is
 * kept only while the balance covers it, the document is payable and owes at least that much, and (an
 * order) the order still waits with no approved payment whose markPaid has not run yet; otherwise NULL
 * and nothing is kept. The statements after it act only the first time (before its allocation exists),
 * so a repeated submission moves nothing: the order's credit grows, a pending bank transfer asks for
 * less (or nothing), card sessions stop (their late approval becomes credit: webhook), the document is
 * payable again or PAID.
 */
export function creditUseStatements(input: { due: DueRef; amountCents: number; movementKey: string; at: Date; debitLegal?: DebitLegal }): Raw[] {
  const { due, amountCents: x, movementKey: key } = input;
  const at = input.at.getTime();
  const balance = dueBalanceSql(due.documentId);
  const pays = paymentsOf(due);
  const orderWaits: Raw =
    due.orderId !== null
      ? { sql: `AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'pending') AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ? AND p.status = 'approved' AND ${NOT_CREDITED})`, params: [due.orderId, due.orderId] }
      : { sql: '', params: [] };
  const allowed: Raw = {
    sql: `(EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?) OR (
      (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE user_id = ?) >= ?
      AND (SELECT status FROM sale_documents WHERE id = ?) IN ${PAYABLE}
      AND ${balance.sql} >= ? ${orderWaits.sql}))`,
    params: [key, due.userId, x, due.documentId, ...balance.params, x, ...orderWaits.params],
  };
  // True until this movement's allocation exists: the first run of the batch only.
  const first: Raw = { sql: "NOT EXISTS (SELECT 1 FROM document_allocations WHERE dedupe_key = 'credit:' || (SELECT id FROM credit_movements WHERE dedupe_key = ?))", params: [key] };
  return [
    {
      sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, dedupe_key, created_at)
        VALUES (?, CASE WHEN ${allowed.sql} THEN ? ELSE NULL END, 'order', ?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [due.userId, ...allowed.params, -x, due.orderId, key, at],
    },
    // An order: the credit it used grows, so what a payment must bring (amountDue) shrinks with it.
    ...(due.orderId !== null ? [{ sql: `UPDATE orders SET credit_cents = credit_cents + ? WHERE id = ? AND ${first.sql}`, params: [x, due.orderId, ...first.params] }] : []),
    // A bank transfer still awaited asks for what is left; nothing left: it is not awaited any more.
    {
      sql: `UPDATE payments SET status = 'cancelled', decided_at = ? WHERE ${pays.sql} AND method = 'bank_transfer' AND status = 'pending' AND amount_cents <= ? AND ${first.sql}`,
      params: [at, ...pays.params, x, ...first.params],
    },
    {
      sql: `UPDATE payments SET amount_cents = amount_cents - ? WHERE ${pays.sql} AND method = 'bank_transfer' AND status = 'pending' AND amount_cents > ? AND ${first.sql}`,
      params: [x, ...pays.params, x, ...first.params],
    },
    // An open card session was for the old balance: it stops (a late approval becomes credit).
    { sql: `UPDATE payments SET status = 'cancelled', decided_at = ? WHERE ${pays.sql} AND method = 'card' AND status = 'pending' AND ${first.sql}`, params: [at, ...pays.params, ...first.params] },
    {
      sql: `UPDATE sale_documents SET status = CASE WHEN due_at IS NOT NULL AND due_at < ? THEN 'OVERDUE' ELSE 'OPEN' END WHERE id = ? AND status = 'ON_PAYMENT' AND ${first.sql}`,
      params: [at, due.documentId, ...first.params],
    },
    {
      sql: `INSERT INTO document_allocations (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
        SELECT ?, ?, NULL, m.id, -m.amount_cents, 'credit:' || m.id, ? FROM credit_movements m WHERE m.dedupe_key = ? AND m.amount_cents < 0
        ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [due.userId, due.documentId, at, key],
    },
    // A debit the credit paid off is PAID here; an order is paid by markPaid (receipt, fulfilment).
    ...(due.orderId === null ? [debitPaidIfSettled(due.documentId), ...(input.debitLegal ? debitLegalStatements(due, input.debitLegal, at) : [])] : []),
  ];
}

/** A debit whose allocations reach its total is PAID. */
export function debitPaidIfSettled(documentId: number): Raw {
  const balance = dueBalanceSql(documentId);
  return { sql: `UPDATE sale_documents SET status = 'PAID' WHERE id = ? AND kind = 'debit' AND status IN ${PAYABLE} AND ${balance.sql} <= 0`, params: [documentId, ...balance.params] };
}

/** The legal document a paid debit gets: receipt or invoice (the buyer's type) and its buyer snapshot. */
export type DebitLegal = { kind: 'receipt' | 'invoice'; billing: unknown };

/** The receipt/invoice of a debit, as an SQL expression (the PAY document is related to it too). */
export const debitLegalOf = (debitId: number): Raw => ({ sql: "(SELECT id FROM sale_documents WHERE related_document_id = ? AND kind IN ('receipt', 'invoice'))", params: [debitId] });

/**
 * A debit is a sale (its lines carry VAT): PAID, it gets its receipt or invoice, once (no legal
 * document related to it yet), numbered in REC/INV without gaps, with the debit's lines and figures,
 * order_id NULL and related_document_id the debit, queued for myDATA. In the batch that makes it PAID.
 */
export function debitLegalStatements(due: DueRef, legal: DebitLegal, at: number): Raw[] {
  const series = legal.kind === 'invoice' ? 'INV' : 'REC';
  const doc = debitLegalOf(due.documentId);
  const needed: Raw = { sql: `(SELECT status FROM sale_documents WHERE id = ? AND kind = 'debit') = 'PAID' AND ${doc.sql} IS NULL`, params: [due.documentId, ...doc.params] };
  return [
    { sql: 'INSERT INTO document_counters (series, last_number) VALUES (?, 0) ON CONFLICT(series) DO NOTHING', params: [series] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = ? AND ${needed.sql}`, params: [series, ...needed.params] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, billing, related_document_id, reason, created_at)
        SELECT d.user_id, NULL, ?, ?, c.last_number, 'PAID', d.total_cents, d.vat_cents, d.net_cents, ?, d.id, NULL, ?
        FROM sale_documents d, document_counters c WHERE d.id = ? AND c.series = ? AND ${needed.sql}`,
      params: [legal.kind, series, legal.billing == null ? null : JSON.stringify(legal.billing), at, due.documentId, series, ...needed.params],
    },
    {
      sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents)
        SELECT ${doc.sql}, l.position, l.description, l.sku, l.quantity, l.net_cents, l.vat_rate_bp, l.vat_cents, l.total_cents FROM sale_document_lines l
        WHERE l.document_id = ? AND ${doc.sql} IS NOT NULL ON CONFLICT(document_id, position) DO NOTHING`,
      params: [...doc.params, due.documentId, ...doc.params],
    },
    {
      sql: `INSERT INTO mydata_transmissions (document_id, status, attempts, next_attempt_at, updated_at) SELECT ${doc.sql}, 'pending', 0, ?, ? WHERE ${doc.sql} IS NOT NULL
        ON CONFLICT(document_id) DO NOTHING`,
      params: [...doc.params, at, at, ...doc.params],
    },
  ];
}

/**
 * Money that arrived for a debit (a card approval, a bank transfer staff confirm): a payment document
 * numbered in series PAY without gaps, its allocation PAY→DEB and the debit PAID when settled, all only
 * while the payment is still `pending` and the debit payable and owing at least that much. Money that
 * arrived for nothing (the payment was cancelled by a use of credit, expired, or the debit is paid or
 * cancelled meanwhile) becomes credit with its credit note, once per payment (`refund:payment:<id>`).
 * Last, the payment is approved: a repeated event finds it approved and every statement does nothing.
 */
export function paymentArrivedStatements(input: { paymentId: number; due: DueRef; amountCents: number; method: 'card' | 'bank_transfer'; at: Date; debitLegal?: DebitLegal }): Raw[] {
  const { paymentId: p, due, amountCents: a } = input;
  const at = input.at.getTime();
  const balance = dueBalanceSql(due.documentId);
  const fits: Raw = {
    sql: `(SELECT status FROM payments WHERE id = ?) = 'pending' AND (SELECT status FROM sale_documents WHERE id = ?) IN ${PAYABLE} AND ${balance.sql} >= ?`,
    params: [p, due.documentId, ...balance.params, a],
  };
  const lost: Raw = {
    sql: `((SELECT status FROM payments WHERE id = ?) IN ('cancelled', 'expired') OR ((SELECT status FROM payments WHERE id = ?) = 'pending' AND NOT (${fits.sql})))`,
    params: [p, p, ...fits.params],
  };
  const lastPay = "(SELECT id FROM sale_documents WHERE series = 'PAY' AND number = (SELECT last_number FROM document_counters WHERE series = 'PAY'))";
  return [
    // First, while the debit's balance is as the payment found it.
    ...creditNoteIf({ userId: due.userId, amountCents: a, orderId: due.orderId, note: `pay-${p}`, dedupeKey: `refund:payment:${p}`, at }, lost),
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('PAY', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'PAY' AND ${fits.sql}`, params: fits.params },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, related_document_id, reason, created_at)
        SELECT ?, NULL, 'payment', 'PAY', last_number, 'COMPLETED', ?, 0, 0, ?, ?, ? FROM document_counters WHERE series = 'PAY' AND ${fits.sql}`,
      params: [due.userId, a, due.documentId, input.method, at, ...fits.params],
    },
    {
      sql: `INSERT INTO document_allocations (user_id, due_document_id, paying_document_id, credit_movement_id, amount_cents, dedupe_key, created_at)
        SELECT ?, ?, d.id, NULL, d.total_cents, 'pay:' || d.id, ? FROM sale_documents d WHERE d.id = ${lastPay} AND ${fits.sql}
        ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [due.userId, due.documentId, at, ...fits.params],
    },
    debitPaidIfSettled(due.documentId),
    ...(input.debitLegal ? debitLegalStatements(due, input.debitLegal, at) : []),
    // Paid off: a bank transfer still awaited for it is not awaited any more.
    {
      sql: "UPDATE payments SET status = 'cancelled', decided_at = ? WHERE order_id IS NULL AND document_id = ? AND id <> ? AND status = 'pending' AND (SELECT status FROM sale_documents WHERE id = ?) = 'PAID'",
      params: [at, due.documentId, p, due.documentId],
    },
    { sql: "UPDATE payments SET status = 'approved', decided_at = ? WHERE id = ? AND status IN ('pending', 'cancelled', 'expired')", params: [at, p] },
  ];
}

/** creditNoteStatements (db/raw-batch.ts) with one more condition: only when `onlyIf` holds. */
export function creditNoteIf(input: { userId: number; amountCents: number; orderId: number | null; note: string; dedupeKey: string; at: number }, onlyIf: Raw): Raw[] {
  const missing = 'NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?)';
  const lastCrd = "(SELECT id FROM sale_documents WHERE series = 'CRD' AND number = (SELECT last_number FROM document_counters WHERE series = 'CRD'))";
  return [
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('CRD', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'CRD' AND ${missing} AND ${onlyIf.sql}`, params: [input.dedupeKey, ...onlyIf.params] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, reason, created_at)
        SELECT ?, NULL, 'credit', 'CRD', last_number, 'COMPLETED', ?, 0, 'refund', ? FROM document_counters WHERE series = 'CRD' AND ${missing} AND ${onlyIf.sql}`,
      params: [input.userId, input.amountCents, input.at, input.dedupeKey, ...onlyIf.params],
    },
    {
      sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, order_item_id, document_id, note, dedupe_key, created_at)
        SELECT ?, ?, 'refund', ?, NULL, ${lastCrd}, ?, ?, ? WHERE ${onlyIf.sql}
        ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [input.userId, input.amountCents, input.orderId, input.note, input.dedupeKey, input.at, ...onlyIf.params],
    },
  ];
}
