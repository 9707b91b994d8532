import { describe, expect, it } from 'vitest';
import { listHref, pageCount, parseListQuery } from './list-query';

const spec = { sorts: ['name', 'expiry'] as const, defaultSort: 'name' as const, defaultDir: 'asc' as const };

describe('parseListQuery', () => {
  it('takes the defaults from an empty URL', () => {
    expect(parseListQuery(new URLSearchParams(), spec)).toEqual({ q: '', sort: 'name', dir: 'asc', page: 1, perPage: 25, offset: 0 });
  });

  it('accepts only named sorts, known directions and page sizes', () => {
    const p = parseListQuery(new URLSearchParams('sort=expiry;DROP&dir=up&per=1000&page=-3'), spec);
    expect(p).toMatchObject({ sort: 'name', dir: 'asc', perPage: 25, page: 1 });
    const ok = parseListQuery(new URLSearchParams('sort=expiry&dir=desc&per=100&page=3&q=%20abc%20'), spec);
    expect(ok).toEqual({ q: 'abc', sort: 'expiry', dir: 'desc', page: 3, perPage: 100, offset: 200 });
  });

  it('caps the search text and the page number', () => {
    const p = parseListQuery(new URLSearchParams(`q=${'x'.repeat(500)}&page=99999999`), spec);
    expect(p.q).toHaveLength(100);
    expect(p.page).toBe(10_000);
    expect(parseListQuery(new URLSearchParams('page=2.5'), spec).page).toBe(1);
  });
});

describe('pageCount and listHref', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('keeps the filters, drops the page on a sort change and keeps it on a page change', () => {
    const params = new URLSearchParams('registry=gr&page=4&sort=name');
    expect(listHref('/admin/domains', params, { sort: 'expiry', dir: 'desc' })).toBe('/admin/domains?registry=gr&sort=expiry&dir=desc');
    expect(listHref('/admin/domains', params, { page: 5 })).toBe('/admin/domains?registry=gr&page=5&sort=name');
    expect(listHref('/admin/domains', new URLSearchParams('q=a'), { q: null })).toBe('/admin/domains');
  });
});
