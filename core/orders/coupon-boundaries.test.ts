// Coupons pinned at their boundaries (issue #20 §5): both sides of the 30-day new/old split of spec §9,
// of the dates, of the per-customer and overall limits, so that a coupon for old customers cannot go
// to new ones (nor the other way) and a mutated comparison fails a test.
import { describe, expect, it } from 'vitest';
import { couponOrderRefusal, couponRefusal, NEW_USER_DAYS, type Coupon } from './coupons';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const coupon = (over: Partial<Coupon> = {}): Coupon => ({ code: 'X', kind: 'percent', value: 1000, status: 'active', audience: 'all', neverOrdered: false, validFrom: null, validTo: null, ...over });
const registered = (msAgo: number, orders = 0) => ({ registeredAt: NOW - msAgo, orders });
// Each filter says which customers the coupon is for (issue #22 §2: a clear message, not 'not for you').
const NEW_ONLY = 'validation:coupon_new_customers_only';
const OLD_ONLY = 'validation:coupon_old_customers_only';
const FIRST_ORDER = 'validation:coupon_first_order_only';

describe('the new/old customer split (spec §9: 30 days)', () => {
  it('is 30 days', () => {
    expect(NEW_USER_DAYS).toBe(30);
  });
  it('registered exactly 30 days ago is still new; one millisecond more is old', () => {
    const atBoundary = registered(30 * DAY);
    const justOld = registered(30 * DAY + 1);
    expect(couponRefusal(coupon({ audience: 'new' }), atBoundary, NOW)).toBeNull();
    expect(couponRefusal(coupon({ audience: 'old' }), atBoundary, NOW)).toBe(OLD_ONLY);
    expect(couponRefusal(coupon({ audience: 'old' }), justOld, NOW)).toBeNull();
    expect(couponRefusal(coupon({ audience: 'new' }), justOld, NOW)).toBe(NEW_ONLY);
  });
  it('an "old customers" coupon never goes to a new customer, nor a "new customers" one to an old', () => {
    for (const ago of [0, 1, DAY, 29 * DAY, 30 * DAY]) expect(couponRefusal(coupon({ audience: 'old' }), registered(ago), NOW), `${ago}`).toBe(OLD_ONLY);
    for (const ago of [30 * DAY + 1, 31 * DAY, 400 * DAY]) expect(couponRefusal(coupon({ audience: 'new' }), registered(ago), NOW), `${ago}`).toBe(NEW_ONLY);
    for (const ago of [0, 30 * DAY, 30 * DAY + 1, 400 * DAY]) expect(couponRefusal(coupon({ audience: 'all' }), registered(ago), NOW)).toBeNull();
  });
  it('never ordered: accepted with no order, refused with one', () => {
    expect(couponRefusal(coupon({ neverOrdered: true }), registered(DAY, 0), NOW)).toBeNull();
    expect(couponRefusal(coupon({ neverOrdered: true }), registered(DAY, 1), NOW)).toBe(FIRST_ORDER);
    expect(couponRefusal(coupon({ neverOrdered: false }), registered(DAY, 5), NOW)).toBeNull();
  });
});

describe('the dates', () => {
  const c = registered(DAY);
  it('valid from its first millisecond, refused the one before', () => {
    expect(couponRefusal(coupon({ validFrom: NOW }), c, NOW)).toBeNull();
    expect(couponRefusal(coupon({ validFrom: NOW + 1 }), c, NOW)).toBe('validation:coupon_not_yet');
  });
  it('valid up to and including its end, refused the millisecond after', () => {
    expect(couponRefusal(coupon({ validTo: NOW }), c, NOW)).toBeNull();
    expect(couponRefusal(coupon({ validTo: NOW - 1 }), c, NOW)).toBe('validation:coupon_expired');
    expect(couponRefusal(coupon({ validFrom: NOW - DAY, validTo: NOW + DAY }), c, NOW)).toBeNull();
  });
  it('only an active coupon', () => {
    expect(couponRefusal(coupon({ status: 'active' }), c, NOW)).toBeNull();
    expect(couponRefusal(coupon({ status: 'pending' }), c, NOW)).toBe('validation:coupon_invalid');
  });
});

describe('the limits', () => {
  const c = (mine: number, total: number) => ({ ...registered(DAY), redemptions: { mine, total } });
  it('per customer: the last allowed use is accepted, the next refused', () => {
    expect(couponRefusal(coupon({ maxPerCustomer: 2 }), c(1, 1), NOW)).toBeNull();
    expect(couponRefusal(coupon({ maxPerCustomer: 2 }), c(2, 2), NOW)).toBe('validation:coupon_already_used');
    expect(couponRefusal(coupon({ maxPerCustomer: 1 }), c(0, 50), NOW)).toBeNull();
    // Other customers' uses do not count against this one.
    expect(couponRefusal(coupon({ maxPerCustomer: 1, maxRedemptions: null }), c(0, 999), NOW)).toBeNull();
  });
  it('overall: the last use is accepted, the next refused', () => {
    expect(couponRefusal(coupon({ maxRedemptions: 3 }), c(0, 2), NOW)).toBeNull();
    expect(couponRefusal(coupon({ maxRedemptions: 3 }), c(0, 3), NOW)).toBe('validation:coupon_used_up');
  });
  it('no redemptions known counts as none', () => {
    expect(couponRefusal(coupon({ maxPerCustomer: 1, maxRedemptions: 1 }), registered(DAY), NOW)).toBeNull();
  });
});

describe('limits of zero and orders of zero', () => {
  it('a coupon allowed no uses is used up even when no redemptions are known', () => {
    expect(couponRefusal(coupon({ maxRedemptions: 0 }), registered(DAY), NOW)).toBe('validation:coupon_used_up');
    expect(couponRefusal(coupon({ maxPerCustomer: 0 }), registered(DAY), NOW)).toBe('validation:coupon_already_used');
  });
  it('an order that is already free is not refused for leaving nothing to pay', () => {
    expect(couponOrderRefusal(coupon({ kind: 'amount', value: 500 }), 0)).toBeNull();
    expect(couponOrderRefusal(coupon({ kind: 'amount', value: 500 }), 1)).toEqual({ key: 'validation:coupon_zero_total' });
  });
});
