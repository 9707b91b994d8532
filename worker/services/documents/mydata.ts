// Transmitting legal documents to AADE's myDATA (issue #13 §4; decision 041) through the mydata port:
// a receipt or invoice right after it is numbered (the order service calls transmit after markPaid),
// a corrective credit note once its original has a MARK. What AADE could not take now (network, 5xx,
// a technical error) is retried by cron with back-off; what it refused is 'failed' and waits for staff,
// who can send it again or cancel a transmitted one at AADE.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { mydataInvoice, type MappingProblem } from '../../../core/documents/mydata-mapping';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import { mydataTransmissions, saleDocuments, users } from '../../../db/schema';
import { AADE_ERROR, aadeUid, markOfDuplicate, uidOfDuplicate, type MydataError } from '../../adapters/mydata/port';
import { configOf } from '../../config';
import { createMydataSources } from './mydata-source';
import { createDocumentMails } from './document-mails';
import type { ServiceDeps } from '../deps';

/** First retry after 5 minutes, doubling, never more than 6 hours apart. */
export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}
/** A credit note waiting for its original's MARK looks again after this long. */
const WAIT_FOR_ORIGINAL_MS = 5 * 60_000;
/** Pending longer than this (or after this many attempts) is shown to staff. */
export const PENDING_TOO_LONG_MS = 3600_000;
export const PENDING_TOO_MANY_ATTEMPTS = 3;

const LEGAL_KINDS = ['receipt', 'invoice', 'credit'] as const;

export type TransmitOutcome =
  | { status: 'sent'; mark: string; qrUrl: string | null; invoiceType: string }
  | { status: 'pending'; reason: 'retry' | 'original_not_sent' | 'not_due'; errors?: MydataError[] }
  | { status: 'failed'; errors: MydataError[] }
  | { status: 'cancelled' }
  | { status: 'not_transmittable' };

export type Actor = { userId: number; ip?: string | null };

const errorText = (errors: readonly MydataError[]) => errors.map((e) => `${e.code}: ${e.message}`).join('; ').slice(0, 1000);
const problemError = (p: MappingProblem): MydataError => ({ code: p, message: p });

export function createMydataService(deps: ServiceDeps) {
  const { db, now } = deps;

  const { sourceOf } = createMydataSources(db);

  /** Writes the outcome while the row still waits (pending/failed); false: it was cancelled meanwhile. */
  async function record(documentId: number, set: Partial<typeof mydataTransmissions.$inferInsert>): Promise<boolean> {
    const changed = await db
      .update(mydataTransmissions)
      .set({ ...set, updatedAt: now })
      .where(and(eq(mydataTransmissions.documentId, documentId), inArray(mydataTransmissions.status, ['pending', 'failed'])))
      .returning({ id: mydataTransmissions.documentId });
    return changed.length > 0;
  }

  /**
   * AADE accepted a document that was cancelled here while it was on its way (a credit note cancelled
   * by staff during the send): it must not stay active there, so it is cancelled at AADE at once. If
   * AADE refuses, the row says 'sent' with the reason: staff see an active document to cancel.
   */
  async function cancelArrived(documentId: number, sent: { mark: string; uid: string; qrUrl: string | null; invoiceType: string }): Promise<TransmitOutcome> {
    const [row] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
    // Recorded by another send meanwhile (not cancelled here): that record stands.
    if (row?.status === 'sent' && !(await isCancelledHere(documentId))) return { status: 'sent', mark: row.mark ?? sent.mark, qrUrl: row.qrUrl, invoiceType: row.invoiceType ?? sent.invoiceType };
    if (row && row.status !== 'cancelled' && row.status !== 'sent') return { status: 'pending', reason: 'retry' };
    const cancelled = await deps.adapters.mydata.cancelInvoice(sent.mark);
    const base = { mark: sent.mark, uid: sent.uid, qrUrl: sent.qrUrl, invoiceType: sent.invoiceType, sentAt: now, nextAttemptAt: null, updatedAt: now };
    if (cancelled.ok) {
      await db.update(mydataTransmissions).set({ ...base, status: 'cancelled', cancellationMark: cancelled.cancellationMark, lastError: null }).where(eq(mydataTransmissions.documentId, documentId));
      return { status: 'cancelled' };
    }
    await db
      .update(mydataTransmissions)
      .set({ ...base, status: 'sent', lastError: `document cancelled here, still active at AADE: ${errorText(cancelled.errors)}`.slice(0, 1000) })
      .where(eq(mydataTransmissions.documentId, documentId));
    return { status: 'sent', mark: sent.mark, qrUrl: sent.qrUrl, invoiceType: sent.invoiceType };
  }

  async function isCancelledHere(documentId: number): Promise<boolean> {
    const [d] = await db.select({ status: saleDocuments.status }).from(saleDocuments).where(eq(saleDocuments.id, documentId));
    return d?.status === 'CANCELLED';
  }

  /** The QR link (and uid) of a document AADE already holds, asked again (RequestTransmittedDocs). */
  async function transmittedOf(mark: string): Promise<{ uid: string | null; qrUrl: string | null } | null> {
    try {
      const r = await deps.adapters.mydata.transmittedDoc(mark);
      return r.ok && r.doc ? { uid: r.doc.uid, qrUrl: r.doc.qrUrl } : null;
    } catch {
      return null;
    }
  }

  const service = {
    /**
     * Sends one legal document (queued if it was not). Idempotent: a sent or cancelled document is not
     * sent again, and two calls at once cannot both send (the first claims the row until its answer).
     */
    async transmit(documentId: number): Promise<TransmitOutcome> {
      const [doc] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, documentId));
      if (!doc || !(LEGAL_KINDS as readonly string[]).includes(doc.kind)) return { status: 'not_transmittable' };
      if (doc.status === 'CANCELLED') {
        // Never transmit a cancelled document (the immediate send and cron both come here): a row still
        // waiting is closed without a MARK; one AADE holds stays as it is, for staff to cancel there.
        await db
          .update(mydataTransmissions)
          .set({ status: 'cancelled', nextAttemptAt: null, lastError: 'document_cancelled', updatedAt: now })
          .where(and(eq(mydataTransmissions.documentId, documentId), inArray(mydataTransmissions.status, ['pending', 'failed'])));
        const [held] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
        if (held?.status === 'sent') return { status: 'sent', mark: held.mark!, qrUrl: held.qrUrl, invoiceType: held.invoiceType ?? '' };
        return held ? { status: 'cancelled' } : { status: 'not_transmittable' };
      }
      await db.insert(mydataTransmissions).values({ documentId, status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now }).onConflictDoNothing();

      const [row] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
      if (!row) return { status: 'not_transmittable' };
      if (row.status === 'sent') return { status: 'sent', mark: row.mark!, qrUrl: row.qrUrl, invoiceType: row.invoiceType ?? '' };
      if (row.status === 'cancelled') return { status: 'cancelled' };

      const mapped = mydataInvoice(await sourceOf(doc), configOf(deps.env).seller);
      if (!mapped.ok) {
        if (mapped.problem === 'not_transmittable') {
          // A credit that corrects no invoice or receipt (a goodwill grant) is no sale to report.
          await db.delete(mydataTransmissions).where(and(eq(mydataTransmissions.documentId, documentId), eq(mydataTransmissions.status, 'pending'), eq(mydataTransmissions.attempts, 0)));
          return { status: 'not_transmittable' };
        }
        if (mapped.problem === 'original_not_sent') {
          await record(documentId, { status: 'pending', nextAttemptAt: new Date(now.getTime() + WAIT_FOR_ORIGINAL_MS), lastError: 'original_not_sent' });
          return { status: 'pending', reason: 'original_not_sent' };
        }
        await record(documentId, { status: 'failed', attempts: row.attempts + 1, nextAttemptAt: null, lastError: mapped.problem });
        return { status: 'failed', errors: [problemError(mapped.problem)] };
      }

      // Claim: only the call that moves next_attempt_at forward sends (the lease covers AADE's answer time).
      const claimed = await db
        .update(mydataTransmissions)
        .set({ nextAttemptAt: new Date(now.getTime() + backoffMs(1)), updatedAt: now })
        .where(
          and(
            eq(mydataTransmissions.documentId, documentId),
            inArray(mydataTransmissions.status, ['pending', 'failed']),
            sql`(${mydataTransmissions.nextAttemptAt} IS NULL OR ${mydataTransmissions.nextAttemptAt} <= ${now.getTime()})`,
            // Cancelled since it was read above: not sent (the check again, inside the claim).
            sql`NOT EXISTS (SELECT 1 FROM sale_documents d WHERE d.id = ${documentId} AND d.status = 'CANCELLED')`,
          ),
        )
        .returning({ id: mydataTransmissions.documentId });
      if (!claimed.length) return { status: 'pending', reason: 'not_due' };

      const invoiceType = mapped.invoice.header.invoiceType;
      const [result] = await deps.adapters.mydata.sendInvoices([mapped.invoice]);
      const attempts = row.attempts + 1;
      if (result?.ok) {
        if (!(await record(documentId, { status: 'sent', mark: result.mark, uid: result.uid, qrUrl: result.qrUrl, invoiceType, sentAt: now, attempts, nextAttemptAt: null, lastError: null }))) {
          return cancelArrived(documentId, { mark: result.mark, uid: result.uid, qrUrl: result.qrUrl, invoiceType });
        }
        return { status: 'sent', mark: result.mark, qrUrl: result.qrUrl, invoiceType };
      }
      const errors = result ? result.errors : [{ code: 'no_result', message: 'the port answered nothing' }];
      // AADE already has it (an earlier answer was lost): the refusal names its MARK; take that, and ask
      // AADE for the rest of what its first answer said (the QR link the PDF prints).
      const already = markOfDuplicate(errors);
      if (already) {
        const held = await transmittedOf(already);
        const uid = held?.uid ?? uidOfDuplicate(errors) ?? (await aadeUid(mapped.invoice));
        const qrUrl = held?.qrUrl ?? null;
        if (!(await record(documentId, { status: 'sent', mark: already, uid, qrUrl, invoiceType, sentAt: now, attempts, nextAttemptAt: null, lastError: qrUrl ? null : 'qr_missing' }))) {
          return cancelArrived(documentId, { mark: already, uid, qrUrl, invoiceType });
        }
        return { status: 'sent', mark: already, qrUrl, invoiceType };
      }
      if (!result || result.retryable) {
        await record(documentId, { status: 'pending', invoiceType, attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), lastError: errorText(errors) });
        return { status: 'pending', reason: 'retry', errors };
      }
      await record(documentId, { status: 'failed', invoiceType, attempts, nextAttemptAt: null, lastError: errorText(errors) });
      return { status: 'failed', errors };
    },

    /** After markPaid: the order's receipt or invoice (none yet: nothing to do). */
    async transmitOrder(orderId: number): Promise<TransmitOutcome> {
      const [doc] = await db
        .select({ id: saleDocuments.id })
        .from(saleDocuments)
        .where(and(eq(saleDocuments.orderId, orderId), inArray(saleDocuments.kind, ['receipt', 'invoice'])));
      return doc ? service.transmit(doc.id) : { status: 'not_transmittable' };
    },

    /** Cron: pending documents whose time has come, originals before their credit notes. */
    async retryDue(limit = 20) {
      const due = await db
        .select({ id: mydataTransmissions.documentId })
        .from(mydataTransmissions)
        .where(and(eq(mydataTransmissions.status, 'pending'), lte(mydataTransmissions.nextAttemptAt, now)))
        .orderBy(asc(mydataTransmissions.documentId))
        .limit(limit);
      const outcomes: Record<string, number> = {};
      for (const { id } of due) {
        try {
          const o = await service.transmit(id);
          outcomes[o.status] = (outcomes[o.status] ?? 0) + 1;
        } catch (err) {
          // One document's trouble must not stop the others.
          console.error('mydata transmit failed', id, err);
          outcomes.error = (outcomes.error ?? 0) + 1;
        }
      }
      // Documents recovered from a duplicate answer while RequestTransmittedDocs failed: their QR link.
      const missing = await db
        .select({ id: mydataTransmissions.documentId, mark: mydataTransmissions.mark })
        .from(mydataTransmissions)
        .where(and(eq(mydataTransmissions.status, 'sent'), sql`${mydataTransmissions.qrUrl} IS NULL`, sql`${mydataTransmissions.mark} IS NOT NULL`))
        .orderBy(asc(mydataTransmissions.documentId))
        .limit(limit);
      let qrFilled = 0;
      for (const m of missing) {
        const held = await transmittedOf(m.mark!);
        if (!held?.qrUrl) continue;
        await db
          .update(mydataTransmissions)
          .set({ qrUrl: held.qrUrl, ...(held.uid ? { uid: held.uid } : {}), lastError: null, updatedAt: now })
          .where(and(eq(mydataTransmissions.documentId, m.id), sql`${mydataTransmissions.qrUrl} IS NULL`));
        qrFilled++;
      }
      return { due: due.length, outcomes, qrFilled };
    },

    /** Staff: send a failed (or slow) document again now. */
    async retryNow(documentId: number, actor: Actor): Promise<TransmitOutcome | { status: 'not_found' }> {
      const at = now.getTime();
      const results = await rawBatch(db, [
        {
          sql: "UPDATE mydata_transmissions SET status = 'pending', next_attempt_at = ?, updated_at = ? WHERE document_id = ? AND status IN ('pending', 'failed')",
          params: [at, at, documentId],
        },
        auditStatement({ actorUserId: actor.userId, ip: actor.ip ?? null, action: 'mydata.retry', targetType: 'sale_document', targetId: documentId, at: now }, { sql: 'changes() > 0', params: [] }),
      ]);
      if ((results[0]?.meta.changes ?? 0) === 0) return { status: 'not_found' };
      return service.transmit(documentId);
    },

    /** Staff: cancel a transmitted document at AADE (AADE refuses while a credit note correlates it: 255). */
    async cancel(documentId: number, actor: Actor): Promise<{ ok: true; cancellationMark: string } | { ok: false; errors: MydataError[] }> {
      const [row] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
      if (!row || row.status !== 'sent' || !row.mark) return { ok: false, errors: [{ code: 'not_sent', message: 'not_sent' }] };
      // A credit note still active here gave credit: cancelled only at AADE, the credit would stay with
      // no legal document behind it. Its cancel (debits.cancelCreditNote) does both at once.
      const [doc] = await db.select({ kind: saleDocuments.kind, status: saleDocuments.status }).from(saleDocuments).where(eq(saleDocuments.id, documentId));
      if (doc?.kind === 'credit' && doc.status !== 'CANCELLED') return { ok: false, errors: [{ code: 'credit_note_active', message: 'credit_note_active' }] };
      const result = await deps.adapters.mydata.cancelInvoice(row.mark);
      if (!result.ok) return { ok: false, errors: result.errors };
      const at = now.getTime();
      await rawBatch(db, [
        {
          sql: "UPDATE mydata_transmissions SET status = 'cancelled', cancellation_mark = ?, updated_at = ? WHERE document_id = ? AND status = 'sent'",
          params: [result.cancellationMark, at, documentId],
        },
        auditStatement({ actorUserId: actor.userId, ip: actor.ip ?? null, action: 'mydata.cancel', targetType: 'sale_document', targetId: documentId, detail: { mark: row.mark, cancellationMark: result.cancellationMark }, at: now }, { sql: 'changes() > 0', params: [] }),
      ]);
      return { ok: true, cancellationMark: result.cancellationMark };
    },

    /**
     * Before a document is cancelled here (a corrective credit note): what AADE must be told, and the
     * statement for the caller's batch. A document AADE holds is cancelled there first (refused: the
     * caller changes nothing); one still queued is closed in the batch, so it is never sent. `onlyIf`
     * is the batch's "the document is cancelled now".
     */
    async cancelWithDocument(documentId: number, onlyIf: Raw): Promise<{ ok: true; statements: Raw[]; atAade: { mark: string; cancellationMark: string } | null } | { ok: false; errors: MydataError[] }> {
      const [row] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
      const at = now.getTime();
      if (!row || row.status === 'cancelled') return { ok: true, statements: [], atAade: null };
      if (row.status === 'sent' && row.mark) {
        const r = await deps.adapters.mydata.cancelInvoice(row.mark);
        // Already cancelled at AADE (251): what we want; any other refusal stops the whole cancel.
        if (!r.ok && !r.errors.some((e) => e.code === AADE_ERROR.alreadyCancelled)) return { ok: false, errors: r.errors };
        const cancellationMark = r.ok ? r.cancellationMark : null;
        return {
          ok: true,
          atAade: cancellationMark ? { mark: row.mark, cancellationMark } : null,
          statements: [
            {
              sql: `UPDATE mydata_transmissions SET status = 'cancelled', cancellation_mark = COALESCE(?, cancellation_mark), next_attempt_at = NULL, last_error = NULL, updated_at = ? WHERE document_id = ? AND status = 'sent' AND mark = ? AND ${onlyIf.sql}`,
              params: [cancellationMark, at, documentId, row.mark, ...onlyIf.params],
            },
          ],
        };
      }
      return {
        ok: true,
        atAade: null,
        statements: [
          {
            sql: `UPDATE mydata_transmissions SET status = 'cancelled', next_attempt_at = NULL, last_error = 'document_cancelled', updated_at = ? WHERE document_id = ? AND status IN ('pending', 'failed') AND ${onlyIf.sql}`,
            params: [at, documentId, ...onlyIf.params],
          },
        ],
      };
    },

    /**
     * AADE cancelled the document but our batch then refused (its credit was spent meanwhile): the
     * cancellation at AADE is a fact and is kept on the row, with why, for staff (a new note is needed).
     */
    async keepAadeCancellation(documentId: number, atAade: { mark: string; cancellationMark: string } | null): Promise<void> {
      if (!atAade) return;
      await db
        .update(mydataTransmissions)
        .set({ status: 'cancelled', cancellationMark: atAade.cancellationMark, nextAttemptAt: null, lastError: 'cancelled at AADE, the note stays active here: issue a new note', updatedAt: now })
        .where(and(eq(mydataTransmissions.documentId, documentId), eq(mydataTransmissions.mark, atAade.mark)));
    },

    /**
     * After a local cancel: a document that reached AADE between the read and the batch (its row is
     * 'sent' while the document is CANCELLED) is cancelled there now.
     */
    async afterDocumentCancelled(documentId: number): Promise<void> {
      const [row] = await db
        .select({ status: mydataTransmissions.status, mark: mydataTransmissions.mark, uid: mydataTransmissions.uid, qrUrl: mydataTransmissions.qrUrl, invoiceType: mydataTransmissions.invoiceType, doc: saleDocuments.status })
        .from(mydataTransmissions)
        .innerJoin(saleDocuments, eq(saleDocuments.id, mydataTransmissions.documentId))
        .where(eq(mydataTransmissions.documentId, documentId));
      if (row?.status === 'sent' && row.mark && row.doc === 'CANCELLED') await cancelArrived(documentId, { mark: row.mark, uid: row.uid ?? '', qrUrl: row.qrUrl, invoiceType: row.invoiceType ?? '' });
    },

    /** One document's transmission (the PDF prints its MARK and QR). */
    async transmissionOf(documentId: number) {
      const [row] = await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId));
      return row ?? null;
    },

    /** Staff: counts per status, what failed or is pending too long, and the latest transmitted. */
    async failures(limit = 50) {
      const counts = Object.fromEntries(
        (await db.select({ status: mydataTransmissions.status, n: sql<number>`count(*)` }).from(mydataTransmissions).groupBy(mydataTransmissions.status)).map((r) => [r.status, Number(r.n)]),
      ) as Partial<Record<'pending' | 'sent' | 'failed' | 'cancelled', number>>;
      const cols = {
        documentId: mydataTransmissions.documentId,
        status: mydataTransmissions.status,
        invoiceType: mydataTransmissions.invoiceType,
        mark: mydataTransmissions.mark,
        qrUrl: mydataTransmissions.qrUrl,
        cancellationMark: mydataTransmissions.cancellationMark,
        attempts: mydataTransmissions.attempts,
        nextAttemptAt: mydataTransmissions.nextAttemptAt,
        lastError: mydataTransmissions.lastError,
        sentAt: mydataTransmissions.sentAt,
        kind: saleDocuments.kind,
        series: saleDocuments.series,
        number: saleDocuments.number,
        totalCents: saleDocuments.totalCents,
        createdAt: saleDocuments.createdAt,
        email: users.email,
      };
      const base = () => db.select(cols).from(mydataTransmissions).innerJoin(saleDocuments, eq(saleDocuments.id, mydataTransmissions.documentId)).innerJoin(users, eq(users.id, saleDocuments.userId));
      const slow = new Date(now.getTime() - PENDING_TOO_LONG_MS).getTime();
      const problems = await base()
        .where(
          sql`${mydataTransmissions.status} = 'failed' OR (${mydataTransmissions.status} = 'pending' AND (${saleDocuments.createdAt} <= ${slow} OR ${mydataTransmissions.attempts} >= ${PENDING_TOO_MANY_ATTEMPTS}))`,
        )
        .orderBy(asc(mydataTransmissions.documentId))
        .limit(limit);
      const recent = await base().where(inArray(mydataTransmissions.status, ['sent', 'cancelled'])).orderBy(sql`${mydataTransmissions.sentAt} DESC`).limit(20);
      return { counts: { pending: counts.pending ?? 0, sent: counts.sent ?? 0, failed: counts.failed ?? 0, cancelled: counts.cancelled ?? 0 }, problems, recent };
    },
  };
  // Every transmission attempt decides the document's e-mail (document-mails.ts): the first after its
  // issue, with the MARK when AADE gave it now (or without, when AADE could not be reached: the customer
  // is not kept waiting), and a second one when a later attempt brings the MARK.
  const transmitOnce = service.transmit;
  service.transmit = async (documentId: number): Promise<TransmitOutcome> => {
    try {
      return await transmitOnce(documentId);
    } finally {
      await createDocumentMails(deps).announce(documentId);
    }
  };
  return service;
}

export type MydataService = ReturnType<typeof createMydataService>;
