// Review findings of issue #13 (paying, credit notes): a paid debit gets its receipt or invoice and goes
// to myDATA; a failed item's credit note corrects the order's receipt (series CRN, myDATA) while grants
// stay CRD; a stopped card payment whose money became credit does not block later credit nor turn the
// confirmed bank transfer into 'cancelled'; a double click on "pay by card" for a debit is no error.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { creditMovements, mydataTransmissions, orderItems, orders, payments, registryObjects, saleDocumentLines, saleDocuments } from '../../db/schema';
import { decideSandboxSession } from '../../worker/adapters/payments/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../../worker/adapters/payments/secret';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { readyCart, servicesAt as at, uniqueName } from './customers';

const db = createDb(env.DB);
const urls = { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' };
const key = () => crypto.randomUUID();
const staff = { userId: 1, ip: null };

async function grant(userId: number, cents: number) {
  await rawBatch(db, creditNoteStatements({ userId, amountCents: cents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${uniqueName('grant')}`, at: new Date() }));
}

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

const linesOf = (documentId: number) => db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, documentId)).orderBy(asc(saleDocumentLines.position));
const legalOf = (debitId: number) => db.select().from(saleDocuments).where(and(eq(saleDocuments.relatedDocumentId, debitId), inArray(saleDocuments.kind, ['receipt', 'invoice'])));

async function orderDoc(orderId: number) {
  const [d] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
  return d!;
}

describe('a paid debit is a sale: its receipt or invoice', () => {
  it('a 100 € + 24% debit paid by card: exactly one REC with its lines and totals, queued for myDATA; a repeated webhook adds nothing', async () => {
    const c = await readyCart('debitrec');
    const added = await at().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 10_000 }], dueAt: new Date(Date.now() + 86_400_000), key: key() }, staff);
    if (!added.ok) throw new Error(`debit ${added.code}`);
    const [debit] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, added.documentId));
    expect(debit).toMatchObject({ totalCents: 12_400, vatCents: 2400 });
    const started = await at().documentPayments.payByCard(c.id, debit!.id, urls, 'el', 12_400);
    if (!started.ok) throw new Error(`card ${started.code}`);
    expect(await approve(started.redirectUrl, 2)).toEqual(['approved', 'duplicate']);
    const [payment] = await db.select().from(payments).where(eq(payments.documentId, debit!.id));
    expect(await at().documentPayments.handleCardEvent({ ...payment!, status: 'pending' }, { eventId: 'x', type: 'payment.approved', sessionId: 's', reference: `pay-${payment!.id}`, amountCents: 12_400, occurredAt: new Date().toISOString() })).toMatchObject({ handled: 'duplicate' });
    const legal = await legalOf(debit!.id);
    expect(legal).toHaveLength(1);
    expect(legal[0]).toMatchObject({ kind: 'receipt', series: 'REC', orderId: null, status: 'PAID', totalCents: 12_400, vatCents: 2400, netCents: 10_000, userId: c.id });
    expect(legal[0]!.billing).toMatchObject({ type: 'REC', name: 'Άννα Κ' });
    const strip = (ls: (typeof saleDocumentLines.$inferSelect)[]) => ls.map(({ id: _i, documentId: _d, ...rest }) => rest);
    expect(strip(await linesOf(legal[0]!.id))).toEqual(strip(await linesOf(debit!.id)));
    expect(await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, legal[0]!.id))).toHaveLength(1);
  });

  it('a debit paid off with credit gets its receipt too', async () => {
    const c = await readyCart('debitcreditrec');
    await grant(c.id, 20_000);
    const added = await at().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 5000 }], dueAt: new Date(Date.now() + 86_400_000), key: key() }, staff);
    if (!added.ok) throw new Error(`debit ${added.code}`);
    expect(await at().documentPayments.payWithCredit(c.id, added.documentId, { amountCents: 6200, idempotencyKey: key() })).toMatchObject({ ok: true, paid: true });
    const legal = await legalOf(added.documentId);
    expect(legal).toHaveLength(1);
    expect(legal[0]).toMatchObject({ kind: 'receipt', totalCents: 6200, vatCents: 1200, netCents: 5000 });
  });
});

describe("a failed item's credit note corrects the receipt", () => {
  it('CRN, related to the receipt, with its billing, net, one line and queued for myDATA; a grant stays CRD', async () => {
    const c = await readyCart('itemcrn');
    await grant(c.id, 100);
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: key(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error('place');
    const label = c.name.slice(0, -3);
    await createSandboxRegistry(db, 'gr').register({ name: { name: c.name, key: `${label}.gr` }, periodMonths: 24, registrant: { name: 'X', email: 'x@example.gr', country: 'GR' }, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
    await db.update(registryObjects).set({ sponsor: 'other-registrar' }).where(eq(registryObjects.name, c.name));
    expect(await at().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.status).toBe('refunded');
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [receipt] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, 'receipt')));
    const [movement] = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:item:${item!.id}`));
    const [note] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, movement!.documentId!));
    expect(note).toMatchObject({ kind: 'credit', series: 'CRN', relatedDocumentId: receipt!.id, totalCents: order!.grandTotalCents, vatCents: order!.vatCents, netCents: order!.grandTotalCents - order!.vatCents });
    expect(note!.billing).toEqual(receipt!.billing);
    const lines = await linesOf(note!.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.description.startsWith('Επιστροφή: ')).toBe(true);
    expect(lines[0]).toMatchObject({ netCents: order!.grandTotalCents - order!.vatCents, vatCents: order!.vatCents, totalCents: order!.grandTotalCents, vatRateBp: order!.vatRateBp });
    expect(await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, note!.id))).toHaveLength(1);
    // The grant's note is not a legal document: it stays in CRD.
    const grants = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit')));
    expect(grants.filter((g) => g.series === 'CRD')).toHaveLength(1);
    // Fulfilment again refunds nothing twice.
    await at().orders.fulfil(placed.orderId);
    expect(await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:item:${item!.id}`))).toHaveLength(1);
  });
});

describe('a stopped card payment whose money became credit', () => {
  async function stoppedCard(prefix: string) {
    const c = await readyCart(prefix);
    await grant(c.id, 1000);
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: key(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error('place');
    const doc = await orderDoc(placed.orderId);
    const started = await at().documentPayments.payByCard(c.id, doc.id, urls, 'el');
    if (!started.ok) throw new Error('card');
    // Another tab uses 10 € of credit: the card session stops; its late approval becomes credit.
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: 1000, idempotencyKey: key() })).toMatchObject({ ok: true });
    await approve(started.redirectUrl);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).toBe('pending');
    return { c, order: order!, doc };
  }

  it('does not block paying the rest with credit', async () => {
    const { c, order, doc } = await stoppedCard('stoppedcredit');
    const rest = order.grandTotalCents - 1000;
    expect(await at().documentPayments.payWithCredit(c.id, doc.id, { amountCents: rest, idempotencyKey: key() })).toMatchObject({ ok: true, paid: true, balanceCents: 0 });
  });

  it('staff confirming the bank transfer that paid: the transfer is approved', async () => {
    const { order } = await stoppedCard('stoppedbank');
    expect(await at().orders.confirmBankTransfer(order.id)).toBe(true);
    const [bank] = await db.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.method, 'bank_transfer')));
    expect(bank!.status).toBe('approved');
  });
});

describe('a double click on "pay by card" for a debit', () => {
  it('both clicks are answered with a payment page, neither with an error', async () => {
    const c = await readyCart('debitdouble');
    const added = await at().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 1000 }], dueAt: new Date(Date.now() + 86_400_000), key: key() }, staff);
    if (!added.ok) throw new Error(`debit ${added.code}`);
    const both = await Promise.all([1, 2].map(() => at().documentPayments.payByCard(c.id, added.documentId, urls, 'el')));
    expect(both.map((r) => r.ok)).toEqual([true, true]);
  });
});

describe("an order's card payment", () => {
  it('two clicks at once each get a payment page, neither an error (one key per payment row)', async () => {
    const c = await readyCart('fixclicks');
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: key(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [a, b] = await Promise.all([at().orders.startCardPayment(c.id, placed.orderId, urls, 'el'), at().orders.startCardPayment(c.id, placed.orderId, urls, 'el')]);
    expect(a.ok && b.ok).toBe(true);
    const rows = await db.select().from(payments).where(and(eq(payments.orderId, placed.orderId), eq(payments.method, 'card')));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});
