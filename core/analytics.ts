// Analytics events of the cart (spec §7 Cart analytics, §9: the registration event is worth 1 EUR):
// GA4-style ecommerce details built on the server from the cart's own prices. Amounts leave integer
// cents only here, as the decimal euros analytics tools expect; the currency is always EUR.
export type AnalyticsLine = { sku: string; name: string; kind: string; action: string | null; lengthMonths: number; totalCents: number };

export type EcommerceDetails = {
  currency: 'EUR';
  value: number;
  tax: number;
  items: { item_id: string; item_name: string; item_category: string; item_variant: string; price: number; quantity: 1 }[];
};

export function toMajorUnits(cents: number): number {
  return Math.round(cents) / 100;
}

/** What a begin_checkout (or add/remove) event carries: the items before VAT, the VAT apart. */
export function ecommerceDetails(lines: readonly AnalyticsLine[], totals: { subTotalCents: number; vatCents: number }): EcommerceDetails {
  return {
    currency: 'EUR',
    value: toMajorUnits(totals.subTotalCents),
    tax: toMajorUnits(totals.vatCents),
    items: lines.map((l) => ({
      item_id: l.kind === 'domain' ? `domain_${l.action ?? 'register'}_${l.sku}` : l.sku,
      item_name: l.name,
      item_category: l.kind,
      item_variant: `${l.lengthMonths}m`,
      price: toMajorUnits(l.totalCents),
      quantity: 1,
    })),
  };
}

/** The client's side of the call: whatever the server said, the currency is EUR (spec §7). */
export function beginCheckoutEvent(details: Omit<EcommerceDetails, 'currency'> & { currency?: string }) {
  return { event: 'begin_checkout', ecommerce: { ...details, currency: 'EUR' as const } };
}
