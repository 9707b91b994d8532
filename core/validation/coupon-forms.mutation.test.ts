// The coupon form's edges that mutation testing found untested (issue #32 §6, decision 094): numbers
// and dates typed with spaces, a date that does not exist, an end without a start and a start without
// an end, a per-customer limit without a total, the edit page's values and the list's filters. A
// coupon's dates and limits are how much discount can be given away.
import { describe, expect, it } from 'vitest';
import { athensDayBound, couponFieldsOf, couponFormSchema, couponFormValues, couponListFilters, type CouponFields } from './coupon-forms';

const base = { code: 'spring25', kind: 'percent', percent: '25', audience: 'new', status: 'active' };
const keysOf = (input: Record<string, unknown>) => {
  const r = couponFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), JSON.parse(i.message).key]));
};

describe('the coupon form', () => {
  it('reads whole numbers and dates typed with spaces', () => {
    expect(keysOf({ ...base, percent: ' 25 ', max_redemptions: ' 10 ' })).toEqual({});
    expect(athensDayBound(' 2026-03-10 ')).toBe(Date.UTC(2026, 2, 9, 22));
  });

  it('refuses a date that does not exist, on its own field', () => {
    expect(athensDayBound('10/03/2026')).toBeNull();
    expect(athensDayBound('0050-01-01')).toBeNull();
    expect(keysOf({ ...base, valid_to: '2026-02-30' })).toEqual({ valid_to: 'validation:invalid' });
    expect(keysOf({ ...base, valid_from: '2026-02-30' })).toEqual({ valid_from: 'validation:invalid' });
  });

  it('takes a start without an end and an end without a start', () => {
    expect(keysOf({ ...base, valid_from: '2026-03-10' })).toEqual({});
    expect(keysOf({ ...base, valid_to: '2026-03-10' })).toEqual({});
    expect(keysOf({ ...base, valid_from: '2026-03-10', valid_to: '2026-03-10' })).toEqual({});
    expect(keysOf({ ...base, valid_from: '2026-03-11', valid_to: '2026-03-10' })).toEqual({ valid_to: 'validation:coupon_dates_order' });
  });

  it('takes a per-customer limit without a total one', () => {
    expect(keysOf({ ...base, max_per_customer: '5' })).toEqual({});
    expect(keysOf({ ...base, max_redemptions: '', max_per_customer: '5' })).toEqual({});
  });

  it('asks for the code when none was typed, without failing on it', () => {
    expect(keysOf({ ...base, code: undefined })).toEqual({ code: 'validation:required' });
  });
});

describe('couponFormValues', () => {
  const coupon: CouponFields = {
    code: 'SPRING25',
    kind: 'percent',
    value: 2500,
    status: 'active',
    audience: 'new',
    neverOrdered: false,
    validFrom: null,
    validTo: null,
    maxRedemptions: null,
    maxPerCustomer: null,
    minOrderCents: 0,
    allowZeroTotal: false,
  };

  it('shows an open coupon with its fields empty', () => {
    expect(couponFormValues(coupon)).toEqual({ code: 'SPRING25', kind: 'percent', amount: '', percent: '25', audience: 'new', never_ordered: false, valid_from: '', valid_to: '', max_redemptions: '', max_per_customer: '', min_order: '', allow_zero_total: false, status: 'active' });
  });

  it('shows an amount coupon with its limits and dates, as the form reads them back', () => {
    const c: CouponFields = { ...coupon, kind: 'amount', value: 1250, validFrom: Date.UTC(2026, 2, 9, 22), validTo: Date.UTC(2026, 2, 31, 20, 59, 59, 999), maxRedemptions: 100, maxPerCustomer: 2, minOrderCents: 3000 };
    const values = couponFormValues(c);
    expect(values).toMatchObject({ amount: '12,50', percent: '', valid_from: '2026-03-10', valid_to: '2026-03-31', max_redemptions: '100', max_per_customer: '2', min_order: '30,00' });
    expect(couponFieldsOf(couponFormSchema.parse(values))).toEqual(c);
  });
});

describe('couponListFilters', () => {
  it('takes known values and drops the others', () => {
    expect(couponListFilters(new URLSearchParams('status=active&audience=new&kind=amount'))).toEqual({ status: 'active', audience: 'new', kind: 'amount' });
    expect(couponListFilters(new URLSearchParams('status=gone&kind=free'))).toEqual({ status: undefined, audience: undefined, kind: undefined });
  });
});
