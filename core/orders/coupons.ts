// Coupons (spec §3 Coupon, issue #5 §1): for all users or for users picked by filters — registered in
// the last 30 days ('new') or before that ('old'), never ordered, between dates — and worth an amount
// or a percentage of the order before VAT. Status 'pending' coupons do not apply yet.
export const NEW_USER_DAYS = 30;

export type Coupon = {
  code: string;
  kind: 'amount' | 'percent';
  /** Cents for an amount; basis points for a percentage (1000 = 10 %). */
  value: number;
  status: 'active' | 'pending';
  audience: 'all' | 'new' | 'old';
  neverOrdered: boolean;
  validFrom: number | null;
  validTo: number | null;
};

export type CouponCustomer = { registeredAt: number; orders: number };

/** Codes are typed by people: case and spaces do not matter. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** Why a coupon does not apply (an i18n key of the validation namespace), or null when it does. */
export function couponRefusal(c: Coupon, customer: CouponCustomer, nowMs: number): string | null {
  if (c.status !== 'active') return 'validation:coupon_invalid';
  if (c.validFrom !== null && nowMs < c.validFrom) return 'validation:coupon_not_yet';
  if (c.validTo !== null && nowMs > c.validTo) return 'validation:coupon_expired';
  const newUser = nowMs - customer.registeredAt <= NEW_USER_DAYS * 86_400_000;
  if (c.audience === 'new' && !newUser) return 'validation:coupon_not_for_you';
  if (c.audience === 'old' && newUser) return 'validation:coupon_not_for_you';
  if (c.neverOrdered && customer.orders > 0) return 'validation:coupon_not_for_you';
  return null;
}

/** The discount on a subtotal (before VAT): never more than the subtotal, never negative. */
export function couponDiscount(c: Coupon, subTotalCents: number): number {
  const raw = c.kind === 'amount' ? c.value : Math.round((subTotalCents * c.value) / 10_000);
  return Math.max(0, Math.min(subTotalCents, raw));
}
