// What a first period renews at (issue #25 §1 "then X € / year"): the one rule every screen that shows
// a first-period price uses for the price after it (search results, the cart line, the checkout
// summary, the domain's page, the hosting plans). A renewal is not a new sale: it is priced at the list
// price (a running promotion is for new sales only) and without set-up fee.
// - A domain renews for its TLD's shortest renewal length (the length a renewal or auto-renew takes:
//   two years for the .gr family, one year elsewhere), at the 'renew' price of that length. A premium
//   name renews at the registry's yearly renewal quote for that length.
// - A hosting plan renews for the same length, by core/hosting/lifecycle.ts renewalPriceCents (the
//   renewal run's own rule), with the monthly price of the options chosen.
import { renewalPriceCents } from './hosting/lifecycle';
import type { Cents } from './money';

export type RenewalQuote = { months: number; totalCents: Cents };

/** A catalogue price of one length: `baseCents` is the list price, whatever promotion runs. */
export type ListedLength = { months: number; baseCents: Cents };

/**
 * A domain's renewal: the shortest renewal length the TLD sells and its list price, or null when the
 * TLD has no renewal price (it cannot be renewed here). `premiumRenewYearCents`: the registry's yearly
 * renewal quote of a premium name.
 */
export function domainRenewal(renewLengths: readonly ListedLength[], options: { premiumRenewYearCents?: number | null } = {}): RenewalQuote | null {
  const first = [...renewLengths].sort((a, b) => a.months - b.months)[0];
  if (!first) return null;
  const premium = options.premiumRenewYearCents;
  if (premium !== null && premium !== undefined) return { months: first.months, totalCents: Math.round((premium * first.months) / 12) };
  return { months: first.months, totalCents: first.baseCents };
}

/**
 * A hosting plan's renewal for `months`: the plan's list price of that length (its monthly fee times the
 * months when it no longer sells that length), plus the options' monthly prices. Null for a length of
 * no months.
 */
export function hostingRenewal(input: { lengths: readonly ListedLength[]; months: number; monthlyFeeCents: Cents; optionsMonthlyCents?: Cents }): RenewalQuote | null {
  if (!Number.isInteger(input.months) || input.months <= 0) return null;
  const length = input.lengths.find((l) => l.months === input.months);
  const totalCents = renewalPriceCents({ lengthPriceCents: length?.baseCents ?? null, monthlyFeeCents: input.monthlyFeeCents, optionsMonthlyCents: input.optionsMonthlyCents ?? 0, months: input.months });
  return { months: input.months, totalCents };
}
