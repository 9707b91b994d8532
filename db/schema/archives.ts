// Personal-data archives (issue #24 §3, spec §4 GDPR archive, decision 076): a customer asks for a
// machine-readable ZIP of everything we hold on them; a job builds it into R2 and the customer downloads
// it after entering the password again. One archive at a time per customer: the partial unique index
// admits one row per user among the live states, so a second request finds the first.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';

/**
 * 'pending' asked for; 'building' claimed by one job run (claimed_at); 'ready' in R2 until expires_at;
 * 'expired' past its seven days (its object deleted); 'spent' its password attempts used up (deleted
 * like an expired one); 'failed' the build failed three times.
 */
export const archiveStatuses = ['pending', 'building', 'ready', 'expired', 'spent', 'failed'] as const;
export type ArchiveStatus = (typeof archiveStatuses)[number];

export const dataArchives = sqliteTable(
  'data_archives',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: archiveStatuses }).notNull().default('pending'),
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
    /** When a job run took it; a claim older than the build's limit may be taken again (a run that died). */
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    /** Builds started (a failing build is tried three times). */
    buildRuns: integer('build_runs').notNull().default(0),
    readyAt: integer('ready_at', { mode: 'timestamp_ms' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** The ZIP in the FILES bucket; null once deleted. */
    objectKey: text('object_key'),
    sizeBytes: integer('size_bytes'),
    /** Password attempts at the download, taken before each check (at most ARCHIVE_MAX_ATTEMPTS). */
    attempts: integer('attempts').notNull().default(0),
    downloadedAt: integer('downloaded_at', { mode: 'timestamp_ms' }),
    /** What the build counted and measured (rows per file, PDFs, milliseconds, peak buffered bytes). */
    stats: text('stats', { mode: 'json' }).$type<Record<string, unknown>>(),
    error: text('error'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('data_archives_one_live').on(t.userId).where(sql`status IN ('pending', 'building', 'ready')`),
    index('data_archives_user_idx').on(t.userId, t.requestedAt),
    index('data_archives_status_idx').on(t.status, t.expiresAt),
  ],
);
