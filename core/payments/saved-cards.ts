// Saved cards (issue #25 §1, decision 079): the rules that do not need a database. A card is kept by
// the processor behind a token; we keep only what the customer recognises it by.

/** At most this many saved cards per customer: enough for a spare, few enough to read at a glance. */
export const MAX_SAVED_CARDS = 5;

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The brand as its holder reads it; an unknown one as the processor named it, capitalised. */
export function brandName(brand: string): string {
  const key = brand.trim().toLowerCase();
  return BRAND_NAMES[key] ?? (key ? key[0]!.toUpperCase() + key.slice(1) : '');
}

/** "Visa •••• 4242": the same words in the list, the renewal notices and the domain page. */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${brandName(card.brand)} •••• ${card.last4}`;
}

/** "12/2030", as printed on the card. */
export function cardExpiry(card: { expMonth: number; expYear: number }): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** A card is good to the end of its expiry month (UTC); from the first of the next it is expired. */
export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return now.getTime() >= Date.UTC(card.expYear, card.expMonth, 1);
}

/** The processor's customer reference for a user: stable, and no personal data. */
export function processorCustomerRef(userId: number): string {
  return `user-${userId}`;
}
