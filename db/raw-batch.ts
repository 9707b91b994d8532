// Raw statements in one D1 batch (a transaction: if one fails, none is kept), for what drizzle's batch
// cannot express: INSERT … SELECT guarded by NOT EXISTS, counters moved in the same transaction.
import type { Db } from './client';

export type Raw = { sql: string; params: unknown[] };

export async function rawBatch(db: Db, statements: Raw[]) {
  const d1 = db.$client;
  return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
}

/**
 * A credit movement with its credit note (series CRD, numbered without gaps), once per `dedupeKey`:
 * the counter moves and the note appears only if the movement does not exist yet, in one batch.
 * Positive amounts only (grants and refunds); the note carries the VAT share of a refund.
 */
export function creditNoteStatements(input: {
  userId: number;
  amountCents: number;
  vatCents: number;
  reason: 'grant' | 'refund';
  orderId: number | null;
  orderItemId: number | null;
  note: string;
  dedupeKey: string;
  at: Date;
}): Raw[] {
  const missing = 'NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?)';
  const at = input.at.getTime();
  return [
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('CRD', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'CRD' AND ${missing}`, params: [input.dedupeKey] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, created_at)
        SELECT ?, NULL, 'credit', 'CRD', last_number, 'COMPLETED', ?, ?, ? FROM document_counters WHERE series = 'CRD' AND ${missing}`,
      params: [input.userId, input.amountCents, input.vatCents, at, input.dedupeKey],
    },
    {
      sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, order_item_id, document_id, note, dedupe_key, created_at)
        VALUES (?, ?, ?, ?, ?, (SELECT id FROM sale_documents WHERE series = 'CRD' AND number = (SELECT last_number FROM document_counters WHERE series = 'CRD')), ?, ?, ?)
        ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [input.userId, input.amountCents, input.reason, input.orderId, input.orderItemId, input.note, input.dedupeKey, at],
    },
  ];
}

export type AuditEntry = {
  actorUserId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  detail?: Record<string, unknown>;
  ip?: string | null;
  at: Date;
};

/**
 * The audit row of a staff action, to put in the same batch as the action's own statements. `onlyIf`
 * is an SQL condition (with its params) that the action's effect makes true, e.g. "the order is paid
 * now", so a conditional action that changed nothing leaves no row.
 */
export function auditStatement(entry: AuditEntry, onlyIf?: Raw): Raw {
  const values = [entry.actorUserId, entry.action, entry.targetType, String(entry.targetId), JSON.stringify(entry.detail ?? {}), entry.ip ?? null, entry.at.getTime()];
  const insert = 'INSERT INTO audit_log (actor_user_id, action, target_type, target_id, detail, ip, created_at)';
  if (!onlyIf) return { sql: `${insert} VALUES (?, ?, ?, ?, ?, ?, ?)`, params: values };
  return { sql: `${insert} SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${onlyIf.sql}`, params: [...values, ...onlyIf.params] };
}
