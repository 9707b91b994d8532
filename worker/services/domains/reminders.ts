// Expiry reminders at 30, 7 and 1 days (issue #12 §6, decision 036), kept in `domain_reminders` for
// the notification centre of a later issue. The rule of which step is due is core/domains/reminders.ts;
// here: one row per (domain, expiry, step), raised by an insert that does nothing on conflict (so two
// overlapping runs raise it once), then its e-mail, claimed by a conditional update so only one run
// sends it. A renewal moves the expiry, and the steps start again for the new date.
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { daysLeft, dueReminderStep, REMINDED_STATUSES, REMINDER_WINDOW_MS } from '../../../core/domains/reminders';
import { domainReminders, domains, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createNotifier, NotificationType } from '../notifications';
import { athensFormat } from '../../../core/date-format';

/** How many names one page of a run reads; a run pages through every name in its window (keyset). */
export const REMINDERS_PER_RUN = 1000;

export type ReminderView = {
  id: number;
  domainId: number;
  fqdn: string;
  asciiFqdn: string;
  daysBefore: number;
  expiresAt: number;
  createdAt: number;
  emailedAt: number | null;
  readAt: number | null;
  /** False once the name was renewed: the reminder was about an expiry that no longer stands. */
  current: boolean;
};

type Candidate = { id: number; userId: number; status: (typeof domains.$inferSelect)['status']; expiresAt: Date; fqdn: string; asciiFqdn: string };
type Pending = { id: number; domainId: number; expiresAt: Date; daysBefore: number };

const numericDate = athensFormat('el', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function createReminderService(deps: ServiceDeps) {
  const { db, now } = deps;
  const notifier = createNotifier(deps);

  async function mail(reminderId: number): Promise<boolean> {
    // Claim the row: only the run whose update matched sends the e-mail.
    const [claimed] = await db
      .update(domainReminders)
      .set({ emailedAt: now })
      .where(and(eq(domainReminders.id, reminderId), isNull(domainReminders.emailedAt)))
      .returning();
    if (!claimed) return false;
    const [row] = await db
      .select({ email: users.email, locale: users.locale, fqdn: domains.fqdn, asciiFqdn: domains.asciiFqdn, autoRenew: domains.autoRenew })
      .from(domains)
      .innerJoin(users, eq(users.id, domains.userId))
      .where(eq(domains.id, claimed.domainId));
    if (!row) return false;
    const lang: Language = row.locale === 'en' ? 'en' : 'el';
    // The days as the customer counts them today (a caught-up 1-day step may fall on the day itself).
    const count = Math.max(0, daysLeft(claimed.expiresAt, now));
    try {
      // One message per reminder row (a step of one expiry): `emailedAt` now means "queued"; a provider
      // that is down is the queue's to retry, so the claim stays.
      await createMailService(deps).send({
        template: 'domain_expiry_reminder',
        params: { fqdn: row.fqdn, asciiFqdn: row.asciiFqdn, expiresAt: claimed.expiresAt, count, autoRenew: row.autoRenew },
        to: row.email,
        lang,
        userId: claimed.userId,
        dedupeKey: `domain-reminder:${claimed.id}`,
        tag: `domain_reminder:${claimed.daysBefore}`,
      });
      return true;
    } catch (e) {
      // Not even queued (the database refused): give the claim back, the next run tries again.
      await db.update(domainReminders).set({ emailedAt: null }).where(eq(domainReminders.id, claimed.id));
      console.warn('reminder mail failed', claimed.id, e);
      return false;
    }
  }

  async function notifyExpiry(d: { id: number; userId: number; expiresAt: Date; fqdn: string; asciiFqdn: string }, step: number): Promise<boolean> {
    const count = Math.max(0, daysLeft(d.expiresAt, now));
    // The date in digits: the same in both languages (the text is drawn in the reader's at read time).
    const date = numericDate.format(d.expiresAt);
    const id = await notifier.notify({
      userId: d.userId,
      type: NotificationType.DOMAIN_EXPIRATION,
      messageKey: count === 0 ? 'domains.expires_today' : 'domains.expiring',
      params: { name: d.fqdn, count, date },
      link: `/account/domains/${d.asciiFqdn}`,
      tone: step <= 1 ? 'alert' : step <= 7 ? 'warning' : 'info',
      displayOnScreen: step <= 1,
      dedupeKey: `expiry:${step}:${d.id}:${d.expiresAt.getTime()}`,
    });
    return id !== null;
  }

  return {
    /** The cron's work: raise every due step, then e-mail every raised step not yet e-mailed. */
    async run(options: { pageSize?: number } = {}): Promise<{ raised: number; emailed: number; notified: number }> {
      const pageSize = options.pageSize ?? REMINDERS_PER_RUN;
      // The names in the window, and the steps already raised for their current expiry (a join, not a
      // list of ids: D1 binds at most 100 parameters per statement).
      const inWindow = and(inArray(domains.status, [...REMINDED_STATUSES]), gt(domains.expiresAt, now), lte(domains.expiresAt, new Date(now.getTime() + REMINDER_WINDOW_MS)));
      let raised = 0;
      let notified = 0;
      // Every name of the window, a page at a time in (expiry, id) order (issue #24 §1: no longer the
      // first 1,000 only).
      let after: { expiresAt: Date; id: number } | null = null;
      for (;;) {
        const from: { expiresAt: Date; id: number } | null = after;
        const next: SQL | undefined = from ? or(gt(domains.expiresAt, from.expiresAt), and(eq(domains.expiresAt, from.expiresAt), gt(domains.id, from.id))) : undefined;
        const candidates: Candidate[] = await db
          .select({ id: domains.id, userId: domains.userId, status: domains.status, expiresAt: domains.expiresAt, fqdn: domains.fqdn, asciiFqdn: domains.asciiFqdn })
          .from(domains)
          .where(and(inWindow, next))
          .orderBy(asc(domains.expiresAt), asc(domains.id))
          .limit(pageSize);
        if (candidates.length === 0) break;
        const first = candidates[0]!;
        const last: Candidate = candidates[candidates.length - 1]!;
        // The steps already raised for this page's names (its expiry range, joined on the current expiry).
        const sentRows = await db
          .select({ domainId: domainReminders.domainId, daysBefore: domainReminders.daysBefore })
          .from(domainReminders)
          .innerJoin(domains, and(eq(domains.id, domainReminders.domainId), eq(domains.expiresAt, domainReminders.expiresAt)))
          .where(and(inWindow, gte(domains.expiresAt, first.expiresAt), lte(domains.expiresAt, last.expiresAt)));
        const sentBy = new Map<number, number[]>();
        for (const s of sentRows) sentBy.set(s.domainId, [...(sentBy.get(s.domainId) ?? []), s.daysBefore]);
        for (const d of candidates) {
          const step = dueReminderStep({ expiresAt: d.expiresAt, now, status: d.status, sent: sentBy.get(d.id) ?? [] });
          if (step === null) continue;
          const inserted = await db
            .insert(domainReminders)
            .values({ userId: d.userId, domainId: d.id, daysBefore: step, expiresAt: d.expiresAt, createdAt: now })
            .onConflictDoNothing()
            .returning({ id: domainReminders.id });
          raised += inserted.length;
          // The notification beside the e-mail, once per (step, name, expiry) whatever the runs.
          if (await notifyExpiry(d, step)) notified++;
        }
        if (candidates.length < pageSize) break;
        after = { expiresAt: last.expiresAt, id: last.id };
      }
      // E-mail what is raised and not yet sent (this run's, and any whose e-mail failed before), only the
      // freshest step of each expiry and only while the name is still held and that expiry still stands.
      // Paged by (domain, step, id): a name's steps come freshest first, even across a page boundary.
      const seen = new Set<string>();
      let emailed = 0;
      let cursor: { domainId: number; daysBefore: number; id: number } | null = null;
      for (;;) {
        const from: { domainId: number; daysBefore: number; id: number } | null = cursor;
        const pending: Pending[] = await db
          .select({ id: domainReminders.id, domainId: domainReminders.domainId, expiresAt: domainReminders.expiresAt, daysBefore: domainReminders.daysBefore })
          .from(domainReminders)
          .innerJoin(domains, and(eq(domains.id, domainReminders.domainId), eq(domains.userId, domainReminders.userId), eq(domains.expiresAt, domainReminders.expiresAt)))
          .where(
            and(
              isNull(domainReminders.emailedAt),
              inArray(domains.status, [...REMINDED_STATUSES]),
              gt(domains.expiresAt, now),
              from ? sql`(${domainReminders.domainId}, ${domainReminders.daysBefore}, ${domainReminders.id}) > (${from.domainId}, ${from.daysBefore}, ${from.id})` : undefined,
            ),
          )
          .orderBy(asc(domainReminders.domainId), asc(domainReminders.daysBefore), asc(domainReminders.id))
          .limit(pageSize);
        for (const p of pending) {
          const key = `${p.domainId}:${p.expiresAt.getTime()}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (await mail(p.id)) emailed++;
        }
        if (pending.length < pageSize) break;
        const last: Pending = pending[pending.length - 1]!;
        cursor = { domainId: last.domainId, daysBefore: last.daysBefore, id: last.id };
      }
      return { raised, emailed, notified };
    },

    /** The customer's reminders for names they still hold, unread first, newest first within each. */
    async forUser(userId: number, options: { limit?: number } = {}): Promise<ReminderView[]> {
      const rows = await db
        .select({ r: domainReminders, fqdn: domains.fqdn, asciiFqdn: domains.asciiFqdn, currentExpiry: domains.expiresAt })
        .from(domainReminders)
        .innerJoin(domains, and(eq(domains.id, domainReminders.domainId), eq(domains.userId, userId)))
        .where(eq(domainReminders.userId, userId))
        .orderBy(sql`${domainReminders.readAt} is not null`, desc(domainReminders.createdAt), desc(domainReminders.id))
        .limit(Math.min(options.limit ?? 50, 200));
      return rows.map(({ r, fqdn, asciiFqdn, currentExpiry }) => ({
        id: r.id,
        domainId: r.domainId,
        fqdn,
        asciiFqdn,
        daysBefore: r.daysBefore,
        expiresAt: r.expiresAt.getTime(),
        createdAt: r.createdAt.getTime(),
        emailedAt: r.emailedAt?.getTime() ?? null,
        readAt: r.readAt?.getTime() ?? null,
        current: r.expiresAt.getTime() === currentExpiry.getTime(),
      }));
    },

    /** The notification centre marks a reminder read (only the customer's own). */
    async markRead(userId: number, id: number): Promise<boolean> {
      const done = await db
        .update(domainReminders)
        .set({ readAt: now })
        .where(and(eq(domainReminders.id, id), eq(domainReminders.userId, userId), isNull(domainReminders.readAt)))
        .returning({ id: domainReminders.id });
      return done.length > 0;
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
