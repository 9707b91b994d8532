// What auto-renew needs of the saved cards: charge the customer's default card saved with the card
// processor by its stored token (decision 079: the payments port's chargeSavedCard, never card data),
// and name it for the page. Injected, so the payment step is tested with a card that approves,
// declines or is missing; savedCardsThroughPort is the real path over saved_payment_methods.
import { desc, eq } from 'drizzle-orm';
import { savedPaymentMethods } from '../../../db/schema';
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

/** "Visa •••• 4242": what the customer recognises a card by. */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = BRANDS[card.brand.toLowerCase()] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', maestro: 'Maestro', discover: 'Discover', diners: 'Diners Club' };

/**
 * The customer's default saved card (else the newest) charged through the payments port. A decline
 * is an answer; a processor failure throws (the payment step gives the day's claim back).
 */
export function savedCardsThroughPort(deps: ServiceDeps): SavedCardsPort {
  const { db } = deps;
  const defaultCard = async (userId: number) => {
    const [card] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId)).orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.id)).limit(1);
    return card ?? null;
  };
  return {
    async chargeDefault(userId, input) {
      const card = await defaultCard(userId);
      if (!card) return { status: 'none' };
      const r = await deps.adapters.payments.chargeSavedCard({ token: card.processorToken, reference: input.reference, amountCents: input.amountCents, currency: 'EUR', description: input.description, idempotencyKey: input.idempotencyKey });
      return r.status === 'approved' ? { status: 'approved', chargeId: r.chargeId, cardLabel: cardLabel(card) } : { status: 'declined', declineCode: r.declineCode ?? 'card_declined', cardLabel: cardLabel(card) };
    },
    async defaultLabel(userId) {
      const card = await defaultCard(userId);
      return card ? cardLabel(card) : null;
    },
  };
}
