// The cart lines that act on a hosting service the customer already has (issue #23 §1, decision 070):
// a renewal (the plan's price for the chosen length, no set-up fee: the machine is set up already)
// and an upgrade (the prorated difference of core/hosting/proration.ts, for the service's length).
import { chosenOptions, type OptionChoice } from '../cart/options';
import type { LinePrice, OfferedLength } from '../cart/pricing';
import { ErrorCode } from '../errors';
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

/** Which kind of service line a cart item or order item is (null: anything else). */
export type ServiceLineKind = 'renewal' | 'plan_change';

export function serviceLineKind(config: { renewsService?: unknown; planChange?: unknown }): ServiceLineKind | null {
  if (typeof config.renewsService === 'number') return 'renewal';
  if (config.planChange && typeof config.planChange === 'object') return 'plan_change';
  return null;
}

/**
 * A renewal and a plan change of the same service are never both open (issue #32 §1): an upgrade is
 * priced for the days left of the period it sees, and a renewal paid first would hand it a new year
 * at that price; a renewal priced for the old plan would undo an upgrade paid first. `open` says what
 * else is open for the service (in the cart or in an order not yet carried out).
 */
export function serviceLineConflict(kind: ServiceLineKind, open: { renewal: boolean; planChange: boolean }): number | null {
  if (kind === 'renewal' && open.planChange) return ErrorCode.RENEWAL_WAITS_FOR_PLAN_CHANGE;
  if (kind === 'plan_change' && open.renewal) return ErrorCode.PLAN_CHANGE_WAITS_FOR_RENEWAL;
  return null;
}

/** A plan change is carried out only for the period it was priced for: its end and length are the service's. */
export function planChangeFits(ref: Pick<PlanChangeRef, 'periodEndMs' | 'months'>, service: { expiresAtMs: number; lengthMonths: number }): boolean {
  return ref.periodEndMs === service.expiresAtMs && ref.months === service.lengthMonths;
}

/**
 * The option names whose monthly price differs between what a renewal was priced with and what the
 * service has now (each read through the cart's rule, defaults filled in). A change that costs the
 * same (a reinstall records another OS) is no mismatch; a paid option added or removed is.
 */
export function renewalOptionsMismatch(offered: readonly OptionChoice[], priced: Readonly<Record<string, string>>, stored: Readonly<Record<string, string>>): string[] {
  const a = chosenOptions(offered, priced);
  const b = chosenOptions(offered, stored);
  return Object.keys(a).filter((name) => a[name]!.monthlyCents !== b[name]!.monthlyCents);
}
