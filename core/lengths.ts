// Lengths of service (spec §9 "Lengths"): below 12 months a length is shown in months and priced
// per month; 12 months or more is shown in years (months / 12) and priced per year.
import { divideRounded, type Cents } from './money';

export type LengthUnit = 'month' | 'year';
export type LengthDisplay = { unit: LengthUnit; count: number; months: number };

export function assertMonths(months: number): number {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError(`a length is a positive whole number of months, got ${months}`);
  return months;
}

export function describeLength(months: number): LengthDisplay {
  assertMonths(months);
  if (months < 12) return { unit: 'month', count: months, months };
  // A length of 18 months is shown as 1.5 years; catalogs only use whole years, but keep it exact.
  return { unit: 'year', count: months / 12, months };
}

/** The price of one interval (a month below 12 months, a year from 12 months) of a length's total. */
export function pricePerInterval(totalCents: Cents, months: number): Cents {
  const d = describeLength(months);
  if (d.unit === 'month') return divideRounded(totalCents, months);
  return months % 12 === 0 ? divideRounded(totalCents, months / 12) : Math.round((totalCents * 12) / months);
}

/** i18n key and count for the "per month / per year" suffix. */
export function intervalKey(months: number): { key: 'lengths.per_month' | 'lengths.per_year' } {
  return { key: describeLength(months).unit === 'month' ? 'lengths.per_month' : 'lengths.per_year' };
}

/** i18n key and count for "3 months" / "2 years", pluralised by i18next. */
export function lengthLabelKey(months: number): { key: 'lengths.months' | 'lengths.years'; count: number } {
  const d = describeLength(months);
  return d.unit === 'month' ? { key: 'lengths.months', count: d.count } : { key: 'lengths.years', count: d.count };
}

/** .gr and its second levels register for even years only, 2 to 10 (issue #2 §3). */
export const GR_REGISTRATION_MONTHS: readonly number[] = [24, 48, 72, 96, 120];

/**
 * The "from" price of a group of plans: each plan's shortest length, priced per its interval (spec
 * §9), and the cheapest of those. Not a long-term monthly equivalent, which the spec does not show.
 */
export function fromPrice(plans: readonly (readonly { months: number; totalCents: Cents }[])[]): { cents: Cents; months: number } | null {
  let best: { cents: Cents; months: number } | null = null;
  for (const prices of plans) {
    const first = [...prices].sort((a, b) => a.months - b.months)[0];
    if (!first) continue;
    const cents = pricePerInterval(first.totalCents, first.months);
    if (best === null || cents < best.cents) best = { cents, months: first.months };
  }
  return best;
}
