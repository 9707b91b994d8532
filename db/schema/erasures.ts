// Requests to close an account and erase its personal data (GDPR Art. 17; issue #24 §3 "Erasure").
// The customer asks; staff carry the request out on the admin host. The user row is never deleted:
// what the law makes us keep (sale documents, myDATA records, orders) still points at it, and the row
// itself is anonymised (worker/services/accounts/erasure.ts).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

export const erasureStatuses = ['pending', 'completed', 'cancelled'] as const;

export const erasureRequests = sqliteTable(
  'erasure_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: erasureStatuses }).notNull().default('pending'),
    /** The address the request came from, kept until the request is carried out (then it is erased too). */
    email: text('email'),
    ip: text('ip'),
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
    /** The staff member who carried it out or cancelled it. */
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    /** What was anonymised and what was kept (counts), for the staff list and the audit. */
    summary: text('summary', { mode: 'json' }).$type<Record<string, number>>(),
  },
  (t) => [
    // One open request per customer: a second ask while one waits changes nothing.
    uniqueIndex('erasure_requests_pending_unique').on(t.userId).where(sql`status = 'pending'`),
    index('erasure_requests_status_idx').on(t.status, t.requestedAt),
  ],
);
