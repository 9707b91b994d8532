// Paying an open document (issue #13 §2, decision 039): credit (part or whole), card and bank transfer
// for orders and debits, every §8 refusal (35502–35516, 2104) through the service and the pay-with
// route, a double submit that moves credit once, a twice-delivered webhook that issues one payment
// document, and a card session cancelled by a use of credit whose late approval becomes credit.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { DEMO_USERS } from '../../db/seed';
import { creditMovements, documentAllocations, orders, payments, saleDocuments, users } from '../../db/schema';
import { decideSandboxSession } from '../../worker/adapters/payments/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { newCustomer, readyCart, servicesAt as at, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const urls = { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' };
const key = () => crypto.randomUUID();

async function grant(userId: number, cents: number) {
  await rawBatch(db, creditNoteStatements({ userId, amountCents: cents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${uniqueName('grant')}`, at: new Date() }));
}

/** A debit as staff would add it (helper D's service does it in the product): numbered DEB, OPEN. */
async function newDebit(userId: number, totalCents: number, status = 'OPEN') {
  await rawBatch(db, [
    { sql: "INSERT INTO document_counters (series, last_number) VALUES ('DEB', 0) ON CONFLICT(series) DO NOTHING", params: [] },
    { sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'DEB'", params: [] },
    {
      sql: "INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, reason, created_at) SELECT ?, NULL, 'debit', 'DEB', last_number, ?, ?, 0, ?, 'manual', ? FROM document_counters WHERE series = 'DEB'",
      params: [userId, status, totalCents, totalCents, Date.now()],
    },
  ]);
  const all = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.kind, 'debit'))).orderBy(saleDocuments.id);
  return all.at(-1)!;
}

async function orderDoc(orderId: number) {
  const [d] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
  return d!;
}

const balanceOf = async (userId: number, id: number) => (await at().documents.documentFor(userId, id))!.balanceCents;

async function approve(redirectUrl: string, times = 1) {
  const sessionId = redirectUrl.split('/').pop()!;
  const webhook = await decideSandboxSession(db, SANDBOX_WEBHOOK_SECRET, sessionId, 'approve', Date.now());
  const answers: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await SELF.fetch('http://localhost/api/payments/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': webhook.signature }, body: webhook.body });
    answers.push((await res.json<{ data: { handled: string } }>()).data.handled);
  }
  return answers;
}

async function bankOrder(prefix: string, creditCents = 0) {
  const c = await readyCart(prefix);
  if (creditCents) await grant(c.id, creditCents);
  const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: key(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
  return { c, order: order!, doc: await orderDoc(placed.orderId) };
}

describe('paying a debit', () => {
  it('credit pays part, then the rest: OPEN with its balance, then PAID; each use is an allocation', async () => {
    const c = await newCustomer('debitcredit');
    await grant(c.id, 2000);
    const debit = await newDebit(c.id, 1500);
    const part = await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 500, idempotencyKey: key(), expectedBalanceCents: 1500 });
    expect(part).toMatchObject({ ok: true, reused: false, balanceCents: 1000, paid: false });
    expect((await at().documents.documentFor(c.id, debit.id))!.status).toBe('OPEN');
    const rest = await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 1000, idempotencyKey: key(), expectedBalanceCents: 1000 });
    expect(rest).toMatchObject({ ok: true, balanceCents: 0, paid: true });
    expect(await at().orders.creditBalance(c.id)).toBe(500);
    const allocs = await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, debit.id));
    expect(allocs.map((a) => a.amountCents).sort()).toEqual([1000, 500]);
    expect(allocs.every((a) => a.dedupeKey === `credit:${a.creditMovementId}`)).toBe(true);
  });

  it('a double submit of the credit form (two concurrent calls, one key) moves credit once', async () => {
    const c = await newCustomer('debitdouble');
    await grant(c.id, 2000);
    const debit = await newDebit(c.id, 1500);
    const k = key();
    const [a, b] = await Promise.all([
      at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 1500, idempotencyKey: k, expectedBalanceCents: 1500 }),
      at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 1500, idempotencyKey: k, expectedBalanceCents: 1500 }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(await at().orders.creditBalance(c.id)).toBe(500);
    expect(await db.select().from(creditMovements).where(like(creditMovements.dedupeKey, `use:${c.id}:${debit.id}:%`))).toHaveLength(1);
    expect(await balanceOf(c.id, debit.id)).toBe(0);
    // And once more, later: the same answer, nothing moved.
    expect(await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 1500, idempotencyKey: k, expectedBalanceCents: 1500 })).toMatchObject({ ok: true, reused: true });
    expect(await at().orders.creditBalance(c.id)).toBe(500);
  });

  it('two tabs (two keys) racing for the same credit: one uses it, the other is refused and nothing more moves', async () => {
    const c = await newCustomer('debitrace');
    await grant(c.id, 1000);
    const debit = await newDebit(c.id, 1500);
    const results = await Promise.all([1, 2].map(() => at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 1000, idempotencyKey: key(), expectedBalanceCents: 1500 })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok) as { code: number };
    expect([ErrorCode.USER_CREDIT_EXHAUSTED, ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO, ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE]).toContain(refused.code);
    expect(await at().orders.creditBalance(c.id)).toBe(0);
    expect(await balanceOf(c.id, debit.id)).toBe(500);
  });

  it('refuses with the §8 codes: 35502, 35504, 35503, 35507, 35508, 35513, 35516, 2104', async () => {
    const c = await newCustomer('debitcodes');
    const other = await newCustomer('debitother');
    const debit = await newDebit(c.id, 1000);
    const pay = (userId: number, id: number, amountCents: number, expectedBalanceCents?: number) => at().documentPayments.payWithCredit(userId, id, { amountCents, idempotencyKey: key(), expectedBalanceCents });
    // No credit at all: the paying balance is zero.
    expect(await pay(c.id, debit.id, 100)).toMatchObject({ ok: false, code: ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO });
    await grant(c.id, 700);
    expect(await pay(other.id, debit.id, 100)).toMatchObject({ ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect(await pay(c.id, 999_999_999, 100)).toMatchObject({ ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    // A credit note is not a due document.
    const [note] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    expect(await pay(c.id, note!.id, 100)).toMatchObject({ ok: false, code: ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT });
    const cancelled = await newDebit(c.id, 1000, 'CANCELLED');
    expect(await pay(c.id, cancelled.id, 100)).toMatchObject({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
    expect(await pay(c.id, debit.id, 1001)).toMatchObject({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL, field: 'amount' });
    expect(await pay(c.id, debit.id, 0)).toMatchObject({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(await pay(c.id, debit.id, 800)).toMatchObject({ ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'amount' });
    // The page showed 12,00 but the debit owes 10,00 now.
    expect(await pay(c.id, debit.id, 100, 1200)).toMatchObject({ ok: false, code: ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE });
    // Allocations already reach the total while the status still says OPEN: already paid.
    const settled = await newDebit(c.id, 300);
    await db.insert(documentAllocations).values({ userId: c.id, dueDocumentId: settled.id, amountCents: 300, dedupeKey: `test:${uniqueName('alloc')}`, createdAt: new Date() });
    expect(await pay(c.id, settled.id, 100)).toMatchObject({ ok: false, code: ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID });
    expect(await at().documentPayments.payByCard(c.id, settled.id, urls, 'el')).toMatchObject({ ok: false, code: ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID });
    expect(await at().documentPayments.payByBankTransfer(c.id, cancelled.id)).toMatchObject({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
    // Nothing of that moved any credit.
    expect(await at().orders.creditBalance(c.id)).toBe(700);
  });

  it('by card: a twice-delivered approval issues one PAY document, its allocation and PAID', async () => {
    const c = await newCustomer('debitcard');
    const debit = await newDebit(c.id, 2500);
    // The customer first chose a transfer, then paid by card after all.
    expect(await at().documentPayments.payByBankTransfer(c.id, debit.id, 2500)).toMatchObject({ ok: true });
    const started = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el', 2500);
    if (!started.ok) throw new Error(`card ${started.code}`);
    expect((await at().documents.documentFor(c.id, debit.id))!.status).toBe('ON_PAYMENT');
    const [payment] = await db.select().from(payments).where(and(eq(payments.documentId, debit.id), eq(payments.method, 'card')));
    expect(payment).toMatchObject({ orderId: null, method: 'card', amountCents: 2500, status: 'pending' });
    expect(await approve(started.redirectUrl, 2)).toEqual(['approved', 'duplicate']);
    // A second event id for the same payment (a processor that re-signs) changes nothing either.
    expect(await at().documentPayments.handleCardEvent({ ...payment!, status: 'pending' }, { eventId: 'x', type: 'payment.approved', sessionId: 's', reference: `pay-${payment!.id}`, amountCents: 2500, occurredAt: new Date().toISOString() })).toMatchObject({ handled: 'duplicate' });
    const pays = await db.select().from(saleDocuments).where(and(eq(saleDocuments.kind, 'payment'), eq(saleDocuments.relatedDocumentId, debit.id)));
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ series: 'PAY', status: 'COMPLETED', totalCents: 2500, userId: c.id });
    const [alloc] = await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, debit.id));
    expect(alloc).toMatchObject({ payingDocumentId: pays[0]!.id, amountCents: 2500, dedupeKey: `pay:${pays[0]!.id}` });
    expect(await at().documents.documentFor(c.id, debit.id)).toMatchObject({ status: 'PAID', balanceCents: 0 });
    expect((await db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe('approved');
    const [bank] = await db.select().from(payments).where(and(eq(payments.documentId, debit.id), eq(payments.method, 'bank_transfer')));
    expect(bank!.status).toBe('cancelled');
  });

  it('two card sessions of one debit (two tabs) both approved: one pays it, the other becomes credit', async () => {
    const c = await newCustomer('debittwotabs');
    const debit = await newDebit(c.id, 700);
    const one = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el');
    const two = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el');
    if (!one.ok || !two.ok) throw new Error('card');
    expect(await approve(one.redirectUrl)).toEqual(['approved']);
    expect(await approve(two.redirectUrl)).toEqual(['approved']);
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.kind, 'payment'), eq(saleDocuments.relatedDocumentId, debit.id)))).toHaveLength(1);
    expect(await at().documents.documentFor(c.id, debit.id)).toMatchObject({ status: 'PAID', balanceCents: 0 });
    expect(await at().orders.creditBalance(c.id)).toBe(700);
  });

  it('by card, declined: back to OPEN and payable again', async () => {
    const c = await newCustomer('debitdecline');
    const debit = await newDebit(c.id, 900);
    const started = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el');
    if (!started.ok) throw new Error('card');
    const webhook = await decideSandboxSession(db, SANDBOX_WEBHOOK_SECRET, started.redirectUrl.split('/').pop()!, 'decline', Date.now());
    expect(await at().orders.handlePaymentWebhook(webhook.body, webhook.signature)).toMatchObject({ handled: 'declined' });
    expect(await at().documents.documentFor(c.id, debit.id)).toMatchObject({ status: 'OPEN', balanceCents: 900 });
  });

  it('by bank transfer: one pending payment for the balance; staff confirm it: PAY document and PAID', async () => {
    const c = await newCustomer('debitbank');
    await grant(c.id, 400);
    const debit = await newDebit(c.id, 1000);
    expect(await at().documentPayments.payByBankTransfer(c.id, debit.id, 1000)).toMatchObject({ ok: true, amountCents: 1000 });
    expect(await at().documentPayments.payByBankTransfer(c.id, debit.id, 1000)).toMatchObject({ ok: true });
    // Credit then pays part: the transfer asks for less.
    expect(await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 400, idempotencyKey: key() })).toMatchObject({ ok: true, balanceCents: 600 });
    const waiting = await db.select().from(payments).where(and(eq(payments.documentId, debit.id), eq(payments.status, 'pending')));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ method: 'bank_transfer', amountCents: 600 });
    expect(await at().documentPayments.confirmDebitBankTransfer(waiting[0]!.id)).toBe(true);
    expect(await at().documentPayments.confirmDebitBankTransfer(waiting[0]!.id)).toBe(false);
    expect(await at().documents.documentFor(c.id, debit.id)).toMatchObject({ status: 'PAID', balanceCents: 0 });
  });

  it('a card session cancelled by a use of credit and approved later: its money becomes credit, once', async () => {
    const c = await newCustomer('debitlate');
    await grant(c.id, 300);
    const debit = await newDebit(c.id, 1000);
    const started = await at().documentPayments.payByCard(c.id, debit.id, urls, 'el');
    if (!started.ok) throw new Error('card');
    expect(await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 300, idempotencyKey: key() })).toMatchObject({ ok: true, balanceCents: 700 });
    const [cancelled] = await db.select().from(payments).where(eq(payments.documentId, debit.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', amountCents: 1000 });
    expect((await at().documents.documentFor(c.id, debit.id))!.status).toBe('OPEN');
    // The customer had already approved on the processor's page; its webhook comes now, twice.
    await approve(started.redirectUrl, 2);
    expect(await at().documents.documentFor(c.id, debit.id)).toMatchObject({ status: 'OPEN', balanceCents: 700 });
    const refund = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:payment:${cancelled!.id}`));
    expect(refund).toHaveLength(1);
    expect(refund[0]!.amountCents).toBe(1000);
    expect(await at().orders.creditBalance(c.id)).toBe(1000);
  });
});

describe('paying an order document', () => {
  it('credit part + card rest: the order is paid, its receipt issued, ORD balance 0 = total − (credit + card)', async () => {
    const { c, order, doc } = await bankOrder('ordcreditcard', 2000);
    expect(await balanceOf(c.id, doc.id)).toBe(order.grandTotalCents);
    const part = 1000;
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: part, idempotencyKey: key(), expectedBalanceCents: order.grandTotalCents })).toMatchObject({ ok: true, balanceCents: order.grandTotalCents - part });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.creditCents).toBe(part);
    const [bank] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.method, 'bank_transfer')));
    expect(bank!.amountCents).toBe(order.grandTotalCents - part);
    const started = await at().documentPayments.payByCard(c.id, doc.id, urls, 'el', order.grandTotalCents - part);
    if (!started.ok) throw new Error(`card ${started.code}`);
    const [card] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.method, 'card')));
    expect(card!.amountCents).toBe(order.grandTotalCents - part);
    expect(await approve(started.redirectUrl)).toEqual(['approved']);
    const after = (await at().orders.order(c.id, order.id))!;
    expect(after.order.status).toBe('completed');
    const kinds = after.documents.filter((d) => d.orderId === order.id).map((d) => d.kind).sort();
    expect(kinds).toEqual(['order', 'payment', 'receipt']);
    const pay = after.documents.find((d) => d.kind === 'payment')!;
    expect(pay.totalCents).toBe(card!.amountCents);
    const paidDoc = (await at().documents.documentFor(c.id, doc.id))!;
    expect(paidDoc.balanceCents).toBe(0);
    expect(['PAID', 'COMPLETED']).toContain(paidDoc.status);
    const allocs = await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, doc.id));
    expect(allocs.reduce((s, a) => s + a.amountCents, 0)).toBe(order.grandTotalCents);
    // The bank transfer it no longer waits for is not approved: the card paid.
    expect((await db.select().from(payments).where(eq(payments.id, bank!.id)))[0]!.status).toBe('cancelled');
    expect(await at().orders.creditBalance(c.id)).toBe(2000 - part);
  });

  it('credit that covers the whole balance pays the order: receipt, no payment document, fulfilment', async () => {
    const { c, order, doc } = await bankOrder('ordcreditall', 100_000);
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: order.grandTotalCents, idempotencyKey: key() })).toMatchObject({ ok: true, paid: true, balanceCents: 0 });
    const after = (await at().orders.order(c.id, order.id))!;
    expect(after.order.status).toBe('completed');
    expect(after.documents.filter((d) => d.orderId === order.id).map((d) => d.kind).sort()).toEqual(['order', 'receipt']);
    expect(after.payments.filter((p) => p.status === 'approved')).toHaveLength(0);
    // A paid order's document refuses more money.
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: 1, idempotencyKey: key() })).toMatchObject({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
  });

  it("an order whose figures disagree with its document's allocations refuses more money (35513)", async () => {
    const { c, order, doc } = await bankOrder('ordmismatch', 500);
    // Credit the order says it used but no allocation records: the two no longer add up.
    await db.update(orders).set({ creditCents: 100 }).where(eq(orders.id, order.id));
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: 100, idempotencyKey: key() })).toMatchObject({ ok: false, code: ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE });
    expect((await at().documentPayments.payView(c.id, doc.id))!.refusal).toBe(ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE);
    expect(await at().orders.creditBalance(c.id)).toBe(500);
  });

  it('a cancelled order refuses payment (35503)', async () => {
    const { c, order, doc } = await bankOrder('ordcancel', 500);
    await at().orders.cancelOrder(c.id, order.id);
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: 100, idempotencyKey: key() })).toMatchObject({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
    expect(await at().documentPayments.payByCard(c.id, doc.id, urls, 'el')).toMatchObject({ ok: false, code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT });
  });

  it('a card session cancelled by a use of credit and approved later does not pay the order: it becomes credit', async () => {
    const { c, order, doc } = await bankOrder('ordlate', 1000);
    const started = await at().documentPayments.payByCard(c.id, doc.id, urls, 'el');
    if (!started.ok) throw new Error('card');
    expect((await orderDoc(order.id)).status).toBe('ON_PAYMENT');
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: 1000, idempotencyKey: key() })).toMatchObject({ ok: true, balanceCents: order.grandTotalCents - 1000 });
    const [card] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.method, 'card')));
    expect(card).toMatchObject({ status: 'cancelled', amountCents: order.grandTotalCents });
    expect((await orderDoc(order.id)).status).toBe('OPEN');
    await approve(started.redirectUrl, 2);
    // The order still waits for what the credit did not cover; the card's whole amount is credit now.
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('pending');
    expect(await balanceOf(c.id, doc.id)).toBe(order.grandTotalCents - 1000);
    const refund = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:payment:${card!.id}`));
    expect(refund.map((r) => r.amountCents)).toEqual([order.grandTotalCents]);
    expect(await at().orders.creditBalance(c.id)).toBe(order.grandTotalCents);
  });
});

// Several page loads and posts each: more than the default 5 s on a busy machine.
describe('the pay-with tab', { timeout: 20_000 }, () => {
  async function loggedIn(prefix: string) {
    const demo = DEMO_USERS[0]!;
    const c = await newCustomer(prefix);
    await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
    const b = new Browser();
    await login(b, c.email, demo.password);
    return { c, b };
  }

  it('shows the balance, the credit and the form prefilled with min(balance, credit); others get 404', async () => {
    const { c, b } = await loggedIn('tabview');
    await grant(c.id, 2000);
    const debit = await newDebit(c.id, 1234);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="pay-form"');
    expect(page.html).toMatch(/name="amount"[^>]*value="12,34"|value="12,34"[^>]*name="amount"/);
    expect(page.html).toContain('data-testid="pay-balance" data-cents="1234"');
    expect(page.html).toContain('data-testid="pay-credit" data-cents="2000"');
    expect(page.res.headers.get('X-I18n-Missing')).toBeNull();
    b.cookies.set('lng', 'en');
    const en = await b.fetch(`/account/documents/${debit.id}/pay`);
    expect(await en.text()).toContain('Use credit');
    expect(en.headers.get('X-I18n-Missing')).toBeNull();
    const stranger = await loggedIn('tabstranger');
    expect((await stranger.b.fetch(`/account/documents/${debit.id}/pay`)).status).toBe(404);
  });

  it('pays with credit without JavaScript (POST → redirect with a notice), then by card to the payment page', async () => {
    const { c, b } = await loggedIn('tabpay');
    await grant(c.id, 500);
    const debit = await newDebit(c.id, 1500);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    const k = key();
    const res = await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, intent: 'credit', amount: '5,00', key: k, expected_balance: '1500' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/account/documents/${debit.id}/pay?paid=credit`);
    // The same form again (a double submit): no second movement.
    expect((await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, intent: 'credit', amount: '5,00', key: k, expected_balance: '1500' }))).status).toBe(303);
    expect(await at().orders.creditBalance(c.id)).toBe(0);
    const after = await b.open(`/account/documents/${debit.id}/pay?paid=credit`);
    expect(after.html).toContain('data-testid="pay-notice"');
    expect(after.html).toContain('data-testid="pay-balance" data-cents="1000"');
    const card = await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: after.token, intent: 'card', key: key(), expected_balance: '1000' }));
    expect(card.status).toBe(303);
    expect(card.headers.get('Location')).toMatch(/\/payments\/sandbox\//);
    // The owner may open the sandbox page of a debit's payment.
    expect((await b.fetch(new URL(card.headers.get('Location')!).pathname)).status).toBe(200);
  });

  it('too much credit: only the field says so (no internal invariant on the page), with the error summary linking to it', async () => {
    const { c, b } = await loggedIn('taboverpay');
    await grant(c.id, 300);
    const debit = await newDebit(c.id, 1000);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    for (const amount of ['11,00', '4,00']) {
      const res = await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, intent: 'credit', amount, key: key(), expected_balance: '1000' }));
      const html = await res.text();
      expect(res.status, amount).toBeGreaterThanOrEqual(400);
      // Neither "the balance must be zero or equal to the total" nor "no credit left" as the page's error.
      expect(html, amount).not.toContain('Το υπόλοιπο πρέπει να είναι μηδενικό ή ίσο με το σύνολο');
      expect(html, amount).not.toContain('Δεν σας απομένει υπόλοιπο');
      expect(html, amount).not.toContain('data-testid="pay-alert"');
      // The field's own message, next to it and in the summary's link to it.
      expect(html, amount).toMatch(new RegExp(`id="pay-${debit.id}-amount-error"[^>]*>Η τιμή πρέπει να είναι το πολύ 3,00`));
      expect(html, amount).toMatch(new RegExp(`data-testid="error-summary"[\\s\\S]*?<a href="#pay-${debit.id}-amount"[^>]*>Η τιμή πρέπει να είναι το πολύ 3,00`));
    }
  });

  it('after a payment: the notice only (no "does not accept payment"), and the pay tab stays in the tab bar', async () => {
    const { c, b } = await loggedIn('tabafter');
    await grant(c.id, 1000);
    const debit = await newDebit(c.id, 1000);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    const res = await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, intent: 'credit', amount: '10,00', key: key(), expected_balance: '1000' }));
    expect(res.status).toBe(303);
    const after = await b.open(res.headers.get('Location')!);
    expect(after.html).toContain('data-testid="pay-notice"');
    expect(after.html).not.toContain('data-testid="pay-refusal"');
    expect(after.html).not.toContain('δεν επιτρέπει την πληρωμή');
    expect(after.html).not.toContain('έχει ήδη εξοφληθεί');
    // The tab being shown is in the tab bar (marked current), though the document takes no more payment.
    expect(after.html).toMatch(/data-testid="document-tab-pay"/);
    // Elsewhere in the paid document the tab is gone.
    expect((await b.open(`/account/documents/${debit.id}`)).html).not.toContain('data-testid="document-tab-pay"');
    // The same page opened later without the notice still says why it cannot be paid.
    expect((await b.open(`/account/documents/${debit.id}/pay`)).html).toContain('data-testid="pay-refusal"');
  });

  it('shows refusals as translated alerts and keeps the values; a paid document shows why instead of the form', async () => {
    const { c, b } = await loggedIn('tabcodes');
    await grant(c.id, 300);
    const debit = await newDebit(c.id, 1000);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    const post = (fields: Record<string, string>) => b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, key: key(), ...fields }));
    const cases: [Record<string, string>, number][] = [
      [{ intent: 'credit', amount: '4,00', expected_balance: '1000' }, ErrorCode.USER_CREDIT_EXHAUSTED],
      [{ intent: 'credit', amount: '11,00', expected_balance: '1000' }, ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL],
      [{ intent: 'credit', amount: '1,00', expected_balance: '900' }, ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE],
      [{ intent: 'card', expected_balance: '900' }, ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE],
    ];
    for (const [fields, code] of cases) {
      const res = await post(fields);
      const html = await res.text();
      expect(res.status, String(code)).toBeGreaterThanOrEqual(400);
      expect(html).toContain(`data-code="${code}"`);
      // Translated: the catalogue's Greek message, not its key.
      expect(html).not.toContain('errors:');
      if (fields.amount) expect(html).toContain(`value="${fields.amount}"`);
    }
    // A field error (not a sum of euros) stays next to the field, with the value kept.
    const bad = await post({ intent: 'credit', amount: '12,345', expected_balance: '1000' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="12,345"');
    // No credit at all: 35508.
    const poor = await loggedIn('tabpoor');
    const debit2 = await newDebit(poor.c.id, 1000);
    const page2 = await poor.b.open(`/account/documents/${debit2.id}/pay`);
    const res2 = await poor.b.fetch(`/account/documents/${debit2.id}/pay`, form({ _token: page2.token, intent: 'credit', amount: '1,00', key: key(), expected_balance: '1000' }));
    expect(await res2.text()).toContain(`data-code="${ErrorCode.PAYING_DOCUMENT_BALANCE_IS_ZERO}"`);
    // A paid debit and a credit note: the reason, no form.
    const paid = await newDebit(c.id, 1000, 'PAID');
    const paidPage = await b.open(`/account/documents/${paid.id}/pay`);
    expect(paidPage.html).toContain(`data-code="${ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT}"`);
    expect(paidPage.html).not.toContain('data-testid="pay-form"');
    const [note] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    const notePage = await b.open(`/account/documents/${note!.id}/pay`);
    expect(notePage.html).toContain(`data-code="${ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT}"`);
    // Allocations already reach the total while the status still says OPEN: 35507, no form.
    const settled = await newDebit(c.id, 300);
    await db.insert(documentAllocations).values({ userId: c.id, dueDocumentId: settled.id, amountCents: 300, dedupeKey: `test:${uniqueName('alloc')}`, createdAt: new Date() });
    const settledPage = await b.open(`/account/documents/${settled.id}/pay`);
    expect(settledPage.html).toContain(`data-code="${ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID}"`);
    expect(settledPage.html).not.toContain('data-testid="pay-form"');
    // Someone else's document, posted to: 404 (35502), nothing moved.
    const strangerPost = await poor.b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page2.token, intent: 'credit', amount: '1,00', key: key() }));
    expect(strangerPost.status).toBe(404);
    expect(await strangerPost.text()).toContain(String(ErrorCode.SALE_DOCUMENT_NOT_FOUND));
    // Posting to it anyway: the same code as an alert.
    const postPaid = await b.fetch(`/account/documents/${paid.id}/pay`, form({ _token: paidPage.token, intent: 'card', key: key() }));
    expect(await postPaid.text()).toContain(`data-code="${ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT}"`);
  });

  it('bank transfer without JavaScript: back with the bank details and the amount', async () => {
    const { c, b } = await loggedIn('tabbank');
    const debit = await newDebit(c.id, 800);
    const page = await b.open(`/account/documents/${debit.id}/pay`);
    const res = await b.fetch(`/account/documents/${debit.id}/pay`, form({ _token: page.token, intent: 'bank_transfer', key: key(), expected_balance: '800' }));
    expect(res.status).toBe(303);
    const after = await b.open(res.headers.get('Location')!);
    expect(after.html).toContain('data-testid="pay-bank-details"');
    expect(after.html).toContain(`DEB-${debit.number}`);
    expect(after.html).toContain('data-testid="pay-bank-amount" data-cents="800"');
  });
});
