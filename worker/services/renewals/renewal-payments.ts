// The one payment step of every renewal order, domains and hosting alike (issue #25 §1, decision 080):
// from the account's credit when it covers the whole amount, else the default card saved with the
// card processor, else the customer is sent the document to pay (e-mail and notification, with
// reminders 7 and 1 days before the end). A declined card is told each time (which card, why in
// words) and tried again the next day until the period ends.
//
// Once a day per order: the attempt's row (order, day) is claimed by an insert that does nothing on
// conflict, so a cron re-run or two runs at once try it once and charge at most once; the processor
// gets a key per order and day as well. Credit is used once per order (its movement's dedupe key).
// An approved charge pays the order like a card payment (receipt or invoice, then fulfilment).
import { and, eq } from 'drizzle-orm';
import { attemptDay, declineReasonKey, mayCharge, parseRenewalKey, type RenewalRef } from '../../../core/renewals/auto-renew';
import { athensFormat } from '../../../core/date-format';
import { assertCents, formatMoney } from '../../../core/money';
import { amountDue } from '../../../core/orders/credit';
import { creditNoteStatements, rawBatch } from '../../../db/raw-batch';
import { orderItems, orders, payments, renewalAttempts, saleDocuments } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { createCreditService } from '../billing';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createNotificationSources, createNotifier, NotificationType } from '../notifications';
import { createDocumentPaymentsWithOrders, createOrderService, renewalAlreadyRenewed } from '../orders';
import { savedCardsThroughPort, type SavedCardsPort } from './saved-cards';
import { createRenewalMails } from './renewal-mails';

export type RenewalPayOutcome = 'credit' | 'card' | 'declined' | 'document' | 'tried_today' | 'not_pending' | 'error';

const DAY_MS = 24 * 60 * 60_000;
/** Days before the end on which an unpaid renewal document is recalled (besides the first notice). */
export const DOCUMENT_REMINDER_DAYS = [7, 1] as const;

// dd/mm/yyyy reads the same in both languages; the one date helper gives Athens time.
const numericDate = athensFormat('el', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function createRenewalPayments(deps: ServiceDeps, options: { cards?: SavedCardsPort } = {}) {
  const { db, now } = deps;
  const cards = options.cards ?? savedCardsThroughPort(deps);
  const notifier = createNotifier(deps);
  const credit = createCreditService(deps);
  const money = (cents: number, lang: Language = 'el') => formatMoney(assertCents(cents), lang);

  async function record(orderId: number, day: string, set: Partial<typeof renewalAttempts.$inferInsert>) {
    await db.update(renewalAttempts).set(set).where(and(eq(renewalAttempts.orderId, orderId), eq(renewalAttempts.day, day)));
  }

  /** The notice (once per dedupe key) and, only when it is new, its e-mail in the customer's language. */
  async function tell(input: { userId: number; messageKey: string; params: Record<string, string | number>; link: string; tone: 'alert' | 'warning' | 'success' | 'info'; dedupeKey: string; mail: boolean }) {
    const id = await notifier.notify({ userId: input.userId, type: NotificationType.SYSTEM, messageKey: input.messageKey, params: input.params, link: input.link, tone: input.tone, displayOnScreen: input.tone === 'alert', dedupeKey: input.dedupeKey });
    if (id === null || !input.mail) return;
    try {
      // The notice's own event (its dedupe key): one message beside it, in the notice's words.
      await createMailService(deps).sendToUser({
        template: 'renewal_notice',
        params: { name: String(input.params.name ?? ''), messageKey: input.messageKey, params: input.params, link: input.link },
        userId: input.userId,
        dedupeKey: `renewal-notice:${input.dedupeKey}`,
        tag: `renewal:${input.messageKey}`,
      });
    } catch (e) {
      // The notice stands in the centre; the mail is a courtesy beside it.
      console.warn('renewal mail failed', input.dedupeKey, e);
    }
  }

  async function paidByCard(order: typeof orders.$inferSelect, amountCents: number, chargeId: string): Promise<void> {
    const [payment] = await db
      .insert(payments)
      .values({ orderId: order.id, method: 'card', amountCents, status: 'approved', providerSessionId: chargeId, createdAt: now, decidedAt: now })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // The processor answered this key before (a lost answer retried): the payment is recorded already.
    if (!payment) return;
    const paid = await createOrderService(deps).markPaid(order.id);
    if (paid) {
      await createNotificationSources(deps).paymentReceived(order.userId, payment.id, `#${order.id}`, '/account/orders');
      return;
    }
    // Paid another way between the read and the charge: the money is not lost, it becomes credit.
    const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (after && after.status !== 'pending') {
      await rawBatch(db, creditNoteStatements({ userId: order.userId, amountCents, vatCents: 0, reason: 'refund', orderId: order.id, orderItemId: null, note: `renewal-charge-${chargeId}`, dedupeKey: `refund:payment:${payment.id}`, at: now }));
    }
  }

  const service = {
    /** Pays (or tries to pay) one renewal order, once per day whatever the runs. */
    async pay(orderId: number): Promise<RenewalPayOutcome> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || order.status !== 'pending') return 'not_pending';
      const ref = parseRenewalKey(order.idempotencyKey);
      if (!ref) return 'not_pending';
      // Its period was renewed by another order (the cart): never charged or paid from credit (issue #32 §1).
      if (await renewalAlreadyRenewed(db, order)) return 'not_pending';
      const due = amountDue(order);
      const day = attemptDay(now.getTime());
      const claimed = await db.insert(renewalAttempts).values({ orderId, day, userId: order.userId, amountCents: due, createdAt: now }).onConflictDoNothing().returning({ orderId: renewalAttempts.orderId });
      if (!claimed.length) return 'tried_today';
      const [[doc], [item]] = await db.batch([
        db.select({ id: saleDocuments.id }).from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order'))),
        db.select({ name: orderItems.name, asciiName: orderItems.asciiName, lengthMonths: orderItems.lengthMonths }).from(orderItems).where(eq(orderItems.orderId, orderId)).limit(1),
      ]);
      const name = item?.name ?? `#${orderId}`;
      const docLink = doc ? `/account/documents/${doc.id}` : '/account/orders';
      const subject = ref.kind === 'domain' ? `/account/domains/${item?.asciiName ?? ''}` : `/account/hosting/${ref.id}`;
      const date = numericDate.format(new Date(ref.periodEndMs));
      try {
        // 1. Credit, when it covers the whole amount (once per order: the movement's dedupe key).
        if (doc && due > 0 && (await credit.creditBalance(order.userId)) >= due) {
          const r = await createDocumentPaymentsWithOrders(deps).payWithCredit(order.userId, doc.id, { amountCents: due, idempotencyKey: `renewal:${orderId}`, expectedBalanceCents: due });
          if (r.ok && r.paid) {
            await record(orderId, day, { outcome: 'credit' });
            // The notice only: the customer's e-mails are the receipt (document_issued) and the renewal
            // done (renewal_done, decision 098), not a third saying the same.
            await tell({ userId: order.userId, messageKey: 'renewals.paid_credit', params: { name, amount: money(due) }, link: subject, tone: 'success', dedupeKey: `renewal-paid:${orderId}`, mail: false });
            return 'credit';
          }
        }
        // 2. The default saved card, only while the period runs (a declined one is tried again tomorrow).
        if (due > 0 && mayCharge(now.getTime(), ref.periodEndMs)) {
          const charge = await cards.chargeDefault(order.userId, {
            reference: `renewal-${orderId}`,
            amountCents: due,
            description: `${ref.kind === 'domain' ? 'Ανανέωση' : 'Ανανέωση φιλοξενίας'} ${name}`,
            idempotencyKey: `renewal:${orderId}:${day}`,
          });
          if (charge.status === 'approved') {
            await record(orderId, day, { outcome: 'card', cardLabel: charge.cardLabel, chargeId: charge.chargeId });
            await paidByCard(order, due, charge.chargeId);
            await tell({ userId: order.userId, messageKey: 'renewals.paid_card', params: { name, amount: money(due), card: charge.cardLabel }, link: subject, tone: 'success', dedupeKey: `renewal-paid:${orderId}`, mail: false });
            return 'card';
          }
          if (charge.status === 'declined') {
            await record(orderId, day, { outcome: 'declined', cardLabel: charge.cardLabel, declineCode: charge.declineCode });
            // Told every time it is tried (a notice and an e-mail per order and day), never silent.
            const dedupeKey = `renewal-declined:${orderId}:${day}`;
            await tell({
              userId: order.userId,
              messageKey: `renewals.declined.${declineReasonKey(charge.declineCode)}`,
              params: { name, amount: money(due), card: charge.cardLabel, date },
              link: docLink,
              tone: 'alert',
              dedupeKey,
              mail: false,
            });
            // Its e-mail is the card_declined template (issue #33): why, and what to do.
            await createRenewalMails(deps).cardDeclined({ userId: order.userId, dedupeKey, name, amountCents: due, cardLabel: charge.cardLabel, declineCode: charge.declineCode, periodEndMs: ref.periodEndMs, documentId: doc?.id ?? null });
            return 'declined';
          }
        }
        // 3. The document to pay: told once, then recalled 7 and 1 days before the end.
        await record(orderId, day, { outcome: 'document' });
        await documentDue(order.userId, orderId, ref, { name, amount: money(due), date }, docLink);
        return 'document';
      } catch (e) {
        // The processor or a step failed: give the day's claim back so a later run today tries again
        // (the processor's key per order and day keeps a second charge out).
        await db.delete(renewalAttempts).where(and(eq(renewalAttempts.orderId, orderId), eq(renewalAttempts.day, day), eq(renewalAttempts.outcome, 'claimed')));
        console.error('renewal payment failed', { orderId, error: String(e) });
        return 'error';
      }
    },
  };

  async function documentDue(userId: number, orderId: number, ref: RenewalRef, params: { name: string; amount: string; date: string }, link: string) {
    // Hosting keeps its own notice's wording (decision 071); a domain has its own.
    const messageKey = ref.kind === 'hosting' ? 'hosting.renewal_due' : 'renewals.document_due';
    await tell({ userId, messageKey, params, link, tone: 'warning', dedupeKey: `renewal-document:${orderId}`, mail: true });
    const daysLeft = Math.ceil((ref.periodEndMs - now.getTime()) / DAY_MS);
    const step = DOCUMENT_REMINDER_DAYS.filter((d) => daysLeft <= d && daysLeft > 0).at(-1);
    if (step !== undefined) await tell({ userId, messageKey: 'renewals.document_reminder', params, link, tone: step <= 1 ? 'alert' : 'warning', dedupeKey: `renewal-document:${orderId}:${step}`, mail: true });
  }

  return service;
}

export type RenewalPayments = ReturnType<typeof createRenewalPayments>;
