import { describe, expect, it } from 'vitest';
import { centsToEuroInput, readEuroAmount } from '../amounts';
import { athensDate, athensDayBound, couponFieldsOf, couponFormSchema, couponFormValues } from './coupon-forms';

const base = { code: 'spring25', kind: 'percent', percent: '25', audience: 'new', status: 'active' };
const keysOf = (input: Record<string, unknown>) => {
  const r = couponFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), JSON.parse(i.message).key]));
};

describe('the coupon form (issue #22 §2)', () => {
  it('turns a percentage into basis points and the code into the form customers type', () => {
    const r = couponFormSchema.parse({ ...base, code: 'spring-25' });
    expect(couponFieldsOf(r)).toMatchObject({ code: 'SPRING-25', kind: 'percent', value: 2500, audience: 'new', status: 'active', neverOrdered: false, maxRedemptions: null, maxPerCustomer: null, minOrderCents: 0, allowZeroTotal: false, validFrom: null, validTo: null });
  });

  it('reads an amount in euros with the money helper (Greek or point notation) into cents', () => {
    const r = couponFormSchema.parse({ ...base, code: 'MINUS5', kind: 'amount', percent: undefined, amount: '12,50', min_order: '30', max_redemptions: '100', max_per_customer: '1', allow_zero_total: true });
    expect(couponFieldsOf(r)).toMatchObject({ kind: 'amount', value: 1250, minOrderCents: 3000, maxRedemptions: 100, maxPerCustomer: 1, allowZeroTotal: true });
    expect(keysOf({ ...base, kind: 'amount', amount: '1.234' })).toEqual({ amount: 'validation:amount_ambiguous' });
  });

  it('needs the field of the kind chosen, a percentage from 1 to 100 and whole limits from 1', () => {
    expect(keysOf({ ...base, percent: undefined })).toEqual({ percent: 'validation:required' });
    expect(keysOf({ ...base, kind: 'amount', percent: undefined })).toEqual({ amount: 'validation:required' });
    expect(keysOf({ ...base, percent: '0' })).toEqual({ percent: 'validation:values_min' });
    expect(keysOf({ ...base, percent: '101' })).toEqual({ percent: 'validation:values_max' });
    expect(keysOf({ ...base, percent: '12,5' })).toEqual({ percent: 'validation:numeric' });
    expect(keysOf({ ...base, percent: '100' })).toEqual({});
    expect(keysOf({ ...base, percent: '1' })).toEqual({});
    expect(keysOf({ ...base, max_redemptions: '0' })).toEqual({ max_redemptions: 'validation:values_min' });
    expect(keysOf({ ...base, max_redemptions: '2', max_per_customer: '3' })).toEqual({ max_per_customer: 'validation:coupon_per_customer_over_total' });
    expect(keysOf({ ...base, max_redemptions: '3', max_per_customer: '3' })).toEqual({});
  });

  it('refuses codes that are not letters, digits, - and _, and the reserved "new"', () => {
    expect(keysOf({ ...base, code: 'Κουπόνι' })).toEqual({ code: 'validation:illegal_chars' });
    expect(keysOf({ ...base, code: 'ab' })).toMatchObject({ code: 'validation:length_range' });
    expect(keysOf({ ...base, code: 'new' })).toEqual({ code: 'validation:coupon_code_taken' });
    expect(keysOf({ ...base, code: 'Csv' })).toEqual({ code: 'validation:coupon_code_taken' });
  });

  it('only offers the audiences, kinds and statuses of the spec', () => {
    expect(keysOf({ ...base, audience: 'vip' })).toEqual({ audience: 'validation:required' });
    expect(keysOf({ ...base, status: 'deleted' })).toEqual({ status: 'validation:required' });
  });

  it('takes Greek days: from the first millisecond of the first day to the last of the last', () => {
    const r = couponFieldsOf(couponFormSchema.parse({ ...base, valid_from: '2026-12-01', valid_to: '2026-12-31' }));
    // Winter: Athens is UTC+2.
    expect(r.validFrom).toBe(Date.UTC(2026, 10, 30, 22));
    expect(r.validTo).toBe(Date.UTC(2026, 11, 31, 21, 59, 59, 999));
    // Summer: UTC+3.
    expect(athensDayBound('2026-07-01')).toBe(Date.UTC(2026, 5, 30, 21));
    expect(athensDayBound('2026-02-30')).toBeNull();
    // The days the clocks change: midnight in one offset, the day's end in the other.
    expect(athensDayBound('2026-03-29')).toBe(Date.UTC(2026, 2, 28, 22));
    expect(athensDayBound('2026-03-29', true)).toBe(Date.UTC(2026, 2, 29, 20, 59, 59, 999));
    expect(athensDayBound('2026-10-25')).toBe(Date.UTC(2026, 9, 24, 21));
    expect(athensDayBound('2026-10-25', true)).toBe(Date.UTC(2026, 9, 25, 21, 59, 59, 999));
    expect(keysOf({ ...base, valid_from: '2026-12-31', valid_to: '2026-12-01' })).toEqual({ valid_to: 'validation:coupon_dates_order' });
    expect(keysOf({ ...base, valid_from: '2026-12-01', valid_to: '2026-12-01' })).toEqual({});
    expect(keysOf({ ...base, valid_from: '2026-13-01' })).toEqual({ valid_from: 'validation:invalid' });
  });

  it('fills the edit form with what it would save again (round trip)', () => {
    const fields = couponFieldsOf(
      couponFormSchema.parse({ ...base, kind: 'amount', amount: '7,05', percent: undefined, valid_from: '2026-03-29', valid_to: '2026-10-25', min_order: '1.000,00', max_redemptions: '9', never_ordered: true }),
    );
    const values = couponFormValues(fields);
    expect(values).toMatchObject({ amount: '7,05', percent: '', valid_from: '2026-03-29', valid_to: '2026-10-25', min_order: '1000,00', max_redemptions: '9', never_ordered: true });
    const again = couponFieldsOf(couponFormSchema.parse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== false))));
    expect(again).toEqual(fields);
    expect(athensDate(Date.UTC(2026, 10, 30, 22))).toBe('2026-12-01');
  });

  it('writes cents as a field value the money helper reads back', () => {
    for (const cents of [0, 5, 50, 1250, 100000, 123456789]) expect(readEuroAmount(centsToEuroInput(cents))).toEqual({ ok: true, cents });
  });
});
