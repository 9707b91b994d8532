// The customer's sale documents (issue #13 §2; spec §2 sale document tabs, §3 Sale documents, §4):
// lists per kind and one document with the relations its tabs show. Balances are never stored: a
// document's balance is its total less the allocations that pay it (core/documents/balance.ts).
import { and, eq, sql } from 'drizzle-orm';
import { balanceOf } from '../../core/documents/balance';
import { documentAllocations, saleDocuments } from '../../db/schema';
import type { ServiceDeps } from '.';

export type SaleDocument = typeof saleDocuments.$inferSelect;

export function createDocumentService(deps: ServiceDeps) {
  const { db } = deps;
  const service = {
    /**
     * One document of this customer (null: not theirs or no such document; staff pass userId null),
     * with its balance: what it still owes (orders, debits) or still has to give (payments, credits).
     */
    async documentFor(userId: number | null, id: number): Promise<(SaleDocument & { balanceCents: number }) | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const [doc] = await db
        .select()
        .from(saleDocuments)
        .where(userId === null ? eq(saleDocuments.id, id) : and(eq(saleDocuments.id, id), eq(saleDocuments.userId, userId)));
      if (!doc) return null;
      const column = doc.kind === 'payment' || doc.kind === 'credit' ? documentAllocations.payingDocumentId : documentAllocations.dueDocumentId;
      const [row] = await db.select({ cents: sql<number>`COALESCE(SUM(${documentAllocations.amountCents}), 0)` }).from(documentAllocations).where(eq(column, id));
      const used = Number(row?.cents ?? 0);
      // Legal documents are issued paid (they record a sale the order's payers settled).
      const balanceCents = doc.kind === 'invoice' || doc.kind === 'receipt' ? 0 : balanceOf(doc.totalCents, [used]);
      return { ...doc, balanceCents };
    },
  };
  return service;
}

export type DocumentService = ReturnType<typeof createDocumentService>;
