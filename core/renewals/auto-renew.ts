// Auto-renew that renews (issue #25 §1, decision 080). Pure rules shared by the daily run, the
// payment step and the pages: when a renewal order is made, how it will be paid, on which days a
// saved card may be charged, and what the domain or hosting page says will happen.

const DAY_MS = 24 * 60 * 60_000;

/** The account setting "renew N days before expiry": its default and bounds. */
export const RENEW_DAYS_DEFAULT = 30;
export const RENEW_DAYS_MIN = 7;
export const RENEW_DAYS_MAX = 60;

/** A stored or submitted setting brought within bounds (a bad value: the default). */
export function clampRenewDays(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return RENEW_DAYS_DEFAULT;
  return Math.min(RENEW_DAYS_MAX, Math.max(RENEW_DAYS_MIN, Math.trunc(n)));
}

export const DOMAIN_RENEWAL_KEY_PREFIX = 'domain-renewal:';
const HOSTING_RENEWAL_KEY_PREFIX = 'hosting-renewal:';

/** A domain renewal order's idempotency key: one per domain and expiry (its instant in ms). */
export function domainRenewalKey(domainId: number, expiresAtMs: number): string {
  return `${DOMAIN_RENEWAL_KEY_PREFIX}${domainId}:${expiresAtMs}`;
}

export type RenewalRef = { kind: 'domain' | 'hosting'; id: number; periodEndMs: number };

/** What a renewal order renews, read from its key (null: not a renewal order). */
export function parseRenewalKey(key: string): RenewalRef | null {
  const m = /^(domain|hosting)-renewal:(\d+):(\d+)$/.exec(key);
  if (!m) return null;
  return { kind: m[1] as RenewalRef['kind'], id: Number(m[2]), periodEndMs: Number(m[3]) };
}

export function isAnyRenewalKey(key: string): boolean {
  return key.startsWith(DOMAIN_RENEWAL_KEY_PREFIX) || key.startsWith(HOSTING_RENEWAL_KEY_PREFIX);
}

/** From when a domain's renewal order is made: `daysBefore` days before it expires. */
export function domainRenewalFrom(expiresAtMs: number, daysBefore: number): number {
  return expiresAtMs - clampRenewDays(daysBefore) * DAY_MS;
}

/** The attempt's day (UTC): one payment attempt, one charge at most, per renewal order and day. */
export function attemptDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** A saved card is charged (and retried daily) only while the period has not ended. */
export function mayCharge(nowMs: number, periodEndMs: number): boolean {
  return nowMs < periodEndMs;
}

export type RenewalMethod = 'credit' | 'card' | 'document';

/** Credit first when it covers the whole total, then the default saved card, else the document to pay. */
export function renewalMethod(input: { totalCents: number; creditCents: number; cardLabel: string | null }): RenewalMethod {
  if (input.totalCents > 0 && input.creditCents >= input.totalCents) return 'credit';
  if (input.cardLabel) return 'card';
  return 'document';
}

export type RenewalPlan =
  | { state: 'off'; expiresAt: number }
  /** Renews on `date` for `amountCents`, paid by `method` (the card's label when by card). */
  | { state: 'scheduled'; date: number; months: number; amountCents: number; method: RenewalMethod; cardLabel: string | null }
  /** The renewal order is made and waits: next try on `date` (null: no more tries, the document stays payable). */
  | { state: 'pending'; date: number | null; months: number; amountCents: number; method: RenewalMethod; cardLabel: string | null; documentId: number | null; lastDecline: { cardLabel: string | null; code: string | null } | null }
  | { state: 'paid' };

export type PlanInput = {
  autoRenew: boolean;
  expiresAtMs: number;
  /** When the renewal order is made (domain: expiry − the account's days; hosting: its own notice). */
  issueFromMs: number;
  nowMs: number;
  months: number;
  /** The renewal's total with VAT (the open order's own when there is one). */
  amountCents: number | null;
  creditCents: number;
  cardLabel: string | null;
  order: { status: 'pending' | 'paid'; totalCents: number; documentId: number | null; triedToday: boolean; lastDecline: { cardLabel: string | null; code: string | null } | null } | null;
};

/** What the domain (or hosting) page says will happen: on which date, for how much, paid how. */
export function renewalPlan(p: PlanInput): RenewalPlan | null {
  if (p.order?.status === 'paid') return { state: 'paid' };
  if (!p.autoRenew) return { state: 'off', expiresAt: p.expiresAtMs };
  if (p.order) {
    const method = renewalMethod({ totalCents: p.order.totalCents, creditCents: p.creditCents, cardLabel: p.cardLabel });
    // The run tries once a day: tomorrow's run when today's has tried already; none once the period ended.
    const next = p.order.triedToday ? startOfNextDay(p.nowMs) : p.nowMs;
    const date = method !== 'document' && mayCharge(next, p.expiresAtMs) ? next : null;
    return { state: 'pending', date, months: p.months, amountCents: p.order.totalCents, method, cardLabel: method === 'card' ? p.cardLabel : null, documentId: p.order.documentId, lastDecline: p.order.lastDecline };
  }
  if (p.amountCents === null) return null;
  const method = renewalMethod({ totalCents: p.amountCents, creditCents: p.creditCents, cardLabel: p.cardLabel });
  return { state: 'scheduled', date: Math.max(p.issueFromMs, p.nowMs), months: p.months, amountCents: p.amountCents, method, cardLabel: method === 'card' ? p.cardLabel : null };
}

function startOfNextDay(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}

/** Processor decline codes the customer is told in words; any other reads as a general refusal. */
export const KNOWN_DECLINES = ['insufficient_funds', 'expired_card', 'card_removed', 'card_declined', 'do_not_honor', 'lost_card', 'stolen_card', 'incorrect_cvc', 'processing_error', 'authentication_required'] as const;

export function declineReasonKey(code: string | null | undefined): string {
  return (KNOWN_DECLINES as readonly string[]).includes(code ?? '') ? code! : 'other';
}
