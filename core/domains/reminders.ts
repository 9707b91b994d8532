// Expiry reminders (issue #12 §6, decision 036): which step of 30, 7 and 1 days before a domain's
// expiry is due now. Days are counted on the calendar in Athens, so "in 7 days" in the e-mail is the
// date the customer sees, whatever hour the cron runs. A missed run (or a name bought 10 days before its
// expiry) catches up with only the latest due step: never two or three e-mails at once.

/** 0: the day of expiry itself (issue #24 §1: "30/7/1 days and on expiry"). */
export const REMINDER_STEPS = [30, 7, 1, 0] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** Names the customer still holds and can renew; pending, transfer-pending, redemption and cancelled names get none. */
export const REMINDED_STATUSES = ['active'] as const;

const DAY_MS = 86_400_000;
const athensDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Midnight UTC of the calendar day an instant falls on in Athens: whole-day arithmetic without DST drift. */
function athensDay(at: Date): number {
  const [y, m, d] = athensDate.format(at).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** Calendar days from `now` to `expiresAt` in Athens (0: it expires today). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.round((athensDay(expiresAt) - athensDay(now)) / DAY_MS);
}

/**
 * The step to send now, or null. `sent` are the steps already recorded for this very expiry: a step at
 * or after the due one (fewer days before) means the customer already has a fresher reminder.
 */
export function dueReminderStep(input: { expiresAt: Date; now: Date; status: string; sent: readonly number[] }): ReminderStep | null {
  if (!(REMINDED_STATUSES as readonly string[]).includes(input.status)) return null;
  if (input.expiresAt.getTime() <= input.now.getTime()) return null;
  const left = daysLeft(input.expiresAt, input.now);
  // The latest due step is the smallest one not yet passed: with 5 days left that is 7, not 30.
  const due = [...REMINDER_STEPS].sort((a, b) => a - b).find((step) => left <= step);
  if (due === undefined) return null;
  if (input.sent.some((s) => s <= due)) return null;
  return due;
}

/** The widest step: the cron looks only at names expiring within it (plus a day for the time zones). */
export const REMINDER_WINDOW_MS = (Math.max(...REMINDER_STEPS) + 1) * DAY_MS;
