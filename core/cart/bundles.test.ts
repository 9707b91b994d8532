import { describe, expect, it } from 'vitest';
import { bundleLength, bundlesOf, includedPrice } from './bundles';
import { priceLine } from './pricing';
import type { CartItem } from './types';

describe('bundles', () => {
  it('reads the bundled SKUs from the catalogue settings, ignoring anything else', () => {
    expect(bundlesOf({ bundles: ['ssl_ov', 3, null] })).toEqual(['ssl_ov']);
    expect(bundlesOf({})).toEqual([]);
    expect(bundlesOf(undefined)).toEqual([]);
  });

  it('follows the plan: the longest length within it, none for a plan shorter than any', () => {
    expect(bundleLength([12, 24], 36)).toBe(24);
    expect(bundleLength([12, 24], 12)).toBe(12);
    expect(bundleLength([24, 12], 18)).toBe(12);
    expect(bundleLength([12, 24], 6)).toBeNull();
    expect(bundleLength([12, 24], 1)).toBeNull();
    expect(bundleLength([], 12)).toBeNull();
  });

  it('costs nothing and shows what it would have cost', () => {
    const item = { id: 'b', kind: 'ssl', sku: 'ssl_ov', action: null, name: '', asciiName: null, registry: null, lengthMonths: 12, parentId: 'p', relation: 'bundle', premiumYearCents: null, rgp: false, expired: false, config: {}, addedAt: 1 } as CartItem;
    const price = priceLine(item, [
      { months: 12, totalCents: 4900, baseCents: 4900, onPromo: false, setupFeeCents: 0 },
      { months: 24, totalCents: 8900, baseCents: 8900, onPromo: false, setupFeeCents: 0 },
    ])!;
    const included = includedPrice(price);
    expect(included.totalCents).toBe(0);
    expect(included.selected).toMatchObject({ months: 12, totalCents: 0, baseCents: 4900 });
    expect(included.lengths).toHaveLength(1);
  });
});
