// Payments and VAT checks (DESIGN.md "Outside systems"; spec §3 "Billing profile", §4 "Sale documents
// and payments"). `payment_sessions` is the sandbox payment processor's own data, kept apart from
// ours as a real processor would hold it. `vat_checks` is our evidence of every VIES consultation
// (or the sandbox's stand-in): a reverse-charge invoice to an EU business must be backed by a check
// of its VAT number, with the consultation number when VIES gives one.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const paymentSessionStatuses = ['open', 'approved', 'declined', 'cancelled', 'expired'] as const;

/** A hosted-payment-page session of the sandbox processor. `reference` is our payment id. */
export const paymentSessions = sqliteTable(
  'payment_sessions',
  {
    /** 'cs_sbx_…', the processor's id, never our own. */
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ['EUR'] }).notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Unique: the conditional insert on it is what makes createSession idempotent under races. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: paymentSessionStatuses }).notNull().default('open'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** Thirty minutes after creation, like the processors' hosted pages. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Issue #25 §1: the shop asked the page to keep the card for this customer of the processor. */
    saveCardCustomerRef: text('save_card_customer_ref'),
    /** The card kept when the session was approved (sandbox_saved_cards.token). */
    savedCardToken: text('saved_card_token'),
  },
  (t) => [
    uniqueIndex('payment_sessions_idempotency_key_unique').on(t.idempotencyKey),
    index('payment_sessions_reference_idx').on(t.reference),
    // The expiry sweep looks for open sessions past their time.
    index('payment_sessions_status_expires_idx').on(t.status, t.expiresAt),
    check('payment_sessions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The sandbox processor's saved cards (issue #25 §1): what a processor keeps behind a token. No card
 * number: the sandbox page offers test cards by their last four digits, whose magic is in the README.
 */
export const sandboxSavedCards = sqliteTable(
  'sandbox_saved_cards',
  {
    /** 'pm_sbx_…' */
    token: text('token').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Deleted by the shop: charges of it decline with card_removed, as a processor's do. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sandbox_saved_cards_customer_idx').on(t.customerRef)],
);

/** The sandbox processor's off-session charges of saved cards: one per idempotency key. */
export const sandboxCardCharges = sqliteTable(
  'sandbox_card_charges',
  {
    /** 'ch_sbx_…' */
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['approved', 'declined'] }).notNull(),
    declineCode: text('decline_code', { enum: ['insufficient_funds', 'expired_card', 'card_removed', 'do_not_honor'] }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_card_charges_idempotency_key_unique').on(t.idempotencyKey), check('sandbox_card_charges_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * Our record of a customer's cards saved with the processor (issue #25 §1, decision 079): the token
 * and what the customer recognises the card by, never card data (PCI SAQ A). Renewals charge the
 * default one; at most MAX_SAVED_CARDS (core/payments/saved-cards.ts) per user (checked in the inserting statement).
 */
export const savedPaymentMethods = sqliteTable(
  'saved_payment_methods',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The processor's token, unique: one approved session saves it once however often its webhook comes. */
    processorToken: text('processor_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_token_unique').on(t.processorToken),
    index('saved_payment_methods_user_idx').on(t.userId),
    // One default per user, held by the database: two saves racing cannot leave two.
    uniqueIndex('saved_payment_methods_one_default').on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);

export const vatCheckSources = ['sandbox', 'vies'] as const;

/** One row per consultation, valid or not, exactly as the service answered it. */
export const vatChecks = sqliteTable(
  'vat_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** VIES member-state code: EL for Greece. */
    countryCode: text('country_code').notNull(),
    /** Normalised: no prefix, spaces or punctuation. */
    vatNumber: text('vat_number').notNull(),
    valid: integer('valid', { mode: 'boolean' }).notNull(),
    /** As VIES gave them, '---' included (a member state that does not disclose them). */
    name: text('name'),
    address: text('address'),
    /** VIES's consultation number, the proof a tax audit asks for; null when none was issued. */
    requestIdentifier: text('request_identifier'),
    source: text('source', { enum: vatCheckSources }).notNull(),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('vat_checks_number_idx').on(t.countryCode, t.vatNumber, t.checkedAt)],
);
