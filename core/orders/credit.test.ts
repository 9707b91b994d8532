import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDue, capShares, creditToApply, heldCents, refundShare } from './credit';

describe('credit at checkout', () => {
  it('uses the whole order from a larger balance, and the whole balance towards a larger order', () => {
    expect(creditToApply({ balanceCents: 2000, grandTotalCents: 1500, use: true })).toBe(1500);
    expect(creditToApply({ balanceCents: 2000, grandTotalCents: 5000, use: true })).toBe(2000);
    expect(amountDue({ grandTotalCents: 5000, creditCents: 2000 })).toBe(3000);
    expect(amountDue({ grandTotalCents: 1500, creditCents: 1500 })).toBe(0);
  });

  it('uses nothing unless asked, and nothing from an empty or negative balance', () => {
    expect(creditToApply({ balanceCents: 2000, grandTotalCents: 1500, use: false })).toBe(0);
    expect(creditToApply({ balanceCents: 0, grandTotalCents: 1500, use: true })).toBe(0);
    expect(creditToApply({ balanceCents: -10, grandTotalCents: 1500, use: true })).toBe(0);
  });

  it('never takes more than the balance or the order, and what is due plus credit is the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (balance, total) => {
        const credit = creditToApply({ balanceCents: balance, grandTotalCents: total, use: true });
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(Math.max(0, balance));
        expect(credit + amountDue({ grandTotalCents: total, creditCents: credit })).toBe(total);
      }),
    );
  });
});

describe('refund of an item to credit', () => {
  it('gives back the item with its VAT and its part of a coupon', () => {
    // Two items of 10.00 and 30.00, a 10 % coupon, 24 % VAT: 36.00 + 8.64 = 44.64.
    const order = { subTotalCents: 4000, grandTotalCents: 4464, vatCents: 864 };
    expect(refundShare(order, 1000)).toEqual({ totalCents: 1116, vatCents: 216 });
  });

  it('refunding every item never gives back more than the order cost', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 2500 }), fc.integer({ min: 0, max: 5000 }), (items, vatBp, discountBp) => {
        const sub = items.reduce((a, b) => a + b, 0);
        const left = sub - Math.floor((sub * discountBp) / 10_000);
        const vat = Math.round((left * vatBp) / 10_000);
        const order = { subTotalCents: sub, grandTotalCents: left + vat, vatCents: vat };
        const back = items.map((i) => refundShare(order, i));
        expect(back.reduce((a, b) => a + b.totalCents, 0)).toBeLessThanOrEqual(order.grandTotalCents);
        expect(back.reduce((a, b) => a + b.vatCents, 0)).toBeLessThanOrEqual(order.vatCents);
      }),
    );
  });
});

describe('refunds capped at what the order still holds (issue #20 §2)', () => {
  it('heldCents: paid less card refunds (done and pending) and item credit, never negative', () => {
    expect(heldCents({ paidCents: 1228, cardRefundedCents: 0, cardPendingCents: 0, itemCreditCents: 0 })).toBe(1228);
    expect(heldCents({ paidCents: 1228, cardRefundedCents: 728, cardPendingCents: 0, itemCreditCents: 0 })).toBe(500);
    expect(heldCents({ paidCents: 1228, cardRefundedCents: 700, cardPendingCents: 28, itemCreditCents: 0 })).toBe(500);
    expect(heldCents({ paidCents: 1228, cardRefundedCents: 700, cardPendingCents: 28, itemCreditCents: 500 })).toBe(0);
    expect(heldCents({ paidCents: 1228, cardRefundedCents: 1228, cardPendingCents: 0, itemCreditCents: 1228 })).toBe(0);
  });

  it('capShares: whole shares while they fit, then the rest, then nothing; VAT in proportion', () => {
    const shares = [
      { totalCents: 1240, vatCents: 240 },
      { totalCents: 620, vatCents: 120 },
    ];
    expect(capShares(shares, 5000)).toEqual(shares);
    expect(capShares(shares, 1860)).toEqual(shares);
    expect(capShares(shares, 1859)).toEqual([shares[0], { totalCents: 619, vatCents: 119 }]);
    expect(capShares(shares, 1240)).toEqual([shares[0], { totalCents: 0, vatCents: 0 }]);
    expect(capShares(shares, 500)).toEqual([{ totalCents: 500, vatCents: 96 }, { totalCents: 0, vatCents: 0 }]);
    expect(capShares(shares, 0)).toEqual([
      { totalCents: 0, vatCents: 0 },
      { totalCents: 0, vatCents: 0 },
    ]);
    expect(capShares(shares, -5)).toEqual(capShares(shares, 0));
  });

  it('a capped share never exceeds the share, and its VAT never exceeds the VAT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2400 }), fc.integer({ min: -10, max: 2_000_000 }), (total, rateBp, held) => {
        const vat = Math.floor((total * rateBp) / (10_000 + rateBp));
        const [c] = capShares([{ totalCents: total, vatCents: vat }], held);
        expect(c!.totalCents).toBe(Math.max(0, Math.min(total, held)));
        expect(c!.vatCents).toBeLessThanOrEqual(vat);
        expect(c!.vatCents).toBeLessThanOrEqual(c!.totalCents);
        expect(c!.vatCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
