// Saved cards (issue #25 §1, decision 079): a card the customer asked to keep when paying, held by the
// processor behind a token (PCI SAQ A: no card data here). Recorded when the approved payment's
// webhook reports it, listed and removed under billing, and charged off-session by the renewal run
// (chargeDefault). At most MAX_SAVED_CARDS per user; one default, the card saved last unless removed.
import { and, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { cardLabel, isCardExpired, MAX_SAVED_CARDS, processorCustomerRef } from '../../../core/payments/saved-cards';
import { rawBatch } from '../../../db/raw-batch';
import { savedPaymentMethods } from '../../../db/schema';
import { PaymentError, type SavedCard, type SavedCardDeclineCode } from '../../adapters/payments/port';
import type { ServiceDeps } from '../deps';
import type { Fail } from './billing-profiles';

export type SavedCardView = {
  id: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  createdAt: Date;
  /** "Visa •••• 4242" */
  label: string;
  expired: boolean;
};

export type ChargeDefaultInput = { reference: string; amountCents: number; description: string; idempotencyKey: string };

export type ChargeDefaultResult =
  | { status: 'approved'; chargeId: string; cardLabel: string; cardCountry?: string | null }
  | { status: 'declined'; declineCode: SavedCardDeclineCode; cardLabel: string; chargeId: string }
  | { status: 'none' };

type Row = typeof savedPaymentMethods.$inferSelect;

function view(row: Row, now: Date): SavedCardView {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    label: cardLabel(row),
    expired: isCardExpired(row, now),
  };
}

export function createSavedCards(deps: ServiceDeps) {
  const { db, now } = deps;
  const service = {
    /** The customer's saved cards, the default first, then the newest. */
    async list(userId: number): Promise<SavedCardView[]> {
      const rows = await db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, userId))
        .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.createdAt), desc(savedPaymentMethods.id));
      return rows.map((r) => view(r, now));
    },

    /** Whether a payment may offer "save this card" (the customer is under the limit). */
    async canSave(userId: number): Promise<boolean> {
      const [row] = await db.select({ n: sql<number>`COUNT(*)` }).from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
      return Number(row?.n ?? 0) < MAX_SAVED_CARDS;
    },

    /** What createSession gets when the customer ticked the box. */
    saveCardFor(userId: number): { customerRef: string } {
      return { customerRef: processorCustomerRef(userId) };
    },

    /**
     * An approved payment's webhook reported a saved card: record it for the payment's owner, as the
     * default (the customer just chose it for renewals). One batch: the insert is conditional on the
     * limit and on the token being new (a redelivered webhook saves nothing twice), and the default
     * moves only if this call inserted the row. Over the limit, the processor forgets the token too.
     */
    async recordSaved(userId: number, card: SavedCard): Promise<'saved' | 'duplicate' | 'limit'> {
      const at = now.getTime();
      const mine = { sql: 'EXISTS (SELECT 1 FROM saved_payment_methods WHERE processor_token = ? AND user_id = ? AND created_at = ? AND is_default = 0)', params: [card.token, userId, at] };
      const [inserted] = await rawBatch(db, [
        {
          sql: `INSERT INTO saved_payment_methods (user_id, processor_token, brand, last4, exp_month, exp_year, is_default, created_at)
            SELECT ?, ?, ?, ?, ?, ?, 0, ? WHERE (SELECT COUNT(*) FROM saved_payment_methods WHERE user_id = ?) < ?
            ON CONFLICT(processor_token) DO NOTHING`,
          params: [userId, card.token, card.brand, card.last4, card.expMonth, card.expYear, at, userId, MAX_SAVED_CARDS],
        },
        { sql: `UPDATE saved_payment_methods SET is_default = 0 WHERE user_id = ? AND is_default = 1 AND ${mine.sql}`, params: [userId, ...mine.params] },
        { sql: `UPDATE saved_payment_methods SET is_default = 1 WHERE processor_token = ? AND user_id = ? AND created_at = ? AND is_default = 0`, params: [card.token, userId, at] },
      ]);
      if ((inserted?.meta.changes ?? 0) > 0) return 'saved';
      const [existing] = await db.select({ id: savedPaymentMethods.id }).from(savedPaymentMethods).where(eq(savedPaymentMethods.processorToken, card.token));
      if (existing) return 'duplicate';
      // Not kept by us, so not kept by the processor either: no token we cannot see or remove.
      await deps.adapters.payments.deleteSavedCard(card.token).catch(() => undefined);
      return 'limit';
    },

    /**
     * Removes one of the customer's cards: first at the processor (if that fails, nothing changes and
     * the customer may try again), then ours; the newest remaining card becomes the default if the
     * default went. Someone else's card, or one gone already, is 100.
     */
    async remove(userId: number, id: number): Promise<{ ok: true } | Fail> {
      const [row] = await db.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)));
      if (!row) return { ok: false, code: ErrorCode.VALIDATION_ERROR };
      try {
        await deps.adapters.payments.deleteSavedCard(row.processorToken);
      } catch (e) {
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR };
      }
      await rawBatch(db, [
        { sql: 'DELETE FROM saved_payment_methods WHERE id = ? AND user_id = ?', params: [id, userId] },
        {
          sql: `UPDATE saved_payment_methods SET is_default = 1 WHERE id = (SELECT id FROM saved_payment_methods WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1)
            AND NOT EXISTS (SELECT 1 FROM saved_payment_methods WHERE user_id = ? AND is_default = 1)`,
          params: [userId, userId],
        },
      ]);
      return { ok: true };
    },

    /**
     * The renewal run's charge: the default card, off-session, idempotent by the caller's key (the
     * same key never charges twice; see the port). No saved card: 'none'. A processor outage throws
     * PaymentError 49997 (try again later with the same key); a key reused for another amount, 100.
     */
    async chargeDefault(userId: number, input: ChargeDefaultInput): Promise<ChargeDefaultResult> {
      const [card] = await db.select().from(savedPaymentMethods).where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isDefault, true)));
      if (!card) return { status: 'none' };
      const label = cardLabel(card);
      const charge = await deps.adapters.payments.chargeSavedCard({
        token: card.processorToken,
        reference: input.reference,
        amountCents: input.amountCents,
        currency: 'EUR',
        description: input.description,
        idempotencyKey: input.idempotencyKey,
      });
      if (charge.status === 'approved') return { status: 'approved', chargeId: charge.chargeId, cardLabel: label, cardCountry: charge.cardCountry ?? null };
      return { status: 'declined', declineCode: charge.declineCode ?? 'do_not_honor', cardLabel: label, chargeId: charge.chargeId };
    },
  };
  return service;
}

export type SavedCardsService = ReturnType<typeof createSavedCards>;
