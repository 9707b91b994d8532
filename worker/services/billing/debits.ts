// Debits (a charge by staff or a chargeback) and cancelling them (35802); credit notes CANCELLED
// (35700–35703). Issue #13 §2; spec §4; decision 040. Staff only; each action is one batch with its
// audit row, and each "only if" is a condition inside the batch:
// - a debit is numbered in DEB without gaps, with its lines at the VAT rate of the customer's default
//   billing profile, once per form key (the audit row carries the key and the insert checks it);
// - a debit is cancelled only while OPEN or OVERDUE and nothing pays it (conditional update);
// - a credit note is cancelled only while COMPLETED and its whole credit is left (credit is spent oldest
//   note first: core/documents/credit-notes.ts), with a movement that takes its credit back — written
//   only if that still holds inside the batch (else a NULL fails the batch); a corrective note AADE
//   holds is cancelled at myDATA first, and one still queued is closed in the batch (issue #20 §3).
import { and, eq, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { creditCancelRefusal, debitCancelRefusal, debitLines } from '../../../core/documents/refunds';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { creditMovements, documentAllocations, saleDocuments, users } from '../../../db/schema';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import { createBillingProfileService, type Fail } from './billing-profiles';
import { creditNotesOf } from '../documents';
import { createMydataService } from '../documents';
import type { StaffActor } from '../staff';

export type DebitInput = {
  userId: number;
  reason: 'manual' | 'chargeback';
  lines: { description: string; netCents: number }[];
  dueAt: Date;
  /** The form's idempotency key: a double submit adds one debit. */
  key: string;
};

const NEW_DEBIT = "(SELECT id FROM sale_documents WHERE series = 'DEB' AND number = (SELECT last_number FROM document_counters WHERE series = 'DEB'))";

export function createDebitService(deps: ServiceDeps) {
  const { db, now } = deps;
  const profiles = createBillingProfileService(deps);

  const service = {
    /** Staff charge a customer: a DEB document, OPEN until it is paid, OVERDUE after its due date. */
    async addDebit(input: DebitInput, actor: StaffActor): Promise<{ ok: true; documentId: number; repeated: boolean } | Fail> {
      const key = input.key.trim();
      if (!key || key.length > 100) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'key' };
      if (!input.lines.length || input.lines.some((l) => !l.description.trim() || !Number.isSafeInteger(l.netCents) || l.netCents <= 0)) {
        return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'lines' };
      }
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) return { ok: false, code: ErrorCode.USER_STATUS_NOT_FOUND };
      const profile = await profiles.defaultProfile(user.id);
      // No profile yet: a Greek retail customer, the shop's own country and rate (as checkout assumes).
      const vat = profile ? await profiles.vatFor(profile) : { rateBp: 2400, waived: false };
      const billing = profile
        ? { type: profile.type, name: profile.name, vatNumber: profile.vatNumber, taxOffice: profile.taxOffice, address: profile.address, city: profile.city, postcode: profile.postcode, country: profile.countryIso2, vatWaived: profile.vatWaived }
        : null;
      const lines = debitLines(input.lines, vat.rateBp);
      const net = lines.reduce((a, l) => a + l.netCents, 0);
      const vatCents = lines.reduce((a, l) => a + l.vatCents, 0);
      const at = now.getTime();
      const firstTime: Raw = { sql: "NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'debit.added' AND json_extract(detail, '$.key') = ?)", params: [key] };
      const w = (s: Raw): Raw => ({ sql: `${s.sql} AND ${firstTime.sql}`, params: [...s.params, ...firstTime.params] });
      await rawBatch(db, [
        { sql: "INSERT INTO document_counters (series, last_number) VALUES ('DEB', 0) ON CONFLICT(series) DO NOTHING", params: [] },
        w({ sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'DEB'", params: [] }),
        w({
          sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, billing, related_document_id, reason, due_at, created_at)
            SELECT ?, NULL, 'debit', 'DEB', last_number, 'OPEN', ?, ?, ?, ?, NULL, ?, ?, ? FROM document_counters WHERE series = 'DEB'`,
          params: [user.id, net + vatCents, vatCents, net, billing ? JSON.stringify(billing) : null, input.reason, input.dueAt.getTime(), at],
        }),
        ...lines.map((l) =>
          w({
            sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents) SELECT ${NEW_DEBIT}, ?, ?, NULL, ?, ?, ?, ?, ? WHERE 1`,
            params: [l.position, l.description, l.quantity, l.netCents, l.vatRateBp, l.vatCents, l.totalCents],
          }),
        ),
        // Last: the key is recorded with the debit's id, so a repeat finds it and adds nothing.
        w({
          sql: `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, detail, ip, created_at)
            SELECT ?, 'debit.added', 'sale_document', ${NEW_DEBIT}, json_object('key', ?, 'userId', ?, 'reason', ?, 'totalCents', ?), ?, ? WHERE 1`,
          params: [actor.userId, key, user.id, input.reason, net + vatCents, actor.ip, at],
        }),
      ]);
      const [logged] = await db.all<{ id: string; at: number }>(sql`SELECT target_id AS id, created_at AS at FROM audit_log WHERE action = 'debit.added' AND json_extract(detail, '$.key') = ${key} LIMIT 1`);
      if (!logged) return { ok: false, code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION };
      const [doc] = await db.select({ series: saleDocuments.series, number: saleDocuments.number }).from(saleDocuments).where(eq(saleDocuments.id, Number(logged.id)));
      // The customer hears of a document to pay (issue #24 §1); a repeated form raises nothing again.
      if (doc) await createNotificationSources(deps).documentToPay(user.id, Number(logged.id), `${doc.series}-${doc.number}`, net + vatCents);
      return { ok: true, documentId: Number(logged.id), repeated: Number(logged.at) !== at };
    },

    /** Cron: open debits past their due date become OVERDUE (still payable; spec §4). Returns how many. */
    async markOverdue(): Promise<number> {
      const rows = await db
        .update(saleDocuments)
        .set({ status: 'OVERDUE' })
        .where(and(eq(saleDocuments.kind, 'debit'), eq(saleDocuments.status, 'OPEN'), lt(saleDocuments.dueAt, now)))
        .returning({ id: saleDocuments.id });
      return rows.length;
    },

    /** Staff cancel a debit: only while OPEN or OVERDUE and nothing paid any of it (35802). */
    async cancelDebit(documentId: number, actor: StaffActor): Promise<{ ok: true } | Fail> {
      const [doc] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, documentId));
      const [paid] = doc ? await db.select({ cents: sql<number>`COALESCE(SUM(${documentAllocations.amountCents}), 0)` }).from(documentAllocations).where(eq(documentAllocations.dueDocumentId, documentId)) : [];
      const refusal = debitCancelRefusal(doc ?? null, Number(paid?.cents ?? 0));
      if (refusal !== null) return { ok: false, code: refusal };
      const at = now.getTime();
      // The same conditions again inside the statement: a payment landing meanwhile wins.
      const results = await rawBatch(db, [
        {
          sql: `UPDATE sale_documents SET status = 'CANCELLED', cancelled_at = ? WHERE id = ? AND kind = 'debit' AND status IN ('OPEN', 'OVERDUE')
            AND NOT EXISTS (SELECT 1 FROM document_allocations WHERE due_document_id = ?)`,
          params: [at, documentId, documentId],
        },
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'debit.cancelled', targetType: 'sale_document', targetId: documentId, detail: { totalCents: doc!.totalCents }, at: now },
          { sql: "EXISTS (SELECT 1 FROM sale_documents WHERE id = ? AND status = 'CANCELLED' AND cancelled_at = ?)", params: [documentId, at] },
        ),
      ]);
      if ((results[0]?.meta.changes ?? 0) === 0) return { ok: false, code: ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL };
      return { ok: true };
    },

    /**
     * Staff cancel a credit note that gave credit: CANCELLED with a movement taking the amount back,
     * only while none of its credit was spent (35703). The balance is one pot, so "the balance still
     * holds the amount" is not enough: a later note's money would be taken back. Credit is spent oldest
     * note first, so this note is whole exactly when everything spent fits in the older notes' credit —
     * checked before (remainingCredit) and again inside the batch (a use of credit meanwhile wins).
     */
    async cancelCreditNote(documentId: number, actor: StaffActor): Promise<{ ok: true } | Fail> {
      const [doc] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, documentId));
      if (!doc || doc.kind !== 'credit') return { ok: false, code: ErrorCode.CREDIT_DOCUMENT_NOT_FOUND };
      const [movement] = await db.select().from(creditMovements).where(and(eq(creditMovements.documentId, documentId), sql`${creditMovements.amountCents} > 0`));
      const [[used], [balance]] = await Promise.all([
        db.select({ cents: sql<number>`COALESCE(SUM(${documentAllocations.amountCents}), 0)` }).from(documentAllocations).where(eq(documentAllocations.payingDocumentId, documentId)),
        db.select({ cents: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` }).from(creditMovements).where(eq(creditMovements.userId, doc.userId)),
      ]);
      const refusal = creditCancelRefusal({ doc, movementCents: movement?.amountCents ?? null, usedCents: Number(used?.cents ?? 0), balanceCents: Number(balance?.cents ?? 0) });
      if (refusal !== null) return { ok: false, code: refusal };
      const amount = movement!.amountCents;
      const notes = await creditNotesOf(db, doc.userId);
      if ((notes.remaining.get(documentId) ?? 0) !== amount) return { ok: false, code: ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS };
      const at = now.getTime();
      const createdAt = doc.createdAt.getTime();
      // Credit spent (uses less releases; the reversal of a cancelled note is not spending)…
      const spent = `MAX(0, -(SELECT COALESCE(SUM(CASE WHEN reason <> 'cancelled' AND (amount_cents < 0 OR reason = 'release') THEN amount_cents ELSE 0 END), 0) FROM credit_movements WHERE user_id = ?))`;
      // …must fit in the credit of the older notes not cancelled, so none of it fell to this one.
      const older = `(SELECT COALESCE(SUM(m.amount_cents), 0) FROM credit_movements m JOIN sale_documents s ON s.id = m.document_id AND s.user_id = m.user_id
        WHERE m.user_id = ? AND m.amount_cents > 0 AND s.kind = 'credit' AND s.status <> 'CANCELLED' AND (s.created_at < ? OR (s.created_at = ? AND s.id < ?)))`;
      const cancelledNow: Raw = { sql: "EXISTS (SELECT 1 FROM sale_documents WHERE id = ? AND status = 'CANCELLED' AND cancelled_at = ?)", params: [documentId, at] };
      // A corrective note is a legal document at AADE: cancelled there first (or nothing changes here),
      // and one still queued is closed in the same batch so it is never transmitted (issue #20 §3).
      const mydata = createMydataService(deps);
      const atAade = await mydata.cancelWithDocument(documentId, cancelledNow);
      // AADE did not cancel it (the same code the myDATA screen gives an AADE refusal): nothing changed.
      if (!atAade.ok) return { ok: false, code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION };
      try {
        const results = await rawBatch(db, [
          {
            sql: "UPDATE sale_documents SET status = 'CANCELLED', cancelled_at = ? WHERE id = ? AND kind = 'credit' AND status = 'COMPLETED' AND NOT EXISTS (SELECT 1 FROM document_allocations WHERE paying_document_id = ?)",
            params: [at, documentId, documentId],
          },
          // The balance (this note's credit included) must still hold the amount, and none of the note's
          // credit may have been spent (oldest first): else NULL fails the batch.
          {
            sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, order_item_id, document_id, note, dedupe_key, created_at)
              SELECT ?, CASE WHEN (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE user_id = ?) >= ? AND ${spent} <= ${older} THEN -? ELSE NULL END, 'cancelled', NULL, NULL, ?, ?, ?, ?
              WHERE ${cancelledNow.sql} ON CONFLICT(dedupe_key) DO NOTHING`,
            params: [doc.userId, doc.userId, amount, doc.userId, doc.userId, createdAt, createdAt, documentId, amount, documentId, `cancel ${doc.series}-${doc.number}`, `cancel:credit:${documentId}`, at, ...cancelledNow.params],
          },
          ...atAade.statements,
          auditStatement(
            { actorUserId: actor.userId, ip: actor.ip, action: 'credit.cancelled', targetType: 'sale_document', targetId: documentId, detail: { amountCents: amount, ...(atAade.atAade ? { mydata: atAade.atAade } : {}) }, at: now },
            cancelledNow,
          ),
        ]);
        if ((results[0]?.meta.changes ?? 0) === 0) {
          await mydata.keepAadeCancellation(documentId, atAade.atAade);
          return { ok: false, code: ErrorCode.CREDIT_STATUS_NOT_PERMITTED };
        }
      } catch (error) {
        await mydata.keepAadeCancellation(documentId, atAade.atAade);
        if (/NOT NULL constraint failed: credit_movements\.amount_cents/.test(String((error as Error).message))) return { ok: false, code: ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS };
        throw error;
      }
      // Sent to AADE between the read and the batch: cancelled there now.
      await mydata.afterDocumentCancelled(documentId);
      return { ok: true };
    },
  };
  return service;
}

export type DebitService = ReturnType<typeof createDebitService>;
