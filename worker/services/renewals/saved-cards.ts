// What auto-renew needs of the saved cards (the billing area's port over the card processor, branch
// h-cards): charge the customer's default saved card by its stored token, and name it for the page.
// Injected, so the payment step is tested with a card that approves, declines or is missing; without
// saved cards every renewal falls back to the document to pay.

export type SavedCardCharge = { status: 'approved'; chargeId: string; cardLabel: string } | { status: 'declined'; declineCode: string; cardLabel: string } | { status: 'none' };

export type ChargeInput = {
  /** Ours, for the processor's records and its webhooks: `renewal-<order id>`. */
  reference: string;
  amountCents: number;
  description: string;
  /** Per order and day: a re-run (or a lost answer retried) never charges twice. */
  idempotencyKey: string;
};

export type SavedCardsPort = {
  chargeDefault(userId: number, input: ChargeInput): Promise<SavedCardCharge>;
  /** The default card's label ("Visa •••• 4242"), or null when there is none. */
  defaultLabel(userId: number): Promise<string | null>;
};

/** No saved cards: nothing is charged, and the page says the document will be sent. */
export const NO_SAVED_CARDS: SavedCardsPort = {
  chargeDefault: async () => ({ status: 'none' }),
  defaultLabel: async () => null,
};
