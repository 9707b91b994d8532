// The notification centre (issue #24 §1, decision 073): a customer's notices are their personal ones
// and the global ones running now, newest first, 20 a page. A personal notice keeps its own read and
// deleted state; a global one keeps each reader's in notification_reads (a row only once read or
// deleted). Every change is one D1 batch: a failure changes nothing and answers 38001, and a deletion
// reaches the user's other tabs (NotificationWasDeleted, 'all' for everything).
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { ErrorCode } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import type { Language } from '../../../i18n/config';
import type { ServiceDeps } from '../deps';
import { createLiveService, requestReads } from '../platform';
import { createNotifier, notificationText, type NotificationType } from './notify';

export const NOTIFICATIONS_PER_PAGE = 20;

export type NotificationTone = 'alert' | 'warning' | 'success' | 'info';

export type NotificationItem = {
  id: number;
  type: NotificationType;
  tone: NotificationTone;
  text: string;
  body: string | null;
  link: string | null;
  global: boolean;
  read: boolean;
  createdAt: number;
};

export type GlobalNoticeInput = {
  type: NotificationType;
  tone: NotificationTone;
  displayOnScreen: boolean;
  /** A staff notice's own words … */
  title?: string | null;
  body?: string | null;
  /** … or an i18n key of the 'notifications' namespace with its parameters (a promotion's OFFER). */
  messageKey?: string | null;
  params?: Record<string, string | number>;
  link?: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  dedupeKey: string;
};

type Outcome = { ok: true } | { ok: false; code: number; status: number };
const FAILED: Outcome = { ok: false, code: ErrorCode.NOTIFICATION_DELETE_FAILED, status: 500 };
const NOT_FOUND: Outcome = { ok: false, code: ErrorCode.NOTIFICATION_DELETE_FAILED, status: 404 };

/** A global notice running at ?2 (the clock, in ms). `n` is the notifications row. */
const RUNNING = 'n.user_id IS NULL AND (n.starts_at IS NULL OR n.starts_at <= ?2) AND (n.ends_at IS NULL OR n.ends_at > ?2)';
/** What reader ?1 sees at ?2: their own notices not deleted, and the running globals they did not delete. */
const VISIBLE = `((n.user_id = ?1 AND n.deleted_at IS NULL) OR (${RUNNING} AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = ?1 AND r.notification_id = n.id AND r.deleted_at IS NOT NULL)))`;

/**
 * The bell's count as one statement (decision 073): unread personal notices through
 * (user_id, read_at) — a deleted notice is also read — and running globals without a state row of
 * the reader. The session check of a page view puts it in its own D1 batch (decision 067).
 */
export function unreadCountQuery(db: Db, userId: number, now: Date) {
  const at = now.getTime();
  // A select over the user's own row (not db.get of raw SQL): drizzle's D1 batch takes only builders.
  return db
    .select({
      unread: sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${userId} AND read_at IS NULL)
        + (SELECT count(*) FROM notifications n WHERE n.user_id IS NULL AND (n.starts_at IS NULL OR n.starts_at <= ${at}) AND (n.ends_at IS NULL OR n.ends_at > ${at})
            AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = ${userId} AND r.notification_id = n.id))`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
}

type Row = {
  id: number;
  user_id: number | null;
  type: NotificationType;
  tone: NotificationTone;
  message_key: string | null;
  params: string;
  title: string | null;
  body: string | null;
  link: string | null;
  created_at: number;
  is_read: number;
};

export function createNotificationCentre(deps: Pick<ServiceDeps, 'db' | 'env' | 'now'>) {
  const { db, env, now } = deps;
  const at = now.getTime();
  const live = createLiveService(env);

  async function tellTabs(userId: number, notificationId: number | 'all', uniqueId: string | null) {
    // The change is kept; a tab that misses the event finds it gone at its next page.
    await live.toUser(`u-${userId}`, { channel: 'notifications', event: 'NotificationWasDeleted', unique_id: uniqueId, data: { notification_id: notificationId } }).catch(() => undefined);
  }

  async function run(statements: Raw[]) {
    try {
      return await rawBatch(db, statements);
    } catch (e) {
      console.error('notification change failed', e);
      return null;
    }
  }

  /** A personal notice's change (?1 user, ?2 clock, ?3 id) and the global one's, in one batch. */
  const personalAndGlobal = (userId: number, id: number, personal: string, global: string): Raw[] => [
    { sql: personal, params: [userId, at, id] },
    { sql: global, params: [userId, at, id] },
  ];

  return {
    /** The bell's count; a page view's session check already read it (requestReads), else one query. */
    async unreadCount(userId: number): Promise<number> {
      const known = requestReads(deps).unreadNotifications.get(userId);
      if (known !== undefined) return known;
      const [row] = await unreadCountQuery(db, userId, now);
      return row?.unread ?? 0;
    },

    /** One page of the reader's notices, newest first, of one type or all. */
    async list(userId: number, lang: Language, options: { page?: number; type?: NotificationType | null } = {}) {
      const typeFilter = options.type ? ' AND n.type = ?3' : '';
      const params = options.type ? [userId, at, options.type] : [userId, at];
      const d1 = db.$client;
      const [countRes] = await d1.batch([d1.prepare(`SELECT count(*) AS total FROM notifications n WHERE ${VISIBLE}${typeFilter}`).bind(...params)]);
      const total = Number((countRes!.results[0] as { total: number } | undefined)?.total ?? 0);
      const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
      const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
      const { results } = await d1
        .prepare(
          `SELECT n.id, n.user_id, n.type, n.tone, n.message_key, n.params, n.title, n.body, n.link, n.created_at,
             CASE WHEN n.user_id IS NULL THEN EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = ?1 AND r.notification_id = n.id) ELSE n.read_at IS NOT NULL END AS is_read
           FROM notifications n WHERE ${VISIBLE}${typeFilter}
           ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTIFICATIONS_PER_PAGE} OFFSET ${(page - 1) * NOTIFICATIONS_PER_PAGE}`,
        )
        .bind(...params)
        .all<Row>();
      const items: NotificationItem[] = results.map((r) => ({
        id: r.id,
        type: r.type,
        tone: r.tone,
        text: notificationText(lang, { messageKey: r.message_key, params: JSON.parse(r.params || '{}') as Record<string, string | number>, title: r.title }),
        body: r.body,
        link: r.link,
        global: r.user_id === null,
        read: r.is_read === 1,
        createdAt: r.created_at,
      }));
      return { items, total, page, pages };
    },

    /** Marks one notice read (the reader's own, or a running global for this reader). */
    async markRead(userId: number, id: number): Promise<Outcome> {
      const done = await run(
        personalAndGlobal(
          userId,
          id,
          'UPDATE notifications SET read_at = ?2 WHERE id = ?3 AND user_id = ?1 AND read_at IS NULL',
          `INSERT INTO notification_reads (user_id, notification_id, read_at) SELECT ?1, n.id, ?2 FROM notifications n WHERE n.id = ?3 AND ${RUNNING} ON CONFLICT DO NOTHING`,
        ),
      );
      return done ? { ok: true } : FAILED;
    },

    /** Marks every visible notice read. */
    async markAllRead(userId: number): Promise<Outcome> {
      const done = await run([
        { sql: 'UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL', params: [userId, at] },
        { sql: `INSERT INTO notification_reads (user_id, notification_id, read_at) SELECT ?1, n.id, ?2 FROM notifications n WHERE ${RUNNING} ON CONFLICT DO NOTHING`, params: [userId, at] },
      ]);
      return done ? { ok: true } : FAILED;
    },

    /**
     * Deletes one notice for this reader (a personal one is kept as deleted so its event is never
     * raised again). One already deleted is a success; another's, or none, is 38001.
     */
    async remove(userId: number, id: number, uniqueId: string | null = null): Promise<Outcome> {
      const done = await run([
        ...personalAndGlobal(
          userId,
          id,
          'UPDATE notifications SET deleted_at = ?2, read_at = coalesce(read_at, ?2) WHERE id = ?3 AND user_id = ?1 AND deleted_at IS NULL',
          `INSERT INTO notification_reads (user_id, notification_id, read_at, deleted_at) SELECT ?1, n.id, ?2, ?2 FROM notifications n WHERE n.id = ?3 AND n.user_id IS NULL
             ON CONFLICT (user_id, notification_id) DO UPDATE SET deleted_at = excluded.deleted_at WHERE notification_reads.deleted_at IS NULL`,
        ),
        // Whether it is this reader's to delete at all (and so gone now).
        { sql: 'SELECT 1 AS found FROM notifications n WHERE n.id = ?2 AND (n.user_id = ?1 OR n.user_id IS NULL)', params: [userId, id] },
      ]);
      if (!done) return FAILED;
      if (done[2]!.results.length === 0) return NOT_FOUND;
      const changed = (done[0]!.meta.changes ?? 0) + (done[1]!.meta.changes ?? 0);
      if (changed > 0) await tellTabs(userId, id, uniqueId);
      return { ok: true };
    },

    /** 'Delete all' (spec §4): every notice the reader sees goes, and the counter with them. */
    async removeAll(userId: number, uniqueId: string | null = null): Promise<Outcome> {
      const done = await run([
        { sql: 'UPDATE notifications SET deleted_at = ?2, read_at = coalesce(read_at, ?2) WHERE user_id = ?1 AND deleted_at IS NULL', params: [userId, at] },
        {
          sql: `INSERT INTO notification_reads (user_id, notification_id, read_at, deleted_at) SELECT ?1, n.id, ?2, ?2 FROM notifications n WHERE ${RUNNING}
                ON CONFLICT (user_id, notification_id) DO UPDATE SET deleted_at = excluded.deleted_at WHERE notification_reads.deleted_at IS NULL`,
          params: [userId, at],
        },
      ]);
      if (!done) return FAILED;
      await tellTabs(userId, 'all', uniqueId);
      return { ok: true };
    },

    /**
     * A global notice, once per dedupe key (a staff notice, a promotion's OFFER); with `audit` its
     * audit row goes in the same batch. Every open page hears of it when it runs already.
     */
    async createGlobal(input: GlobalNoticeInput, audit?: { actorUserId: number; ip: string | null }): Promise<number | null> {
      const statements: Raw[] = [
        {
          sql: `INSERT INTO notifications (user_id, type, tone, message_key, params, title, body, link, display_on_screen, dedupe_key, starts_at, ends_at, created_by, created_at)
                VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
          params: [
            input.type,
            input.tone,
            input.messageKey ?? null,
            JSON.stringify(input.params ?? {}),
            input.title ?? null,
            input.body ?? null,
            input.link ?? null,
            input.displayOnScreen ? 1 : 0,
            input.dedupeKey,
            input.startsAt?.getTime() ?? null,
            input.endsAt?.getTime() ?? null,
            audit?.actorUserId ?? null,
            at,
          ],
        },
      ];
      if (audit) {
        statements.push(
          auditStatement(
            {
              actorUserId: audit.actorUserId,
              action: 'notification.global_sent',
              targetType: 'notification',
              targetId: input.dedupeKey,
              detail: { title: input.title, tone: input.tone, display_on_screen: input.displayOnScreen, starts_at: input.startsAt?.toISOString() ?? null, ends_at: input.endsAt?.toISOString() ?? null },
              ip: audit.ip,
              at: now,
            },
            { sql: 'changes() > 0', params: [] },
          ),
        );
      }
      const [inserted] = await rawBatch(db, statements);
      const id = (inserted!.results[0] as { id: number } | undefined)?.id ?? null;
      const running = (!input.startsAt || input.startsAt.getTime() <= at) && (!input.endsAt || input.endsAt.getTime() > at);
      if (id !== null && running) {
        // The event carries the Greek text (the default language); an English page shows its own on reload.
        const display = notificationText('el', { messageKey: input.messageKey ?? null, params: input.params ?? {}, title: input.title ?? null });
        await live
          .toEveryone({
            channel: 'global-notifications',
            event: 'GlobalNotificationWasCreated',
            unique_id: null,
            data: { notification_id: id, display_on_screen: input.displayOnScreen, notification: { display, type: input.type, tone: input.tone } },
          })
          .catch(() => undefined);
      }
      return id;
    },

    /** Development and tests only (/api/dev/notification): a personal notice for an address, by key. */
    async raiseForEmail(email: string, name: string, displayOnScreen: boolean): Promise<number | null> {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      if (!u) return null;
      return createNotifier(deps).notify({ userId: u.id, type: 3, messageKey: 'domains.transfer_completed', params: { name }, link: '/account/transfers', tone: 'success', displayOnScreen, dedupeKey: `dev:${crypto.randomUUID()}` });
    },

    /** Ends a global notice now (a promotion that ended), by its dedupe key. */
    async endGlobal(dedupeKey: string): Promise<void> {
      await rawBatch(db, [{ sql: 'UPDATE notifications SET ends_at = ?1 WHERE dedupe_key = ?2 AND user_id IS NULL AND (ends_at IS NULL OR ends_at > ?1)', params: [at, dedupeKey] }]);
    },

    /** The global notices sent so far, newest first (the staff page). */
    async globals(limit = 50) {
      const { results } = await db.$client
        .prepare(
          `SELECT n.id, n.type, n.tone, n.title, n.body, n.message_key, n.params, n.display_on_screen, n.starts_at, n.ends_at, n.created_at, u.email AS created_by
           FROM notifications n LEFT JOIN users u ON u.id = n.created_by WHERE n.user_id IS NULL ORDER BY n.id DESC LIMIT ?`,
        )
        .bind(limit)
        .all<{ id: number; type: NotificationType; tone: NotificationTone; title: string | null; body: string | null; message_key: string | null; params: string; display_on_screen: number; starts_at: number | null; ends_at: number | null; created_at: number; created_by: string | null }>();
      return results.map((r) => ({
        id: r.id,
        type: r.type,
        tone: r.tone,
        text: notificationText('el', { messageKey: r.message_key, params: JSON.parse(r.params || '{}') as Record<string, string | number>, title: r.title }),
        body: r.body,
        displayOnScreen: r.display_on_screen === 1,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        createdAt: r.created_at,
        createdBy: r.created_by,
      }));
    },
  };
}

export type NotificationCentre = ReturnType<typeof createNotificationCentre>;
