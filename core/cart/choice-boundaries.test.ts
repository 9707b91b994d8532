// Cart choices pinned at their boundaries (issue #20 §5): a wildcard name only on a wildcard
// certificate, a configure request naming one own and one foreign contact refused whole, and lengths
// that arrive in any order.
import { describe, expect, it } from 'vitest';
import { bundleLength } from './bundles';
import { contactChoiceRefusal } from './domain-config';
import { allowedLengths, priceLine, type OfferedLength } from './pricing';
import type { CartItem } from './types';
import { productDomainError } from './updates';

describe('a certificate’s domain', () => {
  it('a non-wildcard certificate refuses "*." names; a wildcard one takes them and bare names', () => {
    expect(productDomainError('*.shop.gr', false)).toBe(true);
    expect(productDomainError('*.shop.gr', true)).toBe(false);
    expect(productDomainError('shop.gr', true)).toBe(false);
    expect(productDomainError('shop.gr', false)).toBe(false);
    expect(productDomainError(' *.Shop.GR ', true)).toBe(false);
  });
  it('never a wildcard over a bare TLD, nor two levels of it', () => {
    expect(productDomainError('*.gr', true)).toBe(true);
    expect(productDomainError('*.*.shop.gr', true)).toBe(true);
    expect(productDomainError('www.*.shop.gr', true)).toBe(true);
    expect(productDomainError('gr', false)).toBe(true);
  });
});

describe('contact choices', () => {
  const ready = { gr_ready: 1, eurid_ready: 1, icm_ready: 1, generic_ready: 1 } as const;
  const mine = [{ id: 1, ready }, { id: 2, ready }];
  const item = { registry: 'generic', config: {} } as const;
  it('refuses a request naming one own and one foreign contact (every id must be the customer’s)', () => {
    expect(contactChoiceRefusal(item, mine, [1, 99])).toBe(true);
    expect(contactChoiceRefusal(item, mine, [99, 1])).toBe(true);
    expect(contactChoiceRefusal(item, mine, [1, 2])).toBe(false);
    expect(contactChoiceRefusal(item, mine, [2])).toBe(false);
    expect(contactChoiceRefusal(item, mine, [])).toBe(false);
  });
});

describe('offered lengths in any order', () => {
  const len = (months: number, totalCents: number, setupFeeCents = 0): OfferedLength => ({ months, totalCents, baseCents: totalCents, onPromo: false, setupFeeCents });
  const item = (over: Partial<CartItem> = {}): CartItem => ({
    id: 'a', kind: 'domain', sku: 'gr', action: 'register', name: 'x.gr', asciiName: 'x.gr', registry: 'gr', lengthMonths: 999,
    parentId: null, relation: null, premiumYearCents: null, rgp: false, expired: false, config: {}, addedAt: 1, ...over,
  });
  const shuffled = [len(36, 3000), len(12, 1000, 500), len(24, 2000)];
  it('lists them shortest first, whatever order the catalogue gave', () => {
    expect(allowedLengths(item(), shuffled).map((l) => l.months)).toEqual([12, 24, 36]);
  });
  it('an RGP restore gets the shortest (with its fee), not the first listed', () => {
    expect(allowedLengths(item({ rgp: true }), shuffled).map((l) => l.months)).toEqual([12]);
    const p = priceLine(item({ rgp: true, lengthMonths: 36 }), shuffled)!;
    expect(p.selected.months).toBe(12);
    expect(p.totalCents).toBe(1500);
  });
  it('a length that is not offered falls back to the shortest', () => {
    expect(priceLine(item({ lengthMonths: 7 }), shuffled)!.selected.months).toBe(12);
  });
  it('a bundle takes the longest length within its plan from an unsorted list', () => {
    expect(bundleLength([24, 12, 1, 36], 24)).toBe(24);
    expect(bundleLength([24, 12, 1, 36], 23)).toBe(12);
    expect(bundleLength([24, 12], 11)).toBeNull();
  });
});
