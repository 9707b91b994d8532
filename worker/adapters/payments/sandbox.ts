// Sandbox payment processor: hosted-page sessions in D1 and a page of our own
// (`/payments/sandbox/:id`) where the visitor approves, declines or cancels. Each decision yields the
// signed webhook a processor would send, in the processor's wire format, so the webhook handler is
// exercised exactly as in production. Like a real processor it opens one session per idempotency
// key, decides a session once, and lets an undecided session expire after thirty minutes.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { isCardExpired } from '../../../core/payments/saved-cards';
import type { Db } from '../../../db/client';
import { sandboxPaymentRefunds } from '../../../db/schema/documents';
import { paymentSessions, sandboxCardCharges, sandboxSavedCards } from '../../../db/schema/payments';
import { assertChargeInput, assertRefundInput, assertSessionInput, PaymentError, type PaymentEvent, type PaymentSession, type PaymentsPort, type SavedCard, type SavedCardDeclineCode } from './port';
import { SANDBOX_TEST_CARDS, type SandboxTestCard } from './sandbox-cards';
import { serialiseWebhookEvent, signWebhook, verifyAndParseWebhook } from './signature';

export const SANDBOX_SESSION_TTL_MS = 30 * 60_000;

/**
 * The sandbox's card is Greek: real processors report the issuing country of the card that paid, and
 * a fixed answer keeps the VAT evidence of test orders predictable.
 */
export const SANDBOX_CARD_COUNTRY = 'GR';

export type SandboxPaymentsConfig = {
  /** The webhook signing secret, shared with whoever verifies the webhooks. */
  secret: string;
  /** Our own origin (https://example.gr): the sandbox payment page is one of our routes. */
  origin: string;
  now?: () => Date;
};

/** What the sandbox page needs besides the port's view: what to show, and where to send the visitor. */
export type SandboxSession = PaymentSession & { description: string; returnUrl: string; cancelUrl: string; expiresAt: string; saveCard: boolean };

export { isSandboxTestCard, SANDBOX_TEST_CARDS, type SandboxTestCard } from './sandbox-cards';
/** A webhook as the sandbox "sends" it: the caller delivers `body` with `signature` as its header. */
export type SandboxWebhook = { session: SandboxSession; event: PaymentEvent; body: string; signature: string };

export type SandboxDecision = 'approve' | 'decline' | 'cancel';

type Row = typeof paymentSessions.$inferSelect;

/** A refund whose reason holds this is answered 'pending' by the sandbox (README, decision 046). */
export const SANDBOX_PENDING_MARK = '[pending]';

export function sandboxPaymentUrl(origin: string, sessionId: string): string {
  return `${origin.replace(/\/+$/, '')}/payments/sandbox/${encodeURIComponent(sessionId)}`;
}

function newRefundId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `re_sbx_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `cs_sbx_${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * An open session past its time reads as expired even before the sweep records it: the processor's
 * page would no longer take a payment, so nobody should be told it still might.
 */
function toSession(row: Row, nowMs: number, card: SavedCard | null = null): SandboxSession {
  const lapsed = row.status === 'open' && row.expiresAt.getTime() <= nowMs;
  const decidedAt = lapsed ? row.expiresAt : row.decidedAt;
  return {
    sessionId: row.id,
    reference: row.reference,
    amountCents: row.amountCents,
    currency: row.currency,
    status: lapsed ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: decidedAt ? decidedAt.toISOString() : null,
    cardCountry: !lapsed && row.status === 'approved' ? SANDBOX_CARD_COUNTRY : null,
    description: row.description,
    returnUrl: row.returnUrl,
    cancelUrl: row.cancelUrl,
    expiresAt: row.expiresAt.toISOString(),
    saveCard: row.saveCardCustomerRef !== null,
    savedCard: !lapsed && row.status === 'approved' ? card : null,
  };
}

type CardRow = typeof sandboxSavedCards.$inferSelect;
const toCard = (c: CardRow): SavedCard => ({ token: c.token, brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear });

async function cardOf(db: Db, row: Row): Promise<SavedCard | null> {
  if (!row.savedCardToken) return null;
  const [card] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, row.savedCardToken));
  return card ? toCard(card) : null;
}

function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What an off-session charge of this card answers at `at`: the test card's magic, then its expiry. */
function offSessionAnswer(card: CardRow | undefined, at: Date): 'approved' | SavedCardDeclineCode {
  if (!card || card.deletedAt) return 'card_removed';
  const test = SANDBOX_TEST_CARDS.find((c) => c.last4 === card.last4);
  if (test && test.offSession !== 'approved') return test.offSession;
  // Good to the end of its expiry month (UTC here; processors use the issuer's month).
  return isCardExpired(card, at) ? 'expired_card' : 'approved';
}

export function createSandboxPayments(db: Db, config: SandboxPaymentsConfig): PaymentsPort {
  const now = config.now ?? (() => new Date());
  return {
    async createSession(input) {
      assertSessionInput(input);
      const t = now();
      // Insert-if-absent, then read: two concurrent calls with one key both end up on the one row.
      await db
        .insert(paymentSessions)
        .values({
          id: newSessionId(),
          reference: input.reference,
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          idempotencyKey: input.idempotencyKey,
          status: 'open',
          createdAt: t,
          expiresAt: new Date(t.getTime() + SANDBOX_SESSION_TTL_MS),
          saveCardCustomerRef: input.saveCard?.customerRef ?? null,
        })
        .onConflictDoNothing({ target: paymentSessions.idempotencyKey });
      const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new PaymentError(ErrorCode.UNDEFINED_CODE, { reason: 'session_not_stored' });
      // Processors refuse a key reused for a different payment: answering with the old session would
      // charge the wrong amount or credit the wrong payment.
      if (row.reference !== input.reference || row.amountCents !== input.amountCents || row.currency !== input.currency) {
        throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'idempotency_key_reused', sessionId: row.id });
      }
      return { sessionId: row.id, redirectUrl: sandboxPaymentUrl(config.origin, row.id) };
    },

    async getSession(sessionId) {
      const session = await getSandboxSession(db, sessionId, now().getTime());
      if (!session) throw new PaymentError(ErrorCode.SALE_DOCUMENT_NOT_FOUND, { reason: 'session_not_found', sessionId });
      const { sessionId: id, reference, amountCents, currency, status, createdAt, decidedAt, cardCountry, savedCard } = session;
      return { sessionId: id, reference, amountCents, currency, status, createdAt, decidedAt, cardCountry, ...(savedCard ? { savedCard } : {}) };
    },

    async chargeSavedCard(input) {
      assertChargeInput(input);
      const t = now();
      const [card] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, input.token));
      const answer = offSessionAnswer(card, t);
      // Insert-if-absent on the key, then read: thirty parallel calls with one key make one charge.
      await db
        .insert(sandboxCardCharges)
        .values({
          id: newId('ch_sbx_'),
          token: input.token,
          reference: input.reference,
          amountCents: input.amountCents,
          description: input.description,
          idempotencyKey: input.idempotencyKey,
          status: answer === 'approved' ? 'approved' : 'declined',
          declineCode: answer === 'approved' ? null : answer,
          createdAt: t,
        })
        .onConflictDoNothing({ target: sandboxCardCharges.idempotencyKey });
      const [row] = await db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, input.idempotencyKey));
      if (!row) throw new PaymentError(ErrorCode.UNDEFINED_CODE, { reason: 'charge_not_stored' });
      if (row.token !== input.token || row.reference !== input.reference || row.amountCents !== input.amountCents) {
        throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'idempotency_key_reused', chargeId: row.id });
      }
      return row.status === 'approved'
        ? { chargeId: row.id, status: 'approved', cardCountry: SANDBOX_CARD_COUNTRY }
        : { chargeId: row.id, status: 'declined', declineCode: row.declineCode ?? 'do_not_honor', cardCountry: null };
    },

    async deleteSavedCard(token) {
      await db.update(sandboxSavedCards).set({ deletedAt: now() }).where(and(eq(sandboxSavedCards.token, token), isNull(sandboxSavedCards.deletedAt)));
    },

    async refund(input) {
      assertRefundInput(input);
      const t = now().getTime();
      // As a processor does: the refund is recorded only if the session is approved and the refunds
      // of the session, this one included, stay within what was captured. Checked inside the one
      // statement, so two refunds racing with different keys cannot both pass. A key seen before
      // inserts nothing and answers with the refund it made.
      // Like a processor's test mode, a magic value picks the slow path: a reason with SANDBOX_PENDING_MARK
      // is answered 'pending' and settled later (settleSandboxRefunds) with the signed refund webhook.
      const status = input.reason.includes(SANDBOX_PENDING_MARK) ? 'pending' : 'succeeded';
      await db.run(sql`INSERT INTO sandbox_payment_refunds (id, session_id, amount_cents, idempotency_key, status, created_at)
        SELECT ${newRefundId()}, ${input.sessionId}, ${input.amountCents}, ${input.idempotencyKey}, ${status}, ${t}
        WHERE EXISTS (SELECT 1 FROM payment_sessions s WHERE s.id = ${input.sessionId} AND s.status = 'approved'
          AND (SELECT COALESCE(SUM(r.amount_cents), 0) FROM sandbox_payment_refunds r WHERE r.session_id = s.id) + ${input.amountCents} <= s.amount_cents)
        ON CONFLICT(idempotency_key) DO NOTHING`);
      const [row] = await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.idempotencyKey, input.idempotencyKey));
      if (row) {
        if (row.sessionId !== input.sessionId || row.amountCents !== input.amountCents) {
          throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'idempotency_key_reused', refundId: row.id });
        }
        return { refundId: row.id, status: row.status };
      }
      const [session] = await db.select({ status: paymentSessions.status }).from(paymentSessions).where(eq(paymentSessions.id, input.sessionId));
      if (!session) throw new PaymentError(ErrorCode.SALE_DOCUMENT_NOT_FOUND, { reason: 'session_not_found', sessionId: input.sessionId });
      if (session.status !== 'approved') throw new PaymentError(ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED, { reason: 'session_not_approved', status: session.status });
      throw new PaymentError(ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL, { reason: 'amount_above_refundable' });
    },

    parseWebhook(rawBody, signatureHeader, nowMs) {
      return verifyAndParseWebhook(config.secret, rawBody, signatureHeader, nowMs);
    },
  };
}

/** For the sandbox page: the session with what it shows and where it sends the visitor; null if unknown. */
export async function getSandboxSession(db: Db, sessionId: string, nowMs: number): Promise<SandboxSession | null> {
  const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
  return row ? toSession(row, nowMs, await cardOf(db, row)) : null;
}

const DECISION_STATUS = { approve: 'approved', decline: 'declined', cancel: 'cancelled' } as const;

/**
 * The visitor pressed a button on the sandbox page. Only an open session moves, and only once: the
 * update is conditional, so a double submit or two tabs get one decision and one 35503. A session
 * past its time becomes 'expired' instead, and its webhook says so.
 */
export async function decideSandboxSession(
  db: Db,
  secret: string,
  sessionId: string,
  decision: SandboxDecision,
  nowMs: number,
  /** The test card the visitor paid with; it matters when the session saves its card (default 4242). */
  testCard: SandboxTestCard = '4242',
): Promise<SandboxWebhook> {
  const at = new Date(nowMs);
  const token = newId('pm_sbx_');
  let [row] = await db
    .update(paymentSessions)
    // An approval of a session that saves its card names the new token in the same statement.
    .set({ status: DECISION_STATUS[decision], decidedAt: at, ...(decision === 'approve' ? { savedCardToken: sql`CASE WHEN ${paymentSessions.saveCardCustomerRef} IS NOT NULL THEN ${token} END` } : {}) })
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, at)))
    .returning();
  if (!row) {
    [row] = await db
      .update(paymentSessions)
      .set({ status: 'expired', decidedAt: sql`${paymentSessions.expiresAt}` })
      .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open'), lte(paymentSessions.expiresAt, at)))
      .returning();
  }
  if (!row) {
    const [existing] = await db.select({ status: paymentSessions.status }).from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    if (!existing) throw new PaymentError(ErrorCode.SALE_DOCUMENT_NOT_FOUND, { reason: 'session_not_found', sessionId });
    throw new PaymentError(ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT, { reason: 'session_not_open', sessionId, status: existing.status });
  }
  if (row.savedCardToken && row.saveCardCustomerRef) {
    const test = SANDBOX_TEST_CARDS.find((c) => c.last4 === testCard) ?? SANDBOX_TEST_CARDS[0];
    // The expiring test card is still good this month (it paid today); the others a few years on.
    const d = new Date(nowMs);
    const exp = test.offSession === 'expired_card' ? { expMonth: d.getUTCMonth() + 1, expYear: d.getUTCFullYear() } : { expMonth: 12, expYear: d.getUTCFullYear() + 4 };
    await db
      .insert(sandboxSavedCards)
      .values({ token: row.savedCardToken, customerRef: row.saveCardCustomerRef, brand: test.brand, last4: test.last4, ...exp, createdAt: at })
      .onConflictDoNothing();
  }
  return sandboxWebhookFor(secret, toSession(row, nowMs, await cardOf(db, row)), nowMs);
}

/**
 * The processor's own expiry: every open session past its time becomes 'expired', each with its
 * webhook. Meant for a scheduled job; without it an abandoned session only reads as expired.
 */
export async function expireSandboxSessions(db: Db, secret: string, nowMs: number): Promise<SandboxWebhook[]> {
  const rows = await db
    .update(paymentSessions)
    .set({ status: 'expired', decidedAt: sql`${paymentSessions.expiresAt}` })
    .where(and(eq(paymentSessions.status, 'open'), lte(paymentSessions.expiresAt, new Date(nowMs))))
    .returning();
  return Promise.all(rows.map((row) => sandboxWebhookFor(secret, toSession(row, nowMs), nowMs)));
}

/**
 * The signed webhook of a decided session, signed at `nowMs` (delivery time). The event id depends
 * only on the session, which is decided once, so a redelivery is recognisably the same event.
 */
export async function sandboxWebhookFor(secret: string, session: SandboxSession, nowMs: number): Promise<SandboxWebhook> {
  if (session.status === 'open' || !session.decidedAt) {
    throw new PaymentError(ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT, { reason: 'session_not_decided', sessionId: session.sessionId });
  }
  const event: PaymentEvent = {
    eventId: `evt_${session.sessionId}`,
    type: `payment.${session.status}`,
    sessionId: session.sessionId,
    reference: session.reference,
    amountCents: session.amountCents,
    ...(session.cardCountry ? { cardCountry: session.cardCountry } : {}),
    ...(session.savedCard ? { savedCard: session.savedCard } : {}),
    // Whole seconds, as the wire carries them: the handler then parses back exactly this event.
    occurredAt: new Date(Math.floor(Date.parse(session.decidedAt) / 1000) * 1000).toISOString(),
  };
  const body = serialiseWebhookEvent(event);
  return { session, event, body, signature: await signWebhook(secret, body, nowMs) };
}

/**
 * The processor deciding the refunds it answered 'pending': each becomes succeeded, with its signed
 * refund.succeeded webhook (event id from the refund: a redelivery is the same event). Meant for a
 * scheduled job, like expireSandboxSessions.
 */
export async function settleSandboxRefunds(db: Db, secret: string, nowMs: number): Promise<{ event: PaymentEvent; body: string; signature: string }[]> {
  const rows = await db.update(sandboxPaymentRefunds).set({ status: 'succeeded' }).where(eq(sandboxPaymentRefunds.status, 'pending')).returning();
  const out = [];
  for (const r of rows) {
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, r.sessionId));
    const event: PaymentEvent = {
      eventId: `evt_${r.id}`,
      type: 'refund.succeeded',
      sessionId: r.sessionId,
      reference: session?.reference ?? '',
      amountCents: r.amountCents,
      refundId: r.id,
      occurredAt: new Date(Math.floor(nowMs / 1000) * 1000).toISOString(),
    };
    const body = serialiseWebhookEvent(event);
    out.push({ event, body, signature: await signWebhook(secret, body, nowMs) });
  }
  return out;
}
