// The payments port (DESIGN.md "Outside systems"; spec §4 "Sale documents and payments"): card
// payments through a hosted payment page, so no card data ever reaches us (PCI SAQ A). A service
// opens a session for one of our payments, sends the visitor to `redirectUrl`, and learns the outcome
// from a signed webhook (or by asking with getSession when the visitor comes back first). The sandbox
// keeps its sessions in D1 and has its own page with approve/decline/cancel buttons; the real client
// talks to a card processor's hosted-checkout API. Both sign webhooks the same way (signature.ts).
import { ErrorCode } from '../../../core/errors';

export const paymentStatuses = ['open', 'approved', 'declined', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * A session's decision, or (refund.*) the processor deciding a refund it had answered `pending`
 * (issue #20 §2, decision 046): signed and delivered like the others, and ignored when seen before.
 */
export const paymentEventTypes = ['payment.approved', 'payment.declined', 'payment.cancelled', 'payment.expired', 'refund.succeeded', 'refund.failed'] as const;
export type PaymentEventType = (typeof paymentEventTypes)[number];

export type CreateSessionInput = {
  /** Our payment id: it comes back in the session and in every webhook, so we can match them up. */
  reference: string;
  amountCents: number;
  currency: 'EUR';
  /** Shown to the visitor on the payment page. */
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Same key, same session: a double-clicked "Pay" or a retried request never opens two. */
  idempotencyKey: string;
  /**
   * Issue #25 §1: the customer asked to keep the card for renewals. The processor's page saves it
   * under this customer and the approved session reports the token (savedCard); card data never
   * reaches us (PCI SAQ A), only the token and what identifies the card to its holder.
   */
  saveCard?: { customerRef: string };
};

/** A card the processor keeps for us: its token and what a customer recognises it by. */
export type SavedCard = {
  /** The processor's payment-method id ('pm_…'); useless without our API key. */
  token: string;
  /** Lower case: visa, mastercard, amex, … */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export const savedCardDeclineCodes = ['insufficient_funds', 'expired_card', 'card_removed', 'do_not_honor'] as const;
export type SavedCardDeclineCode = (typeof savedCardDeclineCodes)[number];

export type ChargeSavedCardInput = {
  token: string;
  /** Our reference of what is paid (a renewal payment id): it comes back with the charge. */
  reference: string;
  amountCents: number;
  currency: 'EUR';
  description: string;
  /** Same key, same charge: a retried renewal run never charges twice. */
  idempotencyKey: string;
};

export type SavedCardCharge = {
  chargeId: string;
  status: 'approved' | 'declined';
  declineCode?: SavedCardDeclineCode;
  /** The card's issuing country when the processor gives it: VAT location evidence. */
  cardCountry?: string | null;
};

export type PaymentSession = {
  sessionId: string;
  reference: string;
  amountCents: number;
  currency: 'EUR';
  status: PaymentStatus;
  /** ISO 8601 instants in UTC. */
  createdAt: string;
  decidedAt: string | null;
  /** The card's issuing country (ISO 3166 alpha-2) when the processor gives it: VAT location evidence. */
  cardCountry?: string | null;
  /** An approved session opened with saveCard: the card the processor kept. */
  savedCard?: SavedCard | null;
};

export type PaymentEvent = {
  /** Stable per decision: a redelivered webhook carries the same id, so handlers can ignore repeats. */
  eventId: string;
  type: PaymentEventType;
  sessionId: string;
  reference: string;
  amountCents: number;
  /** ISO 8601 instant in UTC. */
  occurredAt: string;
  /** The card's issuing country (ISO 3166 alpha-2) when the processor gives it: VAT location evidence. */
  cardCountry?: string | null;
  /** refund.* events: the processor's refund id (what refund() answered), `amountCents` its amount. */
  refundId?: string;
  /** payment.approved of a session opened with saveCard: the card the processor kept. */
  savedCard?: SavedCard;
};

export type RefundInput = {
  /** The processor's session of the approved payment being refunded. */
  sessionId: string;
  amountCents: number;
  /** Same key, same refund: a double click or a retried request never gives the money back twice. */
  idempotencyKey: string;
  /** Why, for the processor's records (never shown to the card holder by us). */
  reason: string;
};

export type RefundResult = { refundId: string; status: 'succeeded' | 'pending' };

export type PaymentsPort = {
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; redirectUrl: string }>;
  getSession(sessionId: string): Promise<PaymentSession>;
  /** Verifies the signature and its age before reading the body; throws PaymentError otherwise. */
  parseWebhook(rawBody: string, signatureHeader: string | null, nowMs: number): Promise<PaymentEvent>;
  /**
   * Money back to the card of an approved session, all or part of it. Throws PaymentError when the
   * processor refuses: 35512 the session is not approved, 35516 more than is left to refund,
   * 35502 no such session, 100 a bad input or a key reused for another refund, 502 unavailable.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * An off-session, merchant-initiated charge of a saved card (a renewal). Idempotent by key: the
   * same key answers the same charge; a key reused for another token, amount or reference is
   * PaymentError 100. A refusal by the card's bank is a `declined` answer, not an error; an outage
   * throws 49997 (try again later with the same key).
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<SavedCardCharge>;
  /** Forget a saved card at the processor. A token already gone is no error. */
  deleteSavedCard(token: string): Promise<void>;
};

export class PaymentError extends Error {
  constructor(
    readonly code: number,
    /** For logs and tests (a reason, the processor's HTTP status, …); never shown to the visitor. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`payment error ${code}${typeof detail.reason === 'string' ? ` (${detail.reason})` : ''}`);
    this.name = 'PaymentError';
  }
}

// Processors cap these too; checking here makes the sandbox refuse what the real API would refuse.
const MAX_DESCRIPTION = 500;
const MAX_KEY = 255;

/**
 * The rules every implementation applies before opening a session. A bad input is our own bug, not
 * the visitor's, but it is refused with 100 validation_error so it never reaches a processor.
 */
export function assertSessionInput(input: CreateSessionInput): void {
  const fail = (field: string) => {
    throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'invalid_input', field });
  };
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) fail('amountCents');
  if (input.currency !== 'EUR') fail('currency');
  if (!input.reference.trim()) fail('reference');
  if (!input.description.trim() || input.description.length > MAX_DESCRIPTION) fail('description');
  if (!input.idempotencyKey.trim() || input.idempotencyKey.length > MAX_KEY) fail('idempotencyKey');
  if (!isHttpUrl(input.returnUrl)) fail('returnUrl');
  if (!isHttpUrl(input.cancelUrl)) fail('cancelUrl');
  if (input.saveCard !== undefined && (!input.saveCard.customerRef.trim() || input.saveCard.customerRef.length > MAX_KEY)) fail('saveCard');
}

/** The rules every implementation applies before charging a saved card (our bug if broken: 100). */
export function assertChargeInput(input: ChargeSavedCardInput): void {
  const fail = (field: string) => {
    throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'invalid_input', field });
  };
  if (!input.token.trim() || input.token.length > MAX_KEY) fail('token');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) fail('amountCents');
  if (input.currency !== 'EUR') fail('currency');
  if (!input.reference.trim()) fail('reference');
  if (!input.description.trim() || input.description.length > MAX_DESCRIPTION) fail('description');
  if (!input.idempotencyKey.trim() || input.idempotencyKey.length > MAX_KEY) fail('idempotencyKey');
}

/** A saved card's expiry as the processors give it, checked: our records never hold a bad one. */
export function isSavedCard(value: unknown): value is SavedCard {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.token === 'string' && c.token.length > 0 && c.token.length <= MAX_KEY &&
    typeof c.brand === 'string' && /^[a-z_ -]{1,30}$/i.test(c.brand) &&
    typeof c.last4 === 'string' && /^\d{4}$/.test(c.last4) &&
    Number.isInteger(c.expMonth) && (c.expMonth as number) >= 1 && (c.expMonth as number) <= 12 &&
    Number.isInteger(c.expYear) && (c.expYear as number) >= 2000 && (c.expYear as number) <= 2100
  );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The rules every implementation applies before asking for a refund (our bug if broken: 100). */
export function assertRefundInput(input: RefundInput): void {
  const fail = (field: string) => {
    throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'invalid_input', field });
  };
  if (!input.sessionId.trim()) fail('sessionId');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) fail('amountCents');
  if (!input.idempotencyKey.trim() || input.idempotencyKey.length > MAX_KEY) fail('idempotencyKey');
  if (input.reason.length > MAX_DESCRIPTION) fail('reason');
}
