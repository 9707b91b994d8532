// What auto-renew needs of the saved cards: charge the customer's default card saved with the card
// processor by its stored token (decision 079: the payments port's chargeSavedCard, never card data),
// and name it for the page. Injected, so the payment step is tested with a card that approves,
// declines or is missing; savedCardsThroughPort is the real path (the billing area's createSavedCards).
import { createSavedCards } from '../billing';
import type { ServiceDeps } from '../deps';

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

/**
 * The real path: the billing area's saved cards (decision 079), the default card charged off-session
 * through the payments port. A decline is an answer; a processor failure throws (the payment step
 * gives the day's claim back and a later run tries again with the same key).
 */
export function savedCardsThroughPort(deps: ServiceDeps): SavedCardsPort {
  const cards = createSavedCards(deps);
  return {
    async chargeDefault(userId, input) {
      const r = await cards.chargeDefault(userId, input);
      if (r.status === 'approved') return { status: 'approved', chargeId: r.chargeId, cardLabel: r.cardLabel };
      if (r.status === 'declined') return { status: 'declined', declineCode: r.declineCode, cardLabel: r.cardLabel };
      return { status: 'none' };
    },
    async defaultLabel(userId) {
      const list = await cards.list(userId);
      return list.find((c) => c.isDefault)?.label ?? null;
    },
  };
}
