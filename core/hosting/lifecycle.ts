// What the daily hosting cron does to a service (issue #23 §1 "renewal and suspension by cron"). Pure:
// the service's status, paid period and whether its renewal for that period is paid, at an instant.
// - RENEWAL_NOTICE_DAYS before the period ends a renewal document is issued (one per service and period).
// - Unpaid SUSPEND_AFTER_DAYS after the end: suspended at the panel ('unpaid').
// - Unpaid TERMINATE_AFTER_DAYS after the end: deleted at the panel.
// - A service cancelled at its period's end gets no renewal document and is deleted at the end itself.
// The renewal order stays payable until the deletion (orders' own two-week expiry skips it), so a
// customer who pays late is unsuspended instead of having to buy again.
import type { HostingKind } from './kinds';

export const RENEWAL_NOTICE_DAYS = 14;
export const SUSPEND_AFTER_DAYS = 7;
export const TERMINATE_AFTER_DAYS = 30;
/** The suspension reason the cron gives (and the only one a payment lifts: staff suspensions stay). */
export const UNPAID_REASON = 'unpaid';

const DAY_MS = 24 * 60 * 60_000;

export type LifecycleService = {
  status: 'provisioning' | 'active' | 'suspended' | 'terminated';
  kind: HostingKind;
  expiresAt: number;
  cancelAtPeriodEnd: boolean;
  suspendReason: string | null;
};

export type LifecycleStep = 'issue_renewal' | 'suspend' | 'terminate';

/** The renewal document's idempotency key: one per service and paid period (its end, in ms). */
export function renewalKey(serviceId: number, periodEndMs: number): string {
  return `${RENEWAL_KEY_PREFIX}${serviceId}:${periodEndMs}`;
}
export const RENEWAL_KEY_PREFIX = 'hosting-renewal:';

export function isRenewalKey(key: string): boolean {
  return key.startsWith(RENEWAL_KEY_PREFIX);
}

/** From when the renewal document of a period ending at `expiresAtMs` is issued. */
export function renewalIssueFrom(expiresAtMs: number): number {
  return expiresAtMs - RENEWAL_NOTICE_DAYS * DAY_MS;
}

/**
 * The steps due now, in the order to take them (at most: issue, then suspend; or terminate alone).
 * `renewalPaid`: the renewal order of this period is paid (its fulfilment may still be on its way:
 * never suspend or delete a service its customer has paid for).
 */
export function dueSteps(s: LifecycleService, nowMs: number, renewalPaid: boolean): LifecycleStep[] {
  if (s.status === 'terminated' || s.status === 'provisioning') return [];
  // Free hosting lives with its domain, not a paid period (its own cron deletes it).
  if (s.kind === 'free') return [];
  if (s.cancelAtPeriodEnd) return nowMs >= s.expiresAt ? ['terminate'] : [];
  if (renewalPaid) return [];
  if (nowMs >= s.expiresAt + TERMINATE_AFTER_DAYS * DAY_MS) return ['terminate'];
  const steps: LifecycleStep[] = [];
  if (nowMs >= renewalIssueFrom(s.expiresAt)) steps.push('issue_renewal');
  if (s.status === 'active' && nowMs >= s.expiresAt + SUSPEND_AFTER_DAYS * DAY_MS) steps.push('suspend');
  return steps;
}

/** A paid renewal lifts the cron's own suspension, never one staff made for a reason of their own. */
export function unsuspendOnPayment(s: Pick<LifecycleService, 'status' | 'suspendReason'>): boolean {
  return s.status === 'suspended' && s.suspendReason === UNPAID_REASON;
}

/**
 * The renewal's price for `months`: the plan's price for that length (no promotion, no setup fee: it
 * is not a new sale) plus the monthly price of the options chosen. A length the plan no longer sells
 * is priced at the plan's monthly fee. Never negative.
 */
export function renewalPriceCents(input: { lengthPriceCents: number | null; monthlyFeeCents: number; optionsMonthlyCents: number; months: number }): number {
  const months = Math.max(0, Math.trunc(input.months));
  const base = input.lengthPriceCents ?? input.monthlyFeeCents * months;
  return Math.max(0, base) + Math.max(0, input.optionsMonthlyCents) * months;
}

/** The earliest instant at which the cron's next step is due (for the back office's "renewal" column). */
export function suspendAt(expiresAtMs: number): number {
  return expiresAtMs + SUSPEND_AFTER_DAYS * DAY_MS;
}
export function terminateAt(expiresAtMs: number): number {
  return expiresAtMs + TERMINATE_AFTER_DAYS * DAY_MS;
}
