// The sandbox processor's saved cards (issue #25 §1): a session opened with saveCard keeps the test
// card chosen on its page behind a token, reported by the approved session and its webhook; off-session
// charges of the token answer by the test card's magic (README), its expiry and its deletion, one
// charge per idempotency key even under thirty parallel calls.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { sandboxCardCharges, sandboxSavedCards } from '../../db/schema/payments';
import { PaymentError, type ChargeSavedCardInput, type CreateSessionInput } from '../../worker/adapters/payments/port';
import { createSandboxPayments, decideSandboxSession, getSandboxSession, type SandboxTestCard } from '../../worker/adapters/payments/sandbox';

const db = createDb(env.DB);
const SECRET = 'whsec_saved_cards_test';
const ORIGIN = 'https://shop.example.gr';
const T0 = Date.UTC(2027, 1, 10, 9, 0, 0);
let n = 0;
const unique = (p: string) => `${p}_${Date.now().toString(36)}${n++}`;
const at = (ms: number) => createSandboxPayments(db, { secret: SECRET, origin: ORIGIN, now: () => new Date(ms) });

function input(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  return {
    reference: unique('pay'),
    amountCents: 1_228,
    currency: 'EUR',
    description: 'Παραγγελία 7',
    returnUrl: `${ORIGIN}/payments/return`,
    cancelUrl: `${ORIGIN}/cart`,
    idempotencyKey: unique('key'),
    saveCard: { customerRef: 'user-7' },
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

async function savedToken(card: SandboxTestCard = '4242', ms = T0): Promise<string> {
  const { sessionId } = await at(ms).createSession(input());
  const hook = await decideSandboxSession(db, SECRET, sessionId, 'approve', ms + 1000, card);
  return hook.event.savedCard!.token;
}

const charge = (token: string, overrides: Partial<ChargeSavedCardInput> = {}): ChargeSavedCardInput => ({
  token,
  reference: unique('renewal'),
  amountCents: 1_984,
  currency: 'EUR',
  description: 'Ανανέωση καφενείο.gr',
  idempotencyKey: unique('charge'),
  ...overrides,
});

describe('sandbox saved cards: saving', () => {
  it('an approved session with saveCard reports the token in the session and the signed webhook; card data is only brand, last4, expiry', async () => {
    const { sessionId } = await at(T0).createSession(input());
    expect((await getSandboxSession(db, sessionId, T0))?.saveCard).toBe(true);
    const hook = await decideSandboxSession(db, SECRET, sessionId, 'approve', T0 + 1000, '0002');
    const card = hook.event.savedCard!;
    expect(card).toEqual({ token: expect.stringMatching(/^pm_sbx_[0-9a-f]{24}$/), brand: 'visa', last4: '0002', expMonth: 12, expYear: 2031 });
    // The webhook as delivered carries it (the handler reads it back from the wire).
    expect(await at(T0 + 2000).parseWebhook(hook.body, hook.signature, T0 + 2000)).toMatchObject({ type: 'payment.approved', savedCard: card });
    expect((await at(T0 + 2000).getSession(sessionId)).savedCard).toEqual(card);
    const [row] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, card.token));
    expect(row).toMatchObject({ customerRef: 'user-7', deletedAt: null });
  });

  it('keeps nothing for a session without saveCard, or one declined', async () => {
    const plain = await at(T0).createSession(input({ saveCard: undefined }));
    const approved = await decideSandboxSession(db, SECRET, plain.sessionId, 'approve', T0 + 1000);
    expect(approved.event.savedCard).toBeUndefined();
    expect(approved.session.saveCard).toBe(false);
    const saving = await at(T0).createSession(input());
    const declined = await decideSandboxSession(db, SECRET, saving.sessionId, 'decline', T0 + 1000);
    expect(declined.event.savedCard).toBeUndefined();
  });

  it('refuses an empty customer reference (our bug) before opening anything', async () => {
    expect(await failure(at(T0).createSession(input({ saveCard: { customerRef: ' ' } })))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { field: 'saveCard' } });
  });
});

describe('sandbox saved cards: off-session charges', () => {
  it('approves the 4242 card with the card country; declines 0002 with insufficient_funds and 0069 with expired_card', async () => {
    const ok = await at(T0).chargeSavedCard(charge(await savedToken('4242')));
    expect(ok).toEqual({ chargeId: expect.stringMatching(/^ch_sbx_/), status: 'approved', cardCountry: 'GR' });
    expect(await at(T0).chargeSavedCard(charge(await savedToken('0002')))).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    expect(await at(T0).chargeSavedCard(charge(await savedToken('0069')))).toMatchObject({ status: 'declined', declineCode: 'expired_card' });
  });

  it('declines a card past its expiry month with expired_card, and a deleted or unknown token with card_removed', async () => {
    const token = await savedToken('4242');
    // Saved in 2027 with an expiry of 12/2031: good through December, refused from January 2032.
    expect(await at(Date.UTC(2031, 11, 31, 23)).chargeSavedCard(charge(token))).toMatchObject({ status: 'approved' });
    expect(await at(Date.UTC(2032, 0, 1)).chargeSavedCard(charge(token))).toMatchObject({ status: 'declined', declineCode: 'expired_card' });
    await at(T0).deleteSavedCard(token);
    await at(T0).deleteSavedCard(token); // a second delete is no error
    expect(await at(T0).chargeSavedCard(charge(token))).toMatchObject({ status: 'declined', declineCode: 'card_removed' });
    expect(await at(T0).chargeSavedCard(charge('pm_sbx_unknown'))).toMatchObject({ status: 'declined', declineCode: 'card_removed' });
  });

  it('one key, one charge: the same answer again, even under 30 parallel calls; a key reused for another amount or reference is 100', async () => {
    const token = await savedToken('4242');
    const req = charge(token);
    const answers = await Promise.all(Array.from({ length: 30 }, () => at(T0).chargeSavedCard(req)));
    expect(new Set(answers.map((a) => a.chargeId)).size).toBe(1);
    const rows = await db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, req.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(await failure(at(T0).chargeSavedCard({ ...req, amountCents: 1_985 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { reason: 'idempotency_key_reused' } });
    expect(await failure(at(T0).chargeSavedCard({ ...req, reference: 'another' }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR });
    expect(await failure(at(T0).chargeSavedCard({ ...req, idempotencyKey: unique('k'), amountCents: 0 }))).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, detail: { field: 'amountCents' } });
  });
});
