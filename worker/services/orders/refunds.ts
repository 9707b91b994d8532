// Money back to the card through the payments port, full or partial, with states and the corrective
// credit note (issue #13 §2; spec §4; decision 040). Staff only. The steps, each recoverable:
//   1. a `payment_refunds` row, pending, keyed by the form's idempotency key — inserted only while the
//      refunds so far (succeeded and pending) plus this one stay within the payment (inside the
//      statement), with its audit row in the same batch;
//   2. the processor's refund (port.refund, the same key: a retry never refunds twice);
//   3. on success ONE batch: the row succeeded, payments.refunded_cents up (a guard fails the batch
//      if it would pass the amount), the payment document PARTIALLY_REFUNDED or REFUNDED, a corrective
//      credit note (CRD, gapless) with its lines, queued for myDATA, the audit row; on a definite refusal
//      the row failed with last_error and nothing else. Any other error (a timeout, 49997, a bad answer)
//      may have refunded at the processor: the row stays pending with last_error, still counting against
//      what is left, and staff retry it with its own key (retryRefund). No credit movement: the money
//      went to the card.
// What a payment can still refund to the card also leaves out the credit already given back for the
// order's failed items (fulfilment's refund:item:<id> movements): never both credit and card.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { creditNoteLines, isRefundRefusal, refundableCents, refundRefusal, refundSplit } from '../../../core/documents/refunds';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { creditMovements, documentAllocations, paymentRefunds, payments, saleDocumentLines, saleDocuments, users } from '../../../db/schema';
import { PaymentError } from '../../adapters/payments/port';
import type { ServiceDeps } from '../deps';
import { createDocumentPaymentService } from './document-payments';
import { createMydataService } from '../documents';
import { heldSql } from './refund-caps';
import { createDocumentService } from '../documents';
import type { Fail } from '../billing';
import type { StaffActor } from './staff-orders';

export type RefundOutcome = { ok: true; refundId: number; status: 'pending' | 'succeeded'; creditDocumentId: number | null; repeated: boolean };

const MAX_REASON = 200;

/** The credit note the batch just numbered: the CRD counter's last number (same transaction). */
/** The credit already given back for the order's failed items (one param: the order id). */
const ITEM_CREDIT_SQL = "(SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE order_id = ? AND reason = 'refund' AND amount_cents > 0 AND dedupe_key LIKE 'refund:item:%')";

// Corrective credit notes (they correct a legal document and go to myDATA) have their own gapless series
// (db/raw-batch.ts CORRECTIVE_CREDIT_SERIES); plain credit grants stay in CRD.
const NEW_CREDIT_NOTE = "(SELECT id FROM sale_documents WHERE series = 'CRN' AND number = (SELECT last_number FROM document_counters WHERE series = 'CRN'))";

export function createRefundService(deps: ServiceDeps) {
  const { db, now } = deps;

  /** A stored refusal ("35516 amount_above_refundable") back to its code. */
  const codeOf = (lastError: string | null) => Number(/^(\d+)/.exec(lastError ?? '')?.[1]) || ErrorCode.UNDEFINED_CODE;

  async function repeatOf(row: typeof paymentRefunds.$inferSelect, paymentId: number, amountCents: number): Promise<RefundOutcome | Fail> {
    // A key is one refund: the same key for another payment or sum is a bug in the form, not a retry.
    if (row.paymentId !== paymentId || row.amountCents !== amountCents) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'key' };
    if (row.status === 'failed') return { ok: false, code: codeOf(row.lastError) };
    return { ok: true, refundId: row.id, status: row.status, creditDocumentId: row.creditDocumentId, repeated: true };
  }

  type PaymentRow = typeof payments.$inferSelect;
  type RefundRow = typeof paymentRefunds.$inferSelect;

  /** The credit given back for the failed items of each order (fulfilment's refund:item:<id>). */
  async function itemCreditOf(orderIds: number[]): Promise<Map<number, number>> {
    if (!orderIds.length) return new Map();
    const rows = await db
      .select({ orderId: creditMovements.orderId, cents: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` })
      .from(creditMovements)
      .where(and(inArray(creditMovements.orderId, orderIds), eq(creditMovements.reason, 'refund'), sql`${creditMovements.amountCents} > 0`, sql`${creditMovements.dedupeKey} LIKE 'refund:item:%'`))
      .groupBy(creditMovements.orderId);
    return new Map(rows.map((r) => [r.orderId!, Number(r.cents)]));
  }

  /**
   * Asks the processor for the refund of `row` with the row's own key (a retry gets the same refund
   * back), then records what it answered: succeeded (recorded), pending (decided later), a definite
   * refusal (failed) or anything else (still pending with last_error: it may have refunded).
   */
  async function askProcessor(row: RefundRow, payment: PaymentRow, actor: { userId: number | null; ip: string | null }): Promise<RefundOutcome | Fail> {
    const at = now.getTime();
    const p = payment.id;
    let result;
    try {
      result = await deps.adapters.payments.refund({ sessionId: payment.providerSessionId!, amountCents: row.amountCents, idempotencyKey: row.idempotencyKey, reason: row.reason || 'refund' });
    } catch (error) {
      const code = error instanceof PaymentError ? error.code : ErrorCode.NETWORK_CONNECTION_ERROR;
      const why = error instanceof PaymentError ? String(error.detail.reason ?? '') : 'exception';
      const refused = error instanceof PaymentError && isRefundRefusal(code);
      await rawBatch(db, [
        refused
          ? { sql: "UPDATE payment_refunds SET status = 'failed', last_error = ?, decided_at = ? WHERE id = ? AND status = 'pending'", params: [`${code} ${why}`.trim(), at, row.id] }
          : { sql: "UPDATE payment_refunds SET last_error = ? WHERE id = ? AND status = 'pending'", params: [`${code} ${why}`.trim(), row.id] },
        auditStatement({ actorUserId: actor.userId, ip: actor.ip, action: refused ? 'payment.refund_failed' : 'payment.refund_unanswered', targetType: 'payment', targetId: p, detail: { refundId: row.id, code, reason: why }, at: now }),
      ]);
      return { ok: false, code };
    }
    if (result.status === 'pending') {
      // Decided later by the processor; it still counts against what is left (decision 040).
      await db.update(paymentRefunds).set({ providerRefundId: result.refundId, lastError: null }).where(eq(paymentRefunds.id, row.id));
      return { ok: true, refundId: row.id, status: 'pending', creditDocumentId: null, repeated: false };
    }
    return record(row, p, result.refundId, actor);
  }

  /** The processor refunded: ONE batch (row, payment, its document, the credit note, myDATA, audit). */
  async function record(row: RefundRow, paymentId: number, providerRefundId: string, actor: { userId: number | null; ip: string | null }): Promise<RefundOutcome | Fail> {
    const at = now.getTime();
    const p = paymentId;
    const [payment] = await db.select().from(payments).where(eq(payments.id, p));
    if (!payment || payment.orderId === null) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, payment.orderId));
    const legal = docs.find((d) => d.kind === 'invoice' || d.kind === 'receipt');
    const payDoc = docs.find((d) => d.kind === 'payment');
    if (!legal) return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
    const amount = row.amountCents;
    const lines = await db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, legal.id)).orderBy(asc(saleDocumentLines.position));
    const split = refundSplit({ totalCents: legal.totalCents, vatCents: legal.vatCents }, payment.refundedCents, amount);
    const rate = lines[0]?.vatRateBp ?? (legal.totalCents > legal.vatCents && legal.vatCents > 0 ? Math.round((legal.vatCents * 10000) / (legal.totalCents - legal.vatCents)) : 0);
    const noteLines = creditNoteLines(lines, split, { description: `${legal.series}-${legal.number}`, vatRateBp: rate });
    const held = heldSql(payment.orderId);
    const fresh: Raw = { sql: "EXISTS (SELECT 1 FROM payment_refunds WHERE id = ? AND status = 'succeeded' AND credit_document_id IS NULL)", params: [row.id] };
    const w = (s: Raw): Raw => ({ sql: `${s.sql} AND ${fresh.sql}`, params: [...s.params, ...fresh.params] });
    try {
      await rawBatch(db, [
        { sql: "UPDATE payment_refunds SET status = 'succeeded', provider_refund_id = ?, last_error = NULL, decided_at = ? WHERE id = ? AND status = 'pending'", params: [providerRefundId, at, row.id] },
        // Never more than the payment: a NULL fails the whole batch.
        w({ sql: 'UPDATE payments SET refunded_cents = CASE WHEN refunded_cents + ? <= amount_cents THEN refunded_cents + ? ELSE NULL END WHERE id = ?', params: [amount, amount, p] }),
        ...(payDoc
          ? [
              w({
                sql: "UPDATE sale_documents SET status = CASE WHEN (SELECT refunded_cents FROM payments WHERE id = ?) >= (SELECT amount_cents FROM payments WHERE id = ?) THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END WHERE id = ?",
                params: [p, p, payDoc.id],
              }),
            ]
          : []),
        // A refund that leaves the order holding nothing holds its open items too (issue #20 §2,
        // decision 046): cancelled, never retried, so nothing is carried out for free. A partial
        // refund (a gesture, a part of the order) leaves fulfilment alone.
        w({
          sql: `UPDATE order_items SET status = 'cancelled', next_attempt_at = NULL WHERE order_id = ? AND status IN ('pending', 'failed') AND ${held.sql} <= 0`,
          params: [payment.orderId, ...held.params],
        }),
        w({
          sql: `UPDATE orders SET status = CASE WHEN EXISTS (SELECT 1 FROM order_items WHERE order_id = ? AND status = 'completed') THEN 'completed' ELSE 'cancelled' END
            WHERE id = ? AND status IN ('paid', 'processing') AND EXISTS (SELECT 1 FROM order_items WHERE order_id = ? AND status = 'cancelled')
              AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_id = ? AND status IN ('pending', 'failed', 'processing'))`,
          params: [payment.orderId, payment.orderId, payment.orderId, payment.orderId],
        }),
        { sql: "INSERT INTO document_counters (series, last_number) VALUES ('CRN', 0) ON CONFLICT(series) DO NOTHING", params: [] },
        w({ sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'CRN'", params: [] }),
        w({
          // REFUNDED: the note's money went to the card, so it can never pay a document (decision 040).
          sql: `INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, billing, related_document_id, reason, created_at)
            SELECT ?, NULL, 'credit', 'CRN', last_number, 'REFUNDED', ?, ?, ?, (SELECT billing FROM sale_documents WHERE id = ?), ?, 'card_refund', ? FROM document_counters WHERE series = 'CRN'`,
          params: [legal.userId, amount, split.vatCents, split.netCents, legal.id, legal.id, at],
        }),
        ...noteLines.map((l) =>
          w({
            sql: `INSERT INTO sale_document_lines (document_id, position, description, sku, quantity, net_cents, vat_rate_bp, vat_cents, total_cents) SELECT ${NEW_CREDIT_NOTE}, ?, ?, ?, ?, ?, ?, ?, ? WHERE 1`,
            params: [l.position, l.description, l.sku, l.quantity, l.netCents, l.vatRateBp, l.vatCents, l.totalCents],
          }),
        ),
        w({ sql: `INSERT INTO mydata_transmissions (document_id, status, attempts, next_attempt_at, updated_at) SELECT ${NEW_CREDIT_NOTE}, 'pending', 0, ?, ? WHERE 1`, params: [at, at] }),
        auditStatement({ actorUserId: actor.userId, ip: actor.ip, action: 'payment.refunded', targetType: 'payment', targetId: p, detail: { refundId: row.id, amountCents: amount, providerRefundId }, at: now }, fresh),
        w({ sql: `UPDATE payment_refunds SET credit_document_id = ${NEW_CREDIT_NOTE} WHERE id = ?`, params: [row.id] }),
      ]);
    } catch (error) {
      // The processor gave the money back but our records refused it (a guard): keep it visible to staff.
      await db.update(paymentRefunds).set({ lastError: `${ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION} ${String((error as Error).message).slice(0, 200)}` }).where(eq(paymentRefunds.id, row.id));
      return { ok: false, code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION };
    }
    const [done] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, row.id));
    // Recorded by another request at the same time (a double retry): that one answers for it.
    if (!done || done.status !== 'succeeded') return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
    // The corrective credit note goes to myDATA at once (5.1/11.4); a failure stays queued for cron.
    if (done.creditDocumentId) {
      await createMydataService(deps)
        .transmit(done.creditDocumentId)
        .catch((e: unknown) => console.error('mydata transmission of a refund credit note failed; cron retries', { refundId: row.id, error: String(e) }));
    }
    return { ok: true, refundId: row.id, status: 'succeeded', creditDocumentId: done.creditDocumentId ?? null, repeated: false };
  }

  const service = {
    /**
     * The processor decided a refund it had answered `pending` (its signed refund webhook, decision
     * 046): succeeded is recorded exactly as an immediate success (one batch, the credit note, myDATA),
     * failed marks the row failed; either only while the row is pending, so a second delivery (or a
     * staff retry that got there first) changes nothing. An unknown refund or another amount is ignored.
     */
    async settleFromProcessor(event: { type: string; refundId?: string; amountCents: number }): Promise<'refund_settled' | 'refund_failed' | 'ignored'> {
      if (!event.refundId) return 'ignored';
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, event.refundId));
      if (!row || row.status !== 'pending' || row.amountCents !== event.amountCents) return 'ignored';
      const processor = { userId: null, ip: null };
      if (event.type === 'refund.failed') {
        const at = now.getTime();
        await rawBatch(db, [
          { sql: "UPDATE payment_refunds SET status = 'failed', last_error = ?, decided_at = ? WHERE id = ? AND status = 'pending'", params: [`${ErrorCode.UNDEFINED_CODE} refund_failed`, at, row.id] },
          auditStatement(
            { ...{ actorUserId: null, ip: null }, action: 'payment.refund_failed', targetType: 'payment', targetId: row.paymentId, detail: { refundId: row.id, code: ErrorCode.UNDEFINED_CODE, reason: 'refund_failed', by: 'processor' }, at: now },
            { sql: "EXISTS (SELECT 1 FROM payment_refunds WHERE id = ? AND status = 'failed' AND decided_at = ?)", params: [row.id, at] },
          ),
        ]);
        return 'refund_failed';
      }
      const done = await record(row, row.paymentId, event.refundId, processor);
      return done.ok ? 'refund_settled' : 'ignored';
    },

    /**
     * Staff give `amountCents` of a card payment back to the card. Double submits (the same key)
     * refund once and answer with the first refund's state.
     */
    async refundPayment(input: { paymentId: number; amountCents: number; reason: string; idempotencyKey: string }, actor: StaffActor | { userId: null; ip: null }): Promise<RefundOutcome | Fail> {
      const key = input.idempotencyKey.trim();
      const reason = input.reason.trim().slice(0, MAX_REASON);
      if (!key || key.length > 100) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'key' };
      const [payment] = await db.select().from(payments).where(eq(payments.id, input.paymentId));
      if (!payment) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      const [seen] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      if (seen) return repeatOf(seen, payment.id, input.amountCents);
      // A debit's card payment has no legal document to correct: not refundable here (decision 040).
      if (payment.orderId === null) return { ok: false, code: ErrorCode.DOCUMENT_ACTION_NOT_PERMITTED };
      // Money that paid nothing (a session approved after a use of credit or a cancel stopped it) went
      // to the credit balance already: back to the card as well would pay it out twice.
      const [credited] = await db.select({ id: creditMovements.id }).from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:payment:${payment.id}`));
      if (credited) return { ok: false, code: ErrorCode.DOCUMENT_ACTION_NOT_PERMITTED };
      const [pending] = await db
        .select({ cents: sql<number>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'pending')));
      const creditedCents = (await itemCreditOf([payment.orderId])).get(payment.orderId) ?? 0;
      const refusal = refundRefusal({ ...payment, pendingCents: Number(pending?.cents ?? 0), creditedCents }, input.amountCents);
      if (refusal !== null) return { ok: false, code: refusal };
      if (!payment.providerSessionId) return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
      const [legal] = await db.select({ id: saleDocuments.id }).from(saleDocuments).where(and(eq(saleDocuments.orderId, payment.orderId), inArray(saleDocuments.kind, ['invoice', 'receipt'])));
      if (!legal) return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };

      // 1. The pending row, only while everything asked for (with the order's item credit) stays within the payment.
      const at = now.getTime();
      const p = payment.id;
      const inserted = await rawBatch(db, [
        {
          sql: `INSERT INTO payment_refunds (payment_id, amount_cents, status, reason, idempotency_key, actor_user_id, created_at)
            SELECT ?, ?, 'pending', ?, ?, ?, ? WHERE (SELECT refunded_cents FROM payments WHERE id = ?)
              + (SELECT COALESCE(SUM(amount_cents), 0) FROM payment_refunds WHERE payment_id = ? AND status = 'pending') + ${ITEM_CREDIT_SQL} + ? <= (SELECT amount_cents FROM payments WHERE id = ? AND status = 'approved')
              AND NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = 'refund:payment:' || ?)
            ON CONFLICT(idempotency_key) DO NOTHING`,
          params: [p, input.amountCents, reason, key, actor.userId, at, p, p, payment.orderId, input.amountCents, p, p],
        },
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'payment.refund_requested', targetType: 'payment', targetId: p, detail: { amountCents: input.amountCents, reason, key }, at: now },
          { sql: 'EXISTS (SELECT 1 FROM payment_refunds WHERE idempotency_key = ? AND created_at = ? AND actor_user_id IS ?)', params: [key, at, actor.userId] },
        ),
      ]);
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
      if (!row) return { ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL };
      if ((inserted[0]?.meta.changes ?? 0) === 0) return repeatOf(row, payment.id, input.amountCents);

      // 2. The processor, 3. recorded.
      return askProcessor(row, payment, actor);
    },

    /**
     * Staff try a pending refund again (its answer was lost, or our records refused it): the processor
     * is asked with the refund's OWN key, so it answers the same refund; a success is recorded exactly
     * as a first one. Refused (35512) once the refund is no longer pending.
     */
    async retryRefund(refundId: number, actor: StaffActor): Promise<RefundOutcome | Fail> {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
      if (!row) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      if (row.status !== 'pending') return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
      const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
      if (!payment?.providerSessionId || payment.orderId === null) return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
      await rawBatch(db, [
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'payment.refund_retried', targetType: 'payment', targetId: payment.id, detail: { refundId: row.id, amountCents: row.amountCents, lastError: row.lastError }, at: now },
          { sql: "EXISTS (SELECT 1 FROM payment_refunds WHERE id = ? AND status = 'pending')", params: [row.id] },
        ),
      ]);
      return askProcessor(row, payment, actor);
    },

    /**
     * Staff confirm that a debit's bank transfer arrived: the debit is paid (its PAY document and
     * allocation, documentPayments.confirmDebitBankTransfer) with the audit row in the same batch. Refused (35512) when
     * the payment is not this debit's pending transfer, or it was confirmed already.
     */
    async confirmDebitTransfer(input: { documentId: number; paymentId: number }, actor: StaffActor): Promise<{ ok: true } | Fail> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, input.paymentId));
      if (!payment || payment.documentId !== input.documentId || payment.orderId !== null) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      if (payment.method !== 'bank_transfer' || payment.status !== 'pending') return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
      // The audit row goes into the confirmation's own batch: never a confirmation without it.
      const confirmed = await createDocumentPaymentService(deps).confirmDebitBankTransfer(payment.id, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'payment.bank_transfer_confirmed',
        targetType: 'payment',
        targetId: payment.id,
        detail: { documentId: input.documentId, amountCents: payment.amountCents },
        at: now,
      });
      if (!confirmed) return { ok: false, code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED };
      return { ok: true };
    },

    /**
     * The staff screen: a customer found by e-mail, their documents newest first with balances, each
     * order's refundable card payments (every approved one whose money did not become credit) with what
     * is left to refund and their refunds, and each debit's pending bank transfer. Null when nobody has
     * that e-mail.
     */
    async customerDocuments(email: string) {
      const [user] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      if (!user) return null;
      const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.userId, user.id)).orderBy(desc(saleDocuments.id)).limit(200);
      // Credit is spent oldest note first (core/documents/credit-notes.ts): what each note has left.
      const noteLeft = await createDocumentService(deps).creditNoteBalances(user.id);
      const ids = docs.map((d) => d.id);
      const [asDue, asPaying] = ids.length
        ? await Promise.all([
            db.select({ id: documentAllocations.dueDocumentId, cents: sql<number>`SUM(${documentAllocations.amountCents})` }).from(documentAllocations).where(inArray(documentAllocations.dueDocumentId, ids)).groupBy(documentAllocations.dueDocumentId),
            db.select({ id: documentAllocations.payingDocumentId, cents: sql<number>`SUM(${documentAllocations.amountCents})` }).from(documentAllocations).where(inArray(documentAllocations.payingDocumentId, ids)).groupBy(documentAllocations.payingDocumentId),
          ])
        : [[], []];
      const used = (rows: { id: number | null; cents: number }[], id: number) => Number(rows.find((r) => r.id === id)?.cents ?? 0);
      const orderIds = [...new Set(docs.filter((d) => d.kind === 'payment' && d.orderId !== null).map((d) => d.orderId!))];
      const approved = orderIds.length
        ? await db.select().from(payments).where(and(inArray(payments.orderId, orderIds), eq(payments.method, 'card'), eq(payments.status, 'approved'))).orderBy(asc(payments.id))
        : [];
      // A payment whose money became credit (refund:payment:<id>) is not refundable to the card (35510).
      const creditedKeys = approved.length
        ? new Set((await db.select({ key: creditMovements.dedupeKey }).from(creditMovements).where(inArray(creditMovements.dedupeKey, approved.map((c) => `refund:payment:${c.id}`)))).map((r) => r.key))
        : new Set<string>();
      const cardPayments = approved.filter((c) => !creditedKeys.has(`refund:payment:${c.id}`));
      const itemCredit = await itemCreditOf(orderIds);
      const refunds = cardPayments.length
        ? await db.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, cardPayments.map((c) => c.id))).orderBy(asc(paymentRefunds.id))
        : [];
      const debitIds = docs.filter((d) => d.kind === 'debit').map((d) => d.id);
      const transfers = debitIds.length
        ? await db.select().from(payments).where(and(inArray(payments.documentId, debitIds), eq(payments.method, 'bank_transfer'), eq(payments.status, 'pending')))
        : [];
      // The order's refundable card payments go on its newest payment document (docs are newest first).
      const payDocOf = new Map<number, number>();
      for (const d of docs) if (d.kind === 'payment' && d.orderId !== null && !payDocOf.has(d.orderId)) payDocOf.set(d.orderId, d.id);
      const documents = docs.map((d) => {
        const balanceCents =
          d.kind === 'invoice' || d.kind === 'receipt' || d.status === 'CANCELLED' || (d.kind === 'credit' && d.reason === 'card_refund')
            ? 0
            : d.kind === 'credit'
              ? (noteLeft.get(d.id) ?? 0)
              : d.totalCents - (d.kind === 'payment' ? used(asPaying, d.id) : used(asDue, d.id));
        const own = d.kind === 'payment' && d.orderId !== null && payDocOf.get(d.orderId) === d.id ? cardPayments.filter((c) => c.orderId === d.orderId) : [];
        const transfer = d.kind === 'debit' ? transfers.find((t) => t.documentId === d.id) : undefined;
        return {
          ...d,
          balanceCents,
          payments: own.map((pay) => {
            const mine = refunds.filter((r) => r.paymentId === pay.id);
            const creditedCents = itemCredit.get(pay.orderId!) ?? 0;
            const pendingCents = mine.filter((r) => r.status === 'pending').reduce((a, r) => a + r.amountCents, 0);
            return { id: pay.id, amountCents: pay.amountCents, refundedCents: pay.refundedCents, creditedCents, refundableCents: refundableCents({ ...pay, pendingCents, creditedCents }), refunds: mine };
          }),
          transfer: transfer ? { paymentId: transfer.id, amountCents: transfer.amountCents } : null,
        };
      });
      return { user, documents };
    },
  };
  return service;
}

export type RefundService = ReturnType<typeof createRefundService>;
