// Unpaid orders lapse (issue #10 review; issue #32 §1, decision 088). A pending order holds its
// coupon's use, the credit it set aside and — the reason for a short limit — its prices: an order
// left open for months could be paid at a price long gone. So an order not paid in time is cancelled
// (coupon use and credit go back, as a customer's cancel does) and a payment arriving later is not
// taken as paying it.
// - A bank transfer has seven days from placing: SEPA takes 1–3 working days, so a week covers a
//   weekend, a holiday and a customer who pays a day or two late, and no longer holds a price.
// - Any other unpaid order (a card payment not completed, declined or abandoned) has 48 hours: a card
//   pays in minutes, and the second day leaves room for the day-before notice and another card.
// - Renewal orders (hosting, auto-renew) never lapse this way: they stay payable through the grace
//   period, and their own runs cancel them (decisions 071, 080).
import { isAnyRenewalKey } from '../renewals/auto-renew';

const HOUR_MS = 60 * 60_000;

export const BANK_TRANSFER_LAPSE_HOURS = 7 * 24;
export const CARD_LAPSE_HOURS = 48;
/** The customer is told this long before the order lapses ("your order lapses tomorrow"). */
export const LAPSE_NOTICE_HOURS = 24;

export type LapsingOrder = { createdAtMs: number; paymentMethod: string; idempotencyKey: string };

/** How long an order with this payment method waits for its money, in hours. */
export function lapseHours(paymentMethod: string): number {
  return paymentMethod === 'bank_transfer' ? BANK_TRANSFER_LAPSE_HOURS : CARD_LAPSE_HOURS;
}

/** When the unpaid order lapses (ms), or null for an order that does not lapse (a renewal order). */
export function lapsesAtMs(order: LapsingOrder): number | null {
  if (isAnyRenewalKey(order.idempotencyKey)) return null;
  return order.createdAtMs + lapseHours(order.paymentMethod) * HOUR_MS;
}

/** The placing times before which a still-pending order has lapsed at `nowMs`, per kind of method. */
export function lapseCutoffs(nowMs: number): { bankTransfer: number; other: number } {
  return { bankTransfer: nowMs - BANK_TRANSFER_LAPSE_HOURS * HOUR_MS, other: nowMs - CARD_LAPSE_HOURS * HOUR_MS };
}

/** The placing times of orders whose notice is due at `nowMs` (lapsing within LAPSE_NOTICE_HOURS), per kind. */
export function lapseNoticeCutoffs(nowMs: number): { bankTransfer: number; other: number } {
  return lapseCutoffs(nowMs + LAPSE_NOTICE_HOURS * HOUR_MS);
}

/** What the checkout says a bank transfer placed at `nowMs` has until. */
export function bankTransferLapsesAtMs(nowMs: number): number {
  return nowMs + BANK_TRANSFER_LAPSE_HOURS * HOUR_MS;
}
