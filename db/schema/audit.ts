// The staff audit log (issue #10 §4): one row per staff action, written in the same D1 batch as the
// action itself, so an action without its row (or a row without its action) cannot exist.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The staff member who acted; null for the system (cron) or a script through the development API. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted verb, e.g. 'credit.grant', 'order.bank_transfer_confirmed', 'order.retry'. */
    action: text('action').notNull(),
    /** What was acted on: 'order', 'user', 'coupon' … and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The facts of the action (amounts, notes, before/after) as JSON. */
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    ip: text('ip'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
