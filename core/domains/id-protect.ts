// ID protect's paid period (issue #20 §4): when `id_protect_until` passes, the protection goes off
// (at the registry and here); some days before, the customer is reminded once per paid-until date;
// a renewal that includes ID protect pays it up to the name's new expiry.

/** Days before the paid period ends that the reminder e-mail goes out. */
export const ID_PROTECT_REMINDER_DAYS = 14;
const DAY_MS = 24 * 60 * 60_000;

export type IdProtectState = { idProtect: boolean; idProtectUntil: Date | null; idProtectRemindedFor: Date | null };

/** What the daily run owes a name today: turn it off, remind, or nothing. */
export function idProtectDue(d: IdProtectState, now: Date): 'expire' | 'remind' | null {
  if (!d.idProtect || d.idProtectUntil === null) return null;
  const until = d.idProtectUntil.getTime();
  if (until <= now.getTime()) return 'expire';
  if (until - now.getTime() > ID_PROTECT_REMINDER_DAYS * DAY_MS) return null;
  return d.idProtectRemindedFor?.getTime() === until ? null : 'remind';
}

/**
 * The paid-until date after a renewal that includes ID protect: the name's new expiry, never earlier
 * than what is already paid (a renewal never shortens a period bought on its own).
 */
export function idProtectUntilAfterRenewal(paidUntil: Date | null, renewedTo: Date): Date {
  return paidUntil !== null && paidUntil.getTime() > renewedTo.getTime() ? paidUntil : renewedTo;
}
