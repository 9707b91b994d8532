// Bundles (spec §3 children_bundle; §4 "its bundle children … are cleared"): products a plan includes
// in its price. They join the plan as children when it is added, cost nothing, follow its length (the
// longest length the product has that the plan covers; none for a plan shorter than that) and its domain, are not counted as separate
// purchases, and leave only with the plan.
import type { LinePrice } from './pricing';

/** The SKUs a product bundles (catalogue settings `bundles`). */
export function bundlesOf(settings: Record<string, unknown> | undefined): string[] {
  const list = settings?.bundles;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The bundled product's length: the longest it offers within the plan's. None when the plan is
 * shorter than anything it offers (a monthly plan does not bring a yearly certificate): the bundle
 * then waits in the cart, not ordered, until the plan is long enough again.
 */
export function bundleLength(offeredMonths: readonly number[], parentMonths: number): number | null {
  const within = [...offeredMonths].sort((a, b) => a - b).filter((m) => m <= parentMonths);
  return within.length ? within[within.length - 1]! : null;
}

/** Included in the plan: nothing to pay; the usual price stays as the struck-through base. */
export function includedPrice(price: LinePrice): LinePrice {
  const selected = { ...price.selected, baseCents: price.selected.totalCents + price.setupFeeCents, totalCents: 0, onPromo: true, setupFeeCents: 0 };
  return { ...price, lengths: [{ ...selected, perIntervalCents: 0, basePerIntervalCents: 0 }], selected, setupFeeCents: 0, totalCents: 0 };
}
