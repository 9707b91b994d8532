import { describe, expect, it } from 'vitest';
import { matchesFilter, readFilter, readSort, sortResults, type ResultRow } from './results';

const row = (fqdn: string, over: Partial<ResultRow> = {}): ResultRow => ({
  fqdn,
  asciiFqdn: fqdn,
  tld: fqdn.slice(fqdn.indexOf('.') + 1),
  category: 'generic',
  countryIso2: null,
  kind: 'tld',
  status: 'available',
  premium: false,
  price: { totalCents: 1000, onPromo: false },
  ...over,
});

const rows = [
  row('kafe.com', { price: { totalCents: 1090, onPromo: false } }),
  row('kafe.gr', { category: 'greek', countryIso2: 'GR', price: { totalCents: 1600, onPromo: true } }),
  row('Alpha.io', { price: null, status: 'registered' }),
  row('kafe.ελ', { category: 'greek', countryIso2: 'GR', price: { totalCents: 500, onPromo: false } }),
  row('mykafe.gr', { kind: 'suggestion', category: 'greek', countryIso2: 'GR' }),
  row('kafe.de', { category: 'country', countryIso2: 'DE', kind: 'exact' }),
];

describe('search result filters', () => {
  it('reads unknown values as the defaults', () => {
    expect(readFilter(new URLSearchParams('filter=nope'))).toEqual({ filter: 'all', value: null });
    expect(readSort(new URLSearchParams('sort=random'))).toBe('relevance');
  });
  it('filters by flag, category, country TLDs, discount and favourites', () => {
    const pick = (f: Parameters<typeof matchesFilter>[1], fav = new Set<string>()) => rows.filter((r) => matchesFilter(r, f, fav)).map((r) => r.fqdn);
    expect(pick({ filter: 'flag', value: 'GR' })).toEqual(['kafe.gr', 'kafe.ελ', 'mykafe.gr']);
    expect(pick({ filter: 'category', value: 'country' })).toEqual(['kafe.de']);
    expect(pick({ filter: 'country' })).toEqual(['kafe.gr', 'kafe.ελ', 'mykafe.gr', 'kafe.de']);
    expect(pick({ filter: 'discounted' })).toEqual(['kafe.gr']);
    expect(pick({ filter: 'favourites' }, new Set(['kafe.com']))).toEqual(['kafe.com']);
    expect(pick({ filter: 'all' })).toHaveLength(rows.length);
  });
});

describe('search result sorting', () => {
  it('puts the exact name first, then the catalogue order, suggestions last', () => {
    const order = new Map([['gr', 1], ['ελ', 2], ['com', 3], ['io', 4], ['de', 5]]);
    expect(sortResults(rows, 'relevance', order).map((r) => r.fqdn)).toEqual(['kafe.de', 'kafe.gr', 'kafe.ελ', 'kafe.com', 'Alpha.io', 'mykafe.gr']);
  });
  it('sorts by price with unpriced names last, both ways', () => {
    expect(sortResults(rows, 'price_asc').map((r) => r.fqdn).slice(0, 4)).toEqual(['kafe.ελ', 'mykafe.gr', 'kafe.de', 'kafe.com']);
    expect(sortResults(rows, 'price_asc').at(-1)!.fqdn).toBe('Alpha.io');
    expect(sortResults(rows, 'price_desc')[0]!.fqdn).toBe('kafe.gr');
    expect(sortResults(rows, 'price_desc').at(-1)!.fqdn).toBe('Alpha.io');
  });
  it('sorts names case-insensitively', () => {
    expect(sortResults(rows, 'name').map((r) => r.fqdn)[0]).toBe('Alpha.io');
  });
});
