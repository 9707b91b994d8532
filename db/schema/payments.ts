// Payments and VAT checks (DESIGN.md "Outside systems"; spec §3 "Billing profile", §4 "Sale documents
// and payments"). `payment_sessions` is the sandbox payment processor's own data, kept apart from
// ours as a real processor would hold it. `vat_checks` is our evidence of every VIES consultation
// (or the sandbox's stand-in): a reverse-charge invoice to an EU business must be backed by a check
// of its VAT number, with the consultation number when VIES gives one.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
  },
  (t) => [
    uniqueIndex('payment_sessions_idempotency_key_unique').on(t.idempotencyKey),
    index('payment_sessions_reference_idx').on(t.reference),
    // The expiry sweep looks for open sessions past their time.
    index('payment_sessions_status_expires_idx').on(t.status, t.expiresAt),
    check('payment_sessions_amount_positive', sql`${t.amountCents} > 0`),
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
