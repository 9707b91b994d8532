import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { PaymentError, type PaymentEvent } from './port';
import { parseSignatureHeader, parseWebhookEvent, serialiseWebhookEvent, signWebhook, verifyAndParseWebhook, verifyWebhook, WEBHOOK_TOLERANCE_MS } from './signature';

const SECRET = 'whsec_test_7f3a';
const NOW = Date.UTC(2026, 4, 12, 9, 30, 15, 400);
const BODY = '{"id":"evt_1","type":"payment.approved"}';

async function codeOf(p: Promise<unknown>): Promise<{ code: number; reason: unknown }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof PaymentError) return { code: error.code, reason: error.detail.reason };
    throw error;
  }
  throw new Error('expected a PaymentError');
}

describe('signWebhook', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 and whole seconds, as an independent HMAC agrees', async () => {
    const header = await signWebhook(SECRET, BODY, NOW);
    const t = Math.floor(NOW / 1000);
    const expected = createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
  });

  it('refuses an empty secret: a configuration mistake, not a signature', async () => {
    expect(await codeOf(signWebhook('', BODY, NOW))).toEqual({ code: ErrorCode.UNDEFINED_CODE, reason: 'webhook_secret_missing' });
  });
});

describe('verifyWebhook', () => {
  it('accepts its own signature, up to the tolerance either side', async () => {
    const header = await signWebhook(SECRET, BODY, NOW);
    await expect(verifyWebhook(SECRET, BODY, header, NOW)).resolves.toBeUndefined();
    await expect(verifyWebhook(SECRET, BODY, header, NOW + WEBHOOK_TOLERANCE_MS - 1000)).resolves.toBeUndefined();
    await expect(verifyWebhook(SECRET, BODY, header, NOW - WEBHOOK_TOLERANCE_MS + 1000)).resolves.toBeUndefined();
  });

  it('refuses a tampered body, another secret, or a signature moved to another time', async () => {
    const header = await signWebhook(SECRET, BODY, NOW);
    expect(await codeOf(verifyWebhook(SECRET, BODY.replace('approved', 'declined'), header, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_mismatch' });
    expect(await codeOf(verifyWebhook('whsec_other', BODY, header, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_mismatch' });
    const shifted = header.replace(/^t=(\d+)/, (_, t: string) => `t=${Number(t) + 1}`);
    expect(await codeOf(verifyWebhook(SECRET, BODY, shifted, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_mismatch' });
  });

  it('refuses a stale delivery (replay) and one from too far in the future, even when correctly signed', async () => {
    const old = await signWebhook(SECRET, BODY, NOW - WEBHOOK_TOLERANCE_MS - 2000);
    expect(await codeOf(verifyWebhook(SECRET, BODY, old, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_stale' });
    const future = await signWebhook(SECRET, BODY, NOW + WEBHOOK_TOLERANCE_MS + 2000);
    expect(await codeOf(verifyWebhook(SECRET, BODY, future, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_stale' });
  });

  it('refuses a missing or malformed header and a v1 that is not 64 hex digits', async () => {
    expect((await codeOf(verifyWebhook(SECRET, BODY, null, NOW))).reason).toBe('signature_missing');
    expect((await codeOf(verifyWebhook(SECRET, BODY, '', NOW))).reason).toBe('signature_missing');
    expect((await codeOf(verifyWebhook(SECRET, BODY, 'garbage', NOW))).reason).toBe('signature_malformed');
    expect((await codeOf(verifyWebhook(SECRET, BODY, `t=${Math.floor(NOW / 1000)}`, NOW))).reason).toBe('signature_malformed');
    expect((await codeOf(verifyWebhook(SECRET, BODY, `t=${Math.floor(NOW / 1000)},v1=zz`, NOW))).reason).toBe('signature_mismatch');
  });

  it('accepts a header with extra schemes and several v1 values when one matches (secret rotation)', async () => {
    const good = await signWebhook(SECRET, BODY, NOW);
    const [t, v1] = good.split(',');
    const header = `${t},v0=deadbeef,v1=${'0'.repeat(64)},${v1}`;
    await expect(verifyWebhook(SECRET, BODY, header, NOW)).resolves.toBeUndefined();
    expect(parseSignatureHeader(header)?.signatures).toHaveLength(2);
  });
});

describe('webhook body', () => {
  const event: PaymentEvent = {
    eventId: 'evt_cs_sbx_1',
    type: 'payment.approved',
    sessionId: 'cs_sbx_1',
    reference: 'pay_42',
    amountCents: 12_399,
    occurredAt: '2026-05-12T09:30:15.000Z',
  };

  it('round-trips through the wire format (snake_case, unix seconds, cents)', () => {
    const body = serialiseWebhookEvent(event);
    expect(JSON.parse(body)).toEqual({
      id: 'evt_cs_sbx_1',
      type: 'payment.approved',
      created: Math.floor(Date.parse(event.occurredAt) / 1000),
      data: { session_id: 'cs_sbx_1', reference: 'pay_42', amount: 12_399, currency: 'EUR' },
    });
    expect(parseWebhookEvent(body)).toEqual(event);
  });

  it("carries the card's country when there is one, and drops one that is not a country code", () => {
    const body = serialiseWebhookEvent({ ...event, cardCountry: 'GR' });
    expect(JSON.parse(body).data.card_country).toBe('GR');
    expect(parseWebhookEvent(body)).toEqual({ ...event, cardCountry: 'GR' });
    const odd = JSON.parse(body);
    odd.data.card_country = 'Greece';
    expect(parseWebhookEvent(JSON.stringify(odd))).toEqual(event);
  });

  it('refuses garbage with 100 validation_error', () => {
    const reasonOf = (body: string) => {
      try {
        parseWebhookEvent(body);
      } catch (error) {
        if (error instanceof PaymentError && error.code === ErrorCode.VALIDATION_ERROR) return error.detail.reason;
      }
      return 'accepted';
    };
    expect(reasonOf('not json')).toBe('body_not_json');
    expect(reasonOf('[]')).toBe('body_shape');
    expect(reasonOf(serialiseWebhookEvent(event).replace('payment.approved', 'payment.refunded'))).toBe('event_type_unknown');
    expect(reasonOf(serialiseWebhookEvent({ ...event, amountCents: 12.5 }))).toBe('amount');
    expect(reasonOf(serialiseWebhookEvent(event).replace('"EUR"', '"USD"'))).toBe('currency');
  });

  it('checks the signature before it reads the body', async () => {
    const body = serialiseWebhookEvent(event);
    const header = await signWebhook(SECRET, body, NOW);
    await expect(verifyAndParseWebhook(SECRET, body, header, NOW)).resolves.toEqual(event);
    expect(await codeOf(verifyAndParseWebhook(SECRET, 'not json', header, NOW))).toEqual({ code: ErrorCode.TOKEN_ERROR, reason: 'signature_mismatch' });
    const signedGarbage = await signWebhook(SECRET, 'not json', NOW);
    expect(await codeOf(verifyAndParseWebhook(SECRET, 'not json', signedGarbage, NOW))).toEqual({ code: ErrorCode.VALIDATION_ERROR, reason: 'body_not_json' });
  });
});

describe('refund events (issue #20 §2, decision 046)', () => {
  it('a refund event round-trips with its refund id; without one it is refused', () => {
    const event = { eventId: 'evt_re_1', type: 'refund.succeeded' as const, sessionId: 'cs_1', reference: 'pay-7', amountCents: 1228, refundId: 're_1', occurredAt: '2026-11-26T10:00:00.000Z' };
    expect(parseWebhookEvent(serialiseWebhookEvent(event))).toEqual(event);
    const { refundId: _, ...bare } = event;
    expect(() => parseWebhookEvent(serialiseWebhookEvent(bare))).toThrow(/refund_id/);
    // A payment event carries no refund id.
    const paid = parseWebhookEvent(serialiseWebhookEvent({ ...bare, type: 'payment.approved' }));
    expect(paid.refundId).toBeUndefined();
  });
});

describe('saved cards in the webhook (issue #25 §1)', () => {
  const approved: PaymentEvent = { eventId: 'evt_1', type: 'payment.approved', sessionId: 'cs_1', reference: 'pay-1', amountCents: 1_228, occurredAt: '2026-11-27T05:00:00.000Z' };
  const card = { token: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

  it('carries the saved card of an approval on the wire (snake_case) and reads it back', () => {
    const body = serialiseWebhookEvent({ ...approved, savedCard: card });
    expect(JSON.parse(body).data.saved_card).toEqual({ id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(parseWebhookEvent(body)).toEqual({ ...approved, savedCard: card });
  });

  it('leaves out a malformed card, and any card on an event that is not an approval', () => {
    const wire = JSON.parse(serialiseWebhookEvent({ ...approved, savedCard: card }));
    wire.data.saved_card.last4 = '42424';
    expect(parseWebhookEvent(JSON.stringify(wire)).savedCard).toBeUndefined();
    wire.data.saved_card = { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 13, exp_year: 2030 };
    expect(parseWebhookEvent(JSON.stringify(wire)).savedCard).toBeUndefined();
    const declined = serialiseWebhookEvent({ ...approved, type: 'payment.declined', savedCard: card });
    expect(parseWebhookEvent(declined).savedCard).toBeUndefined();
  });
});
