// Every consent change with its time, source and IP (issue #24 §2–3; spec §3 GDPR consents): the
// GDPR approvals at registration, login and /account/privacy, the communication agreement and the
// newsletter (including a subscriber who has no account, known by e-mail only). Rows are only ever
// added; the current state lives on the user (users.gdpr_*, users.newsletter) or the subscription.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

// 'terms': the terms of use accepted at registration (issue #25 §3), with the version in policy_version.
export const consentKinds = ['processing', 'validity', 'communication', 'newsletter', 'policy', 'terms'] as const;
export const consentSources = ['registration', 'login', 'form', 'link', 'staff', 'one-click', 'erasure'] as const;

export const consentEvents = sqliteTable(
  'consent_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; the subscriber's address when there is no account. */
    email: text('email'),
    kind: text('kind', { enum: consentKinds }).notNull(),
    granted: integer('granted', { mode: 'boolean' }).notNull(),
    source: text('source', { enum: consentSources }).notNull(),
    /** The version accepted (kind 'policy', 'terms' and the GDPR approvals), from core/legal.ts. */
    policyVersion: text('policy_version'),
    ip: text('ip'),
    /** The staff member who recorded it (source 'staff'). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.createdAt), index('consent_events_email_idx').on(t.email, t.createdAt)],
);
