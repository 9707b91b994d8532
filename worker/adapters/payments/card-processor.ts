// The real payments client: a card processor's hosted-checkout REST API. We create a session
// (POST {apiUrl}/checkout/sessions, with an Idempotency-Key header so a retry never opens a second
// one), send the visitor to the processor's page, and read the outcome from its signed webhook or
// GET {apiUrl}/checkout/sessions/{id}. Card numbers are typed on the processor's page only.
//
// Wire shape (the common one; amounts in cents, times in unix seconds):
//   request  { amount, currency, reference, description, success_url, cancel_url }
//   session  { id, url, status, amount, currency, reference, created, decided_at?, card_country? }
//   refund   POST {apiUrl}/refunds { session_id, amount, reason } (Idempotency-Key header)
//            → { id, status: succeeded|pending|failed, amount }; a refusal is a 4xx whose error code
//            says why (amount_too_large, session_not_paid, …).
//   saving   the session request adds { customer, setup_future_usage: 'off_session' }; the approved
//            session carries payment_method { id, brand, last4, exp_month, exp_year } (the token).
//   charge   POST {apiUrl}/charges { payment_method, amount, currency, reference, description,
//            off_session: true, confirm: true } (Idempotency-Key header) → { id, status:
//            succeeded|failed, decline_code?, card_country? }; a declined card may also come as a
//            402 { error: { code: card_declined, decline_code, charge } }.
//   delete   DELETE {apiUrl}/payment_methods/{id} → 200; a 404 means it is gone already.
import { ErrorCode } from '../../../core/errors';
import {
  assertChargeInput,
  assertRefundInput,
  assertSessionInput,
  isHttpUrl,
  PaymentError,
  type RefundResult,
  type PaymentSession,
  type PaymentStatus,
  type PaymentsPort,
  type SavedCardCharge,
  type SavedCardDeclineCode,
} from './port';
import { savedCardOf, verifyAndParseWebhook } from './signature';

export type CardProcessorConfig = {
  /** e.g. https://api.processor.example/v1, without a trailing slash. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

// Processors word their states differently; anything not listed is refused rather than guessed,
// because guessing "approved" would deliver unpaid goods.
const STATUS_MAP: Readonly<Record<string, PaymentStatus>> = {
  open: 'open',
  pending: 'open',
  processing: 'open',
  requires_payment_method: 'open',
  requires_action: 'open',
  approved: 'approved',
  paid: 'approved',
  succeeded: 'approved',
  complete: 'approved',
  completed: 'approved',
  declined: 'declined',
  failed: 'declined',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
};

export function mapProcessorStatus(status: string): PaymentStatus | null {
  return STATUS_MAP[status.trim().toLowerCase()] ?? null;
}

export function createCardProcessorPayments(config: CardProcessorConfig): PaymentsPort {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, init: { method: 'GET' | 'POST' | 'DELETE'; body?: string; headers?: Record<string, string> }): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: init.method,
        body: init.body,
        headers: { Authorization: `Bearer ${config.apiKey}`, Accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: timedOut ? 'timeout' : 'network' });
    }
    const json = await res.json().catch(() => null);
    if (res.status === 404 && init.method === 'GET') throw new PaymentError(ErrorCode.SALE_DOCUMENT_NOT_FOUND, { reason: 'session_not_found', httpStatus: 404 });
    // Throttling and outages are the processor failing us (502-class); the same request may work later.
    if (res.status === 429 || res.status >= 500) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_unavailable', httpStatus: res.status });
    // Any other refusal means we sent something it does not accept: our bug, not the visitor's.
    if (!res.ok) {
      const detail = { reason: 'processor_refused', httpStatus: res.status, processorError: errorText(json), ...(errorCode(json) ? { processorCode: errorCode(json) } : {}) };
      // A declined charge's details (its id, the bank's reason) ride along, hidden from the detail's equality in tests.
      const error = new PaymentError(ErrorCode.UNDEFINED_CODE, detail);
      Object.defineProperty(error.detail, 'body', { value: json, enumerable: false });
      throw error;
    }
    if (!isRecord(json)) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', httpStatus: res.status });
    return json;
  }

  return {
    async createSession(input) {
      assertSessionInput(input);
      const json = await call('/checkout/sessions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': input.idempotencyKey },
        body: JSON.stringify({
          amount: input.amountCents,
          currency: input.currency,
          reference: input.reference,
          description: input.description,
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          ...(input.saveCard ? { customer: input.saveCard.customerRef, setup_future_usage: 'off_session' } : {}),
        }),
      });
      const { id, url } = json;
      // The visitor is redirected to `url`: never to anything but an absolute web address.
      if (typeof id !== 'string' || !id || typeof url !== 'string' || !isHttpUrl(url)) {
        throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response' });
      }
      return { sessionId: id, redirectUrl: url };
    },

    async getSession(sessionId) {
      return toSession(await call(`/checkout/sessions/${encodeURIComponent(sessionId)}`, { method: 'GET' }));
    },

    parseWebhook(rawBody, signatureHeader, nowMs) {
      return verifyAndParseWebhook(config.webhookSecret, rawBody, signatureHeader, nowMs);
    },

    async chargeSavedCard(input) {
      assertChargeInput(input);
      let json: Record<string, unknown>;
      try {
        json = await call('/charges', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': input.idempotencyKey },
          body: JSON.stringify({
            payment_method: input.token,
            amount: input.amountCents,
            currency: input.currency,
            reference: input.reference,
            description: input.description,
            off_session: true,
            confirm: true,
          }),
        });
      } catch (error) {
        const declined = chargeRefusal(error);
        if (declined) return declined;
        throw error;
      }
      return toCharge(json);
    },

    async deleteSavedCard(token) {
      if (!token.trim()) throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason: 'invalid_input', field: 'token' });
      try {
        await call(`/payment_methods/${encodeURIComponent(token)}`, { method: 'DELETE' });
      } catch (error) {
        // Gone already (deleted before, or expired at the processor): what we asked for is true.
        if (error instanceof PaymentError && error.detail.httpStatus === 404) return;
        throw error;
      }
    },

    async refund(input) {
      assertRefundInput(input);
      let json: Record<string, unknown>;
      try {
        json = await call('/refunds', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': input.idempotencyKey },
          body: JSON.stringify({ session_id: input.sessionId, amount: input.amountCents, reason: input.reason }),
        });
      } catch (error) {
        throw refundRefusal(error);
      }
      return toRefund(json);
    },
  };
}

// The processor's refusal codes in our catalogue: what staff can act on is told apart; the rest is
// our bug (a request it does not accept) and stays 50000 with the processor's words in the detail.
const REFUND_REFUSALS: Readonly<Record<string, number>> = {
  amount_too_large: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL,
  refund_exceeds_captured: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL,
  charge_already_refunded: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL,
  session_not_paid: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED,
  payment_not_captured: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED,
  resource_missing: ErrorCode.SALE_DOCUMENT_NOT_FOUND,
};

function refundRefusal(error: unknown): unknown {
  if (!(error instanceof PaymentError) || error.detail.reason !== 'processor_refused') return error;
  const known = typeof error.detail.processorCode === 'string' ? REFUND_REFUSALS[error.detail.processorCode] : undefined;
  if (known !== undefined) return new PaymentError(known, { ...error.detail, reason: 'refund_refused' });
  if (error.detail.httpStatus === 404) return new PaymentError(ErrorCode.SALE_DOCUMENT_NOT_FOUND, { ...error.detail, reason: 'session_not_found' });
  return error;
}

/** A processor's decline reasons in our four; anything else a bank says is a plain "do not honor". */
export function mapDeclineCode(code: unknown): SavedCardDeclineCode {
  const c = typeof code === 'string' ? code.trim().toLowerCase() : '';
  if (c === 'insufficient_funds') return 'insufficient_funds';
  if (c === 'expired_card' || c === 'card_expired') return 'expired_card';
  if (c === 'card_removed' || c === 'payment_method_removed' || c === 'payment_method_not_found' || c === 'resource_missing') return 'card_removed';
  return 'do_not_honor';
}

// A key reused for another charge is our bug (100); a declined card (402) is an answer, not an error.
function chargeRefusal(error: unknown): SavedCardCharge | null {
  if (!(error instanceof PaymentError) || error.detail.reason !== 'processor_refused') return null;
  if (error.detail.processorCode === 'idempotency_key_reused' || error.detail.processorCode === 'idempotency_error') {
    throw new PaymentError(ErrorCode.VALIDATION_ERROR, { ...error.detail, reason: 'idempotency_key_reused' });
  }
  const body = error.detail.body;
  if (error.detail.httpStatus === 402 || error.detail.processorCode === 'card_declined') {
    const e = isRecord(body) && isRecord(body.error) ? body.error : {};
    const chargeId = typeof e.charge === 'string' && e.charge ? e.charge : null;
    if (!chargeId) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field: 'charge' });
    return { chargeId, status: 'declined', declineCode: mapDeclineCode(e.decline_code), cardCountry: null };
  }
  // A payment method the processor no longer knows: the card was removed.
  if (error.detail.httpStatus === 404) throw new PaymentError(ErrorCode.UNDEFINED_CODE, { ...error.detail, reason: 'payment_method_not_found' });
  return null;
}

/** The processor's charge object in our terms; exported for tests. */
export function toCharge(json: Record<string, unknown>): SavedCardCharge {
  const { id, status } = json;
  if (typeof id !== 'string' || !id) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field: 'id' });
  const s = typeof status === 'string' ? status.trim().toLowerCase() : '';
  const country = json.card_country;
  const cardCountry = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  if (s === 'succeeded' || s === 'paid' || s === 'approved') return { chargeId: id, status: 'approved', cardCountry };
  if (s === 'failed' || s === 'declined') return { chargeId: id, status: 'declined', declineCode: mapDeclineCode(json.decline_code), cardCountry };
  // 'pending' or 'requires_action' would need the card holder present: an off-session charge must not
  // be taken as paid, so it is a bad answer here, and the run tries again with the same key.
  throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field: 'status', status: s });
}

/** The processor's refund object in our terms; a refund it reports failed is a refusal. Exported for tests. */
export function toRefund(json: Record<string, unknown>): RefundResult {
  const { id, status } = json;
  if (typeof id !== 'string' || !id) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field: 'id' });
  const s = typeof status === 'string' ? status.trim().toLowerCase() : '';
  if (s === 'succeeded' || s === 'completed' || s === 'refunded') return { refundId: id, status: 'succeeded' };
  if (s === 'pending' || s === 'processing' || s === 'requires_action') return { refundId: id, status: 'pending' };
  if (s === 'failed' || s === 'canceled' || s === 'cancelled') throw new PaymentError(ErrorCode.UNDEFINED_CODE, { reason: 'refund_failed', refundId: id });
  throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field: 'status' });
}

/** The processor's session object in our terms; exported for tests. */
export function toSession(json: Record<string, unknown>): PaymentSession {
  const bad = (field: string): never => {
    throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'processor_bad_response', field });
  };
  const { id, status, amount, currency, reference, created } = json;
  if (typeof id !== 'string' || !id) return bad('id');
  const mapped = typeof status === 'string' ? mapProcessorStatus(status) : null;
  if (!mapped) return bad('status');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return bad('amount');
  if (typeof currency !== 'string' || currency.toUpperCase() !== 'EUR') return bad('currency');
  if (typeof reference !== 'string') return bad('reference');
  const createdAt = toIso(created) ?? bad('created');
  const decidedAt = json.decided_at === undefined || json.decided_at === null ? null : (toIso(json.decided_at) ?? bad('decided_at'));
  const country = json.card_country;
  const cardCountry = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  const savedCard = mapped === 'approved' ? savedCardOf(json.payment_method) : null;
  return { sessionId: id, reference, amountCents: amount, currency: 'EUR', status: mapped, createdAt, decidedAt, cardCountry, ...(savedCard ? { savedCard } : {}) };
}

/** Unix seconds (the usual) or an ISO 8601 string, to an ISO instant. */
function toIso(value: unknown): string | null {
  const ms = typeof value === 'number' && Number.isFinite(value) ? value * 1000 : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function errorText(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const error = json.error;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return typeof json.message === 'string' ? json.message : null;
}

function errorCode(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const error = json.error;
  if (isRecord(error) && typeof error.code === 'string') return error.code;
  return typeof json.code === 'string' ? json.code : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
