// Credit balance rules (spec §2 credit box, §3 Checkout credit_adjustment, §8 2104): what an order may
// take from the balance, what is left to pay, and what a refunded item gives back. Pure, integer cents.

/** The credit an order uses: all of it when the balance covers the order, otherwise the whole balance. */
export function creditToApply(input: { balanceCents: number; grandTotalCents: number; use: boolean }): number {
  // Stryker disable next-line EqualityOperator: its `< 0` mutants are equivalent (a balance or a total of 0 gives min(…) = 0 anyway), and this also sets aside its two `> 0` mutants, which the tests kill (decision 094)
  if (!input.use || input.balanceCents <= 0 || input.grandTotalCents <= 0) return 0;
  return Math.min(input.balanceCents, input.grandTotalCents);
}

/** What a payment must still bring for an order. */
export function amountDue(order: { grandTotalCents: number; creditCents: number }): number {
  return Math.max(0, order.grandTotalCents - order.creditCents);
}

/**
 * An item's share of what the order cost (its net price, less its part of any coupon, plus its VAT),
 * rounded down, so refunding every item of an order never gives back more than the order's total.
 */
export function refundShare(order: { subTotalCents: number; grandTotalCents: number; vatCents: number }, itemNetCents: number): { totalCents: number; vatCents: number } {
  if (order.subTotalCents <= 0 || itemNetCents <= 0) return { totalCents: 0, vatCents: 0 };
  const ratio = Math.min(1, itemNetCents / order.subTotalCents);
  return { totalCents: Math.floor(order.grandTotalCents * ratio), vatCents: Math.floor(order.vatCents * ratio) };
}

/**
 * What an order's refunds may still give back: what it was paid (credit and card) less what went back
 * to the card (succeeded and pending) and the credit already given back for its items. Never negative.
 */
export function heldCents(input: { paidCents: number; cardRefundedCents: number; cardPendingCents: number; itemCreditCents: number }): number {
  return Math.max(0, input.paidCents - input.cardRefundedCents - input.cardPendingCents - input.itemCreditCents);
}

/**
 * Items' refund shares capped, in order, at what the order still holds (issue #20 §2: a card refund
 * first, then an item failing for good, must not give the money back twice). A capped share keeps the
 * VAT in proportion, rounded down, so its net and VAT still add up to it.
 */
export function capShares(shares: { totalCents: number; vatCents: number }[], heldCents: number): { totalCents: number; vatCents: number }[] {
  let left = Math.max(0, heldCents);
  return shares.map((s) => {
    const total = Math.max(0, Math.min(s.totalCents, left));
    left -= total;
    if (total === s.totalCents) return { ...s };
    return { totalCents: total, vatCents: s.totalCents > 0 ? Math.floor((s.vatCents * total) / s.totalCents) : 0 };
  });
}
