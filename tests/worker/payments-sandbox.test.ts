// The sandbox payment processor through its port, in D1: idempotent sessions (also under a race),
// one decision per session, expiry, and signed webhooks that the port's own parseWebhook accepts.
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { paymentSessions } from '../../db/schema/payments';
import { PaymentError, type CreateSessionInput } from '../../worker/adapters/payments/port';
import {
  createSandboxPayments,
  decideSandboxSession,
  expireSandboxSessions,
  getSandboxSession,
  SANDBOX_SESSION_TTL_MS,
} from '../../worker/adapters/payments/sandbox';
import { WEBHOOK_TOLERANCE_MS } from '../../worker/adapters/payments/signature';

const db = createDb(env.DB);
const SECRET = 'whsec_sandbox_test';
const ORIGIN = 'https://shop.example.gr';
// Fixed clocks per test, far from each other, so the expiry sweep of one test cannot touch another's sessions.
const T0 = Date.UTC(2026, 4, 12, 9, 0, 0);
let n = 0;
const unique = (p: string) => `${p}_${Date.now().toString(36)}${n++}`;
const at = (ms: number) => createSandboxPayments(db, { secret: SECRET, origin: ORIGIN, now: () => new Date(ms) });

function input(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  return {
    reference: unique('pay'),
    amountCents: 4_960,
    currency: 'EUR',
    description: 'Παραγγελία: καφενείο.gr, 1 έτος',
    returnUrl: `${ORIGIN}/payments/return`,
    cancelUrl: `${ORIGIN}/cart`,
    idempotencyKey: unique('key'),
    ...overrides,
  };
}

async function failure(p: Promise<unknown>): Promise<{ code: number; detail: Record<string, unknown> }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof PaymentError) return { code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('expected a PaymentError');
}

describe('sandbox payments: sessions', () => {
  it('opens a session on our own payment page and reads it back', async () => {
    const req = input();
    const { sessionId, redirectUrl } = await at(T0).createSession(req);
    expect(sessionId).toMatch(/^cs_sbx_[0-9a-f]{24}$/);
    expect(redirectUrl).toBe(`${ORIGIN}/payments/sandbox/${sessionId}`);
    expect(await at(T0 + 1000).getSession(sessionId)).toEqual({
      sessionId,
      reference: req.reference,
      amountCents: 4_960,
      currency: 'EUR',
      status: 'open',
      createdAt: new Date(T0).toISOString(),
      decidedAt: null,
      // Known only once a card paid (decision 040).
      cardCountry: null,
    });
    expect(await getSandboxSession(db, sessionId, T0 + 1000)).toMatchObject({
      description: req.description,
      returnUrl: req.returnUrl,
      cancelUrl: req.cancelUrl,
      expiresAt: new Date(T0 + SANDBOX_SESSION_TTL_MS).toISOString(),
    });
  });

  it('opens one session per idempotency key, also when the calls race', async () => {
    const req = input();
    const first = await at(T0).createSession(req);
    const again = await at(T0 + 5000).createSession(req);
    expect(again).toEqual(first);

    const raced = input();
    const results = await Promise.all(Array.from({ length: 5 }, () => at(T0).createSession(raced)));
    expect(new Set(results.map((r) => r.sessionId)).size).toBe(1);
    const rows = await db.select().from(paymentSessions).where(eq(paymentSessions.idempotencyKey, raced.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key reused for a different payment, and bad input, storing nothing new', async () => {
    const req = input();
    await at(T0).createSession(req);
    expect(await failure(at(T0).createSession({ ...req, amountCents: 100 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { reason: 'idempotency_key_reused' } });
    expect(await failure(at(T0).createSession({ ...req, reference: unique('other') }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR });

    const bad = input({ amountCents: -5 });
    expect(await failure(at(T0).createSession(bad))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { field: 'amountCents' } });
    expect(await db.select().from(paymentSessions).where(eq(paymentSessions.idempotencyKey, bad.idempotencyKey))).toHaveLength(0);
  });

  it('answers 35502 for a session it never opened', async () => {
    expect(await failure(at(T0).getSession('cs_sbx_nope'))).toMatchObject({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect(await failure(decideSandboxSession(db, SECRET, 'cs_sbx_nope', 'approve', T0))).toMatchObject({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect(await getSandboxSession(db, 'cs_sbx_nope', T0)).toBeNull();
  });
});

describe('sandbox payments: decisions and webhooks', () => {
  it('approves once, with a webhook the port verifies, and refuses a second decision with 35503', async () => {
    const T = T0 + 3_600_000;
    const port = at(T);
    const req = input();
    const { sessionId } = await port.createSession(req);
    const decidedAt = T + 60_500;
    const webhook = await decideSandboxSession(db, SECRET, sessionId, 'approve', decidedAt);

    expect(webhook.session).toMatchObject({ sessionId, status: 'approved', decidedAt: new Date(decidedAt).toISOString(), returnUrl: req.returnUrl });
    expect(webhook.event).toEqual({
      eventId: `evt_${sessionId}`,
      type: 'payment.approved',
      sessionId,
      reference: req.reference,
      amountCents: 4_960,
      occurredAt: new Date(Math.floor(decidedAt / 1000) * 1000).toISOString(),
      // The sandbox's card is Greek: VAT location evidence (decision 040).
      cardCountry: 'GR',
    });
    expect(webhook.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The handler's view: the same event, from the raw body and the header.
    expect(await port.parseWebhook(webhook.body, webhook.signature, decidedAt + 2000)).toEqual(webhook.event);
    expect(await port.getSession(sessionId)).toMatchObject({ status: 'approved', decidedAt: new Date(decidedAt).toISOString(), cardCountry: 'GR' });

    expect(await failure(decideSandboxSession(db, SECRET, sessionId, 'decline', decidedAt + 1000))).toEqual({
      code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT,
      detail: { reason: 'session_not_open', sessionId, status: 'approved' },
    });
  });

  it('lets exactly one of two racing decisions through', async () => {
    const T = T0 + 2 * 3_600_000;
    const { sessionId } = await at(T).createSession(input());
    const outcomes = await Promise.allSettled([
      decideSandboxSession(db, SECRET, sessionId, 'approve', T + 1000),
      decideSandboxSession(db, SECRET, sessionId, 'decline', T + 1000),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(PaymentError);
    expect((rejected.reason as PaymentError).code).toBe(ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT);
  });

  it('declines and cancels with their own event types', async () => {
    const T = T0 + 3 * 3_600_000;
    const declined = await at(T).createSession(input());
    const cancelled = await at(T).createSession(input());
    expect((await decideSandboxSession(db, SECRET, declined.sessionId, 'decline', T + 1000)).event.type).toBe('payment.declined');
    const webhook = await decideSandboxSession(db, SECRET, cancelled.sessionId, 'cancel', T + 1000);
    expect(webhook.event.type).toBe('payment.cancelled');
    expect(webhook.session.cancelUrl).toBe(`${ORIGIN}/cart`);
    expect((await at(T + 2000).getSession(cancelled.sessionId)).status).toBe('cancelled');
  });

  it('refuses the webhook when it is replayed late or tampered with', async () => {
    const T = T0 + 4 * 3_600_000;
    const port = at(T);
    const { sessionId } = await port.createSession(input());
    const webhook = await decideSandboxSession(db, SECRET, sessionId, 'approve', T + 1000);
    expect(await failure(port.parseWebhook(webhook.body, webhook.signature, T + 1000 + WEBHOOK_TOLERANCE_MS + 1000))).toMatchObject({
      code: ErrorCode.TOKEN_ERROR,
      detail: { reason: 'signature_stale' },
    });
    const forged = webhook.body.replace('"amount":4960', '"amount":1');
    expect(await failure(port.parseWebhook(forged, webhook.signature, T + 1000))).toMatchObject({ code: ErrorCode.TOKEN_ERROR, detail: { reason: 'signature_mismatch' } });
    expect(await failure(port.parseWebhook(webhook.body, null, T + 1000))).toMatchObject({ code: ErrorCode.TOKEN_ERROR, detail: { reason: 'signature_missing' } });
    // Another secret's sandbox does not accept it either.
    const other = createSandboxPayments(db, { secret: 'whsec_other', origin: ORIGIN });
    expect(await failure(other.parseWebhook(webhook.body, webhook.signature, T + 1000))).toMatchObject({ code: ErrorCode.TOKEN_ERROR });
  });
});

describe('sandbox payments: expiry', () => {
  it('reads an abandoned session as expired, and a late decision expires it with its webhook', async () => {
    const T = T0 + 5 * 3_600_000;
    const { sessionId } = await at(T).createSession(input());
    const expiresAt = new Date(T + SANDBOX_SESSION_TTL_MS).toISOString();
    expect((await at(T + SANDBOX_SESSION_TTL_MS - 1).getSession(sessionId)).status).toBe('open');
    expect(await at(T + SANDBOX_SESSION_TTL_MS + 1).getSession(sessionId)).toMatchObject({ status: 'expired', decidedAt: expiresAt });

    const late = T + SANDBOX_SESSION_TTL_MS + 60_000;
    const webhook = await decideSandboxSession(db, SECRET, sessionId, 'approve', late);
    expect(webhook.session).toMatchObject({ status: 'expired', decidedAt: expiresAt });
    expect(webhook.event).toMatchObject({ type: 'payment.expired', occurredAt: expiresAt });
    expect(await at(late).parseWebhook(webhook.body, webhook.signature, late)).toEqual(webhook.event);
    const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    expect(row?.status).toBe('expired');
    expect(await failure(decideSandboxSession(db, SECRET, sessionId, 'approve', late + 1000))).toMatchObject({ code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
  });

  it('sweeps every open session past its time, each with a webhook, and leaves the rest alone', async () => {
    // Earlier than every other test's clock: the sweep below can only reach this test's sessions.
    const T = Date.UTC(2025, 0, 1, 12, 0, 0);
    const stale = await at(T).createSession(input());
    const decided = await at(T).createSession(input());
    await decideSandboxSession(db, SECRET, decided.sessionId, 'approve', T + 1000);
    const fresh = await at(T + SANDBOX_SESSION_TTL_MS).createSession(input());

    const sweep = T + SANDBOX_SESSION_TTL_MS + 1000;
    const webhooks = await expireSandboxSessions(db, SECRET, sweep);
    const ours = webhooks.filter((w) => [stale.sessionId, decided.sessionId, fresh.sessionId].includes(w.session.sessionId));
    expect(ours.map((w) => [w.session.sessionId, w.event.type])).toEqual([[stale.sessionId, 'payment.expired']]);
    const statuses = await db
      .select({ id: paymentSessions.id, status: paymentSessions.status })
      .from(paymentSessions)
      .where(inArray(paymentSessions.id, [stale.sessionId, decided.sessionId, fresh.sessionId]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [stale.sessionId]: 'expired',
      [decided.sessionId]: 'approved',
      [fresh.sessionId]: 'open',
    });
    // A second sweep finds nothing more of ours.
    const again = await expireSandboxSessions(db, SECRET, sweep);
    expect(again.filter((w) => w.session.sessionId === stale.sessionId)).toHaveLength(0);
  });
});
