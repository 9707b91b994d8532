// Auto-renew (issue #25 §1, decision 080): one row per renewal order and day on which the payment step
// tried to pay it. The row is the claim: its insert (order, day) does nothing on conflict, so a cron
// re-run or two runs at once try a renewal once a day, and charge a saved card at most once a day.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { orders } from './orders';

export const renewalOutcomes = ['claimed', 'credit', 'card', 'declined', 'document', 'paid_already', 'error'] as const;

export const renewalAttempts = sqliteTable(
  'renewal_attempts',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The attempt's day (yyyy-mm-dd, UTC): one attempt per order and day. */
    day: text('day').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: renewalOutcomes }).notNull().default('claimed'),
    amountCents: integer('amount_cents').notNull(),
    /** The card as the processor names it ("Visa •••• 4242"), never card data. */
    cardLabel: text('card_label'),
    declineCode: text('decline_code'),
    chargeId: text('charge_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] }), index('renewal_attempts_user_idx').on(t.userId, t.createdAt)],
);
