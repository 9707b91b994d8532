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
import { ErrorCode } from '../../../core/errors';
import { assertRefundInput, assertSessionInput, isHttpUrl, PaymentError, type RefundResult, type PaymentSession, type PaymentStatus, type PaymentsPort } from './port';
import { verifyAndParseWebhook } from './signature';

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

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }): Promise<Record<string, unknown>> {
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
    if (!res.ok) throw new PaymentError(ErrorCode.UNDEFINED_CODE, { reason: 'processor_refused', httpStatus: res.status, processorError: errorText(json), ...(errorCode(json) ? { processorCode: errorCode(json) } : {}) });
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
  return { sessionId: id, reference, amountCents: amount, currency: 'EUR', status: mapped, createdAt, decidedAt, cardCountry };
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
