// The personal-data archive (issue #24 §3; spec §4 GDPR archive; decision 076): request (43000) →
// pending creation (43001) → a job builds the ZIP into R2 → ArchiveReady to every open tab and an
// e-mail → download after entering the password again (a wrong one: 43002), for seven days.
// One archive at a time per customer (a partial unique index; a second request finds the first).
// Every state change is one conditional statement: the job claims a request once however many runs
// race, and each password attempt is taken before the password is checked.
import { and, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { dataArchives, users, type ArchiveStatus } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { verifyPassword } from '../../security/password-hash';
import { PASSWORD_THROTTLE } from '../../../core/login-throttle';
import { createLoginThrottle, passwordThrottleKey, userRoom } from '../accounts';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { contentDisposition } from '../documents';
import { createLiveService } from '../platform';
import { createArchiveContents } from './contents';
import { createZipSink } from './zip-sink';

export const ARCHIVE_TTL_MS = 7 * 86_400_000;
/** Password attempts per archive; the last wrong one spends the archive (a new request is needed). */
export const ARCHIVE_MAX_ATTEMPTS = 5;
/** A claim older than this belongs to a run that died (Workers end a cron run long before). */
export const ARCHIVE_CLAIM_STALE_MS = 15 * 60_000;
const MAX_BUILD_RUNS = 3;
/** Requests built per job run: the 2,000-name account takes a few seconds; keep a run well inside its limits. */
const BUILDS_PER_RUN = 3;

export type ArchiveRow = typeof dataArchives.$inferSelect;
export type ArchiveView = { id: number; status: ArchiveStatus; requestedAt: number; readyAt: number | null; expiresAt: number | null; sizeBytes: number | null; attemptsLeft: number };
export type ArchiveFailure = { ok: false; code: number; status: number; reason: 'wrong_password' | 'spent' | 'none' | 'throttled'; attemptsLeft?: number; retryAfter?: number };

type Options = {
  /** The password check; tests wrap it to count how many attempts reached it. */
  verify?: typeof verifyPassword;
  /** Where ArchiveReady goes; tests record it. */
  publish?: (userId: number, archiveId: number) => Promise<unknown>;
};

export function createArchiveService(deps: ServiceDeps, options: Options = {}) {
  const { db, env, now } = deps;
  const verify = options.verify ?? verifyPassword;
  const throttle = createLoginThrottle(db, now, PASSWORD_THROTTLE);
  const publish =
    options.publish ??
    ((userId: number, archiveId: number) =>
      createLiveService(env).toUser(userRoom(userId), { channel: 'account', event: 'ArchiveReady', unique_id: null, data: { archive_id: archiveId } }));

  const view = (r: ArchiveRow): ArchiveView => ({
    id: r.id,
    // A ready archive past its seven days is gone for the customer even before the job deletes it.
    status: r.status === 'ready' && r.expiresAt && r.expiresAt.getTime() <= now.getTime() ? 'expired' : r.status,
    requestedAt: r.requestedAt.getTime(),
    readyAt: r.readyAt?.getTime() ?? null,
    expiresAt: r.expiresAt?.getTime() ?? null,
    sizeBytes: r.sizeBytes,
    attemptsLeft: Math.max(0, ARCHIVE_MAX_ATTEMPTS - r.attempts),
  });

  async function latest(userId: number): Promise<ArchiveRow | null> {
    const [row] = await db.select().from(dataArchives).where(eq(dataArchives.userId, userId)).orderBy(desc(dataArchives.id)).limit(1);
    return row ?? null;
  }

  /** Tells the customer: every open tab (ArchiveReady) and an e-mail in their language. */
  async function announce(row: ArchiveRow): Promise<void> {
    const [u] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, row.userId));
    await publish(row.userId, row.id).catch((e) => console.error('archive: ArchiveReady not published', e));
    if (!u) return;
    // Once per archive (a second run that finds it ready queues nothing).
    await createMailService(deps).send({
      template: 'archive_ready',
      params: { expiresAt: row.expiresAt ?? new Date(now.getTime() + ARCHIVE_TTL_MS), days: ARCHIVE_TTL_MS / 86_400_000 },
      to: u.email,
      lang: (u.locale === 'en' ? 'en' : 'el') as Language,
      userId: row.userId,
      dedupeKey: `archive-ready:${row.id}`,
      tag: 'archive_ready',
    });
  }

  /** Builds one claimed archive into R2 and marks it ready; false if the claim was lost meanwhile. */
  async function build(row: ArchiveRow): Promise<boolean> {
    const key = `archives/${row.userId}/${row.id}-${crypto.randomUUID()}.zip`;
    const zip = createZipSink(env.FILES, key, { mtime: now });
    const started = Date.now();
    try {
      const counts = await createArchiveContents(deps).write(zip, row.userId);
      // The build's own figures so far (the bench reads them): time, and the most bytes it held at once.
      const manifest = { archive: row.id, createdAt: now.toISOString(), files: zip.stats.files + 1, rows: counts, build: { ms: Date.now() - started, bytesBeforeManifest: zip.stats.bytes, peakBufferedBytes: zip.stats.peakBufferedBytes } };
      await zip.text('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
      const size = await zip.finish();
      const stats = { ...counts, files: zip.stats.files, bytes: size, parts: zip.stats.parts, peakBufferedBytes: zip.stats.peakBufferedBytes, buildMs: Date.now() - started };
      const [ready] = await db
        .update(dataArchives)
        .set({ status: 'ready', readyAt: now, expiresAt: new Date(now.getTime() + ARCHIVE_TTL_MS), objectKey: key, sizeBytes: size, stats, error: null, attempts: 0, updatedAt: now })
        .where(and(eq(dataArchives.id, row.id), eq(dataArchives.status, 'building'), eq(dataArchives.buildRuns, row.buildRuns)))
        .returning();
      if (!ready) {
        // Another run took the request over (ours looked dead): its archive stands, ours goes.
        await env.FILES.delete(key);
        return false;
      }
      await announce(ready);
      return true;
    } catch (error) {
      await zip.abort();
      await env.FILES.delete(key).catch(() => undefined);
      const failed = row.buildRuns >= MAX_BUILD_RUNS;
      await db
        .update(dataArchives)
        .set({ status: failed ? 'failed' : 'pending', error: String(error).slice(0, 500), updatedAt: now })
        .where(and(eq(dataArchives.id, row.id), eq(dataArchives.status, 'building'), eq(dataArchives.buildRuns, row.buildRuns)));
      console.error('archive: build failed', row.id, error);
      return false;
    }
  }

  /** Takes a request for this run: one conditional update, so two runs never build the same one. */
  async function claim(id: number): Promise<ArchiveRow | null> {
    const [row] = await db
      .update(dataArchives)
      .set({ status: 'building', claimedAt: now, buildRuns: sql`${dataArchives.buildRuns} + 1`, updatedAt: now })
      .where(and(eq(dataArchives.id, id), or(eq(dataArchives.status, 'pending'), and(eq(dataArchives.status, 'building'), lt(dataArchives.claimedAt, new Date(now.getTime() - ARCHIVE_CLAIM_STALE_MS))))))
      .returning();
    return row ?? null;
  }

  const service = {
    /** What the privacy page shows: the newest archive of the customer (null: never asked). */
    async current(userId: number): Promise<ArchiveView | null> {
      const row = await latest(userId);
      return row ? view(row) : null;
    },

    /**
     * 43000 a new request; 43001 one is pending already; 43002 one is ready to download. An archive
     * past its days is closed first, so it never blocks a new request.
     */
    async request(userId: number): Promise<{ code: number; created: boolean; archive: ArchiveView }> {
      await db
        .update(dataArchives)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(dataArchives.userId, userId), eq(dataArchives.status, 'ready'), lte(dataArchives.expiresAt, now)));
      const [created] = await db.insert(dataArchives).values({ userId, status: 'pending', requestedAt: now, updatedAt: now }).onConflictDoNothing().returning();
      if (created) return { code: ErrorCode.CREATE_INFO_ARCHIVE_REQUEST_RECEIVED, created: true, archive: view(created) };
      const row = (await latest(userId))!;
      return { code: row.status === 'ready' ? ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD : ErrorCode.ARCHIVED_INFO_PENDING_CREATE, created: false, archive: view(row) };
    },

    /** Builds one request now if no run has it (the request's own follow-up, decision 076). */
    async buildNow(archiveId: number): Promise<boolean> {
      const row = await claim(archiveId);
      return row ? build(row) : false;
    },

    /**
     * The job (cron, every 5 minutes): deletes what expired or was spent, then builds the oldest
     * pending requests, each claimed first.
     */
    async run(): Promise<{ deleted: number; built: number; lost: number }> {
      const deleted = await service.deleteExpired();
      const due = await db
        .select({ id: dataArchives.id })
        .from(dataArchives)
        .where(or(eq(dataArchives.status, 'pending'), and(eq(dataArchives.status, 'building'), lt(dataArchives.claimedAt, new Date(now.getTime() - ARCHIVE_CLAIM_STALE_MS)))))
        .orderBy(dataArchives.id)
        .limit(BUILDS_PER_RUN);
      let built = 0;
      let lost = 0;
      for (const { id } of due) {
        const row = await claim(id);
        if (!row) {
          lost++;
          continue;
        }
        if (await build(row)) built++;
      }
      return { deleted, built, lost };
    },

    /**
     * Closes the account's live archive (pending, building or ready) as if its days had run out, so the
     * next request makes a new one; the job deletes its object as for any expired archive. Development's
     * reset for the browser test that must see a request through to ArchiveReady every run (the demo
     * account is shared, and one archive at a time would let a second run find the first's ready).
     */
    async expireLive(email: string): Promise<number | null> {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      if (!u) return null;
      const closed = await db
        .update(dataArchives)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(dataArchives.userId, u.id), inArray(dataArchives.status, ['pending', 'building', 'ready'])))
        .returning({ id: dataArchives.id });
      return closed.length;
    },

    /** Ready archives past their days, and spent or failed ones, leave R2; the row stays as history. */
    async deleteExpired(): Promise<number> {
      await db
        .update(dataArchives)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(dataArchives.status, 'ready'), lte(dataArchives.expiresAt, now)));
      const gone = await db
        .select({ id: dataArchives.id, objectKey: dataArchives.objectKey })
        .from(dataArchives)
        .where(and(inArray(dataArchives.status, ['expired', 'spent', 'failed']), isNotNull(dataArchives.objectKey)))
        .limit(100);
      for (const g of gone) {
        await env.FILES.delete(g.objectKey!);
        await db.update(dataArchives).set({ objectKey: null, updatedAt: now }).where(and(eq(dataArchives.id, g.id), eq(dataArchives.objectKey, g.objectKey!)));
      }
      return gone.length;
    },

    /**
     * The download: the attempt is taken before the password is checked, in one statement, so of any
     * number of parallel guesses at most ARCHIVE_MAX_ATTEMPTS are checked; the last wrong one spends
     * the archive. A right password streams the ZIP from R2.
     */
    async download(userId: number, password: string): Promise<{ ok: true; response: Response } | ArchiveFailure> {
      const [u] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!u) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION, status: 404, reason: 'none' };
      // The login's growing per-address delay (decision 022) counts these guesses too: a stolen session
      // cannot get fresh guesses by asking for archive after archive.
      const key = await passwordThrottleKey(u.email);
      const throttled = await throttle.take(key);
      if (!throttled.ok) return { ok: false, code: 429, status: 429, reason: 'throttled', retryAfter: throttled.wait };
      const [taken] = await db
        .update(dataArchives)
        .set({ attempts: sql`${dataArchives.attempts} + 1`, updatedAt: now })
        .where(and(eq(dataArchives.userId, userId), eq(dataArchives.status, 'ready'), sql`${dataArchives.expiresAt} > ${now.getTime()}`, lt(dataArchives.attempts, ARCHIVE_MAX_ATTEMPTS)))
        .returning();
      if (!taken) {
        // Nothing was checked: the delay's attempt goes back.
        await throttle.release(key);
        const row = await latest(userId);
        if (row?.status === 'ready' && view(row).status === 'ready') return { ok: false, code: ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD, status: 429, reason: 'spent', attemptsLeft: 0 };
        return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION, status: 404, reason: 'none' };
      }
      if (!password || !(await verify(password, u.passwordHash))) {
        const left = ARCHIVE_MAX_ATTEMPTS - taken.attempts;
        if (left <= 0) await db.update(dataArchives).set({ status: 'spent', updatedAt: now }).where(and(eq(dataArchives.id, taken.id), eq(dataArchives.status, 'ready')));
        return { ok: false, code: ErrorCode.ARCHIVED_INFO_PENDING_DOWNLOAD, status: left <= 0 ? 429 : 400, reason: left <= 0 ? 'spent' : 'wrong_password', attemptsLeft: left };
      }
      await throttle.clear(key);
      const object = taken.objectKey ? await env.FILES.get(taken.objectKey) : null;
      if (!object) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION, status: 404, reason: 'none' };
      // The right password gives the attempts back (like the login's per-address delay).
      await db.update(dataArchives).set({ attempts: 0, downloadedAt: now, updatedAt: now }).where(eq(dataArchives.id, taken.id));
      const date = (taken.readyAt ?? now).toISOString().slice(0, 10);
      return {
        ok: true,
        response: new Response(object.body, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Length': String(object.size),
            'Content-Disposition': contentDisposition(`registrar-data-${date}.zip`),
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        }),
      };
    },
  };
  return service;
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
