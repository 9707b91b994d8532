// Staff invitations (issue #22 §1, decision 065): an admin invites an address into a staff group; the
// address's owner proves it by opening the single-use link, which only then creates the account (or,
// for an address that already has one, makes it staff once its owner gives that account's password).
// Only a hash of the link's secret is stored.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userGroups, users } from './accounts';

export const staffInvitations = sqliteTable(
  'staff_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    userGroup: text('user_group', { enum: userGroups }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Wrong current passwords given with this link (an address that already has an account). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A newer invitation to the same address replaces this one. */
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('staff_invitations_token_unique').on(t.tokenHash), index('staff_invitations_email_idx').on(t.email)],
);
