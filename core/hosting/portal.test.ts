import { describe, expect, it } from 'vitest';
import { pageCount, panelPasswordAllowed, readServiceListQuery, serviceListSearch } from './portal';

describe('services list query', () => {
  it('reads known filters and a page, ignoring anything else', () => {
    expect(readServiceListQuery(new URLSearchParams('status=active&kind=vps&page=3'))).toEqual({ status: 'active', kind: 'vps', page: 3 });
    expect(readServiceListQuery(new URLSearchParams('status=gone&kind=mail&page=-2'))).toEqual({ status: null, kind: null, page: 1 });
    expect(readServiceListQuery(new URLSearchParams('page=abc'))).toEqual({ status: null, kind: null, page: 1 });
  });

  it('writes the query back, without the defaults', () => {
    expect(serviceListSearch({ status: null, kind: null, page: 1 })).toBe('');
    expect(serviceListSearch({ status: 'suspended', kind: 'shared', page: 1 }, { page: 2 })).toBe('?status=suspended&kind=shared&page=2');
    const q = readServiceListQuery(new URLSearchParams(serviceListSearch({ status: 'terminated', kind: 'wordpress', page: 4 }).slice(1)));
    expect(q).toEqual({ status: 'terminated', kind: 'wordpress', page: 4 });
  });

  it('counts pages of 25, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(500)).toBe(20);
  });

  it('allows the panel password on an account that has a panel user', () => {
    expect(panelPasswordAllowed('active')).toBe(true);
    expect(panelPasswordAllowed('suspended')).toBe(true);
    expect(panelPasswordAllowed('provisioning')).toBe(false);
    expect(panelPasswordAllowed('terminated')).toBe(false);
  });
});
