import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, couponOrderRefusal, couponRefusal, couponStatusLabel, normaliseCouponCode, type Coupon } from './coupons';

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const coupon = (over: Partial<Coupon> = {}): Coupon => ({ code: 'X', kind: 'percent', value: 1000, status: 'active', audience: 'all', neverOrdered: false, validFrom: null, validTo: null, ...over });

describe('coupons (spec §3)', () => {
  it('normalises typed codes', () => {
    expect(normaliseCouponCode(' kalos orisma10 ')).toBe('KALOSORISMA10');
  });
  it('applies to new or old users, to those who never ordered, between dates, only when active', () => {
    const fresh = { registeredAt: NOW - 5 * DAY, orders: 0 };
    const old = { registeredAt: NOW - 400 * DAY, orders: 3 };
    expect(couponRefusal(coupon({ audience: 'new' }), fresh, NOW)).toBeNull();
    expect(couponRefusal(coupon({ audience: 'new' }), old, NOW)).toBe('validation:coupon_new_customers_only');
    expect(couponRefusal(coupon({ audience: 'old' }), old, NOW)).toBeNull();
    expect(couponRefusal(coupon({ neverOrdered: true }), old, NOW)).toBe('validation:coupon_first_order_only');
    expect(couponRefusal(coupon({ audience: 'old' }), fresh, NOW)).toBe('validation:coupon_old_customers_only');
    expect(couponRefusal(coupon({ validTo: NOW - 1 }), fresh, NOW)).toBe('validation:coupon_expired');
    expect(couponRefusal(coupon({ validFrom: NOW + 1 }), fresh, NOW)).toBe('validation:coupon_not_yet');
    expect(couponRefusal(coupon({ status: 'pending' }), fresh, NOW)).toBe('validation:coupon_invalid');
  });
  it('takes a percentage or an amount, never more than the subtotal (property)', () => {
    expect(couponDiscount(coupon(), 2595)).toBe(260);
    expect(couponDiscount(coupon({ kind: 'amount', value: 500 }), 300)).toBe(300);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 20_000 }), fc.boolean(), (sub, value, percent) => {
        const d = couponDiscount(coupon({ kind: percent ? 'percent' : 'amount', value }), sub);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(sub);
      }),
    );
  });
});

describe('coupon limits (issue #10 §2)', () => {
  const fresh = { registeredAt: NOW - 5 * DAY, orders: 0 };
  it('counts uses in all and per customer', () => {
    expect(couponRefusal(coupon({ maxRedemptions: 2 }), { ...fresh, redemptions: { total: 1, mine: 0 } }, NOW)).toBeNull();
    expect(couponRefusal(coupon({ maxRedemptions: 2 }), { ...fresh, redemptions: { total: 2, mine: 0 } }, NOW)).toBe('validation:coupon_used_up');
    expect(couponRefusal(coupon({ maxPerCustomer: 1 }), { ...fresh, redemptions: { total: 1, mine: 1 } }, NOW)).toBe('validation:coupon_already_used');
    expect(couponRefusal(coupon({ maxPerCustomer: null, maxRedemptions: null }), { ...fresh, redemptions: { total: 999, mine: 999 } }, NOW)).toBeNull();
  });
  it('a pending order counts as having ordered', () => {
    expect(couponRefusal(coupon({ neverOrdered: true }), { ...fresh, orders: 1 }, NOW)).toBe('validation:coupon_first_order_only');
  });
  it('needs its minimum order, and may not leave nothing to pay unless it says so', () => {
    expect(couponOrderRefusal(coupon({ minOrderCents: 2000 }), 1999)).toEqual({ key: 'validation:coupon_min_order', minOrderCents: 2000 });
    expect(couponOrderRefusal(coupon({ minOrderCents: 2000 }), 2000)).toBeNull();
    const fiver = coupon({ kind: 'amount', value: 500 });
    expect(couponOrderRefusal(fiver, 499)).toEqual({ key: 'validation:coupon_zero_total' });
    expect(couponOrderRefusal(fiver, 500)).toEqual({ key: 'validation:coupon_zero_total' });
    expect(couponOrderRefusal(fiver, 501)).toBeNull();
    expect(couponOrderRefusal({ ...fiver, allowZeroTotal: true }, 300)).toBeNull();
    expect(couponOrderRefusal(coupon({ value: 10_000 }), 1000)).toEqual({ key: 'validation:coupon_zero_total' });
  });
  it('never leaves a positive order at zero without the flag (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), fc.boolean(), (sub, value, percent) => {
        const c = coupon({ kind: percent ? 'percent' : 'amount', value: percent ? Math.min(value, 10_000) : value });
        if (couponOrderRefusal(c, sub) === null) expect(sub - couponDiscount(c, sub)).toBeGreaterThan(0);
      }),
    );
  });
});

describe('coupon status in the back office (spec §4)', () => {
  it('shows ACTIVE for an active coupon and WARNING for a pending one', () => {
    expect(couponStatusLabel('active')).toBe('ACTIVE');
    expect(couponStatusLabel('pending')).toBe('WARNING');
  });
});
