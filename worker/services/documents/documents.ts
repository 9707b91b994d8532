// The customer's sale documents (issue #13 §2; spec §2 sale document tabs, §3 Sale documents, §4):
// lists per kind and one document with the relations its tabs show. Balances are never stored: a
// document's balance is its total less the allocations that pay it (core/documents/balance.ts); a credit
// note's is what is left of the credit it gave, credit being spent oldest note first (uses of credit are
// movements of one balance, not allocations against a note: core/documents/credit-notes.ts).
// Every read is scoped to the document's owner, so a tab never shows another customer's rows.
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { balanceOf, type DocumentStatus } from '../../../core/documents/balance';
import { attributeUses } from '../../../core/documents/credit-notes';
import type { DocumentFilters } from '../../../core/documents/filters';
import { effectiveStatus, isPayable } from '../../../core/documents/status';
import { creditMovements, documentAllocations, saleDocumentLines, saleDocuments } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { creditNotesOf, listDocuments } from './documents-list';

export type SaleDocument = typeof saleDocuments.$inferSelect;
export type OwnDocument = SaleDocument & {
  balanceCents: number;
  /** The status to show now: OVERDUE for an unpaid debit past its due date (core/documents/status.ts). */
  shownStatus: DocumentStatus;
  /** A due document the customer can pay now (the pay-with tab). */
  payable: boolean;
};

/** A document as other documents' tabs name it. */
export type DocumentRef = { id: number; kind: SaleDocument['kind']; series: string; number: number; status: SaleDocument['status']; totalCents: number; createdAt: Date };

const refColumns = { id: saleDocuments.id, kind: saleDocuments.kind, series: saleDocuments.series, number: saleDocuments.number, status: saleDocuments.status, totalCents: saleDocuments.totalCents, createdAt: saleDocuments.createdAt };

/**
 * The due document whose payers a document's tabs show: itself for an order or a debit; for a receipt
 * or an invoice, its order's document (a legal document records a sale its order's payers settled).
 */
export function payeeOf(doc: Pick<SaleDocument, 'id' | 'kind' | 'relatedDocumentId'>): number | null {
  if (doc.kind === 'order' || doc.kind === 'debit') return doc.id;
  if (doc.kind === 'invoice' || doc.kind === 'receipt') return doc.relatedDocumentId;
  return null;
}

export function createDocumentService(deps: ServiceDeps) {
  const { db, now } = deps;
  const service = {
    /**
     * One document of this customer (null: not theirs or no such document; staff pass userId null),
     * with its balance: what it still owes (orders, debits) or still has to give (payments, credits).
     */
    async documentFor(userId: number | null, id: number): Promise<OwnDocument | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [doc] = await db
        .select()
        .from(saleDocuments)
        .where(userId === null ? eq(saleDocuments.id, id) : and(eq(saleDocuments.id, id), eq(saleDocuments.userId, userId)));
      if (!doc) return null;
      let balanceCents: number;
      if (doc.kind === 'invoice' || doc.kind === 'receipt') {
        // Legal documents are issued paid (they record a sale the order's payers settled).
        balanceCents = 0;
      } else if (doc.kind === 'credit') {
        // What is left of its credit (none: a card refund's or a corrective note gave no credit).
        balanceCents = (await creditNotesOf(db, doc.userId)).remaining.get(doc.id) ?? 0;
      } else {
        const column = doc.kind === 'payment' ? documentAllocations.payingDocumentId : documentAllocations.dueDocumentId;
        const [row] = await db.select({ cents: sql<number>`COALESCE(SUM(${documentAllocations.amountCents}), 0)` }).from(documentAllocations).where(eq(column, id));
        balanceCents = balanceOf(doc.totalCents, [Number(row?.cents ?? 0)]);
      }
      const shown = { kind: doc.kind, status: doc.status, dueAt: doc.dueAt, balanceCents };
      return { ...doc, balanceCents, shownStatus: effectiveStatus(shown, now), payable: isPayable(shown, now) };
    },

    /**
     * What is left of each of the customer's credit notes (an id not in the map: 0, it gave no credit).
     * For screens that list notes themselves (the staff documents screen shows total − allocations).
     */
    async creditNoteBalances(userId: number): Promise<Map<number, number>> {
      return (await creditNotesOf(db, userId)).remaining;
    },

    /** The list page: one page of the customer's documents with the totals of all that match. */
    async list(userId: number, filters: DocumentFilters) {
      return listDocuments(db, userId, filters, now);
    },

    /** The documents of these orders of the customer (the orders list links each to its page). */
    async forOrders(userId: number, orderIds: readonly number[]): Promise<(DocumentRef & { orderId: number })[]> {
      if (!orderIds.length) return [];
      const rows = await db
        .select({ ...refColumns, orderId: saleDocuments.orderId })
        .from(saleDocuments)
        .where(and(eq(saleDocuments.userId, userId), inArray(saleDocuments.orderId, [...orderIds])))
        .orderBy(asc(saleDocuments.id));
      return rows.filter((r): r is typeof r & { orderId: number } => r.orderId !== null);
    },

    /** The document's lines as issued, by position. */
    async lines(doc: Pick<SaleDocument, 'id'>) {
      return db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, doc.id)).orderBy(asc(saleDocumentLines.position));
    },

    /** The documents tied to this one: the one it belongs to, and those that belong to it. */
    async related(doc: Pick<SaleDocument, 'id' | 'userId' | 'relatedDocumentId'>): Promise<{ parent: DocumentRef | null; children: DocumentRef[] }> {
      const [parentRows, children] = await Promise.all([
        doc.relatedDocumentId ? db.select(refColumns).from(saleDocuments).where(and(eq(saleDocuments.id, doc.relatedDocumentId), eq(saleDocuments.userId, doc.userId))) : Promise.resolve([]),
        db.select(refColumns).from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, doc.id), eq(saleDocuments.userId, doc.userId))).orderBy(asc(saleDocuments.id)),
      ]);
      return { parent: parentRows[0] ?? null, children };
    },

    /** Use of credit: the credit-balance movements that paid this document (or its order's). */
    async creditUse(doc: Pick<SaleDocument, 'id' | 'kind' | 'userId' | 'relatedDocumentId'>) {
      const payee = payeeOf(doc);
      if (payee === null) return [];
      return db
        .select({ id: documentAllocations.id, amountCents: documentAllocations.amountCents, at: documentAllocations.createdAt, movementId: creditMovements.id, reason: creditMovements.reason, orderId: creditMovements.orderId })
        .from(documentAllocations)
        .innerJoin(creditMovements, and(eq(creditMovements.id, documentAllocations.creditMovementId), eq(creditMovements.userId, doc.userId)))
        .where(and(eq(documentAllocations.dueDocumentId, payee), eq(documentAllocations.userId, doc.userId)))
        .orderBy(asc(documentAllocations.id));
    },

    /**
     * Used-to-pay: for a payment, the documents it paid and how much of each (its allocations). For a
     * credit note, the uses of the credit balance its credit paid: every use of credit in time order,
     * taken from the oldest notes first (attributeUses), and the parts that fell to this note.
     */
    async usedToPay(doc: Pick<SaleDocument, 'id' | 'kind' | 'userId'>): Promise<{ allocationId: number; amountCents: number; at: Date; document: DocumentRef }[]> {
      if (doc.kind === 'payment') {
        return db
          .select({ allocationId: documentAllocations.id, amountCents: documentAllocations.amountCents, at: documentAllocations.createdAt, document: refColumns })
          .from(documentAllocations)
          .innerJoin(saleDocuments, and(eq(saleDocuments.id, documentAllocations.dueDocumentId), eq(saleDocuments.userId, doc.userId)))
          .where(eq(documentAllocations.payingDocumentId, doc.id))
          .orderBy(asc(documentAllocations.id));
      }
      if (doc.kind !== 'credit') return [];
      const [notes, uses] = await Promise.all([
        creditNotesOf(db, doc.userId),
        db
          .select({ allocationId: documentAllocations.id, amountCents: documentAllocations.amountCents, at: documentAllocations.createdAt, dueDocumentId: documentAllocations.dueDocumentId })
          .from(documentAllocations)
          .where(and(eq(documentAllocations.userId, doc.userId), isNotNull(documentAllocations.creditMovementId))),
      ]);
      const mine = attributeUses(notes.sources, uses.map((u) => ({ ...u, at: u.at.getTime() }))).get(doc.id) ?? [];
      if (!mine.length) return [];
      const refs = await db.select(refColumns).from(saleDocuments).where(and(inArray(saleDocuments.id, [...new Set(mine.map((u) => u.dueDocumentId))]), eq(saleDocuments.userId, doc.userId)));
      return mine.flatMap((u) => {
        const document = refs.find((r) => r.id === u.dueDocumentId);
        return document ? [{ allocationId: u.allocationId, amountCents: u.amountCents, at: new Date(u.at), document }] : [];
      });
    },

    /**
     * Paid-by: what paid this order or debit (for a receipt or invoice: its order's document) — payment
     * documents and credit notes, and uses of the credit balance.
     */
    async paidBy(doc: Pick<SaleDocument, 'id' | 'kind' | 'userId' | 'relatedDocumentId'>) {
      const payee = payeeOf(doc);
      if (payee === null) return [];
      const rows = await db
        .select({ allocationId: documentAllocations.id, amountCents: documentAllocations.amountCents, at: documentAllocations.createdAt, payingDocumentId: documentAllocations.payingDocumentId, creditMovementId: documentAllocations.creditMovementId })
        .from(documentAllocations)
        .where(and(eq(documentAllocations.dueDocumentId, payee), eq(documentAllocations.userId, doc.userId)))
        .orderBy(asc(documentAllocations.id));
      const ids = rows.map((r) => r.payingDocumentId).filter((x): x is number => x !== null);
      const payers = ids.length ? await db.select(refColumns).from(saleDocuments).where(and(inArray(saleDocuments.id, ids), eq(saleDocuments.userId, doc.userId))) : [];
      return rows.map((r) => ({ ...r, document: payers.find((p) => p.id === r.payingDocumentId) ?? null }));
    },

    /**
     * Associated movements: the credit movements tied to this document — a credit note's own movement,
     * its order's use of credit, credit given back for its order's items (refunds, a cancelled order's
     * release), and the uses of credit that paid it.
     */
    async movements(doc: Pick<SaleDocument, 'id' | 'kind' | 'userId' | 'orderId' | 'relatedDocumentId'>) {
      const payee = payeeOf(doc);
      const paidWith = payee === null ? [] : await db.select({ id: documentAllocations.creditMovementId }).from(documentAllocations).where(and(eq(documentAllocations.dueDocumentId, payee), eq(documentAllocations.userId, doc.userId)));
      const movementIds = paidWith.map((r) => r.id).filter((x): x is number => x !== null);
      const ties = [eq(creditMovements.documentId, doc.id), ...(doc.orderId !== null ? [eq(creditMovements.orderId, doc.orderId)] : []), ...(movementIds.length ? [inArray(creditMovements.id, movementIds)] : [])];
      return db
        .select({ id: creditMovements.id, amountCents: creditMovements.amountCents, reason: creditMovements.reason, orderId: creditMovements.orderId, documentId: creditMovements.documentId, at: creditMovements.createdAt, document: { series: saleDocuments.series, number: saleDocuments.number } })
        .from(creditMovements)
        .leftJoin(saleDocuments, and(eq(saleDocuments.id, creditMovements.documentId), eq(saleDocuments.userId, doc.userId)))
        .where(and(eq(creditMovements.userId, doc.userId), or(...ties)))
        .orderBy(asc(creditMovements.createdAt), asc(creditMovements.id));
    },
  };
  return service;
}

export type DocumentService = ReturnType<typeof createDocumentService>;
