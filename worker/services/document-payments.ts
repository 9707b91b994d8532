// Paying an open sale document (issue #13 §2): with credit (part or whole), by card or by bank
// transfer, under the rules of core/documents/balance.ts (§8 35503–35516); nothing is paid twice under
// double submits and repeated webhooks. Orders are paid through the order service's markPaid; debits here.
import type { PaymentEvent } from '../adapters/payments/port';
import type { payments } from '../../db/schema';
import type { ServiceDeps } from '.';

export type PaymentRow = typeof payments.$inferSelect;

export function createDocumentPaymentService(deps: ServiceDeps) {
  void deps;
  const service = {
    /** A card event for a payment of a due document that is not an order (a debit). */
    async handleCardEvent(payment: PaymentRow, event: PaymentEvent): Promise<{ ok: true; handled: 'approved' | 'declined' | 'duplicate' | 'ignored' }> {
      void payment;
      void event;
      throw new Error('issue #13: document payments are being built');
    },
  };
  return service;
}

export type DocumentPaymentService = ReturnType<typeof createDocumentPaymentService>;
