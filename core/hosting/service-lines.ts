// The cart lines that act on a hosting service the customer already has (issue #23 §1, decision 070):
// a renewal (the plan's price for the chosen length, no set-up fee: the machine is set up already)
// and an upgrade (the prorated difference of core/hosting/proration.ts, for the service's length).
import type { LinePrice, OfferedLength } from '../cart/pricing';
import { prorate } from './proration';

// The line's reference lives with the cart's types (core/cart/types.ts), which the cart's pricing reads.
import type { PlanChangeRef } from '../cart/types';
export type { PlanChangeRef };

/** A renewal: the same plan again, without its set-up fee. */
export function renewalPrice(price: LinePrice): LinePrice {
  return { ...price, setupFeeCents: 0, totalCents: price.selected.totalCents };
}

/**
 * An upgrade: the new plan's price against the current plan's at the service's length (whatever length
 * the line is set to: a shorter one would make the difference smaller), for the days left. Null (the
 * line is not ready) when either plan has no price at that length, or it is no upgrade.
 */
export function planChangePrice(price: LinePrice, currentOffered: readonly OfferedLength[], ref: PlanChangeRef, nowMs: number): LinePrice | null {
  const current = currentOffered.find((l) => l.months === ref.months);
  const next = price.lengths.find((l) => l.months === ref.months);
  if (!current || !next) return null;
  const p = prorate({ periodStartMs: ref.periodStartMs, periodEndMs: ref.periodEndMs, nowMs, currentPlanCents: current.totalCents, newPlanCents: next.totalCents });
  if (p.direction !== 'upgrade') return null;
  const selected = { months: next.months, totalCents: p.chargeCents, baseCents: p.chargeCents, onPromo: false, setupFeeCents: 0 };
  return {
    lengths: [{ ...selected, perIntervalCents: p.chargeCents, basePerIntervalCents: p.chargeCents }],
    selected,
    setupFeeCents: 0,
    totalCents: p.chargeCents,
    promotion: { exists: false, active: false },
  };
}
