import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from '../cart/pricing';
import { documentLines, orderLinesWithVat, shareOut, vatByRate } from './lines';

describe('shareOut', () => {
  it('gives the leftover cents to the largest remainders', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [500, 250, 250])).toEqual([5, 3, 2]);
    expect(shareOut(-7, [1, 1])).toEqual([-4, -3]);
    expect(shareOut(5, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the total, and never gives a line more than its weight allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 25 }), (total, weights) => {
        const parts = shareOut(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        if (sum === 0) return parts.every((p) => p === 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1));
        return true;
      }),
    );
  });
});

describe('documentLines', () => {
  it('matches the order totals to the cent, coupon and VAT included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 2700 }),
        fc.integer({ min: 0, max: 100 }),
        (nets, rateBp, discountPct) => {
          const sub = nets.reduce((a, b) => a + b, 0);
          const discountCents = Math.floor((sub * discountPct) / 100);
          const totals = cartTotals(nets, rateBp, false, discountCents);
          const lines = documentLines(
            nets.map((n, i) => ({ description: `line ${i}`, sku: null, netCents: n })),
            { discountCents, vatCents: totals.vatCents, vatRateBp: rateBp },
          );
          const net = lines.reduce((a, l) => a + l.netCents, 0);
          const vat = lines.reduce((a, l) => a + l.vatCents, 0);
          expect(net).toBe(totals.subTotalCents - totals.discountCents);
          expect(vat).toBe(totals.vatCents);
          expect(lines.reduce((a, l) => a + l.totalCents, 0)).toBe(totals.grandTotalCents);
          lines.forEach((l) => expect(l.netCents).toBeGreaterThanOrEqual(0));
          const [summary] = vatByRate(lines);
          expect(summary).toEqual({ vatRateBp: rateBp, netCents: net, vatCents: vat });
        },
      ),
    );
  });

  it('shares a 24% VAT of 0.72 € over three 1 € lines as 24 + 24 + 24', () => {
    const lines = documentLines(
      [1, 2, 3].map((i) => ({ description: `d${i}`, sku: 's', netCents: 100 })),
      { discountCents: 0, vatCents: 72, vatRateBp: 2400 },
    );
    expect(lines.map((l) => [l.position, l.netCents, l.vatCents, l.totalCents])).toEqual([
      [1, 100, 24, 124],
      [2, 100, 24, 124],
      [3, 100, 24, 124],
    ]);
  });
});

describe('orderLinesWithVat (the order page)', () => {
  it('shows each line with VAT; they add up to the grand total', () => {
    expect(orderLinesWithVat([990, 299], { discountCents: 0, vatCents: 310, vatRateBp: 2400, grandTotalCents: 1599 })).toEqual({ lineGrossCents: [1228, 371], discountGrossCents: 0 });
    // An order priced before the per-line rule (VAT 3,09 € on the sum) still adds up to what it charged.
    expect(orderLinesWithVat([990, 299], { discountCents: 0, vatCents: 309, vatRateBp: 2400, grandTotalCents: 1598 }).lineGrossCents.reduce((a, b) => a + b, 0)).toBe(1598);
  });

  it('with a coupon: lines as bought, the coupon with VAT, lines − coupon = total', () => {
    // 10 € + 5 € less 1,50 €: nets 9,00 + 4,50, VAT 2,16 + 1,08, total 16,74 €.
    const r = orderLinesWithVat([1000, 500], { discountCents: 150, vatCents: 324, vatRateBp: 2400, grandTotalCents: 1674 });
    expect(r).toEqual({ lineGrossCents: [1240, 620], discountGrossCents: 186 });
  });
});

describe('vatByRate', () => {
  it('sums net and VAT per rate, highest rate first whatever the lines\' order', () => {
    const lines = [
      { vatRateBp: 0, netCents: 500, vatCents: 0 },
      { vatRateBp: 2400, netCents: 1000, vatCents: 240 },
      { vatRateBp: 1300, netCents: 200, vatCents: 26 },
      { vatRateBp: 2400, netCents: 300, vatCents: 72 },
    ];
    expect(vatByRate(lines)).toEqual([
      { vatRateBp: 2400, netCents: 1300, vatCents: 312 },
      { vatRateBp: 1300, netCents: 200, vatCents: 26 },
      { vatRateBp: 0, netCents: 500, vatCents: 0 },
    ]);
  });
});
