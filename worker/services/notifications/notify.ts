// Raising a personal notification (issue #24 §1): the one call every source makes (expiry reminders,
// documents, payments, refunds, transfers, hosting). Each event is raised once: the insert does
// nothing when its dedupe key exists, so a cron re-run or a retried webhook neither adds a second
// notice nor sends a second live event. Only a notice that was really added reaches the user's tabs.
import { eq } from 'drizzle-orm';
import { notifications, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import type { ServiceDeps } from '../deps';
import { createLiveService } from '../platform';

export type NotificationType = 1 | 2 | 3;
export const NotificationType = { DOMAIN_EXPIRATION: 1, OFFER: 2, SYSTEM: 3 } as const;

export type NotifyInput = {
  userId: number;
  type: NotificationType;
  /** A key of the 'notifications' namespace; its text is drawn in the reader's language. */
  messageKey: string;
  params?: Record<string, string | number>;
  /** A same-site path to what the notice is about. */
  link?: string | null;
  tone?: 'alert' | 'warning' | 'success' | 'info';
  displayOnScreen?: boolean;
  /** Unique per event, e.g. `doc-due:${documentId}`: a second raise of the same event is a no-op. */
  dedupeKey: string;
};

/** The notice's text in a language: its literal title (staff) or its key drawn with its parameters. */
export function notificationText(lang: Language, row: { messageKey: string | null; params: Record<string, string | number>; title: string | null }): string {
  if (row.title) return row.title;
  if (!row.messageKey) return '';
  return getServerT(lang)(`notifications:${row.messageKey}`, row.params) as string;
}

export function createNotifier(deps: Pick<ServiceDeps, 'db' | 'env' | 'now'>) {
  const { db, env, now } = deps;
  return {
    /** The new notice's id, or null when this event was raised before. */
    async notify(input: NotifyInput): Promise<number | null> {
      const [row] = await db
        .insert(notifications)
        .values({
          userId: input.userId,
          type: input.type,
          tone: input.tone ?? 'info',
          messageKey: input.messageKey,
          params: input.params ?? {},
          link: input.link ?? null,
          displayOnScreen: input.displayOnScreen ?? false,
          dedupeKey: input.dedupeKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning({ id: notifications.id });
      if (!row) return null;
      const [u] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, input.userId));
      const lang: Language = u?.locale === 'en' ? 'en' : 'el';
      // A tab that misses the event still finds the notice in the list and the bell's count.
      await createLiveService(env)
        .toUser(`u-${input.userId}`, {
          channel: 'notifications',
          event: 'PersonalNotificationWasCreated',
          unique_id: null,
          data: {
            notification_id: row.id,
            display_on_screen: input.displayOnScreen ?? false,
            notification: { display: notificationText(lang, { messageKey: input.messageKey, params: input.params ?? {}, title: null }), type: input.type, tone: input.tone ?? 'info' },
          },
        })
        .catch(() => undefined);
      return row.id;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
