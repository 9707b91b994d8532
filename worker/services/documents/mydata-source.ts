// What a legal document tells myDATA, read from D1 (issue #13 §4; decision 041): its lines, how it was
// paid, its buyer and, for a credit note, the original it corrects with the MARK AADE gave it. The
// mapping itself is pure (core/documents/mydata-mapping.ts); the myDATA service sends what this reads.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Billing, MydataSource, SourceLine, SourcePayment } from '../../../core/documents/mydata-mapping';
import type { Db } from '../../../db/client';
import { documentAllocations, mydataTransmissions, orders, payments, saleDocumentLines, saleDocuments } from '../../../db/schema';

export function createMydataSources(db: Db) {
  async function linesOf(documentId: number): Promise<SourceLine[]> {
    const rows = await db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, documentId)).orderBy(asc(saleDocumentLines.position));
    return rows.map((l) => ({ netCents: l.netCents, vatRateBp: l.vatRateBp, vatCents: l.vatCents }));
  }

  /** How the document was paid: the order's credit and money for a receipt/invoice; a credit note's money goes back as its reason says. */
  async function paymentsOf(doc: typeof saleDocuments.$inferSelect): Promise<SourcePayment[]> {
    if (doc.kind === 'credit') return [{ method: doc.reason === 'card_refund' ? 'card' : 'credit', amountCents: doc.totalCents }];
    if (doc.orderId === null) {
      // A debit's receipt or invoice: what paid the debit (credit uses and money received for it).
      if (doc.relatedDocumentId === null) return [];
      const [credit] = await db
        .select({ cents: sql<number>`COALESCE(SUM(${documentAllocations.amountCents}), 0)` })
        .from(documentAllocations)
        .where(and(eq(documentAllocations.dueDocumentId, doc.relatedDocumentId), sql`${documentAllocations.creditMovementId} IS NOT NULL`));
      const [money] = await db
        .select({ method: payments.method })
        .from(payments)
        .where(and(eq(payments.documentId, doc.relatedDocumentId), eq(payments.status, 'approved'), sql`NOT EXISTS (SELECT 1 FROM credit_movements m WHERE m.dedupe_key = 'refund:payment:' || ${payments.id})`))
        .orderBy(desc(payments.id))
        .limit(1);
      const creditCents = Number(credit?.cents ?? 0);
      return [
        { method: 'credit', amountCents: creditCents },
        ...(money ? [{ method: money.method, amountCents: doc.totalCents - creditCents }] : []),
      ];
    }
    const [order] = await db.select({ method: orders.paymentMethod, creditCents: orders.creditCents, grandTotalCents: orders.grandTotalCents }).from(orders).where(eq(orders.id, doc.orderId));
    if (!order) return [];
    // The money came through the payment that paid the order (an order placed for a bank transfer may
    // be paid by card from its pay tab): an approved payment whose money did not become credit.
    const paid = await db
      .select({ method: payments.method })
      .from(payments)
      .where(and(eq(payments.orderId, doc.orderId), eq(payments.status, 'approved'), sql`NOT EXISTS (SELECT 1 FROM credit_movements m WHERE m.dedupe_key = 'refund:payment:' || ${payments.id})`))
      .orderBy(desc(payments.id))
      .limit(1);
    return [
      { method: 'credit', amountCents: order.creditCents },
      { method: paid[0]?.method ?? order.method, amountCents: order.grandTotalCents - order.creditCents },
    ];
  }

  async function sourceOf(doc: typeof saleDocuments.$inferSelect): Promise<MydataSource> {
    let original: MydataSource['original'] = null;
    if (doc.kind === 'credit' && doc.relatedDocumentId !== null) {
      const [o] = await db
        .select({ doc: saleDocuments, mark: mydataTransmissions.mark, status: mydataTransmissions.status })
        .from(saleDocuments)
        .leftJoin(mydataTransmissions, eq(mydataTransmissions.documentId, saleDocuments.id))
        .where(eq(saleDocuments.id, doc.relatedDocumentId));
      if (o && (o.doc.kind === 'receipt' || o.doc.kind === 'invoice')) {
        // A cancelled original keeps its MARK here: AADE refuses the correlation (320) and staff see why.
        original = { kind: o.doc.kind, mark: o.status === 'sent' || o.status === 'cancelled' ? o.mark : null, billing: (o.doc.billing as Billing | null) ?? null, lines: await linesOf(o.doc.id) };
      }
    }
    return {
      kind: doc.kind as MydataSource['kind'],
      series: doc.series,
      number: doc.number,
      createdAt: doc.createdAt,
      billing: (doc.billing as Billing | null) ?? null,
      lines: await linesOf(doc.id),
      netCents: doc.netCents,
      vatCents: doc.vatCents,
      totalCents: doc.totalCents,
      payments: await paymentsOf(doc),
      original,
    };
  }

  return { sourceOf };
}
