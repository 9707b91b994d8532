// The documents area (issue #13 §2): the list with its filters and totals, a document's page with its
// tabs, each showing a real relation from D1, another customer's document a 404 (35502), and the
// balance shown always the total less what pays it. Also the demo seed those pages are shown with.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { DEMO_USERS, seedDemoDocuments } from '../../db/seed';
import { creditMovements, documentAllocations, saleDocuments, users } from '../../db/schema';
import { readyCart, servicesAt, uniqueName } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);
const demo = DEMO_USERS[0]!;
const DAY = 86_400_000;

async function customer() {
  const email = `${uniqueName('docs')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  return { id: u!.id, email, b: await browserFor(email) };
}

async function browserFor(email: string) {
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  return b;
}

let seq = 0;
/** A debit straight in D1 (staff's debits are helper D's; here only the relations matter). */
async function debit(userId: number, totalCents: number, dueAt: number, createdAt = Date.now(), status = 'OPEN') {
  const number = 100_000 + Math.floor(Math.random() * 800_000) * 10 + (seq++ % 10);
  const [d] = await db
    .insert(saleDocuments)
    .values({ userId, kind: 'debit', series: 'TDB', number, status: status as 'OPEN', totalCents, vatCents: 0, netCents: totalCents, reason: 'manual', dueAt: new Date(dueAt), createdAt: new Date(createdAt) })
    .returning();
  return d!;
}

async function payWithCredit(userId: number, due: number, amountCents: number) {
  const key = `test:${uniqueName('use')}`;
  await rawBatch(db, [
    { sql: "INSERT INTO credit_movements (user_id, amount_cents, reason, dedupe_key, created_at) VALUES (?, ?, 'order', ?, ?)", params: [userId, -amountCents, key, Date.now()] },
    {
      sql: "INSERT INTO document_allocations (user_id, due_document_id, credit_movement_id, amount_cents, dedupe_key, created_at) SELECT ?, ?, id, ?, 'credit:' || id, ? FROM credit_movements WHERE dedupe_key = ?",
      params: [userId, due, amountCents, Date.now(), key],
    },
  ]);
}

const attr = (html: string, testId: string, name: string) => new RegExp(`data-testid="${testId}"[^>]*?data-${name}="(-?\\d+)"`).exec(html)?.[1];
/** The list's total of one kind of document, as the page shows it. */
const kindTotal = (html: string, kind: string) => {
  const m = new RegExp(`data-testid="kind-total" data-kind="${kind}" data-count="(\\d+)" data-cents="(-?\\d+)"`).exec(html);
  return m ? { count: Number(m[1]), cents: Number(m[2]) } : null;
};
const rows = (html: string, testId: string) => html.match(new RegExp(`data-testid="${testId}"`, 'g'))?.length ?? 0;

describe('the demo seed', () => {
  it('gives the demo customer a paid order with its receipt, lines and payment, and an open debit; once only', async () => {
    const [u] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.userId, u!.id));
    const byId = (id: number) => docs.find((d) => d.id === id);
    expect(byId(1)).toMatchObject({ kind: 'credit', series: 'CRD' });
    expect(byId(2)).toMatchObject({ kind: 'order', status: 'PAID' });
    expect(byId(3)).toMatchObject({ kind: 'receipt', status: 'PAID', relatedDocumentId: 2, totalCents: byId(2)!.totalCents });
    expect(byId(4)).toMatchObject({ kind: 'payment', status: 'COMPLETED', totalCents: byId(2)!.totalCents });
    expect(byId(5)).toMatchObject({ kind: 'debit', series: 'DEB', status: 'OPEN', reason: 'manual' });
    expect(byId(5)!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    const alloc = await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, 2));
    expect(alloc).toMatchObject([{ payingDocumentId: 4, amountCents: byId(2)!.totalCents }]);
    const lines = await servicesAt().documents.lines({ id: 3 });
    expect(lines.reduce((a, l) => a + l.totalCents, 0)).toBe(byId(3)!.totalCents);
    expect(await servicesAt().documents.lines({ id: 5 })).toHaveLength(1);

    expect(await seedDemoDocuments(db)).toBe(0);
    expect(await db.select().from(saleDocuments).where(eq(saleDocuments.userId, u!.id))).toHaveLength(docs.length);
  });
});

describe('a document page', () => {
  it("answers 404 (35502) for another customer's document, on every tab, and for no document", async () => {
    const owner = await customer();
    const other = await customer();
    const d = await debit(owner.id, 1000, Date.now() + DAY);
    for (const tab of ['', '/credit', '/used-to-pay', '/paid-by', '/movements']) {
      const res = await other.b.fetch(`/account/documents/${d.id}${tab}`);
      expect(res.status, tab).toBe(404);
      expect(await res.text()).toMatch(/"code\\",35502,\\"key\\",\\"sale_document_not_found/);
      expect((await owner.b.fetch(`/account/documents/${d.id}${tab}`)).status, tab).toBe(200);
    }
    expect((await owner.b.fetch('/account/documents/999999999')).status).toBe(404);
    expect((await owner.b.fetch('/account/documents/abc')).status).toBe(404);
    // Not in their list either.
    expect((await other.b.open('/account/documents')).html).not.toContain(`data-id="${d.id}"`);
    // And not logged in: to the login.
    const anon = await new Browser().fetch(`/account/documents/${d.id}`);
    expect(anon.status).toBe(303);
    expect(anon.headers.get("Location")).toContain("/auth/login");
  });

  it('the receipt: header, lines, VAT per rate, buyer, paid by the payment document; the payment used to pay the order', async () => {
    const b = await browserFor('demo@example.gr');
    const [rec] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, 3));
    const page = await b.open('/account/documents/3');
    expect(page.html).toContain('REC-000001');
    expect(page.html).toContain('data-testid="document-order"');
    expect(page.html).toContain('href="/orders/');
    expect(attr(page.html, 'document-total', 'cents')).toBe(String(rec!.totalCents));
    expect(rows(page.html, 'document-line')).toBe(2);
    expect(page.html).toContain('data-testid="vat-rate" data-rate="2400"');
    expect(page.html).toContain('data-testid="document-buyer"');
    expect(page.html).toContain('Ερμού 10');
    // A receipt is not paid itself: no pay tab.
    expect(page.html).not.toContain('data-testid="document-tab-pay"');
    expect(page.html).toContain('aria-current="page"');

    const paid = await b.open('/account/documents/3/paid-by');
    expect(paid.html).toContain('data-testid="paid-by-row" data-amount="' + rec!.totalCents + '" data-document="4"');
    const used = await b.open('/account/documents/4/used-to-pay');
    expect(used.html).toContain('data-testid="used-to-pay-row" data-amount="' + rec!.totalCents + '" data-document="2"');
    // A receipt pays nothing: the tab says so in words.
    expect((await b.open('/account/documents/3/used-to-pay')).html).toContain('αυτό το παραστατικό δεν εξοφλεί τίποτα');
    expect((await b.open('/account/documents/3/credit')).html).toContain('Δεν χρησιμοποιήθηκε πίστωση');
    // The credit note's own movement.
    const moves = await b.open('/account/documents/1/movements');
    expect(moves.html).toMatch(/data-testid="movement-row" data-id="\d+" data-amount="2000" data-reason="grant"/);
    // The orders list and the order page link the documents.
    expect((await b.open('/account/orders')).html).toContain('href="/account/documents/3"');
    const [order] = await db.select({ orderId: saleDocuments.orderId }).from(saleDocuments).where(eq(saleDocuments.id, 2));
    expect((await b.open(`/orders/${order!.orderId}`)).html).toContain('href="/account/documents/3"');
  });

  it('an order paid partly with credit: use of credit, paid-by and movements show the credit; its receipt shows its order’s payers', async () => {
    const c = await readyCart('docscredit');
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 500, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 't', dedupeKey: `test:${uniqueName('g')}`, at: new Date() }));
    await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [ord] = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
    const b = await browserFor(c.email);
    const credit = await b.open(`/account/documents/${ord!.id}/credit`);
    expect(credit.html).toMatch(/data-testid="credit-use-row" data-amount="500"/);
    const paidBy = await b.open(`/account/documents/${ord!.id}/paid-by`);
    expect(paidBy.html).toMatch(/data-testid="paid-by-row" data-amount="500" data-movement="\d+"/);
    const moves = await b.open(`/account/documents/${ord!.id}/movements`);
    expect(moves.html).toMatch(/data-amount="-500" data-reason="order"/);
    // Open with a balance: the balance shown is the total less the credit, and it can be paid.
    const page = await b.open(`/account/documents/${ord!.id}`);
    expect(attr(page.html, 'document-balance', 'cents')).toBe(String(ord!.totalCents - 500));
    expect(page.html).toContain('data-testid="document-tab-pay"');

    // Paid by bank transfer: the receipt's paid-by shows the credit and the payment document.
    await servicesAt().orders.markPaid(placed.orderId);
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
    const receipt = docs.find((d) => d.kind === 'receipt')!;
    const pay = docs.find((d) => d.kind === 'payment')!;
    const recPaid = await b.open(`/account/documents/${receipt.id}/paid-by`);
    expect(rows(recPaid.html, 'paid-by-row')).toBe(2);
    expect(recPaid.html).toContain(`data-document="${pay.id}"`);
    expect(attr(recPaid.html, 'paid-by-total', 'cents')).toBe(String(ord!.totalCents));
    const after = await b.open(`/account/documents/${ord!.id}`);
    expect(attr(after.html, 'document-balance', 'cents')).toBe('0');
    expect(after.html).not.toContain('data-testid="document-tab-pay"');
  });
});

describe('the list', () => {
  it('filters by kind, status (OVERDUE from the due date) and date, with the totals of what matches', async () => {
    const c = await customer();
    const now = Date.now();
    const overdue = await debit(c.id, 1000, now - DAY, now - 40 * DAY);
    const open = await debit(c.id, 2500, now + 10 * DAY, now - 2 * DAY);
    const cancelled = await debit(c.id, 700, now - DAY, now - 2 * DAY, 'CANCELLED');
    await payWithCredit(c.id, open.id, 1000);
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 300, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 't', dedupeKey: `test:${uniqueName('g')}`, at: new Date() }));

    const all = await c.b.open('/account/documents');
    expect(rows(all.html, 'document-row')).toBe(4);
    expect(all.html).toMatch(new RegExp(`data-id="${overdue.id}" data-kind="debit" data-status="OVERDUE" data-balance="1000"`));
    // The balance shown is the total less what paid it.
    expect(all.html).toMatch(new RegExp(`data-id="${open.id}" data-kind="debit" data-status="OPEN" data-balance="1500"`));
    expect(attr(all.html, 'document-totals', 'count')).toBe('4');
    // A total per kind (issue #25 §5): debits and credit notes are never added together.
    expect(kindTotal(all.html, 'debit')).toEqual({ count: 3, cents: 1000 + 2500 + 700 });
    expect(kindTotal(all.html, 'credit')).toEqual({ count: 1, cents: 300 });
    expect(all.html).not.toContain('data-total=');
    // Owed: the overdue debit and what is left of the open one; not the cancelled one.
    expect(all.html).toContain('data-owed="2500"');
    // Unused: none. Credit is spent oldest note first (core/documents/credit-notes.ts), and the 10 €
    // this test's helper spent (with no credit behind it) use up the 3 € note whole.
    expect(all.html).toContain('data-unused="0"');

    const debits = await c.b.open('/account/documents?kind=debits');
    expect(rows(debits.html, 'document-row')).toBe(3);
    expect(debits.html).toContain('aria-current="page"');
    const od = await c.b.open('/account/documents?kind=debits&status=OVERDUE');
    expect(rows(od.html, 'document-row')).toBe(1);
    expect(od.html).toContain(`data-id="${overdue.id}"`);
    expect(kindTotal(od.html, 'debit')).toEqual({ count: 1, cents: 1000 });
    const openOnly = await c.b.open('/account/documents?status=OPEN');
    expect(rows(openOnly.html, 'document-row')).toBe(1);
    expect(openOnly.html).toContain(`data-id="${open.id}"`);
    expect(openOnly.html).not.toContain(`data-id="${cancelled.id}"`);

    const day = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 10);
    const recent = await c.b.open(`/account/documents?from=${day(now - 5 * DAY)}&to=${day(now)}`);
    expect(rows(recent.html, 'document-row')).toBe(3);
    expect(recent.html).not.toContain(`data-id="${overdue.id}"`);
    const none = await c.b.open('/account/documents?kind=invoices');
    expect(none.html).toContain('data-testid="no-documents"');
    // Nonsense filters are ignored, not an error.
    expect((await c.b.fetch('/account/documents?kind=x&status=y&from=z&page=-1')).status).toBe(200);

    // The overdue debit's page shows OVERDUE and can be paid.
    const page = await c.b.open(`/account/documents/${overdue.id}`);
    expect(page.html).toContain('data-testid="document-status" data-status="OVERDUE"');
    expect(page.html).toContain('data-testid="document-tab-pay"');
    expect((await c.b.open(`/account/documents/${cancelled.id}`)).html).not.toContain('data-testid="document-tab-pay"');
  });

  it('one purchase (its order, receipt and payment) is totalled per kind, never as three times its price', async () => {
    const c = await customer();
    for (const kind of ['order', 'receipt', 'payment'] as const) {
      await db.insert(saleDocuments).values({ userId: c.id, kind, series: `T${kind.slice(0, 2).toUpperCase()}`, number: 900_000 + (seq++ % 1000) * 97 + Math.floor(Math.random() * 90), status: kind === 'payment' ? 'COMPLETED' : 'PAID', totalCents: 1598, vatCents: 309, netCents: 1289, createdAt: new Date() });
    }
    const all = await c.b.open('/account/documents');
    for (const kind of ['order', 'receipt', 'payment']) expect(kindTotal(all.html, kind), kind).toEqual({ count: 1, cents: 1598 });
    expect(kindTotal(all.html, 'invoice')).toBeNull();
    expect(all.html).not.toContain('47,94');
    const orders = await c.b.open('/account/documents?kind=orders');
    expect(kindTotal(orders.html, 'order')).toEqual({ count: 1, cents: 1598 });
    expect(kindTotal(orders.html, 'payment')).toBeNull();
  });

  it('pages of 50, the totals over every page', async () => {
    const c = await customer();
    const now = Date.now();
    for (let i = 0; i < 52; i++) await debit(c.id, 100, now + DAY, now - i * 60_000);
    const first = await c.b.open('/account/documents');
    expect(rows(first.html, 'document-row')).toBe(50);
    expect(kindTotal(first.html, 'debit')).toEqual({ count: 52, cents: 5200 });
    expect(first.html).toContain('href="/account/documents?page=2"');
    const second = await c.b.open('/account/documents?page=2');
    expect(rows(second.html, 'document-row')).toBe(2);
  });
});

describe('the list and the page agree on the status shown', () => {
  it('for debits in every stored status, before and after their due date, paid or not', async () => {
    const c = await customer();
    const now = Date.now();
    const made: number[] = [];
    for (const status of ['OPEN', 'ON_PAYMENT', 'DECLINED', 'PAID', 'CANCELLED', 'OVERDUE']) {
      for (const due of [now - DAY, now + DAY]) {
        for (const paid of [0, 400, 1000]) {
          const d = await debit(c.id, 1000, due, now - made.length * 1000, status);
          if (paid) await payWithCredit(c.id, d.id, paid);
          made.push(d.id);
        }
      }
    }
    const list = await servicesAt(now).documents.list(c.id, { kind: 'debits', status: null, from: null, to: null, page: 1 });
    expect(list.rows).toHaveLength(made.length);
    for (const row of list.rows) {
      const doc = await servicesAt(now).documents.documentFor(c.id, row.id);
      expect({ id: row.id, status: row.status, balance: row.balanceCents }).toEqual({ id: row.id, status: doc!.shownStatus, balance: doc!.balanceCents });
    }
    // Each status filter returns exactly the rows shown with that status.
    for (const status of ['OPEN', 'OVERDUE', 'PAID'] as const) {
      const filtered = await servicesAt(now).documents.list(c.id, { kind: 'debits', status, from: null, to: null, page: 1 });
      expect(filtered.rows.map((r) => r.id).sort()).toEqual(list.rows.filter((r) => r.status === status).map((r) => r.id).sort());
    }
  });
});

describe('documentFor', () => {
  it('the balance is the total less every allocation that pays it, credit and documents alike', async () => {
    const c = await customer();
    const d = await debit(c.id, 5000, Date.now() + DAY);
    await payWithCredit(c.id, d.id, 1200);
    await payWithCredit(c.id, d.id, 800);
    const found = await servicesAt().documents.documentFor(c.id, d.id);
    const allocations = await db.select().from(documentAllocations).where(eq(documentAllocations.dueDocumentId, d.id));
    expect(found!.balanceCents).toBe(5000 - allocations.reduce((a, r) => a + r.amountCents, 0));
    expect(found!.balanceCents).toBe(3000);
    expect(await servicesAt().documents.documentFor(c.id + 1, d.id)).toBeNull();
    const moves = await servicesAt().documents.movements(found!);
    expect(moves.map((m) => m.amountCents).sort()).toEqual([-1200, -800]);
    expect(await db.select().from(creditMovements).where(eq(creditMovements.userId, c.id))).toHaveLength(2);
  });
});
