// The mail queue (issue #33, decision 096): every e-mail the app sends, rendered once from its template
// (HTML and text in the recipient's language) and kept with its status, so that sending never blocks or
// fails the action that caused it (the row is written in the action; delivery follows, retried by the
// cron), each event sends once (dedupe_key is unique), and staff can read and resend what was sent.
// Attachments are references to R2 objects (files never live in D1). A sensitive message (a one-time
// code, a reset link) has its body cleared once it is sent: staff see that it went, never its secret.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const mailStatuses = ['queued', 'sending', 'sent', 'failed', 'bounced'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** An attachment: an object of the FILES bucket, read at delivery. */
export type MailAttachmentRef = { key: string; filename: string; contentType: string };

export const mailMessages = sqliteTable(
  'mail_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** One message per event: 'order-received:<order id>', 'doc-issued:<document id>' … */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** The customer it concerns, when there is one (null: a newsletter confirmation to an address). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    lang: text('lang', { enum: ['el', 'en'] }).notNull(),
    /** The template's key (worker/services/mail/templates): what staff filter by. */
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachmentRef[]>().notNull().default([]),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    /** Delivery attempts taken (each claims the row first); the cron stops after MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may be taken; for a 'sending' row, when its claim lapses (a crashed run). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    /** The body was cleared after sending (a one-time code or a link that grants access). */
    redacted: integer('redacted', { mode: 'boolean' }).notNull().default(false),
    /** A staff resend: the message it repeats and who asked (audited too). */
    resentOf: integer('resent_of'),
    resentBy: integer('resent_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('mail_messages_due').on(t.status, t.nextAttemptAt), index('mail_messages_user').on(t.userId, t.id), index('mail_messages_to').on(t.toAddress, t.id)],
);
