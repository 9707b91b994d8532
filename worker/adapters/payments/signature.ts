// Webhook signing and the webhook wire format, shared by the sandbox and the card-processor client so
// the handler cannot tell them apart. The scheme is the one the big processors use: a header
// `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Signing the timestamp with the
// body lets us refuse old deliveries, so a captured webhook cannot be replayed later. WebCrypto only:
// the same code runs in Workers and in Node.
import { ErrorCode } from '../../../core/errors';
import { isSavedCard, PaymentError, paymentEventTypes, type PaymentEvent, type PaymentEventType } from './port';

/** Older (or further in the future) than this, a delivery is refused even with a good signature. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  // An empty secret is a configuration mistake; signing with it would make forgeries trivial.
  if (!secret) throw new PaymentError(ErrorCode.UNDEFINED_CODE, { reason: 'webhook_secret_missing' });
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  // SHA-256 gives 32 bytes; anything else cannot match, and its length is no secret.
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function signWebhook(secret: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(`${t}.${body}`));
  return `t=${t},v1=${toHex(mac)}`;
}

export type ParsedSignatureHeader = { timestamp: number; signatures: string[] };

/** Unknown keys are skipped (processors add v0/v2 schemes); several v1 values happen while a secret rotates. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Throws PaymentError 49500 token_error unless the header carries a fresh timestamp and a v1
 * signature of this exact body. Comparison is crypto.subtle.verify, which is constant-time in both
 * runtimes, so the check leaks nothing about how much of a forged signature was right.
 */
export async function verifyWebhook(secret: string, body: string, header: string | null, nowMs: number): Promise<void> {
  const refuse = (reason: string): never => {
    throw new PaymentError(ErrorCode.TOKEN_ERROR, { reason });
  };
  if (!header) return refuse('signature_missing');
  const parsed = parseSignatureHeader(header);
  if (!parsed) return refuse('signature_malformed');
  // Age first: an old delivery is refused whatever it carries, and we skip the HMAC work.
  if (Math.abs(nowMs - parsed.timestamp * 1000) > WEBHOOK_TOLERANCE_MS) return refuse('signature_stale');
  const key = await hmacKey(secret);
  const signed = encoder.encode(`${parsed.timestamp}.${body}`);
  for (const candidate of parsed.signatures) {
    const mac = fromHex(candidate);
    if (mac && (await crypto.subtle.verify('HMAC', key, mac, signed))) return;
  }
  refuse('signature_mismatch');
}

// ---------------------------------------------------------------------------------------------------
// Wire format of a webhook body (snake_case, unix seconds, amounts in cents, like the processors')
// ---------------------------------------------------------------------------------------------------

type WireEvent = {
  id: string;
  type: PaymentEventType;
  created: number;
  data: {
    session_id: string;
    reference: string;
    amount: number;
    currency: 'EUR';
    card_country?: string;
    refund_id?: string;
    saved_card?: { id: string; brand: string; last4: string; exp_month: number; exp_year: number };
  };
};

export function serialiseWebhookEvent(event: PaymentEvent): string {
  const wire: WireEvent = {
    id: event.eventId,
    type: event.type,
    created: Math.floor(Date.parse(event.occurredAt) / 1000),
    data: {
      session_id: event.sessionId,
      reference: event.reference,
      amount: event.amountCents,
      currency: 'EUR',
      ...(event.cardCountry ? { card_country: event.cardCountry } : {}),
      ...(event.refundId ? { refund_id: event.refundId } : {}),
      ...(event.savedCard
        ? { saved_card: { id: event.savedCard.token, brand: event.savedCard.brand, last4: event.savedCard.last4, exp_month: event.savedCard.expMonth, exp_year: event.savedCard.expYear } }
        : {}),
    },
  };
  return JSON.stringify(wire);
}

/** Reads a body whose signature was already checked; anything unexpected is 100 validation_error. */
export function parseWebhookEvent(body: string): PaymentEvent {
  const refuse = (reason: string): never => {
    throw new PaymentError(ErrorCode.VALIDATION_ERROR, { reason });
  };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refuse('body_not_json');
  }
  if (!isRecord(json) || !isRecord(json.data)) return refuse('body_shape');
  const { id, type, created, data } = json;
  // Unknown types are refused rather than guessed at; the handler decides whether to acknowledge them.
  if (typeof type !== 'string' || !(paymentEventTypes as readonly string[]).includes(type)) return refuse('event_type_unknown');
  if (typeof id !== 'string' || !id) return refuse('event_id');
  if (typeof created !== 'number' || !Number.isFinite(created)) return refuse('event_created');
  if (typeof data.session_id !== 'string' || !data.session_id) return refuse('session_id');
  if (typeof data.reference !== 'string') return refuse('reference');
  if (typeof data.amount !== 'number' || !Number.isSafeInteger(data.amount)) return refuse('amount');
  if (typeof data.currency !== 'string' || data.currency.toUpperCase() !== 'EUR') return refuse('currency');
  // A refund's event names the refund: without it there is nothing to settle.
  const refund = type.startsWith('refund.');
  if (refund && (typeof data.refund_id !== 'string' || !data.refund_id)) return refuse('refund_id');
  return {
    eventId: id,
    type: type as PaymentEventType,
    sessionId: data.session_id,
    reference: data.reference,
    amountCents: data.amount,
    occurredAt: new Date(created * 1000).toISOString(),
    // Optional evidence: present only when the processor sent a well-formed country.
    ...(typeof data.card_country === 'string' && /^[A-Za-z]{2}$/.test(data.card_country) ? { cardCountry: data.card_country.toUpperCase() } : {}),
    ...(refund ? { refundId: data.refund_id as string } : {}),
    // A saved card only with an approval, and only well-formed: a malformed one is left out, not guessed.
    ...(type === 'payment.approved' && savedCardOf(data.saved_card) ? { savedCard: savedCardOf(data.saved_card)! } : {}),
  };
}

/** The wire's saved_card object in our terms, or null when absent or malformed. Exported for the real client. */
export function savedCardOf(wire: unknown): PaymentEvent['savedCard'] | null {
  if (!isRecord(wire)) return null;
  const card = { token: wire.id, brand: typeof wire.brand === 'string' ? wire.brand.toLowerCase() : wire.brand, last4: wire.last4, expMonth: wire.exp_month, expYear: wire.exp_year };
  return isSavedCard(card) ? card : null;
}

/** What both implementations' parseWebhook do: signature and age first, then the body. */
export async function verifyAndParseWebhook(secret: string, rawBody: string, header: string | null, nowMs: number): Promise<PaymentEvent> {
  await verifyWebhook(secret, rawBody, header, nowMs);
  return parseWebhookEvent(rawBody);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
