// The included price's edges that mutation testing found untested (issue #32 §6, decision 094): a
// bundled product with a set-up fee shows its whole usual price (length and fee) struck through, as a
// promotion, and its one length costs nothing.
import { describe, expect, it } from 'vitest';
import { includedPrice } from './bundles';
import type { LinePrice } from './pricing';

const price: LinePrice = {
  lengths: [{ months: 12, totalCents: 4900, baseCents: 5900, onPromo: false, setupFeeCents: 1000, perIntervalCents: 408, basePerIntervalCents: 491 }],
  selected: { months: 12, totalCents: 4900, baseCents: 5900, onPromo: false, setupFeeCents: 1000 },
  setupFeeCents: 1000,
  totalCents: 5900,
  promotion: { exists: false, active: false },
};

describe('includedPrice', () => {
  it('strikes through the usual price with its set-up fee and charges nothing', () => {
    const included = includedPrice(price);
    expect(included.selected).toEqual({ months: 12, totalCents: 0, baseCents: 5900, onPromo: true, setupFeeCents: 0 });
    expect(included.lengths).toEqual([{ months: 12, totalCents: 0, baseCents: 5900, onPromo: true, setupFeeCents: 0, perIntervalCents: 0, basePerIntervalCents: 0 }]);
    expect(included.totalCents).toBe(0);
    expect(included.setupFeeCents).toBe(0);
  });
});
