// Cart pricing rules (issue #5 §1): which lengths an item allows and what each costs, promotions, set-up
// and RGP fees, and the totals. Pure functions over the catalogue's prices; the server alone computes
// totals (the browser only shows them).
import { linesWithVat } from '../vat';
import { pricePerInterval } from '../lengths';
import type { CartItem } from './types';

/** A catalogue price for one length, already resolved against the running promotions. */
export type OfferedLength = { months: number; totalCents: number; baseCents: number; onPromo: boolean; setupFeeCents: number };

export type LinePrice = {
  lengths: (OfferedLength & { perIntervalCents: number; basePerIntervalCents: number })[];
  selected: OfferedLength;
  /** Set-up fee charged once (hosting set-up, the RGP restore fee). */
  setupFeeCents: number;
  /** selected.totalCents + setupFeeCents. */
  totalCents: number;
  promotion: { exists: boolean; active: boolean };
};

/** SKUs sold for one month only (spec §9). */
export const ONE_MONTH_ONLY_SKUS = ['sha_win_pro', 'sha_lin_pro'] as const;

/**
 * The lengths an item may have:
 * - an RGP restore (or any domain in redemption) only its first length, with the RGP setup fee;
 * - ID protect only the length of the domain it protects (its duration is fixed by the parent);
 * - sha_win_pro / sha_lin_pro only one month;
 * - a premium name at the registry's yearly price times the years.
 */
/** The asked length when the item allows it, else the first allowed (a link may carry any number). */
export function pickLength(allowed: readonly OfferedLength[], asked: number | undefined): number {
  return asked !== undefined && allowed.some((l) => l.months === asked) ? asked : (allowed[0]?.months ?? 12);
}

export function allowedLengths(item: Pick<CartItem, 'sku' | 'rgp' | 'premiumYearCents' | 'kind'>, offered: readonly OfferedLength[], parentLengthMonths?: number): OfferedLength[] {
  let list = [...offered].sort((a, b) => a.months - b.months);
  if ((ONE_MONTH_ONLY_SKUS as readonly string[]).includes(item.sku)) list = list.filter((l) => l.months === 1);
  if (item.sku === 'id_protect' && parentLengthMonths !== undefined) list = list.filter((l) => l.months === parentLengthMonths);
  if (item.rgp) list = list.slice(0, 1);
  if (item.premiumYearCents !== null && item.kind === 'domain') {
    list = list.map((l) => {
      const total = Math.round((item.premiumYearCents! * l.months) / 12);
      return { ...l, totalCents: total, baseCents: total, onPromo: false };
    });
  }
  return list;
}

/** The item's price at its chosen length (or the first allowed one when the chosen is not allowed). */
export function priceLine(item: CartItem, offered: readonly OfferedLength[], options: { parentLengthMonths?: number; promotionExists?: boolean } = {}): LinePrice | null {
  const lengths = allowedLengths(item, offered, options.parentLengthMonths);
  if (lengths.length === 0) return null;
  const selected = lengths.find((l) => l.months === item.lengthMonths) ?? lengths[0]!;
  // Set-up fees are charged once; an RGP restore carries the registry's restore fee in the same field.
  const setupFeeCents = selected.setupFeeCents;
  const anyPromo = lengths.some((l) => l.onPromo);
  return {
    lengths: lengths.map((l) => ({ ...l, perIntervalCents: pricePerInterval(l.totalCents, l.months), basePerIntervalCents: pricePerInterval(l.baseCents, l.months) })),
    selected,
    setupFeeCents,
    totalCents: selected.totalCents + setupFeeCents,
    promotion: { exists: options.promotionExists ?? anyPromo, active: anyPromo },
  };
}

export type CartTotals = { subTotalCents: number; discountCents: number; vatCents: number; grandTotalCents: number; vatRateBp: number; lineGrossCents: number[] };

/**
 * Totals by the one rule of core/vat.ts: VAT per line (on each line's net after its share of the
 * coupon), totals as the sums of the lines, so the lines shown with VAT add up to the grand total and
 * the invoice lists the same amounts. A reverse-charge customer (vat_waived) pays no VAT.
 */
export function cartTotals(lineTotals: readonly number[], vatRateBp: number, vatWaived = false, discountCents = 0): CartTotals {
  const rate = vatWaived ? 0 : vatRateBp;
  const t = linesWithVat(lineTotals, rate, discountCents);
  return { subTotalCents: t.subTotalCents, discountCents: t.discountCents, vatCents: t.vatCents, grandTotalCents: t.grossCents, vatRateBp: rate, lineGrossCents: t.lines.map((l) => l.grossCents) };
}
