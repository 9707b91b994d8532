// Unpaid orders do not wait for ever (issue #10 review): a pending order holds its coupon's use and the
// credit it set aside, so after this long without payment it is cancelled and both go back. Two weeks
// leave a bank transfer (the slowest method, 1–3 working days) ample time.
export const UNPAID_ORDER_DAYS = 14;

const DAY_MS = 24 * 60 * 60_000;

/** The creation time before which a still-pending order is cancelled at `nowMs`. */
export function unpaidOrderCutoff(nowMs: number): number {
  return nowMs - UNPAID_ORDER_DAYS * DAY_MS;
}
