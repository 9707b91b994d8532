// Checkout, orders, sale documents and payments (issue #5 §4–5, issue #10 §2). Billing profiles,
// fulfilment, the credit balance and the back office's actions live in sibling files and are composed
// into this one service (billing-profiles.ts, fulfilment.ts, credit.ts, staff-orders.ts, order-payments.ts for card payments and the webhook).
// - Placing an order is idempotent (a key per checkout attempt) and atomic: order, items, credit and
//   coupon use and the order document are one D1 batch guarded by the attempt that created the order
//   (order-statements.ts); document numbers come from per-series counters in the same batch, so
//   numbering has no gaps even when two submissions race.
// - Payments go through the payments port; the webhook is the only thing that marks a card payment
//   approved, and a repeated delivery is acknowledged and ignored (payment_events).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { cartTotals } from '../../../core/cart/pricing';
import { couponDiscount, couponOrderRefusal, couponRefusal, normaliseCouponCode, type Coupon, type CouponRefusal } from '../../../core/orders/coupons';
import { formatMoney } from '../../../core/money';
import { amountDue, creditToApply } from '../../../core/orders/credit';
import { acceptedVersions, ORDER_ACCEPTS } from '../../../core/legal';
import { rawBatch, type Raw } from '../../../db/raw-batch';
import { couponRedemptions, coupons, creditMovements, domains, hostingServices, orderItems, orders, payments, saleDocuments, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createCartService, type CartOwner } from '../cart';
import { availabilityRefusal, heldNameRefusal } from './order-checks';
import { renewalCheckoutRefusal } from './renewal-conflicts';
import { createCatalogService } from '../catalog';
import { createBillingProfileService, type Fail } from '../billing';
import { createCreditService } from '../billing';
import { createFulfilment } from './fulfilment';
import { createOrderCancellation } from './order-cancellation';
import { createLapseNotices } from './order-lapse';
import { createStaffOrders } from './staff-orders';
import { createOrderPayments } from './order-payments';
import { createOrderMails } from './order-mails';
import { createRefundService } from './refunds';
import { createDocumentPaymentService } from './document-payments';
import { createMydataService } from '../documents';
import { couponRedemption, creditAllocation, failureOf, legalDocumentLines, mydataQueued, numberedDocument, orderOfAttempt, paymentAllocation, totalsInvariant } from './order-statements';
import { documentLines, lineDescription } from '../../../core/documents/lines';

export { bankDetails } from '../../../core/orders/bank';
export { DEFAULT_NAMESERVERS } from './fulfilment';
export type { BillingProfileInput, Fail } from '../billing';
export type { StaffActor, StaffOrderView } from './staff-orders';

type Lang = 'el' | 'en';

/**
 * The document payments with an order service behind them, made when a payment first reaches an order
 * (services.documentPayments): document-payments.ts calls back into orders without importing them.
 */
export function createDocumentPaymentsWithOrders(deps: ServiceDeps) {
  let orders: OrderService | undefined;
  const ordersOf = () => (orders ??= createOrderService(deps));
  return createDocumentPaymentService(deps, {
    markPaid: (orderId) => ordersOf().markPaid(orderId),
    startCardPayment: (userId, orderId, urls, lang, options) => ordersOf().startCardPayment(userId, orderId, urls, lang, options),
  });
}

export function createOrderService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const cart = createCartService(deps);
  const catalog = createCatalogService(deps);
  const profiles = createBillingProfileService(deps);
  const { profileOf, vatFor } = profiles;
  const fulfilment = createFulfilment(deps);
  const credit = createCreditService(deps);
  const staff = createStaffOrders(deps, { markPaid: (orderId, also) => service.markPaid(orderId, also), fulfil: (orderId) => service.fulfil(orderId) });
  const cancellation = createOrderCancellation(deps);
  const payments_ = createOrderPayments(deps, {
    markPaid: (orderId) => service.markPaid(orderId),
    cancelIfRenewed: (orderId) => cancellation.cancelIfRenewed(orderId),
    recordCardCountry: (orderId, country) => profiles.recordCardCountry(orderId, country),
    documentPayments: () => documentPayments(),
    settleRefund: (event) => createRefundService(deps).settleFromProcessor(event),
  });
  // Lazily: the document payments call back into this service (markPaid) for orders.
  let payingDocuments: ReturnType<typeof createDocumentPaymentService> | undefined;
  const documentPayments = () =>
    (payingDocuments ??= createDocumentPaymentService(deps, {
      markPaid: (orderId) => service.markPaid(orderId),
      startCardPayment: (userId, orderId, urls, lang, options) => service.startCardPayment(userId, orderId, urls, lang, options),
    }));

  function couponOf(c: typeof coupons.$inferSelect): Coupon {
    return {
      code: c.code,
      kind: c.kind,
      value: c.value,
      status: c.status,
      audience: c.audience,
      neverOrdered: c.neverOrdered,
      validFrom: c.validFrom?.getTime() ?? null,
      validTo: c.validTo?.getTime() ?? null,
      maxRedemptions: c.maxRedemptions,
      maxPerCustomer: c.maxPerCustomer,
      minOrderCents: c.minOrderCents,
      allowZeroTotal: c.allowZeroTotal,
    };
  }

  const service = {
    billingProfiles: profiles.billingProfiles,
    defaultProfile: profiles.defaultProfile,
    createBillingProfile: profiles.createBillingProfile,
    setDefaultProfile: profiles.setDefaultProfile,
    deleteBillingProfile: profiles.deleteBillingProfile,
    updateBillingProfile: profiles.updateBillingProfile,
    announceDefault: profiles.announceDefault,
    billingProfilesWithEvidence: profiles.billingProfilesWithEvidence,
    vatWidgetProfile: profiles.vatWidgetProfile,
    recordCardCountry: profiles.recordCardCountry,

    /**
     * A coupon for this customer and an order of `subTotalCents` now, with the discount it gives, or
     * why not (an i18n key with its parameters). The placing batch checks the limits again.
     */
    async coupon(userId: number, input: string, subTotalCents: number, lang: Lang = 'el'): Promise<{ ok: true; code: string; discountCents: number } | ({ ok: false } & CouponRefusal)> {
      const code = normaliseCouponCode(input);
      const [c] = code ? await db.select().from(coupons).where(eq(coupons.code, code)) : [];
      if (!c) return { ok: false, key: 'validation:coupon_invalid' };
      const [[u], [counts], [used]] = await Promise.all([
        db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
        // 'Never ordered' counts pending orders too: two first orders side by side are not both first.
        db.select({ n: sql<number>`count(*)` }).from(orders).where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'paid', 'processing', 'completed']))),
        db
          .select({ total: sql<number>`count(*)`, mine: sql<number>`COALESCE(SUM(CASE WHEN ${couponRedemptions.userId} = ${userId} THEN 1 ELSE 0 END), 0)` })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.couponCode, code), sql`${couponRedemptions.releasedAt} IS NULL`)),
      ]);
      const coupon = couponOf(c);
      const refusal = couponRefusal(coupon, { registeredAt: u!.createdAt.getTime(), orders: Number(counts?.n ?? 0), redemptions: { total: Number(used?.total ?? 0), mine: Number(used?.mine ?? 0) } }, now.getTime());
      if (refusal) return { ok: false, key: refusal };
      const orderRefusal = couponOrderRefusal(coupon, subTotalCents);
      if (orderRefusal) return { ok: false, key: orderRefusal.key, ...(orderRefusal.minOrderCents ? { params: { amount: formatMoney(orderRefusal.minOrderCents, lang) } } : {}) };
      return { ok: true, code, discountCents: couponDiscount(coupon, subTotalCents) };
    },

    /**
     * Places the order from the cart (issue #5 §4). Same key → the same order. Checks: the cart is not
     * empty (35000) and ready (35014), names to register are still free (35018), the profile is the
     * customer's (35015). Returns the order id; the cart loses the items it ordered.
     */
    async placeOrder(
      owner: CartOwner & { userId: number },
      input: {
        profileId: number;
        method: 'card' | 'bank_transfer';
        idempotencyKey: string;
        lang: Lang;
        uniqueId: string | null;
        coupon?: string;
        useCredit?: boolean;
        /** The credit the checkout page said would be used: less than that now (spent in another tab) is refused. */
        creditExpectedCents?: number;
        /** The country the request came from (Cloudflare's geolocation): VAT location evidence (core/vat-evidence.ts). */
        requestCountry?: string | null;
        /** The checkout's box was checked: the order keeps the versions of what it accepts (core/legal.ts). */
        termsAccepted?: boolean;
      },
    ): Promise<{ ok: true; orderId: number; reused: boolean } | Fail> {
      const [existing] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
      if (existing) return existing.userId === owner.userId ? { ok: true, orderId: existing.id, reused: true } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
      const profile = await profileOf(owner.userId, input.profileId);
      if (!profile) return { ok: false, code: ErrorCode.CART_NOT_ASSOCIATED_WITH_BILLING_PROFILE };
      const vat = await vatFor(profile);
      const view = await cart.view(owner, { lang: input.lang, vatRateBp: vat.rateBp, vatWaived: vat.waived });
      if (!view.lines.length) return { ok: false, code: ErrorCode.CART_NOT_FOUND };
      if (!view.ready) return { ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS };
      // The lines that name a held name (renewals, trades, restores, stand-alone ID protect) and .ελ
      // names must still fit the account as it is now (worker/services/orders/order-checks.ts).
      const tldList = (await catalog.tldPricing({ actions: ['register'] })).map((t) => t.tld);
      const misfit = await heldNameRefusal(db, owner.userId, view.lines, now, tldList);
      if (misfit) return { ok: false, ...misfit };
      // A renewal whose name or service has an order waiting for its money, or a paid one under way,
      // would be paid twice (issue #32 §1): the customer is sent to that document instead.
      const doubled = await renewalCheckoutRefusal(db, owner.userId, view.lines);
      if (doubled) return { ok: false, ...doubled };
      // Availability again (worker/services/orders/order-checks.ts): a taken name is marked in the cart.
      const unavailable = await availabilityRefusal(adapters.registries, view.lines, tldList);
      if (unavailable && 'detail' in unavailable) await cart.markTaken(owner, unavailable.detail.taken.map((t) => t.id), input.uniqueId);
      if (unavailable) return { ok: false, ...unavailable };
      const key = input.idempotencyKey;
      // A coupon comes off the subtotal before VAT (shared over the lines); VAT per line on what is left.
      let couponCode: string | null = null;
      let discountCents = 0;
      if (input.coupon?.trim()) {
        const c = await this.coupon(owner.userId, input.coupon, view.totals.subTotalCents, input.lang);
        if (!c.ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'coupon', detail: { key: c.key, params: c.params } };
        couponCode = c.code;
        discountCents = c.discountCents;
      }
      const totals = cartTotals(view.lines.map((l) => l.price?.totalCents ?? 0), view.totals.vatRateBp, false, discountCents);
      // Credit comes off the grand total (it is money already paid); the balance is checked again
      // inside the batch, so two tabs cannot spend the same credit twice.
      const creditCents = creditToApply({ balanceCents: await this.creditBalance(owner.userId), grandTotalCents: totals.grandTotalCents, use: input.useCredit === true });
      if (input.useCredit && creditCents < (input.creditExpectedCents ?? 0)) return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'use_credit' };
      const due = totals.grandTotalCents - creditCents;
      const method = due === 0 ? 'credit' : input.method;
      const positions = new Map(view.lines.map((l, i) => [l.id, i + 1]));
      const billing = { type: profile.type, name: profile.name, vatNumber: profile.vatNumber, taxOffice: profile.taxOffice, profession: profile.profession, address: profile.address, city: profile.city, postcode: profile.postcode, country: profile.countryIso2, vatWaived: profile.vatWaived };
      const at = now.getTime();
      // Every statement after the order's own refers to the order THIS call creates: a second
      // submission of the same key (which may have read a cart that changed meanwhile) adds nothing.
      const attemptId = crypto.randomUUID();
      const order = orderOfAttempt(key, attemptId);
      const creditUse: Raw[] = creditCents
        ? [
            {
              // NULL (and so a failed batch, nothing kept) when the balance no longer covers it.
              sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, dedupe_key, created_at)
                VALUES (?, CASE WHEN EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?) OR (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE user_id = ?) >= ? THEN ? ELSE NULL END,
                  'order', ${order.sql}, ?, ?)
                ON CONFLICT(dedupe_key) DO NOTHING`,
              params: [owner.userId, `order:${key}`, owner.userId, creditCents, -creditCents, ...order.params, `order:${key}`, at],
            },
          ]
        : [];
      const statements: Raw[] = [
        {
          sql: `INSERT INTO orders (user_id, idempotency_key, attempt_id, status, payment_method, billing_profile_id, billing, sub_total_cents, vat_cents, grand_total_cents, vat_rate_bp, vat_waived, coupon_code, discount_cents, credit_cents, created_at, vat_evidence, vat_evidence_conflict)
            VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
          params: [owner.userId, key, attemptId, method, profile.id, JSON.stringify(billing), view.totals.subTotalCents, totals.vatCents, totals.grandTotalCents, view.totals.vatRateBp, vat.waived ? 1 : 0, couponCode, discountCents, creditCents, at, ...profiles.vatEvidenceParams(profile, input.requestCountry)],
        },
        // What the customer accepted, on the order this attempt created (issue #25 §3).
        ...(input.termsAccepted ? [{ sql: `UPDATE orders SET accepted_legal = ? WHERE id = ${order.sql}`, params: [JSON.stringify(acceptedVersions(ORDER_ACCEPTS)), ...order.params] }] : []),
        // The items first: their order_id is NOT NULL, so they fail the batch at once when this attempt
        // did not create the order.
        ...view.lines.map((l, i) => ({
          sql: `INSERT INTO order_items (order_id, position, parent_position, kind, sku, action, name, ascii_name, registry, length_months, config, price_cents, setup_fee_cents, status, attempts, result)
            VALUES (${order.sql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, '{}')`,
          // Server items keep every chosen option (defaults included): the provisioner needs them all.
          params: [...order.params, i + 1, l.parentId ? (positions.get(l.parentId) ?? null) : null, l.kind, l.sku, l.action, l.name, l.asciiName, l.registry, l.lengthMonths, JSON.stringify(l.kind === 'hosting' && Object.keys(l.optionValues).length ? { ...l.config, options: l.optionValues } : l.config), l.price?.totalCents ?? 0, l.price?.setupFeeCents ?? 0],
        })),
        ...creditUse,
        ...(couponCode ? [couponRedemption({ code: couponCode, userId: owner.userId, order, discountCents, at: now })] : []),
        ...numberedDocument({ order, kind: 'order', userId: owner.userId, status: 'OPEN', totalCents: totals.grandTotalCents, vatCents: totals.vatCents, at: now }),
        // The credit used pays part of the order's document (its "paid by" and "use of credit" tabs).
        ...(creditCents ? [creditAllocation(order, owner.userId, `order:${key}`, now)] : []),
        totalsInvariant(order, view.lines.length),
      ];
      try {
        await rawBatch(db, statements);
      } catch (e) {
        const failure = failureOf(e);
        if (failure === null) throw e;
        const [same] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.idempotencyKey, key));
        // Another submission of this checkout page placed the order first: that order stands as it was priced.
        if (same) return same.userId === owner.userId ? { ok: true, orderId: same.id, reused: true } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
        if (failure === 'credit') return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'use_credit' };
        // The coupon's last use went to another order meanwhile (or the customer's first order is placed).
        if (failure === 'coupon') return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'coupon', detail: { key: 'validation:coupon_used_up' } };
        console.error('order refused: its items do not add up to its subtotal', { key, lines: view.lines.length, subTotalCents: view.totals.subTotalCents });
        return { ok: false, code: ErrorCode.CART_ACTION_EXCEPTION };
      }
      const [placed] = await db.select({ id: orders.id, userId: orders.userId, attemptId: orders.attemptId, subTotalCents: orders.subTotalCents }).from(orders).where(eq(orders.idempotencyKey, key));
      if (!placed || placed.userId !== owner.userId) return { ok: false, code: ErrorCode.CART_ACTION_EXCEPTION };
      if (placed.attemptId !== attemptId) return { ok: true, orderId: placed.id, reused: true };
      // The batch checked it already; a broken invariant here is a bug to hear about at once.
      const [sum] = await db.select({ cents: sql<number>`COALESCE(SUM(${orderItems.priceCents}), 0)` }).from(orderItems).where(eq(orderItems.orderId, placed.id));
      if (Number(sum?.cents ?? 0) !== placed.subTotalCents) throw new Error(`order ${placed.id}: items sum to ${sum?.cents}, subtotal ${placed.subTotalCents}`);
      await cart.clear(owner, view.lines.map((l) => l.id), input.uniqueId);
      if (method === 'bank_transfer') {
        await db.insert(payments).values({ orderId: placed.id, method: 'bank_transfer', amountCents: due, status: 'pending', createdAt: now });
      }
      // The order received goes first: an order credit paid whole says so there (issue #33 §1).
      await createOrderMails(deps).orderReceived(placed.id);
      // Credit covered all of it: nothing to pay, so the order is paid now and fulfilment starts.
      if (method === 'credit') await this.markPaid(placed.id);
      return { ok: true, orderId: placed.id, reused: false };
    },

    /**
     * The order is paid (card webhook, or staff confirming a bank transfer): once only (a conditional
     * update), the order document PAID, a receipt or invoice and a payment document numbered in their
     * series, then fulfilment.
     */
    async markPaid(orderId: number, also: (stillPending: Raw) => Raw[] = () => [], attempt = 1): Promise<boolean> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
      if (!order) return false;
      const legal = (order.billing as { type?: string }).type === 'INV' ? 'invoice' : 'receipt';
      // The documents below refer to the order only once it is paid (the batch's first update): if that
      // update changed nothing (the credit moved meanwhile), they add nothing either.
      const ref: Raw = { sql: "(SELECT id FROM orders WHERE id = ? AND status = 'paid')", params: [orderId] };
      // The legal document's lines: the items as bought, the coupon and the VAT shared out to the cent.
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
      const lines = documentLines(
        items.map((i) => ({ description: lineDescription(i), sku: i.sku, netCents: i.priceCents })),
        { discountCents: order.discountCents, vatCents: order.vatCents, vatRateBp: order.vatRateBp },
      );
      // `also` (a staff action's audit row) runs first, on the condition the move below needs, so it is
      // kept exactly when this call pays the order: the batch is one transaction.
      const stillPending: Raw = { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'pending' AND credit_cents = ?)", params: [orderId, order.creditCents] };
      const extra = also(stillPending);
      const results = await rawBatch(db, [
        ...extra,
        // Only with the credit as read: a use of credit between the read and here changes what the payment
        // document must say (the retry below reads it again).
        { sql: "UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending' AND credit_cents = ?", params: [now.getTime(), orderId, order.creditCents] },
        { sql: "UPDATE sale_documents SET status = 'PAID' WHERE order_id = ? AND kind = 'order' AND (SELECT status FROM orders WHERE id = ?) = 'paid'", params: [orderId, orderId] },
        // The awaited transfer is what paid, unless a card did (the pay-with tab offers both); a card whose
        // money became credit (it arrived after it was stopped) paid nothing.
        {
          sql: `UPDATE payments SET status = CASE WHEN EXISTS (SELECT 1 FROM payments c WHERE c.order_id = ? AND c.method = 'card' AND c.status = 'approved' AND NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = 'refund:payment:' || c.id)) THEN 'cancelled' ELSE 'approved' END, decided_at = ?
            WHERE order_id = ? AND method = 'bank_transfer' AND status = 'pending' AND (SELECT status FROM orders WHERE id = ?) = 'paid'`,
          params: [orderId, now.getTime(), orderId, orderId],
        },
        ...numberedDocument({ order: ref, kind: legal, userId: order.userId, status: 'PAID', totalCents: order.grandTotalCents, vatCents: order.vatCents, at: now, legal: { billing: order.billing, netCents: order.grandTotalCents - order.vatCents } }),
        ...legalDocumentLines(ref, legal, lines),
        mydataQueued(ref, legal, now),
        // The payment document records money received; credit was received long ago (its credit note).
        ...(amountDue(order) > 0 ? [...numberedDocument({ order: ref, kind: 'payment', userId: order.userId, status: 'COMPLETED', totalCents: amountDue(order), vatCents: 0, at: now }), paymentAllocation(ref, order.userId, now)] : []),
      ]);
      if ((results[extra.length]?.meta.changes ?? 0) === 0) {
        // Credit paid part of it between the read and the batch: read it again (still pending) and retry.
        const [again] = await db.select({ creditCents: orders.creditCents }).from(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
        if (again && again.creditCents !== order.creditCents && attempt < 3) return this.markPaid(orderId, also, attempt + 1);
        // Another call paid it between the read and the batch: its documents stand, nothing more to do here.
        return false;
      }
      await createOrderMails(deps).orderPaid(orderId);
      // The legal document goes to myDATA at once (issue #13 §4); a failure stays queued for cron.
      // Its e-mail (the PDF attached, with the MARK when AADE gave one) goes from there (document-mails.ts).
      await createMydataService(deps)
        .transmitOrder(orderId)
        .catch((e: unknown) => console.error('mydata transmission after payment failed; cron retries', { orderId, error: String(e) }));
      await this.fulfil(orderId);
      return true;
    },

    /** Carries out every pending (or due) item of a paid order. */
    fulfil: fulfilment.fulfil,
    /** Cron: items whose retry time has come (issue #5 §5). */
    retryDue: fulfilment.retryDue,
    /** Cron: items interrupted while processing, past their claim's time limit (decision 046). */
    recoverInterrupted: fulfilment.recoverInterrupted,
    /** The registry ports, for the poll job. */
    registries: fulfilment.registries,

    async order(userId: number | null, orderId: number) {
      const [order] = await db.select().from(orders).where(userId === null ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) return null;
      const [items, documents, credits, paymentRows, services] = await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
        db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId)).orderBy(asc(saleDocuments.id)),
        // Credit notes of refunds for this order's items (they belong to the customer, not the order).
        db
          .select({ doc: saleDocuments })
          .from(creditMovements)
          .innerJoin(saleDocuments, eq(saleDocuments.id, creditMovements.documentId))
          .where(eq(creditMovements.orderId, orderId))
          .orderBy(asc(saleDocuments.id)),
        db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
        // The hosting services the items created: the order page links each to its page (issue #25 §6).
        db
          .select({ id: hostingServices.id, orderItemId: hostingServices.orderItemId })
          .from(hostingServices)
          .innerJoin(orderItems, eq(orderItems.id, hostingServices.orderItemId))
          .where(eq(orderItems.orderId, orderId)),
      ]);
      const serviceIdOf = new Map(services.map((s) => [s.orderItemId, s.id]));
      return { order, items: items.map((i) => ({ ...i, serviceId: serviceIdOf.get(i.id) ?? null })), documents: [...documents, ...credits.map((c) => c.doc)], payments: paymentRows };
    },

    async orders(userId: number) {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(50);
    },

    async customerDomains(userId: number) {
      return db.select().from(domains).where(eq(domains.userId, userId)).orderBy(asc(domains.expiresAt));
    },

    startCardPayment: payments_.startCardPayment,
    handlePaymentWebhook: payments_.handlePaymentWebhook,
    decideSandboxPayment: payments_.decideSandboxPayment,
    deliverSandboxRefunds: payments_.deliverSandboxRefunds,
    sandboxPayment: payments_.sandboxPayment,

    creditBalance: credit.creditBalance,
    grantCredit: credit.grantCredit,
    checkoutCredit: credit.checkoutCredit,
    creditMovements: credit.creditMovements,

    cancelOrder: cancellation.cancelOrder,
    expireUnpaid: cancellation.expireUnpaid,
    /** Cron: the day-before notice of orders about to lapse unpaid (decision 088). */
    remindLapsing: (limit?: number) => createLapseNotices(deps).remindLapsing(limit),
    bankTransferRefusal: staff.bankTransferRefusal,
    staffOrders: staff.staffOrders,
    retryNow: staff.retryNow,
    confirmBankTransfer: staff.confirmBankTransfer,
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;

