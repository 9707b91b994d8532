// Moving a hosting service to another plan of its family mid-period (issue #23 §1, decision 070).
// An upgrade pays the difference between the two plans' prices for the days left of the period the
// customer has paid for, and takes effect at once. A downgrade costs nothing, credits nothing and
// takes effect when the period ends (the next renewal is at the new plan's price): the customer keeps
// what they paid for, and no money moves back. Whole days, so the arithmetic stays in safe integers
// whatever the prices and dates.

const DAY_MS = 24 * 60 * 60_000;

export type ProrationInput = {
  /** The paid period: it began at periodStartMs and ends (the next renewal) at periodEndMs. */
  periodStartMs: number;
  periodEndMs: number;
  nowMs: number;
  /** What the current plan costs for the service's length, in cents. */
  currentPlanCents: number;
  /** What the new plan costs for the same length, in cents. */
  newPlanCents: number;
};

export type Proration =
  | { direction: 'upgrade'; chargeCents: number; daysLeft: number; periodDays: number }
  | { direction: 'downgrade'; chargeCents: 0; effectiveAtMs: number }
  | { direction: 'same'; chargeCents: 0 };

function nonNegativeCents(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The days of the period, at least one; the days left, rounded up (a started day counts), within it. */
export function periodDays(input: Pick<ProrationInput, 'periodStartMs' | 'periodEndMs' | 'nowMs'>): { total: number; left: number } {
  const total = Math.max(1, Math.round((input.periodEndMs - input.periodStartMs) / DAY_MS));
  const left = Math.min(total, Math.max(0, Math.ceil((input.periodEndMs - input.nowMs) / DAY_MS)));
  return { total, left };
}

export function prorate(input: ProrationInput): Proration {
  const current = nonNegativeCents(input.currentPlanCents);
  const next = nonNegativeCents(input.newPlanCents);
  if (next === current) return { direction: 'same', chargeCents: 0 };
  if (next < current) return { direction: 'downgrade', chargeCents: 0, effectiveAtMs: input.periodEndMs };
  const { total, left } = periodDays(input);
  // Never negative (next > current, left ≥ 0) and never more than the new plan (left ≤ total).
  const chargeCents = Math.min(next, Math.round(((next - current) * left) / total));
  return { direction: 'upgrade', chargeCents, daysLeft: left, periodDays: total };
}
