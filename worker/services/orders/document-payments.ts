// Paying an open sale document (issue #13 §2, decision 039): with credit (part or whole), by card or by
// bank transfer, under the rules of core/documents/balance.ts (§8 35502–35516, 2104); nothing is paid
// twice under double submits and repeated webhooks. A use of credit is ONE batch keyed by the form's
// idempotency key (document-payment-statements.ts). Orders are paid through the order service
// (markPaid issues the receipt or invoice and starts fulfilment; startCardPayment opens the card page);
// debits are paid here: a PAY document, its allocation and PAID, in the batch that approves the payment.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkExpectedBalance, checkPayment, creditOffer, DUE_KINDS, PAYABLE_STATUSES, type DocumentKind, type DocumentStatus } from '../../../core/documents/balance';
import { ErrorCode } from '../../../core/errors';
import { amountDue } from '../../../core/orders/credit';
import { lapsesAtMs } from '../../../core/orders/expiry';
import { auditStatement, rawBatch, type AuditEntry } from '../../../db/raw-batch';
import { creditMovements, orders, payments, saleDocuments } from '../../../db/schema';
import { PaymentError, type PaymentEvent } from '../../adapters/payments/port';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import type { Fail } from '../billing';
import { createBillingProfileService, createSavedCards } from '../billing';
import { creditNoteIf, creditUseStatements, paymentArrivedStatements, type DebitLegal, type DueRef } from './document-payment-statements';
import { createDocumentService, type SaleDocument } from '../documents';
import { renewalAlreadyRenewed } from './renewal-conflicts';
import { createOrderMails } from './order-mails';
import { createMydataService } from '../documents';

export type PaymentRow = typeof payments.$inferSelect;
type Lang = 'el' | 'en';
type Urls = { returnUrl: string; cancelUrl: string };
/** Issue #25 §1: the customer ticked "save this card for renewals". */
export type CardOptions = { saveCard?: boolean };

/** What the document payments need of the order service (it passes itself; see orders.ts, createDocumentPaymentsWithOrders). */
export type OrderHooks = {
  markPaid(orderId: number): Promise<boolean>;
  startCardPayment(userId: number, orderId: number, urls: Urls, lang: Lang, options?: CardOptions): Promise<{ ok: true; redirectUrl: string } | Fail>;
};

/** The pay-with tab's figures: what the document owes, the credit there is, and why it cannot be paid. */
export type PayView = {
  document: SaleDocument & { balanceCents: number };
  creditCents: number;
  /** The credit the form offers first: min(balance, credit). */
  offerCents: number;
  /** Null when the document can take money now; else the §8 code that says why not. */
  refusal: number | null;
  /** A bank transfer already awaited for this document (its amount), or null. */
  bankPendingCents: number | null;
  /** What the bank details ask the customer to write as the reference. */
  bankReference: string;
  /** When an order's document lapses unpaid (decision 088); null for a debit or a renewal order. */
  lapsesAtMs: number | null;
};

export function createDocumentPaymentService(deps: ServiceDeps, hooks?: OrderHooks) {
  const { db, now, adapters } = deps;
  const documents = createDocumentService(deps);
  // The order service passes itself (orders.ts); this file does not import it, so the two are no circle.
  // Made without it (refunds confirming a debit's bank transfer), no order is reached.
  const ordersOf = (): OrderHooks => {
    if (!hooks) throw new Error('document payments of an order need the order service (createDocumentPaymentsWithOrders)');
    return hooks;
  };

  const saveCardOption = (userId: number, options: CardOptions) => saveCardSession(deps, userId, options);

  const creditBalance = async (userId: number): Promise<number> => {
    const [row] = await db.select({ total: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` }).from(creditMovements).where(eq(creditMovements.userId, userId));
    return Number(row?.total ?? 0);
  };

  /** The due document of this customer with its order, and the code that refuses any payment of it now. */
  async function load(userId: number, documentId: number) {
    const document = await documents.documentFor(userId, documentId);
    if (!document) return { document: null, order: null, refusal: ErrorCode.SALE_DOCUMENT_NOT_FOUND } as const;
    const order = document.kind === 'order' && document.orderId !== null ? ((await db.select().from(orders).where(eq(orders.id, document.orderId)))[0] ?? null) : null;
    let refusal: number | null = null;
    if (!DUE_KINDS.includes(document.kind as DocumentKind)) refusal = ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT;
    // An order's document takes money only while the order waits for it (not paid, not cancelled).
    // An order that lapsed unpaid says so (decision 088): its prices no longer stand.
    else if (order?.lapsedAt && order.status === 'cancelled') refusal = ErrorCode.ORDER_LAPSED;
    else if (!PAYABLE_STATUSES.includes(document.status as DocumentStatus) || (document.kind === 'order' && order?.status !== 'pending')) refusal = ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT;
    else if (document.balanceCents <= 0) refusal = ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID;
    // A renewal whose period another order renewed meanwhile would buy a second period (issue #32 §1).
    else if (order && (await renewalAlreadyRenewed(db, order))) refusal = ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED;
    // The order's own figures and its document's allocations must agree before more money is added.
    else if (order && amountDue(order) !== document.balanceCents) refusal = ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE;
    return { document, order, refusal };
  }

  /**
   * The receipt or invoice a debit gets once paid: the buyer it was charged to (its billing), else the
   * customer's default billing profile now; no profile: a retail receipt without a buyer.
   */
  async function debitLegalFor(debit: { kind: string; userId: number; billing: unknown }): Promise<DebitLegal | undefined> {
    if (debit.kind !== 'debit') return undefined;
    let billing = (debit.billing ?? null) as ({ type?: string } & Record<string, unknown>) | null;
    if (!billing) {
      const p = await createBillingProfileService(deps).defaultProfile(debit.userId);
      billing = p ? { type: p.type, name: p.name, vatNumber: p.vatNumber, taxOffice: p.taxOffice, address: p.address, city: p.city, postcode: p.postcode, country: p.countryIso2, vatWaived: p.vatWaived } : null;
    }
    return { kind: billing?.type === 'INV' ? 'invoice' : 'receipt', billing };
  }

  /** A paid debit's legal document goes to myDATA at once; a failure stays queued for cron. */
  async function transmitDebitLegal(debitId: number) {
    const [row] = await db
      .select({ id: saleDocuments.id })
      .from(saleDocuments)
      .where(and(eq(saleDocuments.relatedDocumentId, debitId), inArray(saleDocuments.kind, ['receipt', 'invoice'])));
    if (!row) return;
    await createMydataService(deps)
      .transmit(row.id)
      .catch((e: unknown) => console.error('mydata transmission of a paid debit failed; cron retries', { debitId, error: String(e) }));
  }

  const dueOf = (document: SaleDocument): DueRef => ({ documentId: document.id, orderId: document.kind === 'order' ? document.orderId : null, userId: document.userId });

  const service = {
    /** The pay-with tab of one of this customer's documents (null: not theirs or none: 35502). */
    async payView(userId: number, documentId: number): Promise<PayView | null> {
      const { document, order, refusal } = await load(userId, documentId);
      if (!document) return null;
      const creditCents = await creditBalance(userId);
      const due = dueOf(document);
      const [bank] = await db
        .select({ amountCents: payments.amountCents })
        .from(payments)
        .where(and(due.orderId !== null ? eq(payments.orderId, due.orderId) : eq(payments.documentId, document.id), eq(payments.method, 'bank_transfer'), eq(payments.status, 'pending')));
      return {
        document,
        creditCents,
        offerCents: creditOffer(document.balanceCents, creditCents),
        refusal,
        bankPendingCents: bank?.amountCents ?? null,
        bankReference: document.kind === 'order' ? `ORD-${document.orderId}` : `${document.series}-${document.number}`,
        lapsesAtMs: order ? lapsesAtMs({ createdAtMs: order.createdAt.getTime(), paymentMethod: order.paymentMethod, idempotencyKey: order.idempotencyKey }) : null,
      };
    },

    /**
     * Credit pays `amountCents` of the document (part or all of its balance), once per `idempotencyKey`:
     * a second submission of the same form returns what the first did. Paid off: an order goes through
     * markPaid (receipt or invoice, fulfilment), a debit is PAID in the same batch.
     */
    async payWithCredit(
      userId: number,
      documentId: number,
      input: { amountCents: number; idempotencyKey: string; expectedBalanceCents?: number },
    ): Promise<{ ok: true; reused: boolean; balanceCents: number; paid: boolean } | Fail> {
      const movementKey = `use:${userId}:${documentId}:${input.idempotencyKey}`;
      const [done] = await db.select({ id: creditMovements.id }).from(creditMovements).where(eq(creditMovements.dedupeKey, movementKey));
      if (done) return service.afterCredit(userId, documentId, true);
      const { document, refusal } = await load(userId, documentId);
      if (!document) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      if (refusal !== null) return { ok: false, code: refusal };
      const expected = checkExpectedBalance(input.expectedBalanceCents, document.balanceCents);
      if (!expected.ok) return { ok: false, code: expected.code };
      const check = checkPayment({ due: { kind: document.kind as DocumentKind, status: document.status as DocumentStatus, totalCents: document.totalCents, balanceCents: document.balanceCents }, paying: 'credit', amountCents: input.amountCents, creditBalanceCents: await creditBalance(userId) });
      if (!check.ok) return { ok: false, code: check.code, field: check.code === ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO ? undefined : 'amount' };
      try {
        await rawBatch(db, creditUseStatements({ due: dueOf(document), amountCents: check.amountCents, movementKey, at: now, debitLegal: await debitLegalFor(document) }));
      } catch (e) {
        if (!/NOT NULL constraint failed: credit_movements\.amount_cents/.test(String((e as Error)?.message ?? e))) throw e;
        // A twin submission won the race: what it did stands.
        const [twin] = await db.select({ id: creditMovements.id }).from(creditMovements).where(eq(creditMovements.dedupeKey, movementKey));
        if (twin) return service.afterCredit(userId, documentId, true);
        // Something moved between the checks and the batch: say what, from the figures as they are now.
        const now2 = await load(userId, documentId);
        if (now2.refusal !== null) return { ok: false, code: now2.refusal };
        if (now2.document && now2.document.balanceCents !== document.balanceCents) return { ok: false, code: ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE };
        if ((await creditBalance(userId)) < check.amountCents) return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'amount' };
        return { ok: false, code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION };
      }
      if (document.kind === 'debit') await transmitDebitLegal(document.id);
      return service.afterCredit(userId, documentId, false);
    },

    /** After a use of credit (or its repeat): an order it paid off is paid now (once: markPaid is conditional). */
    async afterCredit(userId: number, documentId: number, reused: boolean): Promise<{ ok: true; reused: boolean; balanceCents: number; paid: boolean }> {
      const document = await documents.documentFor(userId, documentId);
      if (document?.kind === 'order' && document.orderId !== null && document.balanceCents === 0) {
        const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, document.orderId));
        if (order?.status === 'pending') await ordersOf().markPaid(document.orderId);
      }
      const after = await documents.documentFor(userId, documentId);
      // Paid off: PAID, or COMPLETED once an order's fulfilment ran.
      return { ok: true, reused, balanceCents: after?.balanceCents ?? 0, paid: after?.balanceCents === 0 && (after.status === 'PAID' || after.status === 'COMPLETED') };
    },

    /** The rest by card: the hosted payment page for the document's balance (an order: its own card flow). */
    async payByCard(userId: number, documentId: number, urls: Urls, lang: Lang, expectedBalanceCents?: number, options: CardOptions = {}): Promise<{ ok: true; redirectUrl: string } | Fail> {
      const { document, order, refusal } = await load(userId, documentId);
      if (!document) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      if (refusal !== null) return { ok: false, code: refusal };
      const expected = checkExpectedBalance(expectedBalanceCents, document.balanceCents);
      if (!expected.ok) return { ok: false, code: expected.code };
      if (order) return ordersOf().startCardPayment(userId, order.id, urls, lang, options);
      const amount = document.balanceCents;
      const saveCard = await saveCardOption(userId, options);
      const [payment] = await db.insert(payments).values({ orderId: null, documentId: document.id, method: 'card', amountCents: amount, status: 'pending', createdAt: now }).returning({ id: payments.id });
      try {
        const session = await adapters.payments.createSession({
          reference: `pay-${payment!.id}`,
          amountCents: amount,
          currency: 'EUR',
          description: `${lang === 'en' ? 'Debit' : 'Χρέωση'} ${document.series}-${document.number}`,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          // Keyed by the payment row (its own reference): a double click makes two rows, so two sessions,
          // never the same key for two references (which the processor refuses). The session not used
          // expires; if both are approved the second's money becomes credit (paymentArrived).
          idempotencyKey: `document-${document.id}-payment-${payment!.id}`,
          ...saveCard,
        });
        await db.update(payments).set({ providerSessionId: session.sessionId }).where(eq(payments.id, payment!.id));
        await db.update(saleDocuments).set({ status: 'ON_PAYMENT' }).where(and(eq(saleDocuments.id, document.id), sql`${saleDocuments.status} IN ('OPEN', 'OVERDUE', 'DECLINED')`));
        return { ok: true, redirectUrl: session.redirectUrl };
      } catch (e) {
        await db.update(payments).set({ status: 'cancelled', decidedAt: now }).where(eq(payments.id, payment!.id));
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR };
      }
    },

    /**
     * The rest by bank transfer: a pending bank payment for the balance (one per document: a repeat
     * keeps the one there is, set to the balance), which staff confirm when the money arrives. An
     * order becomes a bank-transfer order (staff's confirm in the back office reads that).
     */
    async payByBankTransfer(userId: number, documentId: number, expectedBalanceCents?: number): Promise<{ ok: true; amountCents: number } | Fail> {
      const { document, order, refusal } = await load(userId, documentId);
      if (!document) return { ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND };
      if (refusal !== null) return { ok: false, code: refusal };
      const expected = checkExpectedBalance(expectedBalanceCents, document.balanceCents);
      if (!expected.ok) return { ok: false, code: expected.code };
      const amount = document.balanceCents;
      const at = now.getTime();
      const of = order ? { sql: 'order_id = ?', params: [order.id] } : { sql: 'order_id IS NULL AND document_id = ?', params: [document.id] };
      await rawBatch(db, [
        // A card session open for the document stops: the customer chose the transfer.
        { sql: `UPDATE payments SET status = 'cancelled', decided_at = ? WHERE ${of.sql} AND method = 'card' AND status = 'pending'`, params: [at, ...of.params] },
        { sql: "UPDATE sale_documents SET status = CASE WHEN due_at IS NOT NULL AND due_at < ? THEN 'OVERDUE' ELSE 'OPEN' END WHERE id = ? AND status = 'ON_PAYMENT'", params: [at, document.id] },
        { sql: `UPDATE payments SET amount_cents = ? WHERE ${of.sql} AND method = 'bank_transfer' AND status = 'pending'`, params: [amount, ...of.params] },
        {
          sql: `INSERT INTO payments (order_id, document_id, method, amount_cents, status, created_at) SELECT ?, ?, 'bank_transfer', ?, 'pending', ? WHERE NOT EXISTS (SELECT 1 FROM payments WHERE ${of.sql} AND method = 'bank_transfer' AND status = 'pending')`,
          params: [order?.id ?? null, order ? null : document.id, amount, at, ...of.params],
        },
        ...(order ? [{ sql: "UPDATE orders SET payment_method = 'bank_transfer' WHERE id = ? AND status = 'pending'", params: [order.id] }] : []),
      ]);
      return { ok: true, amountCents: amount };
    },

    /**
     * Staff confirm a debit's bank transfer arrived (an order's goes through confirmBankTransfer). The
     * staff member's audit row is written in the batch that confirms it, only if it does.
     */
    async confirmDebitBankTransfer(paymentId: number, audit?: AuditEntry): Promise<boolean> {
      const [payment] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.method, 'bank_transfer'), eq(payments.status, 'pending')));
      if (!payment || payment.orderId !== null || payment.documentId === null) return false;
      return service.paymentArrived(payment, 'bank_transfer', audit);
    },

    /** A payment of a debit arrived: its PAY document and allocation, or credit if it paid nothing. */
    async paymentArrived(payment: PaymentRow, method: 'card' | 'bank_transfer', audit?: AuditEntry): Promise<boolean> {
      const [debit] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, payment.documentId ?? -1));
      if (!debit) return false;
      const statements = paymentArrivedStatements({ paymentId: payment.id, due: { documentId: debit.id, orderId: null, userId: debit.userId }, amountCents: payment.amountCents, method, at: now, debitLegal: await debitLegalFor(debit) });
      // Before the last statement (which approves the payment, and whose change says it arrived), on the
      // same condition as it: the audit row exists exactly when the confirmation does.
      if (audit) statements.splice(statements.length - 1, 0, auditStatement(audit, { sql: "(SELECT status FROM payments WHERE id = ?) IN ('pending', 'cancelled', 'expired')", params: [payment.id] }));
      const results = await rawBatch(db, statements);
      const arrived = (results.at(-1)?.meta.changes ?? 0) > 0;
      if (arrived) {
        // Told before its receipt or invoice, whose e-mail goes with the transmission (issue #33 §1).
        await createOrderMails(deps).documentPaid(payment, method, debit);
        await transmitDebitLegal(debit.id);
        await createNotificationSources(deps).paymentReceived(debit.userId, payment.id, `${debit.series}-${debit.number}`, `/account/documents/${debit.id}`);
      }
      return arrived;
    },

    /**
     * A card approval for an order's payment that was no longer waiting. Approved already: nothing.
     * Cancelled (a use of credit changed what the order owes, or the order was cancelled) or expired:
     * the processor took the money anyway, so it becomes credit with its credit note, once.
     */
    async approvedAfterStop(payment: PaymentRow): Promise<{ ok: true; handled: 'approved' | 'ignored' }> {
      const [order] = payment.orderId !== null ? await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, payment.orderId)) : [];
      if (!order) return { ok: true, handled: 'ignored' };
      const stopped = { sql: "(SELECT status FROM payments WHERE id = ?) IN ('cancelled', 'expired')", params: [payment.id] };
      await rawBatch(db, [
        ...creditNoteIf({ userId: order.userId, amountCents: payment.amountCents, orderId: payment.orderId, note: `pay-${payment.id}`, dedupeKey: `refund:payment:${payment.id}`, at: now.getTime() }, stopped),
        { sql: "UPDATE payments SET status = 'approved', decided_at = ? WHERE id = ? AND status IN ('cancelled', 'expired')", params: [now.getTime(), payment.id] },
      ]);
      return { ok: true, handled: 'approved' };
    },

    /** A card event for a payment of a due document that is not an order (a debit). */
    async handleCardEvent(payment: PaymentRow, event: PaymentEvent): Promise<{ ok: true; handled: 'approved' | 'declined' | 'duplicate' | 'ignored' }> {
      if (payment.documentId === null) return { ok: true, handled: 'ignored' };
      if (event.type !== 'payment.approved') {
        const status = event.type === 'payment.declined' ? 'declined' : event.type === 'payment.cancelled' ? 'cancelled' : 'expired';
        const moved = await db.update(payments).set({ status, decidedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'))).returning({ id: payments.id });
        if (!moved.length) return { ok: true, handled: 'duplicate' };
        // Payable again (no other card session of it is open: a new one stops the old ones' documents here).
        await rawBatch(db, [
          {
            sql: `UPDATE sale_documents SET status = CASE WHEN due_at IS NOT NULL AND due_at < ? THEN 'OVERDUE' ELSE 'OPEN' END WHERE id = ? AND status = 'ON_PAYMENT'
              AND NOT EXISTS (SELECT 1 FROM payments WHERE document_id = ? AND order_id IS NULL AND method = 'card' AND status = 'pending')`,
            params: [now.getTime(), payment.documentId, payment.documentId],
          },
        ]);
        return { ok: true, handled: 'declined' };
      }
      const approved = await service.paymentArrived(payment, 'card');
      return { ok: true, handled: approved ? 'approved' : 'duplicate' };
    },
  };
  return service;
}

export type DocumentPaymentService = ReturnType<typeof createDocumentPaymentService>;

/** The createSession field for a payment whose customer asked to save the card, if there is room for one more. */
export async function saveCardSession(deps: ServiceDeps, userId: number, options: CardOptions): Promise<{ saveCard?: { customerRef: string } }> {
  if (!options.saveCard) return {};
  const cards = createSavedCards(deps);
  return (await cards.canSave(userId)) ? { saveCard: cards.saveCardFor(userId) } : {};
}
