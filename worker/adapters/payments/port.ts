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
