// Card payments of orders (decision 018, issue #13 §2): the hosted payment page session for an
// order's balance, the signed webhook (the only thing that marks a card payment approved; a repeated
// delivery is acknowledged and ignored), and the sandbox page's buttons. Part of the order service,
// which hands in markPaid; a payment of a debit goes to the document payments.
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { amountDue } from '../../../core/orders/credit';
import { creditNoteStatements, rawBatch } from '../../../db/raw-batch';
import { orders, paymentEvents, payments, saleDocuments } from '../../../db/schema';
import { PaymentError, type PaymentEvent, type SavedCard } from '../../adapters/payments/port';
import { decideSandboxSession, getSandboxSession, settleSandboxRefunds, type SandboxDecision, type SandboxTestCard } from '../../adapters/payments/sandbox';
import { webhookSecretOf } from '../../adapters/payments/secret';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import { createSavedCards, type Fail } from '../billing';
import { saveCardSession, type CardOptions, type DocumentPaymentService } from './document-payments';
import { renewalAlreadyRenewed } from './renewal-conflicts';

type Lang = 'el' | 'en';

export function createOrderPayments(
  deps: ServiceDeps,
  hooks: {
    markPaid: (orderId: number) => Promise<boolean>;
    /** True when the order renews a period already renewed by another order, which cancels it. */
    cancelIfRenewed: (orderId: number) => Promise<boolean>;
    recordCardCountry: (orderId: number, country: string | null) => Promise<unknown>;
    documentPayments: () => DocumentPaymentService;
    /** The processor deciding a pending refund (refund.* webhooks, decision 046). */
    settleRefund: (event: PaymentEvent) => Promise<'refund_settled' | 'refund_failed' | 'ignored'>;
  },
) {
  const { db, env, now, adapters } = deps;
  async function saveCardFor(payment: typeof payments.$inferSelect, card: SavedCard) {
    const [owner] =
      payment.orderId !== null
        ? await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, payment.orderId))
        : await db.select({ userId: saleDocuments.userId }).from(saleDocuments).where(eq(saleDocuments.id, payment.documentId ?? -1));
    if (owner) await createSavedCards(deps).recordSaved(owner.userId, card);
  }
  const service = {
    /** Starts (or resumes) a card payment: a hosted payment page session for the order's balance. */
    async startCardPayment(userId: number, orderId: number, urls: { returnUrl: string; cancelUrl: string }, lang: Lang, options: CardOptions = {}): Promise<{ ok: true; redirectUrl: string } | Fail> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) return { ok: false, code: ErrorCode.ORDER_NOT_FOUND };
      if (order.status !== 'pending') return { ok: false, code: order.lapsedAt ? ErrorCode.ORDER_LAPSED : ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID };
      if (await renewalAlreadyRenewed(db, order)) return { ok: false, code: ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED };
      const due = amountDue(order);
      const saveCard = await saveCardSession(deps, userId, options);
      const [payment] = await db.insert(payments).values({ orderId, method: 'card', amountCents: due, status: 'pending', createdAt: now }).returning({ id: payments.id });
      try {
        const session = await adapters.payments.createSession({
          reference: `pay-${payment!.id}`,
          amountCents: due,
          currency: 'EUR',
          description: lang === 'en' ? `Order ${order.id}` : `Παραγγελία ${order.id}`,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          // One key per payment row: two clicks at once each get their own session (a key counted
          // from earlier rows was the same for both, and the second click met a unique-key error).
          idempotencyKey: `order-${orderId}-payment-${payment!.id}`,
          ...saveCard,
        });
        await db.update(payments).set({ providerSessionId: session.sessionId }).where(eq(payments.id, payment!.id));
        await db.update(saleDocuments).set({ status: 'ON_PAYMENT' }).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order'), eq(saleDocuments.status, 'OPEN')));
        return { ok: true, redirectUrl: session.redirectUrl };
      } catch (e) {
        await db.update(payments).set({ status: 'cancelled', decidedAt: now }).where(eq(payments.id, payment!.id));
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR };
      }
    },

    /**
     * A payment webhook (the only way a card payment becomes approved). Verified by the port; handled
     * once per event id; amounts must match the payment. Returns what it did, for the API's answer.
     */
    async handlePaymentWebhook(rawBody: string, signature: string | null): Promise<{ ok: true; handled: 'approved' | 'declined' | 'duplicate' | 'ignored' | 'refund_settled' | 'refund_failed' } | Fail> {
      let event;
      try {
        event = await adapters.payments.parseWebhook(rawBody, signature, now.getTime());
      } catch (e) {
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.TOKEN_ERROR };
      }
      const fresh = await db.insert(paymentEvents).values({ eventId: event.eventId, receivedAt: now }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
      if (!fresh.length) return { ok: true, handled: 'duplicate' };
      // A refund's decision settles our refund row; it never moves a payment's own status.
      if (event.type === 'refund.succeeded' || event.type === 'refund.failed') return { ok: true, handled: await hooks.settleRefund(event) };
      const paymentId = Number(/^pay-(\d+)$/.exec(event.reference)?.[1]);
      const [payment] = Number.isFinite(paymentId) ? await db.select().from(payments).where(eq(payments.id, paymentId)) : [];
      if (!payment || payment.amountCents !== event.amountCents) return { ok: true, handled: 'ignored' };
      // The customer asked to keep the card (issue #25 §1): recorded for the payment's owner, whatever
      // becomes of the payment itself (the event id is handled once; the token is unique besides).
      if (event.type === 'payment.approved' && event.savedCard) await saveCardFor(payment, event.savedCard);
      // A payment of another due document (a debit) is the document payments' business.
      if (payment.orderId === null) return hooks.documentPayments().handleCardEvent(payment, event);
      if (event.type !== 'payment.approved') {
        const status = event.type === 'payment.declined' ? 'declined' : event.type === 'payment.cancelled' ? 'cancelled' : 'expired';
        await db.update(payments).set({ status, decidedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
        await db.update(saleDocuments).set({ status: 'OPEN' }).where(and(eq(saleDocuments.orderId, payment.orderId), eq(saleDocuments.kind, 'order'), eq(saleDocuments.status, 'ON_PAYMENT')));
        return { ok: true, handled: 'declined' };
      }
      const moved = await db
        .update(payments)
        .set({ status: 'approved', decidedAt: now, cardCountry: event.cardCountry ?? null })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      // The card's country is the third piece of VAT location evidence (decision 037).
      if (moved.length && event.cardCountry) await hooks.recordCardCountry(payment.orderId, event.cardCountry);
      // Not waiting any more: approved already (nothing to do), or stopped (its money becomes credit).
      if (!moved.length) return hooks.documentPayments().approvedAfterStop(payment);
      // A renewal whose period another order renewed after this session opened is not paid: it is
      // cancelled, and the money becomes credit below (issue #32 §1).
      const paid = (await hooks.cancelIfRenewed(payment.orderId)) ? false : await hooks.markPaid(payment.orderId);
      // The customer hears the payment arrived (issue #24 §1), once per payment.
      if (paid) {
        const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, payment.orderId));
        if (owner) await createNotificationSources(deps).paymentReceived(owner.userId, payment.id, `#${payment.orderId}`, '/account/orders');
      }
      if (!paid) {
        // Approved after the customer cancelled the order (the payment page was still open), or a
        // second session paid an order another payment had paid already: the money is not lost, it
        // becomes credit with its credit note (once per payment: the dedupe key).
        const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
        if (order && order.status !== 'pending') {
          await rawBatch(db, creditNoteStatements({ userId: order.userId, amountCents: payment.amountCents, vatCents: 0, reason: 'refund', orderId: order.id, orderItemId: null, note: `pay-${payment.id}`, dedupeKey: `refund:payment:${payment.id}`, at: now }));
        }
      }
      return { ok: true, handled: 'approved' };
    },

    /** The sandbox payment page's buttons: decide the session, then deliver its signed webhook here. */
    async decideSandboxPayment(sessionId: string, decision: SandboxDecision, testCard?: SandboxTestCard) {
      const webhook = await decideSandboxSession(db, webhookSecretOf(env as unknown as { PAYMENTS_WEBHOOK_SECRET?: string }), sessionId, decision, now.getTime(), testCard);
      await service.handlePaymentWebhook(webhook.body, webhook.signature);
      return webhook.session;
    },

    /**
     * The sandbox processor's scheduled run: it settles the refunds it answered 'pending' and delivers
     * each signed refund webhook here, as a processor would (decision 046). Nothing with a real processor.
     */
    async deliverSandboxRefunds(): Promise<number> {
      const webhooks = await settleSandboxRefunds(db, webhookSecretOf(env as unknown as { PAYMENTS_WEBHOOK_SECRET?: string }), now.getTime());
      for (const w of webhooks) await service.handlePaymentWebhook(w.body, w.signature);
      return webhooks.length;
    },

    async sandboxPayment(sessionId: string) {
      return getSandboxSession(db, sessionId, now.getTime());
    },
  };
  return service;
}
