// Coupons (spec §3 Coupon, issue #5 §1, issue #10 §2): for all users or for users picked by filters —
// registered in the last 30 days ('new') or before that ('old'), never ordered, between dates — and
// worth an amount or a percentage of the order before VAT. Status 'pending' coupons do not apply yet.
// Issue #10 adds limits: how many orders may use a coupon in all and per customer, a minimum order,
// and whether the coupon may bring an order down to nothing (an order of 0 € is paid at once, so a
// coupon that could do it by accident would give goods away).
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
  /** Orders that may use it in all (null: no limit). */
  maxRedemptions?: number | null;
  /** Orders of one customer that may use it (null: no limit). */
  maxPerCustomer?: number | null;
  /** The subtotal (before VAT) an order must reach. */
  minOrderCents?: number;
  /** May it leave nothing to pay? */
  allowZeroTotal?: boolean;
};

/**
 * `orders`: the customer's orders that are not cancelled — pending ones too, so two orders placed
 * side by side cannot both be a 'first order'. `redemptions`: live uses (cancelled orders released
 * theirs), by everyone and by this customer.
 */
export type CouponCustomer = { registeredAt: number; orders: number; redemptions?: { total: number; mine: number } };

export type CouponRefusal = { key: string; params?: Record<string, string | number> };

/** Codes are typed by people: case and spaces do not matter. */
export function normaliseCouponCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

/** Why a coupon does not apply to this customer (an i18n key of the validation namespace), or null. */
export function couponRefusal(c: Coupon, customer: CouponCustomer, nowMs: number): string | null {
  if (c.status !== 'active') return 'validation:coupon_invalid';
  if (c.validFrom !== null && nowMs < c.validFrom) return 'validation:coupon_not_yet';
  if (c.validTo !== null && nowMs > c.validTo) return 'validation:coupon_expired';
  const newUser = nowMs - customer.registeredAt <= NEW_USER_DAYS * 86_400_000;
  // Each filter names the customers it is for, so a refused customer learns why (issue #22 §2).
  if (c.audience === 'new' && !newUser) return 'validation:coupon_new_customers_only';
  if (c.audience === 'old' && newUser) return 'validation:coupon_old_customers_only';
  if (c.neverOrdered && customer.orders > 0) return 'validation:coupon_first_order_only';
  const used = customer.redemptions ?? { total: 0, mine: 0 };
  if (c.maxPerCustomer != null && used.mine >= c.maxPerCustomer) return 'validation:coupon_already_used';
  if (c.maxRedemptions != null && used.total >= c.maxRedemptions) return 'validation:coupon_used_up';
  return null;
}

/** The discount on a subtotal (before VAT): never more than the subtotal, never negative. */
export function couponDiscount(c: Coupon, subTotalCents: number): number {
  const raw = c.kind === 'amount' ? c.value : Math.round((subTotalCents * c.value) / 10_000);
  return Math.max(0, Math.min(subTotalCents, raw));
}

/**
 * Why the coupon does not apply to an order of this subtotal: below its minimum, or it would leave
 * nothing to pay when it may not. `minOrderCents` is returned for the message to format.
 */
export function couponOrderRefusal(c: Coupon, subTotalCents: number): { key: string; minOrderCents?: number } | null {
  const min = c.minOrderCents ?? 0;
  if (min > 0 && subTotalCents < min) return { key: 'validation:coupon_min_order', minOrderCents: min };
  if (subTotalCents > 0 && couponDiscount(c, subTotalCents) >= subTotalCents && c.allowZeroTotal !== true) return { key: 'validation:coupon_zero_total' };
  return null;
}

/** Spec §4 Coupon: the back office shows ACTIVE, or WARNING for a pending coupon (not usable yet). */
export function couponStatusLabel(status: Coupon['status']): 'ACTIVE' | 'WARNING' {
  return status === 'active' ? 'ACTIVE' : 'WARNING';
}
