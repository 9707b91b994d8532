// Who may see and decide a sandbox payment page (issue #10 §1): only the logged-in owner of the
// order (or debit) whose payment opened the session. Anyone else, a guest included, is told it does not exist.
import { and, eq, isNull, or } from 'drizzle-orm';
import { orders, payments, saleDocuments } from '../../../db/schema/orders';
import { getSandboxSession } from '../../adapters/payments/sandbox';
import type { ServiceDeps } from '../deps';

export function createSandboxPaymentService({ db, now }: ServiceDeps) {
  return {
    /** The session when `userId` owns the order it pays, else null. */
    async forOwner(sessionId: string, userId: number) {
      const [row] = await db
        .select({ paymentId: payments.id })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        // A debit's payment has no order: its due document names the owner (issue #13 §2).
        .leftJoin(saleDocuments, and(isNull(payments.orderId), eq(saleDocuments.id, payments.documentId)))
        .where(and(eq(payments.providerSessionId, sessionId), or(eq(orders.userId, userId), eq(saleDocuments.userId, userId))));
      if (!row) return null;
      const session = await getSandboxSession(db, sessionId, now.getTime());
      // The session must be the one this payment opened (its reference names the payment).
      return session && session.reference === `pay-${row.paymentId}` ? session : null;
    },
  };
}
