// A credit note's balance is what is left of its credit (review finding on issue #13; decision 040
// addendum): credit is spent first-in first-out (core/documents/credit-notes.ts), so a note whose
// credit paid something shows less (or nothing) unused, its used-to-pay tab names what it paid, and
// staff cannot cancel it — not even when a later note's credit keeps the balance high enough (35703).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { DEMO_USERS } from '../../db/seed';
import { saleDocuments, users } from '../../db/schema';
import { createServices } from '../../worker/services';
import { newCustomer, servicesAt as at, uniqueName } from './customers';
import { Browser, login } from './helpers';
import { newStaff } from './staff';

const db = createDb(env.DB);

async function grant(userId: number, cents: number) {
  await rawBatch(db, creditNoteStatements({ userId, amountCents: cents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${uniqueName('grant')}`, at: new Date() }));
  const notes = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.kind, 'credit'))).orderBy(saleDocuments.id);
  return notes.at(-1)!;
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

const allCredits = { kind: 'credits', status: null, from: null, to: null, page: 1 } as const;

describe('credit notes spent first-in first-out', () => {
  it('a note whose credit paid a debit has balance 0, is not unused, names the debit; it cannot be cancelled while a later note keeps the balance up (35703); the later one can', async () => {
    const c = await newCustomer('crdfifo');
    const actor = { userId: (await newStaff({ totp: true })).id, ip: '203.0.113.9' };
    const first = await grant(c.id, 5_000);
    const debit = await newDebit(c.id, 5_000);
    const paid = await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 5_000, idempotencyKey: crypto.randomUUID(), expectedBalanceCents: 5_000 });
    expect(paid).toMatchObject({ ok: true });

    expect((await at().documents.documentFor(c.id, first.id))!.balanceCents).toBe(0);
    const list = await at().documents.list(c.id, allCredits);
    expect(list.unusedCents).toBe(0);
    expect(list.rows.find((r) => r.id === first.id)!.balanceCents).toBe(0);
    const used = await at().documents.usedToPay(first);
    expect(used.map((u) => ({ id: u.document.id, cents: u.amountCents }))).toEqual([{ id: debit.id, cents: 5_000 }]);

    // A second note: the balance is 50 € again, but it is the second note's money.
    const second = await grant(c.id, 5_000);
    expect(await at().orders.creditBalance(c.id)).toBe(5_000);
    expect((await at().documents.documentFor(c.id, second.id))!.balanceCents).toBe(5_000);
    expect(await at().documents.usedToPay(second)).toEqual([]);
    const after = await at().documents.list(c.id, allCredits);
    expect(after.unusedCents).toBe(5_000);
    expect(after.rows.map((r) => [r.id, r.balanceCents])).toEqual([[second.id, 5_000], [first.id, 0]]);

    expect(await at().debits.cancelCreditNote(first.id, actor)).toEqual({ ok: false, code: ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS });
    expect((await db.select().from(saleDocuments).where(eq(saleDocuments.id, first.id)))[0]!.status).toBe('COMPLETED');
    expect(await at().orders.creditBalance(c.id)).toBe(5_000);

    expect(await at().debits.cancelCreditNote(second.id, actor)).toEqual({ ok: true });
    expect(await at().orders.creditBalance(c.id)).toBe(0);
    expect((await at().documents.documentFor(c.id, second.id))!.balanceCents).toBe(0);
    expect((await at().documents.list(c.id, allCredits)).unusedCents).toBe(0);
  });

  it('part spent: the oldest note gives first, the list sums what is left', async () => {
    const c = await newCustomer('crdpart');
    const a = await grant(c.id, 3_000);
    const b = await grant(c.id, 2_000);
    const debit = await newDebit(c.id, 4_000);
    expect(await at().documentPayments.payWithCredit(c.id, debit.id, { amountCents: 4_000, idempotencyKey: crypto.randomUUID(), expectedBalanceCents: 4_000 })).toMatchObject({ ok: true });
    expect((await at().documents.documentFor(c.id, a.id))!.balanceCents).toBe(0);
    expect((await at().documents.documentFor(c.id, b.id))!.balanceCents).toBe(1_000);
    expect((await at().documents.list(c.id, { ...allCredits, kind: 'all' })).unusedCents).toBe(1_000);
    expect((await at().documents.usedToPay(a)).map((u) => u.amountCents)).toEqual([3_000]);
    expect((await at().documents.usedToPay(b)).map((u) => u.amountCents)).toEqual([1_000]);
  });

  it('on the pages: the spent note shows balance 0 and names the debit it paid; a note that gave no credit (a card refund) is 0 and not unused', async () => {
    const demo = DEMO_USERS[0]!;
    const email = `${uniqueName('crdpage')}@example.gr`;
    const now = new Date();
    const [u] = await db.insert(users).values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now }).returning({ id: users.id });
    const userId = u!.id;
    const first = await grant(userId, 2_000);
    const debit = await newDebit(userId, 2_000);
    expect(await at().documentPayments.payWithCredit(userId, debit.id, { amountCents: 2_000, idempotencyKey: crypto.randomUUID(), expectedBalanceCents: 2_000 })).toMatchObject({ ok: true });
    // A card refund's note: REFUNDED, no credit movement (the money went to the card).
    await rawBatch(db, [
      { sql: "INSERT INTO document_counters (series, last_number) VALUES ('CRD', 0) ON CONFLICT(series) DO NOTHING", params: [] },
      { sql: "UPDATE document_counters SET last_number = last_number + 1 WHERE series = 'CRD'", params: [] },
      {
        sql: "INSERT INTO sale_documents (user_id, order_id, kind, series, number, status, total_cents, vat_cents, net_cents, reason, created_at) SELECT ?, NULL, 'credit', 'CRD', last_number, 'REFUNDED', 700, 0, 700, 'card_refund', ? FROM document_counters WHERE series = 'CRD'",
        params: [userId, Date.now()],
      },
    ]);
    const card = (await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, userId), eq(saleDocuments.reason, 'card_refund'))))[0]!;
    expect((await at().documents.documentFor(userId, card.id))!.balanceCents).toBe(0);

    const b = new Browser();
    expect((await login(b, email, demo.password)).status).toBe(303);
    const list = await b.open('/account/documents?kind=credits');
    expect(list.html).toContain('data-unused="0"');
    expect(list.html).toContain(`data-id="${first.id}" data-kind="credit" data-status="COMPLETED" data-balance="0"`);
    expect(list.html).toContain(`data-id="${card.id}" data-kind="credit" data-status="REFUNDED" data-balance="0"`);
    const page = await b.open(`/account/documents/${first.id}/used-to-pay`);
    expect(page.html).toContain('data-testid="document-balance" data-cents="0"');
    expect(page.html).toContain(`data-testid="used-to-pay-row" data-amount="2000" data-document="${debit.id}"`);
    expect(page.html).toContain('πρώτα του παλαιότερου πιστωτικού');
  });

  it('a use of credit landing between the check and the batch still stops the cancel (35703): the guard is inside the batch', async () => {
    const c = await newCustomer('crdrace');
    const actor = { userId: (await newStaff({ totp: true })).id, ip: '203.0.113.9' };
    const a = await grant(c.id, 5_000);
    await grant(c.id, 5_000);
    // D1 as the service sees it, with another tab's use of credit committed just before each batch: the
    // balance (7 000) still holds the note's 5 000, but the 3 000 spent fall to the oldest note.
    const racing = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare("INSERT INTO credit_movements (user_id, amount_cents, reason, dedupe_key, created_at) VALUES (?, -3000, 'order', ?, ?)").bind(c.id, `test:${crypto.randomUUID()}`, Date.now()).run();
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const services = createServices({ db: createDb(racing), env, now: new Date(), origin: 'http://localhost' });
    expect(await services.debits.cancelCreditNote(a.id, actor)).toEqual({ ok: false, code: ErrorCode.CREDIT_PAYING_NOT_ALLOWED_BY_STATUS });
    expect((await db.select().from(saleDocuments).where(eq(saleDocuments.id, a.id)))[0]!.status).toBe('COMPLETED');
    expect(await at().orders.creditBalance(c.id)).toBe(7_000);
    expect((await at().documents.documentFor(c.id, a.id))!.balanceCents).toBe(2_000);
  });
});
