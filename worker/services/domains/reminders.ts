// Expiry reminders at 30, 7 and 1 days (issue #12 §6, decision 036), kept in `domain_reminders` for
// the notification centre of a later issue. The rule of which step is due is core/domains/reminders.ts;
// here: one row per (domain, expiry, step), raised by an insert that does nothing on conflict (so two
// overlapping runs raise it once), then its e-mail, claimed by a conditional update so only one run
// sends it. A renewal moves the expiry, and the steps start again for the new date.
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { daysLeft, dueReminderStep, REMINDED_STATUSES, REMINDER_WINDOW_MS } from '../../../core/domains/reminders';
import { configOf } from '../../config';
import { domainReminders, domains, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import type { ServiceDeps } from '../deps';

/** How many names one run looks at; the rest wait for the next run (the catch-up rule keeps them right). */
export const REMINDERS_PER_RUN = 1000;
const FALLBACK_ORIGIN = 'http://localhost:8787';

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

export function createReminderService(deps: ServiceDeps) {
  const { db, env, now } = deps;

  function originOf(): string {
    try {
      return configOf(env).publicOrigin ?? FALLBACK_ORIGIN;
    } catch {
      return FALLBACK_ORIGIN;
    }
  }

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
    const t = getServerT(lang);
    const date = claimed.expiresAt.toLocaleDateString(lang === 'en' ? 'en-GB' : 'el-GR', { dateStyle: 'long', timeZone: 'Europe/Athens' });
    const link = `${originOf()}/account/domains/${row.asciiFqdn}`;
    // The days as the customer counts them today (a caught-up 1-day step may fall on the day itself).
    const count = daysLeft(claimed.expiresAt, now);
    const lines = [
      t('portal:reminder_mail.body', { name: row.fqdn, date, count }),
      row.autoRenew ? t('portal:reminder_mail.auto_renew_on') : t('portal:reminder_mail.auto_renew_off'),
      '',
      `${t('portal:reminder_mail.renew')} ${link}`,
    ];
    try {
      await deps.adapters.mail.send({
        to: row.email,
        subject: t('portal:reminder_mail.subject', { name: row.fqdn, count }),
        text: lines.join('\n'),
        tag: `domain_reminder:${claimed.daysBefore}`,
        meta: { domain_id: claimed.domainId, days_before: claimed.daysBefore, expires_at: claimed.expiresAt.toISOString() },
      });
      return true;
    } catch (e) {
      // Give the claim back: the next run tries the e-mail again (the row itself stays raised).
      await db.update(domainReminders).set({ emailedAt: null }).where(eq(domainReminders.id, claimed.id));
      console.warn('reminder mail failed', claimed.id, e);
      return false;
    }
  }

  return {
    /** The cron's work: raise every due step, then e-mail every raised step not yet e-mailed. */
    async run(): Promise<{ raised: number; emailed: number }> {
      // The names in the window, and the steps already raised for their current expiry (a join, not a
      // list of ids: D1 binds at most 100 parameters per statement).
      const inWindow = and(inArray(domains.status, [...REMINDED_STATUSES]), gt(domains.expiresAt, now), lte(domains.expiresAt, new Date(now.getTime() + REMINDER_WINDOW_MS)));
      const [candidates, sentRows] = await Promise.all([
        db
          .select({ id: domains.id, userId: domains.userId, status: domains.status, expiresAt: domains.expiresAt })
          .from(domains)
          .where(inWindow)
          .orderBy(asc(domains.expiresAt))
          .limit(REMINDERS_PER_RUN),
        db
          .select({ domainId: domainReminders.domainId, daysBefore: domainReminders.daysBefore })
          .from(domainReminders)
          .innerJoin(domains, and(eq(domains.id, domainReminders.domainId), eq(domains.expiresAt, domainReminders.expiresAt)))
          .where(inWindow),
      ]);
      let raised = 0;
      for (const d of candidates) {
        const sent = sentRows.filter((s) => s.domainId === d.id).map((s) => s.daysBefore);
        const step = dueReminderStep({ expiresAt: d.expiresAt, now, status: d.status, sent });
        if (step === null) continue;
        const inserted = await db
          .insert(domainReminders)
          .values({ userId: d.userId, domainId: d.id, daysBefore: step, expiresAt: d.expiresAt, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: domainReminders.id });
        raised += inserted.length;
      }
      // E-mail what is raised and not yet sent (this run's, and any whose e-mail failed before), only the
      // freshest step of each expiry and only while the name is still held and that expiry still stands.
      const pending = await db
        .select({ id: domainReminders.id, domainId: domainReminders.domainId, expiresAt: domainReminders.expiresAt, daysBefore: domainReminders.daysBefore })
        .from(domainReminders)
        .innerJoin(domains, and(eq(domains.id, domainReminders.domainId), eq(domains.userId, domainReminders.userId), eq(domains.expiresAt, domainReminders.expiresAt)))
        .where(and(isNull(domainReminders.emailedAt), inArray(domains.status, [...REMINDED_STATUSES]), gt(domains.expiresAt, now)))
        .orderBy(asc(domainReminders.daysBefore))
        .limit(REMINDERS_PER_RUN);
      const seen = new Set<string>();
      let emailed = 0;
      for (const p of pending) {
        const key = `${p.domainId}:${p.expiresAt.getTime()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (await mail(p.id)) emailed++;
      }
      return { raised, emailed };
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
