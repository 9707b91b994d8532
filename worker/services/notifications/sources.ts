// The SYSTEM notices of issue #24 §1, one function per event, each once per dedupe key (a retried
// webhook, a cron re-run or a repeated staff form raises nothing twice). A notice is a courtesy beside
// the real change: its failure is logged and never undoes or fails the change that raised it.
import { assertCents, formatMoney } from '../../../core/money';
import type { ServiceDeps } from '../deps';
import { createNotifier, NotificationType, type NotifyInput } from './notify';

export function createNotificationSources(deps: Pick<ServiceDeps, 'db' | 'env' | 'now'>) {
  const notifier = createNotifier(deps);
  const raise = async (input: NotifyInput) => {
    try {
      return await notifier.notify(input);
    } catch (e) {
      console.error('notification failed', input.dedupeKey, e);
      return null;
    }
  };
  // Amounts in the default language's format: the text is drawn later in the reader's language.
  const money = (cents: number) => formatMoney(assertCents(cents), 'el');
  return {
    /** A document the customer has to pay (a staff debit). */
    documentToPay: (userId: number, documentId: number, label: string, totalCents: number) =>
      raise({ userId, type: NotificationType.SYSTEM, messageKey: 'documents.to_pay', params: { document: label, amount: money(totalCents) }, link: `/account/documents/${documentId}`, tone: 'warning', displayOnScreen: true, dedupeKey: `doc-due:${documentId}` }),
    /** A payment that arrived (card or bank transfer), for a document or an order. */
    paymentReceived: (userId: number, paymentId: number, label: string, link: string) =>
      raise({ userId, type: NotificationType.SYSTEM, messageKey: 'documents.payment_received', params: { document: label }, link, tone: 'success', displayOnScreen: false, dedupeKey: `payment:${paymentId}` }),
    /** An order item that failed, given back as credit. */
    refundedAsCredit: (userId: number, itemId: number, itemName: string, amountCents: number, orderId: number) =>
      raise({ userId, type: NotificationType.SYSTEM, messageKey: 'documents.refunded_credit', params: { item: itemName, amount: money(amountCents) }, link: '/account/orders', tone: 'info', displayOnScreen: false, dedupeKey: `refund-credit:${itemId}` }),
    /** An internal transfer (handover) offered to this customer. */
    transferOffered: (userId: number, handoverId: number, fqdn: string) =>
      raise({ userId, type: NotificationType.SYSTEM, messageKey: 'domains.transfer_offer', params: { name: fqdn }, link: '/account/transfers', tone: 'info', displayOnScreen: true, dedupeKey: `handover-offer:${handoverId}` }),
    /** An external transfer in that the registry completed. */
    transferCompleted: (userId: number, domainId: number, fqdn: string, asciiFqdn: string, expiresAt: Date) =>
      raise({ userId, type: NotificationType.SYSTEM, messageKey: 'domains.transfer_completed', params: { name: fqdn }, link: `/account/domains/${asciiFqdn}`, tone: 'success', displayOnScreen: true, dedupeKey: `transfer-in:${domainId}:${expiresAt.getTime()}` }),
  };
}

export type NotificationSources = ReturnType<typeof createNotificationSources>;
