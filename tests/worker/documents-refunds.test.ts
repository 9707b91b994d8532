// Card refunds, debits and cancelled credit notes inside workerd (issue #13 §2; §8 35502, 35516,
// 35700–35703, 35802; decision 040): refunds through the sandbox payments port, full and partial, with
// states, the payment document's status and a corrective credit note whose lines add up; never more than
// paid; a double submit refunds once; a refusal by the processor leaves the refund failed and nothing
// else changed. Debits at the customer's VAT rate, cancelled only while unpaid; credit notes cancelled
// only while their credit is still there. Staff only.
import { env } from 'cloudflare:workers';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, orders, orderItems, creditMovements, documentAllocations, mydataTransmissions, paymentRefunds, payments, saleDocumentLines, saleDocuments, sandboxPaymentRefunds } from '../../db/schema';
import { createSandboxPayments } from '../../worker/adapters/payments/sandbox';
import { createAdapters } from '../../worker/adapters';
import { PaymentError, type PaymentsPort } from '../../worker/adapters/payments/port';
import { createServices } from '../../worker/services';
import { configOf } from '../../worker/config';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { cardOrderAwaitingPayment, readyCart, servicesAt } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';

const db = createDb(env.DB);

async function staffActor() {
  const s = await newStaff({ totp: true });
  return { userId: s.id, ip: '203.0.113.9' };
}

/** A customer's order paid by card through the sandbox page: its payment, legal and payment documents. */
async function paidCardOrder(prefix: string) {
  const { c, orderId, pending } = await cardOrderAwaitingPayment(prefix);
  await servicesAt().orders.decideSandboxPayment(pending.providerSessionId!, 'approve');
  const [payment] = await db.select().from(payments).where(eq(payments.id, pending.id));
  const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId));
  const legal = docs.find((d) => d.kind === 'receipt' || d.kind === 'invoice')!;
  const payDoc = docs.find((d) => d.kind === 'payment')!;
  expect(payment!.status).toBe('approved');
  return { ...c, orderId, payment: payment!, legal, payDoc };
}

const paymentOf = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
const docOf = async (id: number) => (await db.select().from(saleDocuments).where(eq(saleDocuments.id, id)))[0]!;
const linesOf = (id: number) => db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, id)).orderBy(asc(saleDocumentLines.position));
const refundsOf = (paymentId: number) => db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(asc(paymentRefunds.id));

describe('card refunds', () => {
  it('refunds part, then the rest: states, refunded_cents, statuses, credit notes whose lines and VAT add up, sent to myDATA at once as 11.4, audit rows', async () => {
    const o = await paidCardOrder('refpart');
    const actor = await staffActor();
    const total = o.payment.amountCents;
    const part = 1_000;
    const first = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: part, reason: 'Μερική επιστροφή', idempotencyKey: crypto.randomUUID() }, actor);
    expect(first).toMatchObject({ ok: true, status: 'succeeded', repeated: false });
    if (!first.ok) return;
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(part);
    expect((await docOf(o.payDoc.id)).status).toBe('PARTIALLY_REFUNDED');
    const note = await docOf(first.creditDocumentId!);
    expect(note).toMatchObject({ kind: 'credit', series: 'CRN', reason: 'card_refund', relatedDocumentId: o.legal.id, totalCents: part, userId: o.id, status: 'REFUNDED' });
    expect(note.netCents + note.vatCents).toBe(part);
    expect(note.billing).toEqual(o.legal.billing);
    const lines = await linesOf(note.id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.reduce((a, l) => a + l.totalCents, 0)).toBe(part);
    expect(lines.reduce((a, l) => a + l.vatCents, 0)).toBe(note.vatCents);
    expect(lines.reduce((a, l) => a + l.netCents, 0)).toBe(note.netCents);
    expect((await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, note.id)))[0]).toMatchObject({ status: 'sent', invoiceType: '11.4' });
    // No credit movement: the money went to the card.
    expect(await db.select().from(creditMovements).where(eq(creditMovements.documentId, note.id))).toHaveLength(0);

    const rest = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: total - part, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    expect(rest).toMatchObject({ ok: true, status: 'succeeded' });
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(total);
    expect((await docOf(o.payDoc.id)).status).toBe('REFUNDED');
    const notes = await db.select().from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, o.legal.id), eq(saleDocuments.reason, 'card_refund')));
    expect(notes.map((n) => n.totalCents).reduce((a, b) => a + b, 0)).toBe(total);
    // Everything paid by card went back: the notes' VAT is the legal document's VAT.
    if (total === o.legal.totalCents) expect(notes.map((n) => n.vatCents).reduce((a, b) => a + b, 0)).toBe(o.legal.vatCents);
    expect(notes[1]!.number).toBe(notes[0]!.number + 1);

    // Not one cent more.
    const more = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 1, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    expect(more).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect((await refundsOf(o.payment.id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetType, 'payment'), eq(auditLog.targetId, String(o.payment.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['payment.refund_requested', 'payment.refund_requested', 'payment.refunded', 'payment.refunded']);
    expect(audit.every((a) => a.actorUserId === actor.userId)).toBe(true);
  });

  it('a refund above the payment is refused before the processor: nothing recorded', async () => {
    const o = await paidCardOrder('refover');
    const r = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents + 1, reason: '', idempotencyKey: crypto.randomUUID() }, await staffActor());
    expect(r).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(await refundsOf(o.payment.id)).toHaveLength(0);
    expect(await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.sessionId, o.payment.providerSessionId!))).toHaveLength(0);
  });

  it('a payment whose money already became credit is not refunded to the card too (35510)', async () => {
    // A card session approved after a use of credit (or a cancel) stopped it: its money went to the
    // customer's credit balance (refund:payment:<id>, worker/services/orders/document-payments.ts).
    const o = await paidCardOrder('refcredited');
    await rawBatch(db, creditNoteStatements({ userId: o.id, amountCents: o.payment.amountCents, vatCents: 0, reason: 'refund', orderId: o.orderId, orderItemId: null, note: `pay-${o.payment.id}`, dedupeKey: `refund:payment:${o.payment.id}`, at: new Date() }));
    const r = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 100, reason: 'double', idempotencyKey: crypto.randomUUID() }, await staffActor());
    expect(r).toEqual({ ok: false, code: ErrorCode.DOCUMENT_ACTION_NOT_PERMITTED });
    expect(await refundsOf(o.payment.id)).toHaveLength(0);
    expect(await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.sessionId, o.payment.providerSessionId!))).toHaveLength(0);
  });

  it("the card's country from the processor joins the order's VAT evidence", async () => {
    const o = await paidCardOrder('refcountry');
    expect(o.payment.cardCountry).toBe('GR');
    const [order] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order!.vatEvidence).toMatchObject({ cardCountry: 'GR' });
  });

  it('a double submit (same key, at once and again later) refunds once', async () => {
    const o = await paidCardOrder('refdouble');
    const actor = await staffActor();
    const input = { paymentId: o.payment.id, amountCents: 700, reason: 'x', idempotencyKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([servicesAt().refunds.refundPayment(input, actor), servicesAt().refunds.refundPayment(input, actor)]);
    const again = await servicesAt().refunds.refundPayment(input, actor);
    for (const r of [a, b, again]) expect(r.ok).toBe(true);
    expect(again).toMatchObject({ status: 'succeeded', repeated: true });
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(700);
    expect(await refundsOf(o.payment.id)).toHaveLength(1);
    expect(await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.sessionId, o.payment.providerSessionId!))).toHaveLength(1);
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, o.legal.id), eq(saleDocuments.reason, 'card_refund')))).toHaveLength(1);
  });

  it('a refusal by the processor leaves the refund failed with its error and nothing else changed', async () => {
    const o = await paidCardOrder('reffail');
    // Refunded at the processor's own dashboard meanwhile: the processor has nothing left to give.
    await db.insert(sandboxPaymentRefunds).values({ id: `re_dash_${o.payment.id}`, sessionId: o.payment.providerSessionId!, amountCents: o.payment.amountCents, idempotencyKey: `dash-${crypto.randomUUID()}`, createdAt: new Date() });
    const r = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 500, reason: '', idempotencyKey: crypto.randomUUID() }, await staffActor());
    expect(r).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    const [row] = await refundsOf(o.payment.id);
    expect(row).toMatchObject({ status: 'failed', creditDocumentId: null });
    expect(row!.lastError).toMatch(/^35516 /);
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(0);
    expect((await docOf(o.payDoc.id)).status).toBe('COMPLETED');
    expect(await db.select().from(saleDocuments).where(eq(saleDocuments.relatedDocumentId, o.legal.id))).toHaveLength(0);
    // The failed refund no longer counts: what is left is still refundable once the processor allows it.
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refund_failed'), eq(auditLog.targetId, String(o.payment.id))))).toHaveLength(1);
  });

  it('the sandbox processor itself never refunds more than captured, nor an unapproved session, and is idempotent by key', async () => {
    const o = await paidCardOrder('refport');
    const port = createSandboxPayments(db, { secret: 's', origin: 'http://localhost' });
    const sessionId = o.payment.providerSessionId!;
    const ok = await port.refund({ sessionId, amountCents: o.payment.amountCents - 1, idempotencyKey: `k-${sessionId}`, reason: '' });
    expect(ok.status).toBe('succeeded');
    expect(await port.refund({ sessionId, amountCents: o.payment.amountCents - 1, idempotencyKey: `k-${sessionId}`, reason: '' })).toEqual(ok);
    await expect(port.refund({ sessionId, amountCents: 2, idempotencyKey: `k2-${sessionId}`, reason: '' })).rejects.toMatchObject({ code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    await expect(port.refund({ sessionId, amountCents: 5, idempotencyKey: `k-${sessionId}`, reason: '' })).rejects.toMatchObject({ code: ErrorCode.VALIDATION_ERROR });
    await expect(port.refund({ sessionId: 'cs_sbx_none', amountCents: 1, idempotencyKey: `k3-${sessionId}`, reason: '' })).rejects.toMatchObject({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
    expect((await port.getSession(sessionId)).cardCountry).toBe('GR');
  });
});

describe('debits', () => {
  it('adds a debit at the customer rate, numbered in DEB, once per form key; cancels it while unpaid; 35802 after', async () => {
    const c = await readyCart('debit');
    const actor = await staffActor();
    const input = { userId: c.id, reason: 'manual' as const, lines: [{ description: 'Τέλος αλλαγής', netCents: 1_000 }, { description: 'Έξοδα', netCents: 250 }], dueAt: new Date(Date.now() + 14 * 86_400_000), key: crypto.randomUUID() };
    const [a, b] = await Promise.all([servicesAt().debits.addDebit(input, actor), servicesAt().debits.addDebit(input, actor)]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.documentId).toBe(b.documentId);
    const debits = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'debit')));
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ series: 'DEB', status: 'OPEN', reason: 'manual', netCents: 1_250, vatCents: 300, totalCents: 1_550 });
    expect(debits[0]!.dueAt?.getTime()).toBe(input.dueAt.getTime());
    const lines = await linesOf(a.documentId);
    expect(lines.map((l) => [l.description, l.netCents, l.vatCents, l.vatRateBp])).toEqual([
      ['Τέλος αλλαγής', 1_000, 240, 2400],
      ['Έξοδα', 250, 60, 2400],
    ]);

    expect(await servicesAt().debits.cancelDebit(a.documentId, actor)).toEqual({ ok: true });
    expect((await docOf(a.documentId))).toMatchObject({ status: 'CANCELLED' });
    expect((await docOf(a.documentId)).cancelledAt).not.toBeNull();
    expect(await servicesAt().debits.cancelDebit(a.documentId, actor)).toEqual({ ok: false, code: ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetType, 'sale_document'), eq(auditLog.targetId, String(a.documentId))));
    expect(audit.map((x) => x.action).sort()).toEqual(['debit.added', 'debit.cancelled']);
  });

  it('an open debit past its due date becomes OVERDUE (cron) and can still be cancelled', async () => {
    const c = await readyCart('debitdue');
    const actor = await staffActor();
    const added = await servicesAt().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 3_000 }], dueAt: new Date(Date.now() + 60_000), key: crypto.randomUUID() }, actor);
    if (!added.ok) throw new Error('add');
    await servicesAt().debits.markOverdue();
    expect((await docOf(added.documentId)).status).toBe('OPEN');
    expect(await servicesAt(Date.now() + 120_000).debits.markOverdue()).toBeGreaterThanOrEqual(1);
    expect((await docOf(added.documentId)).status).toBe('OVERDUE');
    expect(await servicesAt().debits.cancelDebit(added.documentId, actor)).toEqual({ ok: true });
  });

  it('refuses to cancel a debit something paid part of (35802), and a document that is no debit (35502)', async () => {
    const c = await readyCart('debitpaid');
    const actor = await staffActor();
    const added = await servicesAt().debits.addDebit({ userId: c.id, reason: 'chargeback', lines: [{ description: 'Αντιλογισμός', netCents: 2_000 }], dueAt: new Date(), key: crypto.randomUUID() }, actor);
    if (!added.ok) throw new Error('add');
    await servicesAt().orders.grantCredit(c.email, 500, 'test');
    const [m] = await db.select().from(creditMovements).where(eq(creditMovements.userId, c.id));
    await db.insert(documentAllocations).values({ userId: c.id, dueDocumentId: added.documentId, creditMovementId: m!.id, amountCents: 100, dedupeKey: `test:${crypto.randomUUID()}`, createdAt: new Date() });
    expect(await servicesAt().debits.cancelDebit(added.documentId, actor)).toEqual({ ok: false, code: ErrorCode.DEBIT_STATUS_DOES_NOT_ALLOW_CANCEL });
    expect((await docOf(added.documentId)).status).toBe('OPEN');
    const [crd] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    expect(await servicesAt().debits.cancelDebit(crd!.id, actor)).toEqual({ ok: false, code: ErrorCode.SALE_DOCUMENT_NOT_FOUND });
  });
});

describe('credit notes cancelled', () => {
  it('cancels a granted credit note with a reversing movement; again 35702; unknown 35701; a card refund note 35700', async () => {
    const c = await readyCart('crdcancel');
    const actor = await staffActor();
    await servicesAt().orders.grantCredit(c.email, 2_000, 'goodwill');
    const [crd] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    expect(await servicesAt().debits.cancelCreditNote(crd!.id, actor)).toEqual({ ok: true });
    expect(await docOf(crd!.id)).toMatchObject({ status: 'CANCELLED' });
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(0);
    const moves = await db.select().from(creditMovements).where(eq(creditMovements.documentId, crd!.id));
    expect(moves.map((m) => m.amountCents).sort((x, y) => x - y)).toEqual([-2_000, 2_000]);
    expect(await servicesAt().debits.cancelCreditNote(crd!.id, actor)).toEqual({ ok: false, code: ErrorCode.CREDIT_STATUS_NOT_PERMITTED });
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(0);
    expect(await servicesAt().debits.cancelCreditNote(999_999_999, actor)).toEqual({ ok: false, code: ErrorCode.CREDIT_DOCUMENT_NOT_FOUND });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'credit.cancelled'), eq(auditLog.targetId, String(crd!.id))));
    expect(audit).toHaveLength(1);

    const o = await paidCardOrder('crdcard');
    const r = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 100, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    if (!r.ok) throw new Error('refund');
    expect(await servicesAt().debits.cancelCreditNote(r.creditDocumentId!, actor)).toEqual({ ok: false, code: ErrorCode.CREDIT_ACTION_NOT_FOUND });
  });

  it('refuses (35703) when the credit was spent, and changes nothing', async () => {
    const c = await readyCart('crdspent');
    await servicesAt().orders.grantCredit(c.email, 1_500, 'goodwill');
    const [crd] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    await db.insert(creditMovements).values({ userId: c.id, amountCents: -1_000, reason: 'order', dedupeKey: `test:${crypto.randomUUID()}`, createdAt: new Date() });
    expect(await servicesAt().debits.cancelCreditNote(crd!.id, await staffActor())).toEqual({ ok: false, code: ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS });
    expect(await docOf(crd!.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(500);
  });
});

// Several full page renders per test: the shared machine's load pushes them past vitest's 5 s default.
describe('the staff screen', { timeout: 20_000 }, () => {
  it('is refused to customers and to staff without two-factor; works for staff, with a refund through the form', async () => {
    const o = await paidCardOrder('refscreen');
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    expect((await customer.fetch(`${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`)).headers.get('Location')).toBe('/access_denied');
    const { token } = await customer.open('/');
    const post = await customer.fetch(`${ADMIN}/admin/documents`, form({ _token: token, intent: 'refund', payment_id: String(o.payment.id), amount: '5', reason: '', key: crypto.randomUUID(), email: o.email }));
    expect(post.headers.get('Location')).toBe('/access_denied');
    expect(await refundsOf(o.payment.id)).toHaveLength(0);

    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-testid="staff-document-${o.payDoc.id}"`);
    const key = crypto.randomUUID();
    const send = () => b.fetch(`${ADMIN}/admin/documents`, form({ _token: page.token, intent: 'refund', payment_id: String(o.payment.id), amount: '2,50', reason: 'Λάθος χρέωση', key, email: o.email }));
    const done = await send();
    expect(done.status, /data-code="(\d+)"/.exec(await done.clone().text())?.[1]).toBe(303);
    expect(done.headers.get('Location')).toContain('done=refunded');
    expect((await send()).status).toBe(303);
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(250);
    for (const lng of ['el', 'en']) {
      b.cookies.set('lng', lng);
      const after = await b.open(`${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`);
      expect(after.html).toContain('PARTIALLY_REFUNDED');
      expect(after.html).toContain('data-testid="staff-refund" data-status="succeeded"');
      expect(after.res.headers.get('X-I18n-Missing'), lng).toBeNull();
    }
    b.cookies.set('lng', 'el');

    const tooMuch = await b.fetch(`${ADMIN}/admin/documents`, form({ _token: page.token, intent: 'refund', payment_id: String(o.payment.id), amount: '99999', reason: '', key: crypto.randomUUID(), email: o.email }));
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toContain('data-code="35516"');

    const unenrolled = new Browser();
    await staffLogin(unenrolled, await newStaff({ totp: false }));
    const refusedStaff = await unenrolled.fetch(`${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`);
    expect(refusedStaff.status).toBe(303);
    expect(refusedStaff.headers.get('Location')).toContain('/admin/two-factor');
  });

  it('adds a debit and cancels it through the forms; a spent credit note shows 35703 as an alert', async () => {
    const c = await readyCart('screendebit');
    await servicesAt().orders.grantCredit(c.email, 800, 'goodwill');
    await db.insert(creditMovements).values({ userId: c.id, amountCents: -500, reason: 'order', dedupeKey: `test:${crypto.randomUUID()}`, createdAt: new Date() });
    const { b } = await staffBrowser();
    const url = `${ADMIN}/admin/documents?email=${encodeURIComponent(c.email)}`;
    const page = await b.open(url);
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const debitKey = /name="key" value="([^"]+)"[^>]*>\s*<fieldset|name="user_id" value="\d+"\/><input type="hidden" name="key" value="([^"]+)"/.exec(page.html);
    const key = debitKey?.[1] ?? debitKey?.[2] ?? crypto.randomUUID();
    const fields = { _token: page.token, intent: 'add_debit', email: c.email, user_id: String(c.id), key, reason: 'chargeback', due_date: due, description_1: 'Αντιλογισμός πληρωμής', amount_1: '10,00', description_2: '', amount_2: '', description_3: '', amount_3: '' };
    // A half-filled second row is refused, naming the field; nothing is added.
    const bad = await b.fetch(url, form({ ...fields, description_2: 'Έξοδα' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('data-code="100"');
    const added = await b.fetch(url, form(fields));
    expect(added.status, /data-testid="staff-documents-alert"[^>]*>([^<]*(?:<!-- -->[^<]*)*)/.exec(await added.clone().text())?.[1]).toBe(303);
    expect(added.headers.get('Location')).toContain('done=debit_added');
    const [debit] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'debit')));
    expect(debit).toMatchObject({ reason: 'chargeback', netCents: 1_000, vatCents: 240, totalCents: 1_240, status: 'OPEN' });
    const cancelled = await b.fetch(url, form({ _token: page.token, intent: 'cancel_debit', email: c.email, document_id: String(debit!.id) }));
    expect(cancelled.status).toBe(303);
    expect((await docOf(debit!.id)).status).toBe('CANCELLED');
    const again = await b.fetch(url, form({ _token: page.token, intent: 'cancel_debit', email: c.email, document_id: String(debit!.id) }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('data-code="35802"');

    const [crd] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    const spent = await b.fetch(url, form({ _token: page.token, intent: 'cancel_credit', email: c.email, document_id: String(crd!.id) }));
    expect(spent.status).toBe(409);
    const html = await spent.text();
    expect(html).toContain('data-code="35703"');
    expect(html).toContain(`data-testid="staff-document-${crd!.id}"`);
    expect((await docOf(crd!.id)).status).toBe('COMPLETED');
  });
});

describe('review fixes (refunds)', { timeout: 20_000 }, () => {
  /** Services whose payments port refunds at the sandbox and then loses the answer (49997), once. */
  function losingFirstAnswer() {
    const adapters = createAdapters(configOf(env), db);
    let calls = 0;
    const inner = adapters.payments;
    const payments: PaymentsPort = Object.assign(Object.create(inner) as PaymentsPort, {
      refund: async (input: Parameters<PaymentsPort['refund']>[0]) => {
        calls += 1;
        const r = await inner.refund(input);
        if (calls === 1) throw new PaymentError(ErrorCode.NETWORK_CONNECTION_ERROR, { reason: 'timeout' });
        return r;
      },
    });
    const services = createServices({ db, env, now: new Date(), origin: 'http://localhost', adapters: { ...adapters, payments } });
    return { services, calls: () => calls };
  }

  it('credit already given back for failed items of the order is not refunded to the card too (35516), in the service and on the screen', async () => {
    const o = await paidCardOrder('refitemcredit');
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    const credited = o.payment.amountCents - 300;
    await rawBatch(db, creditNoteStatements({ userId: o.id, amountCents: credited, vatCents: 0, reason: 'refund', orderId: o.orderId, orderItemId: item!.id, note: item!.name, dedupeKey: `refund:item:${item!.id}`, at: new Date() }));
    const actor = await staffActor();
    const all = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: o.payment.amountCents, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    expect(all).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.sessionId, o.payment.providerSessionId!))).toHaveLength(0);
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`);
    expect(page.html).toContain(`data-testid="staff-refundable"><span data-cents="300">`);
    const rest = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 300, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    expect(rest).toMatchObject({ ok: true, status: 'succeeded' });
    const more = await servicesAt().refunds.refundPayment({ paymentId: o.payment.id, amountCents: 1, reason: '', idempotencyKey: crypto.randomUUID() }, actor);
    expect(more).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(300);
  });

  it('a refund whose answer is lost stays pending and counts; a new key is refused (35516); retry completes it once', async () => {
    const o = await paidCardOrder('reflost');
    const actor = await staffActor();
    const lossy = losingFirstAnswer();
    const total = o.payment.amountCents;
    const first = await lossy.services.refunds.refundPayment({ paymentId: o.payment.id, amountCents: total, reason: 'lost', idempotencyKey: crypto.randomUUID() }, actor);
    expect(first).toEqual({ ok: false, code: ErrorCode.NETWORK_CONNECTION_ERROR });
    const [row] = await refundsOf(o.payment.id);
    expect(row).toMatchObject({ status: 'pending', creditDocumentId: null });
    expect(row!.lastError).toMatch(/^49997/);
    // The page's next submit carries a new key: refused before the processor.
    const second = await lossy.services.refunds.refundPayment({ paymentId: o.payment.id, amountCents: total, reason: 'again', idempotencyKey: crypto.randomUUID() }, actor);
    expect(second).toEqual({ ok: false, code: ErrorCode.BALANCE_MUST_BE_ZERO_OR_EQUAL });
    expect(lossy.calls()).toBe(1);

    // Staff see the error and try again through the form: the processor answers the same refund.
    const { b } = await staffBrowser();
    const url = `${ADMIN}/admin/documents?email=${encodeURIComponent(o.email)}`;
    const page = await b.open(url);
    expect(page.html).toContain(`data-testid="staff-refund-retry-${row!.id}"`);
    const retry = await b.fetch(url, form({ _token: page.token, intent: 'retry_refund', email: o.email, document_id: String(o.payDoc.id), refund_id: String(row!.id) }));
    expect(retry.status, /data-code="(\d+)"/.exec(await retry.clone().text())?.[1]).toBe(303);
    expect((await refundsOf(o.payment.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect((await paymentOf(o.payment.id)).refundedCents).toBe(total);
    expect((await docOf(o.payDoc.id)).status).toBe('REFUNDED');
    expect(await db.select().from(sandboxPaymentRefunds).where(eq(sandboxPaymentRefunds.sessionId, o.payment.providerSessionId!))).toHaveLength(1);
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, o.legal.id), eq(saleDocuments.reason, 'card_refund')))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refund_retried'), eq(auditLog.targetId, String(o.payment.id))))).toHaveLength(1);
    // Again: nothing more.
    const again = await servicesAt().refunds.retryRefund(row!.id, actor);
    expect(again.ok).toBe(false);
    expect(await db.select().from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, o.legal.id), eq(saleDocuments.reason, 'card_refund')))).toHaveLength(1);
  });

  it('the screen lists the refundable card payment of an order even when an earlier approved one became credit', async () => {
    const c = await readyCart('refmulti');
    const s = servicesAt();
    const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const urls = { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' };
    expect((await s.orders.startCardPayment(c.id, placed.orderId, urls, 'el')).ok).toBe(true);
    expect((await s.orders.startCardPayment(c.id, placed.orderId, urls, 'el')).ok).toBe(true);
    const [early, real] = await db.select().from(payments).where(eq(payments.orderId, placed.orderId)).orderBy(asc(payments.id));
    await servicesAt().orders.decideSandboxPayment(real!.providerSessionId!, 'approve');
    // The earlier session was approved too and its money became credit (refund:payment:<id>).
    await db.update(payments).set({ status: 'approved' }).where(eq(payments.id, early!.id));
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: early!.amountCents, vatCents: 0, reason: 'refund', orderId: placed.orderId, orderItemId: null, note: `pay-${early!.id}`, dedupeKey: `refund:payment:${early!.id}`, at: new Date() }));
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/documents?email=${encodeURIComponent(c.email)}`);
    expect(page.html).toContain(`name="payment_id" value="${real!.id}"`);
    expect(page.html).not.toContain(`name="payment_id" value="${early!.id}"`);
  });

  it("staff confirm a debit's bank transfer: PAID, a PAY document, an audit row; a second click changes nothing", async () => {
    const c = await readyCart('refdebitbank');
    const actor = await staffActor();
    const added = await servicesAt().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 2_000 }], dueAt: new Date(Date.now() + 86_400_000), key: crypto.randomUUID() }, actor);
    if (!added.ok) throw new Error(`debit ${added.code}`);
    expect((await servicesAt().documentPayments.payByBankTransfer(c.id, added.documentId)).ok).toBe(true);
    const [transfer] = await db.select().from(payments).where(and(eq(payments.documentId, added.documentId), eq(payments.method, 'bank_transfer')));
    const { b } = await staffBrowser();
    const url = `${ADMIN}/admin/documents?email=${encodeURIComponent(c.email)}`;
    const page = await b.open(url);
    expect(page.html).toContain(`data-testid="staff-confirm-transfer-${added.documentId}"`);
    const fields = { _token: page.token, intent: 'confirm_debit_transfer', email: c.email, document_id: String(added.documentId), payment_id: String(transfer!.id) };
    const done = await b.fetch(url, form(fields));
    expect(done.status, /data-code="(\d+)"/.exec(await done.clone().text())?.[1]).toBe(303);
    expect(done.headers.get('Location')).toContain('done=transfer_confirmed');
    expect((await docOf(added.documentId)).status).toBe('PAID');
    const pays = async () => (await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, added.documentId))).filter((a) => a.payingDocumentId !== null);
    const [alloc] = await pays();
    expect((await docOf(alloc!.payingDocumentId!)).kind).toBe('payment');
    const audits = () => db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.bank_transfer_confirmed'), eq(auditLog.targetId, String(transfer!.id))));
    expect(await audits()).toHaveLength(1);
    const again = await b.fetch(url, form(fields));
    expect(again.status).toBe(409);
    expect(await pays()).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
  });
});
