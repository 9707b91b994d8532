// The back office's coupon form (issue #22 §2, spec §3 Coupon): one schema for the browser (conform)
// and the action. A discount is an amount (euros as staff type them, read by core/amounts.ts into
// cents) or a whole percentage from 1 to 100 (stored as basis points, as core/orders/coupons.ts
// counts it); the audience is everybody or the filters of the spec (new/old registration, never
// ordered); the dates bound the days the coupon is valid (Greek days: from the start of the first to
// the end of the last); limits in all and per customer, a minimum order and the zero-total flag.
import { z } from 'zod';
import { normaliseCouponCode, type Coupon } from '../orders/coupons';
import { euroAmount, eurosToCents } from './admin-forms';
import { issueMessage, message } from './messages';
import { athensOffsetHours } from './refund-forms';
import { always, isBlank, toCheck } from './rule-kit';
import { checkbox, optionalText, requiredSelect, requiredText } from './required-rules';
import { lengthRange, maxLength, pattern } from './text-rules';
import { valueError } from './number-rules';
import { centsToEuroInput } from '../amounts';

export const COUPON_KINDS = ['amount', 'percent'] as const;
export const COUPON_AUDIENCES = ['all', 'new', 'old'] as const;
export const COUPON_STATUSES = ['active', 'pending'] as const;
/** A larger amount off is a mistake to catch, not a discount. */
export const COUPON_AMOUNT_MAX_EUROS = 10_000;
export const COUPON_LIMIT_MAX = 1_000_000;
/** The back office list's sort columns (core/staff/list-query.ts allow-lists them). */
export const COUPON_SORTS = ['code', 'created', 'uses', 'valid_to'] as const;
export type CouponSort = (typeof COUPON_SORTS)[number];
/** '/admin/coupons/new' and '/admin/coupons/csv' are pages: a coupon with such a code could not have its own. */
export const RESERVED_COUPON_CODES: readonly string[] = ['NEW', 'CSV'];

const wholeNumber = (min: number, max: number) =>
  toCheck((v) => {
    if (v.trim() === '') return null;
    if (!/^\d+$/.test(v.trim())) return message('NUMERIC');
    return valueError(v, { min, max });
  });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Athens' offset from UTC at an instant (athensOffsetHours compares the instant with the changes). */
const offsetAt = (ms: number) => athensOffsetHours(new Date(ms));

/**
 * The day's first millisecond in Greece (or its last with `end`); null for a date that does not exist.
 * The offset is the one in force at that very instant: on the days the clocks change, midnight and
 * the day's end are in different offsets.
 */
export function athensDayBound(date: string, end = false): number | null {
  const m = DATE.exec(date.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const local = end ? Date.UTC(y, mo - 1, d, 23, 59, 59, 999) : Date.UTC(y, mo - 1, d);
  const day = new Date(local);
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  const summer = local - 3 * 3_600_000;
  return offsetAt(summer) === 3 ? summer : local - 2 * 3_600_000;
}

/** The Greek calendar day of an instant as yyyy-mm-dd (the date input's value). */
export function athensDate(ms: number): string {
  return new Date(ms + offsetAt(ms) * 3_600_000).toISOString().slice(0, 10);
}

const dateField = () => optionalText(maxLength(10), pattern(/[0-9-]/));

const couponShape = {
  code: requiredText(lengthRange(3, 32), pattern(/[A-Za-z0-9_-]/)),
  kind: requiredSelect(COUPON_KINDS),
  amount: optionalText(euroAmount({ max: COUPON_AMOUNT_MAX_EUROS })),
  percent: optionalText(wholeNumber(1, 100)),
  audience: requiredSelect(COUPON_AUDIENCES),
  never_ordered: checkbox(),
  valid_from: dateField(),
  valid_to: dateField(),
  max_redemptions: optionalText(wholeNumber(1, COUPON_LIMIT_MAX)),
  max_per_customer: optionalText(wholeNumber(1, COUPON_LIMIT_MAX)),
  min_order: optionalText(euroAmount({ min: 0, max: COUPON_AMOUNT_MAX_EUROS })),
  allow_zero_total: checkbox(),
  status: requiredSelect(COUPON_STATUSES),
};

export const couponFormSchema = z.object(couponShape).superRefine((data, ctx) => {
  const issue = (path: string, key: Parameters<typeof issueMessage>[0]) => ctx.addIssue({ code: 'custom', path: [path], message: issueMessage(key), input: (data as Record<string, unknown>)[path] });
  if (typeof data.code === 'string' && RESERVED_COUPON_CODES.includes(normaliseCouponCode(data.code))) issue('code', 'COUPON_CODE_TAKEN');
  if (data.kind === 'amount' && isBlank(data.amount)) issue('amount', 'REQUIRED');
  if (data.kind === 'percent' && isBlank(data.percent)) issue('percent', 'REQUIRED');
  const from = isBlank(data.valid_from) ? null : athensDayBound(String(data.valid_from));
  const to = isBlank(data.valid_to) ? null : athensDayBound(String(data.valid_to), true);
  if (!isBlank(data.valid_from) && from === null) issue('valid_from', 'INVALID');
  if (!isBlank(data.valid_to) && to === null) issue('valid_to', 'INVALID');
  if (from !== null && to !== null && to < from) issue('valid_to', 'COUPON_DATES_ORDER');
  const maxAll = Number(data.max_redemptions);
  const maxMine = Number(data.max_per_customer);
  if (!isBlank(data.max_redemptions) && !isBlank(data.max_per_customer) && maxMine > maxAll) issue('max_per_customer', 'COUPON_PER_CUSTOMER_OVER_TOTAL');
}, always);

export type CouponForm = z.output<typeof couponFormSchema>;

/** What a coupon row holds, as the form sets it (the code is normalised as customers type it). */
export type CouponFields = Omit<Coupon, 'maxRedemptions' | 'maxPerCustomer' | 'minOrderCents' | 'allowZeroTotal'> & {
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
  minOrderCents: number;
  allowZeroTotal: boolean;
};

/** The parsed form as the coupon's fields (the schema has checked every value already). */
export function couponFieldsOf(form: CouponForm): CouponFields {
  const optionalInt = (v: string | undefined) => (isBlank(v) ? null : Number(v));
  return {
    code: normaliseCouponCode(form.code),
    kind: form.kind as Coupon['kind'],
    value: form.kind === 'amount' ? (eurosToCents(form.amount ?? '') ?? 0) : Number(form.percent) * 100,
    status: form.status as Coupon['status'],
    audience: form.audience as Coupon['audience'],
    neverOrdered: form.never_ordered === true,
    validFrom: isBlank(form.valid_from) ? null : athensDayBound(form.valid_from!),
    validTo: isBlank(form.valid_to) ? null : athensDayBound(form.valid_to!, true),
    maxRedemptions: optionalInt(form.max_redemptions),
    maxPerCustomer: optionalInt(form.max_per_customer),
    minOrderCents: isBlank(form.min_order) ? 0 : (eurosToCents(form.min_order!) ?? 0),
    allowZeroTotal: form.allow_zero_total === true,
  };
}

/** The form's values for an existing coupon (the edit page). */
export function couponFormValues(c: CouponFields): Record<string, string | boolean> {
  return {
    code: c.code,
    kind: c.kind,
    amount: c.kind === 'amount' ? centsToEuroInput(c.value) : '',
    // Percentages are whole (the form takes 1–100); basis points of older rows round to the nearest.
    percent: c.kind === 'percent' ? String(Math.round(c.value / 100)) : '',
    audience: c.audience,
    never_ordered: c.neverOrdered,
    valid_from: c.validFrom === null ? '' : athensDate(c.validFrom),
    valid_to: c.validTo === null ? '' : athensDate(c.validTo),
    max_redemptions: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    max_per_customer: c.maxPerCustomer === null ? '' : String(c.maxPerCustomer),
    min_order: c.minOrderCents ? centsToEuroInput(c.minOrderCents) : '',
    allow_zero_total: c.allowZeroTotal,
    status: c.status,
  };
}

/** The list's filters from the address; an unknown value is no filter (a hand-made address). */
export const couponListFiltersSchema = z.object({
  status: z.enum(COUPON_STATUSES).optional().catch(undefined),
  audience: z.enum(COUPON_AUDIENCES).optional().catch(undefined),
  kind: z.enum(COUPON_KINDS).optional().catch(undefined),
});

export function couponListFilters(params: URLSearchParams): z.output<typeof couponListFiltersSchema> {
  return couponListFiltersSchema.parse({ status: params.get('status') ?? undefined, audience: params.get('audience') ?? undefined, kind: params.get('kind') ?? undefined });
}
