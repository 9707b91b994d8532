// The credit rules' edges that mutation testing found untested (issue #32 §6, decision 094): an order
// never takes or gives back a negative amount, whatever the figures it is handed.
import { describe, expect, it } from 'vitest';
import { creditToApply, refundShare } from './credit';

describe('creditToApply never takes a negative amount', () => {
  it('takes nothing for an order whose total is not positive', () => {
    expect(creditToApply({ balanceCents: 5000, grandTotalCents: -100, use: true })).toBe(0);
    expect(creditToApply({ balanceCents: 5000, grandTotalCents: 0, use: true })).toBe(0);
    expect(creditToApply({ balanceCents: 5000, grandTotalCents: 1, use: true })).toBe(1);
  });
});

describe('refundShare gives back nothing where there is nothing to share', () => {
  it('an item of no net price gets no share', () => {
    expect(refundShare({ subTotalCents: 10000, grandTotalCents: 12400, vatCents: 2400 }, 0)).toEqual({ totalCents: 0, vatCents: 0 });
    expect(refundShare({ subTotalCents: 10000, grandTotalCents: 12400, vatCents: 2400 }, -500)).toEqual({ totalCents: 0, vatCents: 0 });
    expect(refundShare({ subTotalCents: 10000, grandTotalCents: 12400, vatCents: 2400 }, 1)).toEqual({ totalCents: 1, vatCents: 0 });
  });

  it('an order without a positive net has no shares, whatever its total says', () => {
    expect(refundShare({ subTotalCents: 0, grandTotalCents: 1240, vatCents: 240 }, 1000)).toEqual({ totalCents: 0, vatCents: 0 });
    expect(refundShare({ subTotalCents: -1000, grandTotalCents: 1240, vatCents: 240 }, 1000)).toEqual({ totalCents: 0, vatCents: 0 });
  });
});
