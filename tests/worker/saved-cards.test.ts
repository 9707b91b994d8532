// Saved cards (issue #25 §1, decision 079): a card payment started with "save this card" and approved
// on the sandbox page is recorded for the payer (orders and debits alike), listed, removed (at the
// processor too; never someone else's), and charged off-session by chargeDefault, once per key even
// under thirty parallel calls.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { MAX_SAVED_CARDS } from '../../core/payments/saved-cards';
import { createDb } from '../../db/client';
import { rawBatch } from '../../db/raw-batch';
import { payments, paymentSessions, sandboxCardCharges, sandboxSavedCards, saleDocuments, savedPaymentMethods, users } from '../../db/schema';
import type { SandboxTestCard } from '../../worker/adapters/payments/sandbox';
import { DEMO_USERS } from '../../db/seed';
import { addReadyDomain, newCustomer, readyCart, servicesAt as at, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const urls = { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' };

/** A card order paid on the sandbox page with `card`, the box ticked (or not). */
async function payOrder(prefix: string, card: SandboxTestCard = '4242', saveCard = true, customer?: Awaited<ReturnType<typeof readyCart>>) {
  const c = customer ?? (await readyCart(prefix));
  if (customer) await addReadyDomain(c.id, c.owner);
  const s = at();
  const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const started = await s.orders.startCardPayment(c.id, placed.orderId, urls, 'el', { saveCard });
  if (!started.ok) throw new Error(`pay ${started.code}`);
  const sessionId = started.redirectUrl.split('/').pop()!;
  await s.orders.decideSandboxPayment(sessionId, 'approve', card);
  return { c, orderId: placed.orderId, sessionId };
}

async function newDebit(userId: number, totalCents: number) {
  await rawBatch(db, [
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('DEB', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'DEB'", params: [] },
    {
      sql: "INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, reason, created_at) SELECT ?, NULL, 'debit', 'DEB', last_number, 'OPEN', ?, 0, ?, 'manual', ? FROM document_counters WHERE series = 'DEB'",
      params: [userId, totalCents, totalCents, Date.now()],
    },
  ]);
  const all = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.kind, 'debit'))).orderBy(saleDocuments.id);
  return all.at(-1)!;
}

const renewal = (overrides: Partial<{ reference: string; amountCents: number; description: string; idempotencyKey: string }> = {}) => ({
  reference: uniqueName('renewal-'),
  amountCents: 1_984,
  description: 'Ανανέωση καφενείο.gr',
  idempotencyKey: uniqueName('renew-key-'),
  ...overrides,
});

describe('saved cards: saving', () => {
  it('an order paid with the box ticked saves the card for its owner, as the default, and only its token and label', async () => {
    const { c, orderId, sessionId } = await payOrder('savecard');
    const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    expect(session!.saveCardCustomerRef).toBe(`user-${c.id}`);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.status).toBe('approved');
    const list = await at().savedCards.list(c.id);
    expect(list).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, isDefault: true, label: 'Visa •••• 4242', expired: false })]);
    const [row] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, c.id));
    expect(row!.processorToken).toBe(session!.savedCardToken);
  });

  it('without the box nothing is saved; a debit paid with it saves too, and the newer card becomes the default', async () => {
    const { c } = await payOrder('nosave', '4242', false);
    expect(await at().savedCards.list(c.id)).toEqual([]);
    await payOrder('', '0069', true, c);
    const debit = await newDebit(c.id, 1_500);
    const started = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el', 1_500, { saveCard: true });
    if (!started.ok) throw new Error(`pay ${started.code}`);
    await at().orders.decideSandboxPayment(started.redirectUrl.split('/').pop()!, 'approve', '0002');
    const list = await at().savedCards.list(c.id);
    expect(list.map((card) => [card.last4, card.isDefault])).toEqual([
      ['0002', true],
      ['0069', false],
    ]);
  });

  it('a redelivered approval saves nothing twice; over the limit the card is not kept here nor at the processor, and the box is not offered', async () => {
    const c = await newCustomer('limit');
    const s = at();
    const card = (n: number) => ({ token: uniqueName(`pm_t${n}_`), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 });
    const first = card(0);
    expect(await s.savedCards.recordSaved(c.id, first)).toBe('saved');
    expect(await s.savedCards.recordSaved(c.id, first)).toBe('duplicate');
    for (let i = 1; i < MAX_SAVED_CARDS; i++) expect(await s.savedCards.recordSaved(c.id, card(i))).toBe('saved');
    expect(await s.savedCards.canSave(c.id)).toBe(false);
    // The sandbox keeps an extra token the shop will not record: it must forget it.
    const extra = card(9);
    await db.insert(sandboxSavedCards).values({ token: extra.token, customerRef: `user-${c.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, createdAt: new Date() });
    expect(await s.savedCards.recordSaved(c.id, extra)).toBe('limit');
    const [forgotten] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, extra.token));
    expect(forgotten!.deletedAt).not.toBeNull();
    const list = await s.savedCards.list(c.id);
    expect(list).toHaveLength(MAX_SAVED_CARDS);
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);
  });
});

describe('saved cards: removing', () => {
  it('removes a card here and at the processor; the newest left becomes the default; another customer cannot remove it', async () => {
    const { c } = await payOrder('remove');
    await payOrder('', '0002', true, c);
    const [newest, older] = await at().savedCards.list(c.id);
    const stranger = await newCustomer('stranger');
    expect(await at().savedCards.remove(stranger.id, older!.id)).toEqual({ ok: false, code: ErrorCode.VALIDATION_ERROR });
    expect(await at().savedCards.list(c.id)).toHaveLength(2);
    const [olderRow] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, older!.id));
    const [stillThere] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, olderRow!.processorToken));
    expect(stillThere!.deletedAt).toBeNull();

    const [newestRow] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, newest!.id));
    expect(await at().savedCards.remove(c.id, newest!.id)).toEqual({ ok: true });
    const [gone] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, newestRow!.processorToken));
    expect(gone!.deletedAt).not.toBeNull();
    expect(await at().savedCards.list(c.id)).toEqual([expect.objectContaining({ id: older!.id, isDefault: true })]);
    expect(await at().savedCards.remove(c.id, newest!.id)).toEqual({ ok: false, code: ErrorCode.VALIDATION_ERROR });
  });
});

describe('saved cards: chargeDefault (the renewal run)', () => {
  it('approved with the default card; declined with the bank reason; none without a card', async () => {
    const { c } = await payOrder('charge');
    const ok = await at().savedCards.chargeDefault(c.id, renewal());
    expect(ok).toMatchObject({ status: 'approved', chargeId: expect.stringMatching(/^ch_sbx_/), cardLabel: 'Visa •••• 4242' });
    await payOrder('', '0002', true, c);
    expect(await at().savedCards.chargeDefault(c.id, renewal())).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', cardLabel: 'Visa •••• 0002' });
    const nobody = await newCustomer('nocard');
    expect(await at().savedCards.chargeDefault(nobody.id, renewal())).toEqual({ status: 'none' });
  });

  it('one key is one charge under 30 parallel calls; a card removed meanwhile declines with card_removed', async () => {
    const { c } = await payOrder('parallel');
    const input = renewal();
    const answers = await Promise.all(Array.from({ length: 30 }, () => at().savedCards.chargeDefault(c.id, input)));
    expect(answers.every((a) => a.status === 'approved')).toBe(true);
    expect(new Set(answers.map((a) => (a.status === 'approved' ? a.chargeId : '')))).toHaveProperty('size', 1);
    expect(await db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, input.idempotencyKey))).toHaveLength(1);
    // The processor forgot the token (removed elsewhere): the charge is an answer, not an error.
    const [row] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, c.id));
    await db.update(sandboxSavedCards).set({ deletedAt: new Date() }).where(eq(sandboxSavedCards.token, row!.processorToken));
    expect(await at().savedCards.chargeDefault(c.id, renewal())).toMatchObject({ status: 'declined', declineCode: 'card_removed' });
  });
});

/** A fresh customer with the demo password, logged in in a new browser. */
async function loggedIn() {
  const demo = DEMO_USERS[0];
  const email = `${uniqueName('cards')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  return { id: u!.id, b };
}

describe('saved cards: the billing page', () => {
  it('lists the card, asks before removing it (a plain POST), and refuses another customer\'s card with 404', async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const token = uniqueName('pm_page_');
    await db.insert(sandboxSavedCards).values({ token, customerRef: `user-${owner.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, createdAt: new Date() });
    expect(await at().savedCards.recordSaved(owner.id, { token, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 })).toBe('saved');
    const [card] = await at().savedCards.list(owner.id);

    // Another customer sees none of it and cannot remove it.
    const theirs = await other.b.open('/account/billing');
    expect(theirs.html).not.toContain('•••• 4242');
    const refused = await other.b.fetch('/account/billing', form({ _token: theirs.token, intent: 'remove_card', id: String(card!.id) }));
    expect(refused.status).toBe(404);
    expect(await at().savedCards.list(owner.id)).toHaveLength(1);

    const page = await owner.b.open('/account/billing');
    expect(page.html).toContain('Visa •••• 4242');
    expect(page.html).toContain('12/2040');
    expect(page.html).not.toContain('data-testid="saved-card-confirm"');
    const confirm = await owner.b.open(`/account/billing?remove_card=${card!.id}`);
    expect(confirm.html).toContain('data-testid="saved-card-confirm"');
    const removed = await owner.b.fetch('/account/billing', form({ _token: confirm.token, intent: 'remove_card', id: String(card!.id) }));
    expect(removed.status).toBe(303);
    expect(removed.headers.get('Location')).toBe('/account/billing?done=card_removed#saved-cards');
    expect(await at().savedCards.list(owner.id)).toEqual([]);
    const [atProcessor] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, token));
    expect(atProcessor!.deletedAt).not.toBeNull();
    expect((await owner.b.open('/account/billing?done=card_removed')).html).toContain('data-testid="saved-card-removed"');
  });
});
