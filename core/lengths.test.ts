import { describe, expect, it } from 'vitest';
import { describeLength, GR_REGISTRATION_MONTHS, lengthLabelKey, pricePerInterval, fromPrice } from './lengths';

describe('lengths', () => {
  it('shows lengths under 12 months in months', () => {
    expect(describeLength(1)).toEqual({ unit: 'month', count: 1, months: 1 });
    expect(describeLength(11)).toEqual({ unit: 'month', count: 11, months: 11 });
  });
  it('shows 12 months or more in years', () => {
    expect(describeLength(12)).toEqual({ unit: 'year', count: 1, months: 12 });
    expect(describeLength(24)).toEqual({ unit: 'year', count: 2, months: 24 });
    expect(lengthLabelKey(36)).toEqual({ key: 'lengths.years', count: 3 });
    expect(lengthLabelKey(3)).toEqual({ key: 'lengths.months', count: 3 });
  });
  it('prices per month below a year and per year from a year', () => {
    expect(pricePerInterval(3000, 3)).toBe(1000);
    expect(pricePerInterval(1000, 3)).toBe(333);
    expect(pricePerInterval(12000, 12)).toBe(12000);
    expect(pricePerInterval(5000, 24)).toBe(2500);
    expect(pricePerInterval(9000, 18)).toBe(6000);
  });
  it('rejects non-lengths', () => {
    expect(() => describeLength(0)).toThrow();
    expect(() => describeLength(1.5)).toThrow();
  });
  it('registers .gr for even years 2 to 10', () => {
    expect(GR_REGISTRATION_MONTHS.map((m) => m / 12)).toEqual([2, 4, 6, 8, 10]);
  });
});

describe('fromPrice', () => {
  it('takes each plan\'s shortest length per interval and the cheapest of them', () => {
    expect(
      fromPrice([
        [{ months: 12, totalCents: 4800 }, { months: 1, totalCents: 500 }],
        [{ months: 1, totalCents: 450 }, { months: 36, totalCents: 9000 }],
      ]),
    ).toEqual({ cents: 450, months: 1 });
    expect(fromPrice([[{ months: 24, totalCents: 1600 }]])).toEqual({ cents: 800, months: 24 });
    expect(fromPrice([])).toBeNull();
  });
});
