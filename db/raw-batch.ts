// Raw statements in one D1 batch (a transaction: if one fails, none is kept), for what drizzle's batch
// cannot express: INSERT … SELECT guarded by NOT EXISTS, counters moved in the same transaction.
import type { Db } from './client';

export type Raw = { sql: string; params: unknown[] };

export async function rawBatch(db: Db, statements: Raw[]) {
  const d1 = db.$client;
  return d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
}

/** Plain credit notes (grants, money that arrived for nothing): not legal documents, never sent to AADE. */
export const CREDIT_SERIES = 'CRD';
/**
 * Corrective credit notes (they correct a receipt or invoice: related_document_id set; card refunds,
 * failed items): legal documents sent to myDATA, so AADE must see their series without gaps. A grant
 * numbered between two of them would leave a gap if they shared a series.
 */
export const CORRECTIVE_CREDIT_SERIES = 'CRN';

/** A corrective credit note's legal part: the document it corrects, its buyer, net and one line. */
export type CorrectiveNote = {
  relatedDocumentId: number;
  billing: unknown;
  netCents: number;
  line: { description: string; netCents: number; vatRateBp: number; vatCents: number; totalCents: number };
};

/**
 * A credit movement with its credit note, numbered without gaps, once per `dedupeKey`: the counter
 * moves and the note appears only if the movement does not exist yet, in one batch. Positive amounts
 * only (grants and refunds); the note carries the VAT share of a refund. With `corrects` the note is a
 * corrective credit note (series CRN): related to the receipt/invoice, with its billing, net and line,
 * and queued for myDATA; without it a plain note in CRD.
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
  corrects?: CorrectiveNote;
}): Raw[] {
  const missing = 'NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?)';
  const at = input.at.getTime();
  const c = input.corrects;
  const series = c ? CORRECTIVE_CREDIT_SERIES : CREDIT_SERIES;
  const last = `(SELECT id FROM sale_documents WHERE series = '${series}' AND number = (SELECT last_number FROM document_counters WHERE series = '${series}'))`;
  // The note this batch numbered, found by its movement (after the movement exists): never another's.
  const ofMovement = '(SELECT document_id FROM credit_movements WHERE dedupe_key = ?)';
  return [
    { sql: 'INSERT INTO document_counters (series, last_number) VALUES (?, 0) ON CONFLICT(series) DO NOTHING', params: [series] },
    { sql: `UPDATE document_counters SET last_number = last_number + 1 WHERE series = ? AND ${missing}`, params: [series, input.dedupeKey] },
    {
      sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, billing, related_document_id, reason, created_at)
        SELECT ?, NULL, 'credit', ?, last_number, 'COMPLETED', ?, ?, ?, ?, ?, ?, ? FROM document_counters WHERE series = ? AND ${missing}`,
      params: [
        input.userId,
        series,
        input.amountCents,
        input.vatCents,
        c ? c.netCents : 0,
        c ? JSON.stringify(c.billing ?? null) : null,
        c ? c.relatedDocumentId : null,
        c ? input.reason : null,
        at,
        series,
        input.dedupeKey,
      ],
    },
    {
      sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, order_item_id, document_id, note, dedupe_key, created_at)
        VALUES (?, ?, ?, ?, ?, ${last}, ?, ?, ?)
        ON CONFLICT(dedupe_key) DO NOTHING`,
      params: [input.userId, input.amountCents, input.reason, input.orderId, input.orderItemId, input.note, input.dedupeKey, at],
    },
    ...(c
      ? [
          {
            sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents)
              SELECT ${ofMovement}, 1, ?, NULL, 1, ?, ?, ?, ? WHERE ${ofMovement} IS NOT NULL ON CONFLICT(document_id, position) DO NOTHING`,
            params: [input.dedupeKey, c.line.description, c.line.netCents, c.line.vatRateBp, c.line.vatCents, c.line.totalCents, input.dedupeKey],
          },
          {
            sql: `INSERT INTO mydata_transmissions (document_id, status, attempts, next_attempt_at, updated_at) SELECT ${ofMovement}, 'pending', 0, ?, ? WHERE ${ofMovement} IS NOT NULL
              ON CONFLICT(document_id) DO NOTHING`,
            params: [input.dedupeKey, at, at, input.dedupeKey],
          },
        ]
      : []),
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
