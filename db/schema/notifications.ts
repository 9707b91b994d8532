// The notification centre (issue #24 §1; spec §3 Notification): personal notices (user_id set) and
// global ones (user_id null, shown to everyone between starts_at and ends_at). A source raises each
// notice once per event: dedupe_key is unique, so a cron re-run or a retried webhook inserts nothing.
// Text is stored as an i18n key with its parameters and drawn in the reader's language; staff-written
// global notices carry their own title and text instead.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/** 1 DOMAIN_EXPIRATION, 2 OFFER, 3 SYSTEM (spec §3). */
export const notificationTypes = [1, 2, 3] as const;
export const notificationTones = ['alert', 'warning', 'success', 'info'] as const;

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null: a global notice for every visitor. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').$type<(typeof notificationTypes)[number]>().notNull(),
    tone: text('tone', { enum: notificationTones }).notNull().default('info'),
    /** i18n key (namespace 'notifications') and its parameters; or a literal title/body (staff). */
    messageKey: text('message_key'),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull().default({}),
    title: text('title'),
    body: text('body'),
    /** A same-site path to what the notice is about ('/account/domains/example.gr'). */
    link: text('link'),
    displayOnScreen: integer('display_on_screen', { mode: 'boolean' }).notNull().default(false),
    /** One notice per event: 'expiry:30:<domain id>:<expires_at>', 'doc-due:<document id>' … */
    dedupeKey: text('dedupe_key').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    /** Personal notices only; global ones keep each reader's state in their own table. */
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /**
     * Personal notices only: deleted by the reader (decision 073). The row stays so that its dedupe key
     * keeps a cron re-run from raising the same event again; a deleted notice is also read, so the
     * unread count needs only (user_id, read_at).
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_unique').on(t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt),
    index('notifications_global_idx').on(t.userId, t.endsAt),
    index('notifications_list_idx').on(t.userId, t.deletedAt, t.id),
  ],
);

/**
 * Each reader's state of a global notice (decision 073): a row exists only once the reader read or
 * deleted it, so the unread count of globals is "current globals without a row of mine".
 */
export const notificationReads = sqliteTable(
  'notification_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }).notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
