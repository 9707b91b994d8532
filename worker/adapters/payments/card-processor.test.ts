import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { createCardProcessorPayments, mapProcessorStatus, toRefund, toSession } from './card-processor';
import { PaymentError, type CreateSessionInput, type RefundInput } from './port';
import { serialiseWebhookEvent, signWebhook } from './signature';

type Call = { url: string; method: string; headers: Headers; body: unknown };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const INPUT: CreateSessionInput = {
  reference: 'pay_1001',
  amountCents: 2_480,
  currency: 'EUR',
  description: 'Παραγγελία #1001',
  returnUrl: 'https://shop.example.gr/payments/return?payment=pay_1001',
  cancelUrl: 'https://shop.example.gr/cart',
  idempotencyKey: 'pay_1001:1',
};

const client = (impl: typeof fetch, timeoutMs?: number) =>
  createCardProcessorPayments({ apiUrl: 'https://api.processor.test/v1/', apiKey: 'sk_test_1', webhookSecret: 'whsec_1', fetch: impl, timeoutMs });

async function failure(p: Promise<unknown>): Promise<{ code: number; detail: Record<string, unknown> }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof PaymentError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('expected a PaymentError');
}

describe('card processor: createSession', () => {
  it('posts the session with the key, the amount in cents and our URLs, and returns the hosted page', async () => {
    const { impl, calls } = fakeFetch(() => json({ id: 'cs_live_9', url: 'https://pay.processor.test/c/cs_live_9', status: 'open' }, 201));
    const result = await client(impl).createSession(INPUT);
    expect(result).toEqual({ sessionId: 'cs_live_9', redirectUrl: 'https://pay.processor.test/c/cs_live_9' });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://api.processor.test/v1/checkout/sessions');
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('Idempotency-Key')).toBe('pay_1001:1');
    expect(call!.headers.get('Authorization')).toBe('Bearer sk_test_1');
    expect(call!.body).toEqual({
      amount: 2_480,
      currency: 'EUR',
      reference: 'pay_1001',
      description: 'Παραγγελία #1001',
      success_url: INPUT.returnUrl,
      cancel_url: INPUT.cancelUrl,
    });
  });

  it('refuses bad input before calling anyone', async () => {
    const { impl, calls } = fakeFetch(() => json({}));
    expect(await failure(client(impl).createSession({ ...INPUT, amountCents: 24.8 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { field: 'amountCents' } });
    expect(await failure(client(impl).createSession({ ...INPUT, amountCents: 0 }))).toMatchObject({ detail: { field: 'amountCents' } });
    expect(await failure(client(impl).createSession({ ...INPUT, returnUrl: 'javascript:alert(1)' }))).toMatchObject({ detail: { field: 'returnUrl' } });
    expect(await failure(client(impl).createSession({ ...INPUT, idempotencyKey: ' ' }))).toMatchObject({ detail: { field: 'idempotencyKey' } });
    expect(calls).toHaveLength(0);
  });

  it('never redirects to something that is not a web address', async () => {
    const { impl } = fakeFetch(() => json({ id: 'cs_1', url: 'javascript:alert(1)' }));
    expect(await failure(client(impl).createSession(INPUT))).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR, detail: { reason: 'processor_bad_response' } });
  });

  it('tells an outage (502-class) from a refusal of what we sent (our bug)', async () => {
    expect(await failure(client(fakeFetch(() => json({ error: 'down' }, 503)).impl).createSession(INPUT))).toMatchObject({
      code: ErrorCode.NETWORK_CONNECTION_ERROR,
      detail: { reason: 'processor_unavailable', httpStatus: 503 },
    });
    expect(await failure(client(fakeFetch(() => json({}, 429)).impl).createSession(INPUT))).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR });
    expect(await failure(client(fakeFetch(() => json({ error: { message: 'amount too small' } }, 400)).impl).createSession(INPUT))).toEqual({
      code: ErrorCode.UNDEFINED_CODE,
      detail: { reason: 'processor_refused', httpStatus: 400, processorError: 'amount too small' },
    });
    expect(await failure(client(fakeFetch(() => new Response('<html>', { status: 200 })).impl).createSession(INPUT))).toMatchObject({
      code: ErrorCode.NETWORK_CONNECTION_ERROR,
      detail: { reason: 'processor_bad_response' },
    });
  });

  it('turns network errors and timeouts into 49997', async () => {
    const down = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(await failure(client(down.impl).createSession(INPUT))).toEqual({ code: ErrorCode.NETWORK_CONNECTION_ERROR, detail: { reason: 'network' } });
    const slow = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    expect(await failure(client(slow, 20).createSession(INPUT))).toEqual({ code: ErrorCode.NETWORK_CONNECTION_ERROR, detail: { reason: 'timeout' } });
  });
});

describe('card processor: getSession', () => {
  it('reads the session and maps its status and times', async () => {
    const { impl, calls } = fakeFetch(() =>
      json({ id: 'cs_live_9', status: 'succeeded', amount: 2_480, currency: 'eur', reference: 'pay_1001', created: 1_778_578_215, decided_at: 1_778_578_300 }),
    );
    expect(await client(impl).getSession('cs_live_9')).toEqual({
      sessionId: 'cs_live_9',
      reference: 'pay_1001',
      amountCents: 2_480,
      currency: 'EUR',
      status: 'approved',
      createdAt: new Date(1_778_578_215_000).toISOString(),
      decidedAt: new Date(1_778_578_300_000).toISOString(),
      cardCountry: null,
    });
    expect(calls[0]!.url).toBe('https://api.processor.test/v1/checkout/sessions/cs_live_9');
    expect(calls[0]!.method).toBe('GET');
  });

  it('answers an unknown session with 35502 and escapes the id in the path', async () => {
    const { impl, calls } = fakeFetch(() => json({ error: 'no such session' }, 404));
    expect(await failure(client(impl).getSession('a/../b'))).toMatchObject({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect(calls[0]!.url).toBe('https://api.processor.test/v1/checkout/sessions/a%2F..%2Fb');
  });

  it('maps every known status and refuses to guess an unknown one', () => {
    expect(['open', 'pending', 'processing', 'requires_payment_method'].map(mapProcessorStatus)).toEqual(['open', 'open', 'open', 'open']);
    expect(['approved', 'paid', 'succeeded', 'complete', 'COMPLETED'].map(mapProcessorStatus)).toEqual(Array(5).fill('approved'));
    expect(['declined', 'failed'].map(mapProcessorStatus)).toEqual(['declined', 'declined']);
    expect(['cancelled', 'canceled'].map(mapProcessorStatus)).toEqual(['cancelled', 'cancelled']);
    expect(mapProcessorStatus('expired')).toBe('expired');
    expect(mapProcessorStatus('refunded')).toBeNull();
    expect(() => toSession({ id: 'cs_1', status: 'refunded', amount: 1, currency: 'EUR', reference: 'r', created: 1 })).toThrow(PaymentError);
    expect(toSession({ id: 'cs_1', status: 'open', amount: 1, currency: 'EUR', reference: 'r', created: '2026-05-12T09:30:15Z' })).toMatchObject({
      createdAt: '2026-05-12T09:30:15.000Z',
      decidedAt: null,
    });
  });
});

describe('card processor: parseWebhook', () => {
  it('verifies with the webhook secret and reads the event', async () => {
    const now = Date.UTC(2026, 4, 12, 9, 31);
    const event = { eventId: 'evt_9', type: 'payment.declined' as const, sessionId: 'cs_live_9', reference: 'pay_1001', amountCents: 2_480, occurredAt: '2026-05-12T09:30:00.000Z' };
    const body = serialiseWebhookEvent(event);
    const port = client(fakeFetch(() => json({})).impl);
    await expect(port.parseWebhook(body, await signWebhook('whsec_1', body, now), now)).resolves.toEqual(event);
    expect(await failure(port.parseWebhook(body, await signWebhook('whsec_2', body, now), now))).toMatchObject({ code: ErrorCode.TOKEN_ERROR });
  });
});

const REFUND: RefundInput = { sessionId: 'cs_live_9', amountCents: 1_000, idempotencyKey: 'refund-7', reason: 'Επιστροφή μέρους' };

describe('card processor: refund', () => {
  it('posts the refund with its key, the session and the amount in cents, and reads its state', async () => {
    const { impl, calls } = fakeFetch(() => json({ id: 're_1', status: 'succeeded', amount: 1_000 }));
    expect(await client(impl).refund(REFUND)).toEqual({ refundId: 're_1', status: 'succeeded' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.processor.test/v1/refunds');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('refund-7');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer sk_test_1');
    expect(calls[0]!.body).toEqual({ session_id: 'cs_live_9', amount: 1_000, reason: 'Επιστροφή μέρους' });
    const pending = fakeFetch(() => json({ id: 're_2', status: 'pending' }));
    expect(await client(pending.impl).refund(REFUND)).toEqual({ refundId: 're_2', status: 'pending' });
  });

  it('refuses bad input before calling anyone', async () => {
    const { impl, calls } = fakeFetch(() => json({}));
    expect(await failure(client(impl).refund({ ...REFUND, amountCents: 0 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { field: 'amountCents' } });
    expect(await failure(client(impl).refund({ ...REFUND, amountCents: 10.5 }))).toMatchObject({ detail: { field: 'amountCents' } });
    expect(await failure(client(impl).refund({ ...REFUND, idempotencyKey: '' }))).toMatchObject({ detail: { field: 'idempotencyKey' } });
    expect(calls).toHaveLength(0);
  });

  it('maps the processor refusals to the catalogue: too much 35516, not paid 35512, unknown 35502, others 50000', async () => {
    const refused = (body: unknown, status = 400) => failure(client(fakeFetch(() => json(body, status)).impl).refund(REFUND));
    expect(await refused({ error: { code: 'amount_too_large', message: 'Refund amount exceeds' } })).toMatchObject({ code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(await refused({ error: { code: 'session_not_paid' } }, 409)).toMatchObject({ code: ErrorCode.DOCUMENT_STATUS_NOT_PERMITTED });
    expect(await refused({ error: 'no such session' }, 404)).toMatchObject({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect(await refused({ error: { code: 'weird', message: 'no' } })).toMatchObject({ code: ErrorCode.UNDEFINED_CODE, detail: { processorCode: 'weird', processorError: 'no' } });
    expect(await refused({}, 503)).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR });
  });

  it('a refund the processor reports failed is a refusal; an unknown state is a bad response', () => {
    expect(() => toRefund({ id: 're_3', status: 'failed' })).toThrow(PaymentError);
    expect(() => toRefund({ id: 're_3', status: 'mystery' })).toThrow(/payment error 49997/);
    expect(() => toRefund({ status: 'succeeded' })).toThrow(PaymentError);
  });

  it('reads the card country of a session when the processor gives one', () => {
    expect(toSession({ id: 'cs_1', status: 'paid', amount: 1, currency: 'EUR', reference: 'r', created: 1, card_country: 'cy' }).cardCountry).toBe('CY');
    expect(toSession({ id: 'cs_1', status: 'paid', amount: 1, currency: 'EUR', reference: 'r', created: 1, card_country: 'Greece' }).cardCountry).toBeNull();
  });
});

describe('card processor: saved cards (issue #25 §1)', () => {
  const CHARGE = { token: 'pm_live_1', reference: 'renewal-7', amountCents: 1_984, currency: 'EUR' as const, description: 'Ανανέωση καφενείο.gr', idempotencyKey: 'renewal-7:1' };

  it('asks the hosted page to save the card for our customer, and reads the token off the approved session', async () => {
    const { impl, calls } = fakeFetch(() => json({ id: 'cs_live_9', url: 'https://pay.processor.test/c/cs_live_9' }));
    await client(impl).createSession({ ...INPUT, saveCard: { customerRef: 'user-7' } });
    expect(calls[0]!.body).toMatchObject({ customer: 'user-7', setup_future_usage: 'off_session' });
    const plain = fakeFetch(() => json({ id: 'cs_1', url: 'https://pay.processor.test/c/cs_1' }));
    await client(plain.impl).createSession(INPUT);
    expect(plain.calls[0]!.body).not.toHaveProperty('setup_future_usage');
    const session = { id: 'cs_1', status: 'paid', amount: 1, currency: 'EUR', reference: 'r', created: 1 };
    const pm = { id: 'pm_live_1', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    expect(toSession({ ...session, payment_method: pm }).savedCard).toEqual({ token: 'pm_live_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    // Not approved, or malformed: no card is reported.
    expect(toSession({ ...session, status: 'open', payment_method: pm }).savedCard).toBeUndefined();
    expect(toSession({ ...session, payment_method: { ...pm, last4: '42' } }).savedCard).toBeUndefined();
  });

  it('charges off-session with the key, the token and the amount in cents, and reads an approval', async () => {
    const { impl, calls } = fakeFetch(() => json({ id: 'ch_1', status: 'succeeded', amount: 1_984, card_country: 'gr' }));
    expect(await client(impl).chargeSavedCard(CHARGE)).toEqual({ chargeId: 'ch_1', status: 'approved', cardCountry: 'GR' });
    expect(calls[0]!.url).toBe('https://api.processor.test/v1/charges');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('renewal-7:1');
    expect(calls[0]!.body).toEqual({ payment_method: 'pm_live_1', amount: 1_984, currency: 'EUR', reference: 'renewal-7', description: 'Ανανέωση καφενείο.gr', off_session: true, confirm: true });
  });

  it('reads a decline, as a failed charge or as a 402, into our four codes', async () => {
    const failed = fakeFetch(() => json({ id: 'ch_2', status: 'failed', decline_code: 'insufficient_funds' }));
    expect(await client(failed.impl).chargeSavedCard(CHARGE)).toEqual({ chargeId: 'ch_2', status: 'declined', declineCode: 'insufficient_funds', cardCountry: null });
    const card402 = fakeFetch(() => json({ error: { code: 'card_declined', decline_code: 'expired_card', charge: 'ch_3', message: 'Your card has expired.' } }, 402));
    expect(await client(card402.impl).chargeSavedCard(CHARGE)).toEqual({ chargeId: 'ch_3', status: 'declined', declineCode: 'expired_card', cardCountry: null });
    const other = fakeFetch(() => json({ error: { code: 'card_declined', decline_code: 'stolen_card', charge: 'ch_4' } }, 402));
    expect(await client(other.impl).chargeSavedCard(CHARGE)).toMatchObject({ declineCode: 'do_not_honor' });
  });

  it('a key reused for another charge is 100; an outage is 49997; a charge still waiting for the card holder is never taken as paid', async () => {
    const reused = fakeFetch(() => json({ error: { code: 'idempotency_key_reused', message: 'Keys are for one request' } }, 400));
    expect(await failure(client(reused.impl).chargeSavedCard(CHARGE))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { reason: 'idempotency_key_reused' } });
    expect(await failure(client(fakeFetch(() => json({}, 503)).impl).chargeSavedCard(CHARGE))).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR });
    expect(await failure(client(fakeFetch(() => json({ id: 'ch_5', status: 'requires_action' })).impl).chargeSavedCard(CHARGE))).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR });
    const none = fakeFetch(() => json({}));
    expect(await failure(client(none.impl).chargeSavedCard({ ...CHARGE, amountCents: 0 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR });
    expect(none.calls).toHaveLength(0);
  });

  it('deletes a saved card by its escaped id; one gone already is no error', async () => {
    const { impl, calls } = fakeFetch(() => json({ id: 'pm_a/b', deleted: true }));
    await client(impl).deleteSavedCard('pm_a/b');
    expect(calls[0]!.url).toBe('https://api.processor.test/v1/payment_methods/pm_a%2Fb');
    expect(calls[0]!.method).toBe('DELETE');
    await expect(client(fakeFetch(() => json({ error: 'No such payment method' }, 404)).impl).deleteSavedCard('pm_x')).resolves.toBeUndefined();
    expect(await failure(client(fakeFetch(() => json({}, 502)).impl).deleteSavedCard('pm_x'))).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR });
  });
});
