// Newsletter subscriptions with double opt-in (issue #24 §2, decision 074): one row per e-mail
// address, with or without an account. The subscription is complete only when the link sent to the
// address is confirmed; the confirmation link's token is kept as a hash with its expiry, and the
// resend counters let one conditional statement take a send before it is made (1063/1064).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const newsletterStates = ['none', 'pending', 'subscribed', 'unsubscribed'] as const;

export const newsletterSubscriptions = sqliteTable(
  'newsletter_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lower-cased and trimmed. */
    email: text('email').notNull(),
    /** The account that asked for it (its own address); null for the public form. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: newsletterStates }).notNull().default('none'),
    /** SHA-256 of the confirmation link's token (the latest one sent). */
    tokenHash: text('token_hash'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** The key of the unsubscribe/status links (`<id>.<key>`); one per subscription, kept for every mail. */
    linkKey: text('link_key').notNull(),
    /** Confirmation mails sent in the current window, and when the last one went. */
    sendCount: integer('send_count').notNull().default(0),
    sendWindowStart: integer('send_window_start', { mode: 'timestamp_ms' }),
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_unique').on(t.email), index('newsletter_subscriptions_user_idx').on(t.userId), uniqueIndex('newsletter_subscriptions_token_unique').on(t.tokenHash)],
);
