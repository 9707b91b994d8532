import { describe, expect, it } from 'vitest';
import { athensDayStart, dateRange, filtersQuery, parseDocumentFilters } from './filters';

describe('parseDocumentFilters', () => {
  it('reads kind, status, dates and page', () => {
    expect(parseDocumentFilters(new URLSearchParams('kind=invoices&status=PAID&from=2026-01-01&to=2026-01-31&page=2'))).toEqual({ kind: 'invoices', status: 'PAID', from: '2026-01-01', to: '2026-01-31', page: 2 });
  });
  it('falls back to all for what it does not understand', () => {
    expect(parseDocumentFilters(new URLSearchParams('kind=nope&status=paid&from=2026-02-31&to=x&page=-3'))).toEqual({ kind: 'all', status: null, from: null, to: null, page: 1 });
    expect(parseDocumentFilters(new URLSearchParams(''))).toEqual({ kind: 'all', status: null, from: null, to: null, page: 1 });
  });
  it('round-trips through filtersQuery', () => {
    const f = parseDocumentFilters(new URLSearchParams('kind=debits&status=OVERDUE&to=2026-03-01&page=3'));
    expect(parseDocumentFilters(new URLSearchParams(filtersQuery(f).slice(1)))).toEqual(f);
    expect(filtersQuery({ kind: 'all', page: 1 })).toBe('');
  });
});

describe('Athens days', () => {
  it('start at 22:00 UTC in winter and 21:00 UTC in summer', () => {
    expect(new Date(athensDayStart('2026-01-15')).toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(new Date(athensDayStart('2026-07-15')).toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });
  it('the range includes the whole last day', () => {
    const r = dateRange({ from: '2026-01-15', to: '2026-01-15' });
    expect(r.toMs! - r.fromMs!).toBe(86_400_000);
    expect(dateRange({ from: null, to: null })).toEqual({ fromMs: null, toMs: null });
  });
});
