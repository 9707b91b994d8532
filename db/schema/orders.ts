// Checkout, orders, sale documents and payments (issue #5 §4–5; spec §3 Billing profile, Checkout,
// Sale documents; §4 Sale documents and payments). Money is integer cents; every multi-row change is
// one D1 batch (a transaction), and every "happens once" is a unique key or a conditional update.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { registryFamilies } from '../../core/catalog';
import { users } from './accounts';

export const billingProfiles = sqliteTable(
  'billing_profiles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REC receipt (individuals), INV invoice (businesses, with ΑΦΜ/VAT number and ΔΟΥ). */
    type: text('type', { enum: ['REC', 'INV'] }).notNull(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    taxOffice: text('tax_office'),
    profession: text('profession'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    countryIso2: text('country_iso2').notNull(),
    /** Reverse charge: an EU business outside Greece whose VAT number VIES confirmed. */
    vatWaived: integer('vat_waived', { mode: 'boolean' }).notNull().default(false),
    /** The VIES consultation that justified vat_waived (vat_checks.id). */
    vatCheckId: integer('vat_check_id'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('billing_profiles_user_idx').on(t.userId), index('billing_profiles_vat_idx').on(t.vatNumber)],
);

export const orderStatuses = ['pending', 'paid', 'processing', 'completed', 'cancelled'] as const;
/**
 * 'refunded': no retry could carry it out, and its cost went back (as credit, or to the card before).
 * 'cancelled': held by a refund that left the order holding nothing (decision 046); never carried out.
 */
export const itemStatuses = ['pending', 'processing', 'completed', 'failed', 'refunded', 'cancelled'] as const;

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** One per checkout attempt: a double click, a retry or a second tab finds the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * The placement attempt that created the order (a random id per call): every other statement of
     * the placing batch is guarded by it, so a second submission with the same key cannot add to an
     * order it did not price (issue #10 §2).
     */
    attemptId: text('attempt_id'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    /** 'credit' when the credit balance covered the whole order. */
    paymentMethod: text('payment_method', { enum: ['card', 'bank_transfer', 'credit'] }).notNull(),
    billingProfileId: integer('billing_profile_id').notNull(),
    /** The billing details as they were when ordering (a later edit must not change a past invoice). */
    billing: text('billing', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    subTotalCents: integer('sub_total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grandTotalCents: integer('grand_total_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatWaived: integer('vat_waived', { mode: 'boolean' }).notNull().default(false),
    couponCode: text('coupon_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Credit balance used towards the grand total; the rest is what a payment must bring. */
    creditCents: integer('credit_cents').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** When cron cancelled it for being left unpaid past its time (core/orders/expiry.ts, decision 088); a late payment of it becomes credit. */
    lapsedAt: integer('lapsed_at', { mode: 'timestamp_ms' }),
    /**
     * VAT by the customer's location needs two non-contradictory pieces of evidence (EU OSS): the
     * billing country, the country of the request (CF-IPCountry) and the card's country when the
     * processor gives it. Kept as they were when ordering; `vatEvidenceConflict` flags it for staff.
     */
    vatEvidence: text('vat_evidence', { mode: 'json' }).$type<{ billingCountry: string; requestCountry: string | null; cardCountry?: string | null }>(),
    vatEvidenceConflict: integer('vat_evidence_conflict', { mode: 'boolean' }).notNull().default(false),
    /**
     * The legal documents the customer accepted with the checkout's box, as versions of the registry
     * in force then (core/legal.ts, issue #25 §3): { terms: 1, refunds: 1 }; the time is created_at.
     * NULL for orders placed without that box (renewal runs, staff).
     */
    acceptedLegal: text('accepted_legal', { mode: 'json' }).$type<Record<string, number>>(),
  },
  (t) => [uniqueIndex('orders_idempotency_unique').on(t.idempotencyKey), index('orders_user_idx').on(t.userId)],
);

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Position in the order; children follow their parent. */
    position: integer('position').notNull(),
    parentPosition: integer('parent_position'),
    kind: text('kind').notNull(),
    sku: text('sku').notNull(),
    action: text('action'),
    name: text('name').notNull(),
    asciiName: text('ascii_name'),
    registry: text('registry', { enum: registryFamilies }),
    lengthMonths: integer('length_months').notNull(),
    config: text('config', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    priceCents: integer('price_cents').notNull(),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    status: text('status', { enum: itemStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /** What fulfilment produced: the expiry date, the hosting account, the certificate id … */
    result: text('result', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    /** When fulfilment last claimed it ('processing'): past the claim's time limit, cron recovers it (decision 046). */
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('order_items_position_unique').on(t.orderId, t.position), index('order_items_retry_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Spec §3 Sale documents: orders (ORD), the legal documents receipt (REC) and invoice (INV), payments
 * (PAY), credit notes (CRD: store credit granted or refunded, or the correction of a legal document
 * whose money went back to the card) and debits (DEB: a charge by staff or a chargeback).
 */
export const documentKinds = ['order', 'receipt', 'invoice', 'payment', 'credit', 'debit'] as const;
export const documentStatuses = ['OPEN', 'ON_PAYMENT', 'PAID', 'PENDING', 'COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CANCELLED', 'ERROR', 'OVERDUE', 'DECLINED'] as const;

/** Sale documents (spec §3): numbered without gaps per series (document_counters, same batch). */
export const saleDocuments = sqliteTable(
  'sale_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    kind: text('kind', { enum: documentKinds }).notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    status: text('status', { enum: documentStatuses }).notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull().default(0),
    /** Total less VAT (legal documents, credit notes and debits; 0 where the kind has no VAT split). */
    netCents: integer('net_cents').notNull().default(0),
    /** The buyer as invoiced (a later profile edit never changes an issued document). */
    billing: text('billing', { mode: 'json' }).$type<Record<string, unknown>>(),
    /**
     * The document this one belongs to: a legal document → its order's document; a corrective credit
     * note → the invoice or receipt it corrects; a card refund's credit note → that too.
     */
    relatedDocumentId: integer('related_document_id'),
    /** Why it exists: 'grant', 'refund', 'card_refund', 'chargeback', 'manual', … (credit notes and debits). */
    reason: text('reason'),
    /** Debits: after this instant an unpaid debit is OVERDUE. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('sale_documents_series_number').on(t.series, t.number), uniqueIndex('sale_documents_order_kind').on(t.orderId, t.kind), index('sale_documents_user_kind_idx').on(t.userId, t.kind, t.id)],
);

export const documentCounters = sqliteTable('document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The order it pays; null for a payment of another due document (a debit). */
    orderId: integer('order_id').references(() => orders.id),
    /** The due document it pays when that is not an order (a debit); null for order payments. */
    documentId: integer('document_id'),
    method: text('method', { enum: ['card', 'bank_transfer'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Money given back to the card so far (payment_refunds that succeeded). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The card's issuing country when the processor gives it (VAT location evidence). */
    cardCountry: text('card_country'),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'cancelled', 'expired'] }).notNull().default('pending'),
    providerSessionId: text('provider_session_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('payments_order_idx').on(t.orderId), index('payments_document_idx').on(t.documentId), uniqueIndex('payments_session_unique').on(t.providerSessionId)],
);

/** Webhook events already handled: a delivery that comes twice is acknowledged and ignored. */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Spec §3 Coupon (created by staff in the back office; the demo seeds two). */
export const coupons = sqliteTable('coupons', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
  /** Cents for an amount, basis points for a percentage. */
  value: integer('value').notNull(),
  status: text('status', { enum: ['active', 'pending'] }).notNull().default('active'),
  audience: text('audience', { enum: ['all', 'new', 'old'] }).notNull().default('all'),
  neverOrdered: integer('never_ordered', { mode: 'boolean' }).notNull().default(false),
  validFrom: integer('valid_from', { mode: 'timestamp_ms' }),
  validTo: integer('valid_to', { mode: 'timestamp_ms' }),
  /** Orders that may use it in all; null: no limit (issue #10 §2). */
  maxRedemptions: integer('max_redemptions'),
  /** Orders of one customer that may use it; null: no limit. */
  maxPerCustomer: integer('max_per_customer'),
  /** The subtotal (before VAT, cents) an order must reach. */
  minOrderCents: integer('min_order_cents').notNull().default(0),
  /** May the coupon leave nothing to pay (an order of 0 € is paid at once)? */
  allowZeroTotal: integer('allow_zero_total', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Each use of a coupon, written in the placing batch only while the coupon's limits still hold (so two
 * racing orders cannot exceed them). One per order; a cancelled unpaid order releases its use.
 */
export const couponRedemptions = sqliteTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    discountCents: integer('discount_cents').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    releasedAt: integer('released_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_unique').on(t.orderId), index('coupon_redemptions_coupon_user_idx').on(t.couponCode, t.userId)],
);

export const creditReasons = ['grant', 'refund', 'order', 'release', 'cancelled'] as const;

/**
 * The customer's credit balance is the sum of these (spec §2 credit box, §3 Checkout credit_adjustment):
 * + a grant or a refund (each with its credit note), − what an order used, + what a cancelled order
 * gave back. `dedupe_key` makes each movement happen once ("order:<key>", "refund:item:<id>", …).
 */
export const creditMovements = sqliteTable(
  'credit_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: creditReasons }).notNull(),
    orderId: integer('order_id'),
    orderItemId: integer('order_item_id'),
    documentId: integer('document_id'),
    note: text('note'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('credit_movements_dedupe').on(t.dedupeKey), index('credit_movements_user_idx').on(t.userId)],
);
