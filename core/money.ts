// Money is integer euro cents from the database to the last moment (DESIGN.md).
// This is the only place a price becomes text, so every screen agrees on one format.

export type Cents = number;
export type MoneyLocale = 'el' | 'en';

const NBSP = '\u00a0';

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`money must be integer cents, got ${value}`);
  return value;
}

function groupThousands(digits: string, separator: string): string {
  // Plain loop instead of Intl: workerd and browsers ship different CLDR data and
  // el-GR leaves 4-digit numbers ungrouped in some of them; the spec wants 1.234,56 always.
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** 123456 → "1.234,56 €" (el) or "€1,234.56" (en). */
export function formatMoney(cents: Cents, locale: MoneyLocale = 'el'): string {
  assertCents(cents);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const euros = groupThousands(String(Math.floor(abs / 100)), locale === 'el' ? '.' : ',');
  const rest = String(abs % 100).padStart(2, '0');
  const sign = negative ? '-' : '';
  return locale === 'el' ? `${sign}${euros},${rest}${NBSP}€` : `${sign}€${euros}.${rest}`;
}

/** Integer division that rounds half away from zero, for splitting a total into intervals. */
export function divideRounded(cents: Cents, divisor: number): Cents {
  if (!Number.isInteger(divisor) || divisor <= 0) throw new RangeError('divisor must be a positive integer');
  const q = Math.abs(cents) / divisor;
  const r = Math.floor(q + 0.5);
  return cents < 0 ? -r : r;
}

/**
 * Splits `total` over `weights` in proportion, in whole cents, so the parts add up to `total` exactly:
 * each part is rounded down and the cents left go to the largest remainders (ties: the earlier line).
 */
export function shareOut(total: Cents, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum <= 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const exact = weights.map((w) => (abs * Math.max(0, w)) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = abs - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts.map((p) => p * sign);
}
