import { describe, expect, it } from 'vitest';
import { notificationsHref, parseNotificationFilters } from './filters';

const parse = (q: string) => parseNotificationFilters(new URLSearchParams(q));

describe('notification filters', () => {
  it('reads a page and a known type', () => {
    expect(parse('page=3&type=2')).toEqual({ page: 3, type: 2 });
    expect(parse('type=1')).toEqual({ page: 1, type: 1 });
  });
  it('falls back to all types and page 1 for anything else', () => {
    expect(parse('')).toEqual({ page: 1, type: null });
    expect(parse('page=0&type=4')).toEqual({ page: 1, type: null });
    expect(parse('page=-2&type=x')).toEqual({ page: 1, type: null });
    expect(parse('page=1e3')).toEqual({ page: 1, type: null });
  });
  it('writes the address back without the defaults', () => {
    expect(notificationsHref({ page: 1, type: null })).toBe('/account/notifications');
    expect(notificationsHref({ page: 2, type: 3 })).toBe('/account/notifications?type=3&page=2');
  });
});
