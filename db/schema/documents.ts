// The relations between sale documents, payments and credit (issue #13; spec §2 sale document tabs,
// §3 Sale documents, §4 Sale documents and payments), the legal documents' lines and files, card
// refunds, and the transmission of legal documents to AADE's myDATA. A document's balance is its
// total less the allocations that pay it (core/documents/balance.ts); nothing here stores a balance.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { payments, saleDocuments } from './orders';

/**
 * The lines of a legal document, credit note or debit, as issued (an order's items may later be
 * refunded or renamed; the document never changes). Net and VAT per line add up to the document's
 * net and VAT exactly (core/documents/lines.ts allocates the rounding).
 */
export const saleDocumentLines = sqliteTable(
  'sale_document_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    documentId: integer('document_id')
      .notNull()
      .references(() => saleDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull().default(1),
    netCents: integer('net_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [uniqueIndex('sale_document_lines_position').on(t.documentId, t.position)],
);

/**
 * "X pays Y": the due document (an order or a debit) and what paid it — a payment document, a credit
 * note, or a use of the credit balance (its credit movement). The tabs paid-by, used-to-pay and use of
 * credit read these rows. `dedupe_key` makes each allocation happen once under double submits and
 * repeated webhooks.
 */
export const documentAllocations = sqliteTable(
  'document_allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    dueDocumentId: integer('due_document_id')
      .notNull()
      .references(() => saleDocuments.id),
    payingDocumentId: integer('paying_document_id').references(() => saleDocuments.id),
    creditMovementId: integer('credit_movement_id'),
    amountCents: integer('amount_cents').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('document_allocations_dedupe').on(t.dedupeKey),
    index('document_allocations_due_idx').on(t.dueDocumentId),
    index('document_allocations_paying_idx').on(t.payingDocumentId),
    check('document_allocations_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The files of a legal document (spec §3: "legal documents … carry file attachments"): the bytes live
 * in object storage (the FILES R2 bucket) under `objectKey`; D1 keeps what a download needs. The same
 * bytes twice on one document are refused (35523 duplicate_file_on_legal_document).
 */
export const legalDocumentFiles = sqliteTable(
  'legal_document_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    documentId: integer('document_id')
      .notNull()
      .references(() => saleDocuments.id),
    objectKey: text('object_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    contentType: text('content_type').notNull(),
    /** The name a download is given (Content-Disposition), e.g. "INV-000012.pdf". */
    filename: text('filename').notNull(),
    /** 'rendered' by us, or 'uploaded' by staff. */
    source: text('source', { enum: ['rendered', 'uploaded'] }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('legal_document_files_object_key').on(t.objectKey), uniqueIndex('legal_document_files_same_bytes').on(t.documentId, t.sha256)],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/** Money back to a card through the payments port, full or partial, with its corrective credit note. */
export const paymentRefunds = sqliteTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason').notNull(),
    /** The credit note that corrects the legal document for the refunded amount. */
    creditDocumentId: integer('credit_document_id'),
    /** Same key, same refund: a double click or a retried request never refunds twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    actorUserId: integer('actor_user_id'),
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('payment_refunds_idempotency').on(t.idempotencyKey), index('payment_refunds_payment_idx').on(t.paymentId), check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`)],
);

/** The sandbox processor's own refunds (kept apart from ours, as a real processor holds them). */
export const sandboxPaymentRefunds = sqliteTable(
  'sandbox_payment_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'pending' until the sandbox settles it and sends the refund webhook (decision 046). */
    status: text('status', { enum: ['pending', 'succeeded'] }).notNull().default('succeeded'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_payment_refunds_idempotency').on(t.idempotencyKey), index('sandbox_payment_refunds_session_idx').on(t.sessionId)],
);

export const mydataStatuses = ['pending', 'sent', 'failed', 'cancelled'] as const;

/**
 * Each legal document (and corrective credit note) transmitted to AADE's myDATA: queued in the batch
 * that numbers it, sent by the service right after and by cron until it is accepted; the MARK and
 * the QR URL AADE returns are printed on the PDF. `failed` waits for staff (a refusal no retry fixes).
 */
export const mydataTransmissions = sqliteTable(
  'mydata_transmissions',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => saleDocuments.id),
    status: text('status', { enum: mydataStatuses }).notNull().default('pending'),
    /** AADE's document type, e.g. '1.1', '2.1', '11.1', '5.1' (decision 041). */
    invoiceType: text('invoice_type'),
    mark: text('mark'),
    uid: text('uid'),
    qrUrl: text('qr_url'),
    /** The MARK of the cancellation, when the document was cancelled at AADE. */
    cancellationMark: text('cancellation_mark'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('mydata_transmissions_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The myDATA sandbox's own register of received documents (as AADE keeps them). */
export const sandboxMydataInvoices = sqliteTable(
  'sandbox_mydata_invoices',
  {
    mark: text('mark').primaryKey(),
    uid: text('uid').notNull(),
    issuerVat: text('issuer_vat').notNull(),
    counterpartVat: text('counterpart_vat'),
    series: text('series').notNull(),
    aa: text('aa').notNull(),
    invoiceType: text('invoice_type').notNull(),
    issueDate: text('issue_date').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    correlatedMark: text('correlated_mark'),
    status: text('status', { enum: ['active', 'cancelled'] }).notNull().default('active'),
    cancellationMark: text('cancellation_mark'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_mydata_invoices_uid').on(t.uid)],
);
