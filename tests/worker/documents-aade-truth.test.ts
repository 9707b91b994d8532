// Issue #20 §3 inside workerd: documents stay true at AADE. Cancelling a corrective credit note
// cancels it at myDATA in the same action (or refuses and changes nothing); a note cancelled while
// queued is never transmitted (the immediate send and the cron both check); a document recovered from
// AADE's duplicate answer gets its QR link (RequestTransmittedDocs) so its PDF is complete; the audit
// row of a confirmed debit transfer is in the confirmation's batch.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AadeInvoice } from '../../core/documents/mydata-mapping';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { auditLog, creditMovements, legalDocumentFiles, mydataTransmissions, payments, sandboxMydataInvoices, saleDocuments } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MydataPort } from '../../worker/adapters/mydata/port';
import { createSandboxMydata } from '../../worker/adapters/mydata/sandbox';
import { configOf } from '../../worker/config';
import { createServices } from '../../worker/services';
import { pdfText } from '../pdf-text';
import { readyCart } from './customers';
import { newStaff } from './staff';

const db = createDb(env.DB);
const SELLER_VAT = configOf(env).seller.vatNumber;

function at(ms = Date.now(), mydata?: MydataPort, d1: D1Database = env.DB) {
  const dbx = createDb(d1);
  const adapters = createAdapters(configOf(env), dbx);
  return createServices({ db: dbx, env, now: new Date(ms), origin: 'http://localhost', adapters: mydata ? { ...adapters, mydata } : adapters });
}

/** The sandbox, with what it is asked recorded (and the cancellations, refusable). */
function watched(options: { refuseCancel?: boolean } = {}) {
  const inner = createSandboxMydata(db, { userVat: SELLER_VAT });
  const sent: AadeInvoice[] = [];
  const cancelled: string[] = [];
  const port: MydataPort = {
    ...inner,
    sendInvoices: async (invoices) => {
      sent.push(...invoices);
      return inner.sendInvoices(invoices);
    },
    cancelInvoice: async (mark) => {
      cancelled.push(mark);
      if (options.refuseCancel) return { ok: false, retryable: true, errors: [{ code: 'network', message: 'fetch failed' }] };
      return inner.cancelInvoice(mark);
    },
  };
  return { port, sent, cancelled };
}

async function staffActor() {
  const s = await newStaff({ totp: true });
  return { userId: s.id, ip: '198.51.100.7' };
}

/** A paid order's receipt, transmitted, and a corrective credit note of it that gave credit (queued). */
async function receiptWithCorrectiveNote(prefix: string) {
  const c = await readyCart(prefix);
  const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  expect(await at().orders.markPaid(placed.orderId)).toBe(true);
  const [receipt] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, 'receipt')));
  expect(await at().mydata.transmit(receipt!.id)).toMatchObject({ status: 'sent' });
  const key = `test:corrective:${crypto.randomUUID()}`;
  await rawBatch(
    db,
    creditNoteStatements({
      userId: c.id,
      amountCents: 1240,
      vatCents: 240,
      reason: 'refund',
      orderId: placed.orderId,
      orderItemId: null,
      note: 'failed item',
      dedupeKey: key,
      at: new Date(),
      corrects: { relatedDocumentId: receipt!.id, billing: receipt!.billing, netCents: 1000, line: { description: 'Διόρθωση', netCents: 1000, vatRateBp: 2400, vatCents: 240, totalCents: 1240 } },
    }),
  );
  const [movement] = await db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, key));
  const [note] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, movement!.documentId!));
  return { customer: c, receipt: receipt!, note: note! };
}

const transmission = async (documentId: number) => (await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId)))[0];
const balanceOf = async (userId: number) => (await db.select().from(creditMovements).where(eq(creditMovements.userId, userId))).reduce((a, m) => a + m.amountCents, 0);

describe('cancelling a corrective credit note', () => {
  it('cancels it at myDATA in the same action: the credit comes back, the note and its MARK are cancelled, one audit row', async () => {
    const { customer, note } = await receiptWithCorrectiveNote('aadecancel');
    const sentNote = await at().mydata.transmit(note.id);
    if (sentNote.status !== 'sent') throw new Error(`note ${sentNote.status}`);
    const before = await balanceOf(customer.id);
    const { port, cancelled } = watched();
    expect(await at(Date.now(), port).debits.cancelCreditNote(note.id, await staffActor())).toEqual({ ok: true });
    expect(cancelled).toEqual([sentNote.mark]);
    expect(await balanceOf(customer.id)).toBe(before - 1240);
    expect((await db.select().from(saleDocuments).where(eq(saleDocuments.id, note.id)))[0]!.status).toBe('CANCELLED');
    expect(await transmission(note.id)).toMatchObject({ status: 'cancelled', mark: sentNote.mark });
    expect((await transmission(note.id))!.cancellationMark).toMatch(/^\d{15}$/);
    const [atAade] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, sentNote.mark));
    expect(atAade!.status).toBe('cancelled');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'credit.cancelled'), eq(auditLog.targetId, String(note.id))))).toHaveLength(1);
  });

  it('refuses, changing nothing, when AADE does not cancel it', async () => {
    const { customer, note } = await receiptWithCorrectiveNote('aaderefuse');
    const sentNote = await at().mydata.transmit(note.id);
    if (sentNote.status !== 'sent') throw new Error(`note ${sentNote.status}`);
    const before = await balanceOf(customer.id);
    const { port } = watched({ refuseCancel: true });
    expect(await at(Date.now(), port).debits.cancelCreditNote(note.id, await staffActor())).toEqual({ ok: false, code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION });
    expect(await balanceOf(customer.id)).toBe(before);
    expect((await db.select().from(saleDocuments).where(eq(saleDocuments.id, note.id)))[0]!.status).toBe('COMPLETED');
    expect(await transmission(note.id)).toMatchObject({ status: 'sent', mark: sentNote.mark });
  });

  it("the myDATA screen's 'cancel at AADE' refuses an active credit note (its credit would stay with no document behind it)", async () => {
    const { note } = await receiptWithCorrectiveNote('aadescreen');
    const sentNote = await at().mydata.transmit(note.id);
    if (sentNote.status !== 'sent') throw new Error(`note ${sentNote.status}`);
    expect(await at().mydata.cancel(note.id, await staffActor())).toEqual({ ok: false, errors: [{ code: 'credit_note_active', message: 'credit_note_active' }] });
    const [atAade] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, sentNote.mark));
    expect(atAade!.status).toBe('active');
  });

  it('a note cancelled while queued is never transmitted: not by the immediate send, not by cron', async () => {
    const { note } = await receiptWithCorrectiveNote('aadequeued');
    expect(await transmission(note.id)).toMatchObject({ status: 'pending' });
    const { port, sent } = watched();
    expect(await at(Date.now(), port).debits.cancelCreditNote(note.id, await staffActor())).toEqual({ ok: true });
    expect(await at(Date.now(), port).mydata.transmit(note.id)).toEqual({ status: 'cancelled' });
    await at(Date.now() + 3600_000, port).mydata.retryDue(500);
    expect(sent.filter((i) => i.header.series === note.series && i.header.aa === String(note.number))).toEqual([]);
    expect(await transmission(note.id)).toMatchObject({ status: 'cancelled', mark: null });
  });

  it('a document cancelled on our side but still queued (its row left pending) is not sent by either path', async () => {
    const { note } = await receiptWithCorrectiveNote('aadestale');
    // As the old cancel left it: the note CANCELLED, its transmission still pending.
    await db.update(saleDocuments).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(saleDocuments.id, note.id));
    const { port, sent } = watched();
    await at(Date.now() + 3600_000, port).mydata.retryDue(500);
    expect(await at(Date.now() + 3600_000, port).mydata.transmit(note.id)).toEqual({ status: 'cancelled' });
    expect(sent.filter((i) => i.header.series === note.series && i.header.aa === String(note.number))).toEqual([]);
  });
});

describe('cancelling a note while its send is on the way', () => {
  it('AADE ends with the note cancelled too: the send that lands after the cancel cancels it there', async () => {
    const { customer, note } = await receiptWithCorrectiveNote('aaderace');
    const actor = await staffActor();
    const inner = createSandboxMydata(db, { userVat: SELLER_VAT });
    let cancelledDuringSend: unknown = null;
    const port: MydataPort = {
      ...inner,
      // Staff cancel the note while AADE is still answering its send.
      sendInvoices: async (invoices) => {
        cancelledDuringSend = await at(Date.now(), inner).debits.cancelCreditNote(note.id, actor);
        return inner.sendInvoices(invoices);
      },
    };
    const before = await balanceOf(customer.id);
    expect(await at(Date.now(), port).mydata.transmit(note.id)).toEqual({ status: 'cancelled' });
    expect(cancelledDuringSend).toEqual({ ok: true });
    expect(await balanceOf(customer.id)).toBe(before - 1240);
    const row = (await transmission(note.id))!;
    expect(row).toMatchObject({ status: 'cancelled' });
    expect(row.mark).toMatch(/^\d{15}$/);
    const [atAade] = await db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, row.mark!));
    expect(atAade!.status).toBe('cancelled');
  });
});

describe("a document recovered from AADE's duplicate answer", () => {
  it('fetches its QR link (RequestTransmittedDocs), so that its PDF prints it', async () => {
    const { receipt } = await receiptWithCorrectiveNote('aadedup');
    const row = (await transmission(receipt.id))!;
    // The first send reached AADE but its answer was lost: our row is pending again.
    await db.update(mydataTransmissions).set({ status: 'pending', mark: null, uid: null, qrUrl: null, sentAt: null, nextAttemptAt: new Date(0) }).where(eq(mydataTransmissions.documentId, receipt.id));
    const again = await at().mydata.transmit(receipt.id);
    expect(again).toMatchObject({ status: 'sent', mark: row.mark, qrUrl: row.qrUrl });
    expect(await transmission(receipt.id)).toMatchObject({ status: 'sent', mark: row.mark, qrUrl: row.qrUrl });
    const file = await at().legalDocuments.ensurePdf(receipt.id);
    const object = await env.FILES.get(file!.objectKey);
    const text = (await pdfText(await object!.arrayBuffer())).replace(/\s+/g, '');
    expect(text).toContain(row.qrUrl!.replace(/\s+/g, ''));
  });
});

describe("a document recovered from AADE's duplicate answer while RequestTransmittedDocs fails", () => {
  it('is sent without a QR link, cron fills it in later, and the PDF gets a new version that prints it', async () => {
    const { receipt } = await receiptWithCorrectiveNote('aadeqrlate');
    const row = (await transmission(receipt.id))!;
    await db.update(mydataTransmissions).set({ status: 'pending', mark: null, uid: null, qrUrl: null, sentAt: null, nextAttemptAt: new Date(0) }).where(eq(mydataTransmissions.documentId, receipt.id));
    // The PDF rendered for the receipt's e-mail at its issue (issue #33) printed the first answer's QR
    // link; this case is a document first rendered while the link was missing.
    await db.delete(legalDocumentFiles).where(eq(legalDocumentFiles.documentId, receipt.id));
    const inner = createSandboxMydata(db, { userVat: SELLER_VAT });
    const noLookup: MydataPort = { ...inner, transmittedDoc: async () => ({ ok: false, retryable: true, errors: [{ code: 'http_503', message: 'down' }] }) };
    expect(await at(Date.now(), noLookup).mydata.transmit(receipt.id)).toMatchObject({ status: 'sent', mark: row.mark, qrUrl: null });
    expect(await transmission(receipt.id)).toMatchObject({ status: 'sent', qrUrl: null, lastError: 'qr_missing' });
    const first = await at().legalDocuments.ensurePdf(receipt.id);
    expect(await pdfText(await (await env.FILES.get(first!.objectKey))!.arrayBuffer())).toContain(`ΜΑΡΚ / MARK: ${row.mark}`);

    const cron = await at().mydata.retryDue(500);
    expect(cron.qrFilled).toBeGreaterThanOrEqual(1);
    expect(await transmission(receipt.id)).toMatchObject({ status: 'sent', qrUrl: row.qrUrl, lastError: null });
    const second = await at().legalDocuments.ensurePdf(receipt.id);
    expect(second!.id).not.toBe(first!.id);
    const text = (await pdfText(await (await env.FILES.get(second!.objectKey))!.arrayBuffer())).replace(/\s+/g, '');
    expect(text).toContain(row.qrUrl!.replace(/\s+/g, ''));
    // Complete now: asked again, the same file.
    expect((await at().legalDocuments.ensurePdf(receipt.id))!.id).toBe(second!.id);
  });
});

describe('confirming a debit bank transfer', () => {
  it('writes its audit row in the batch that confirms it (a failure after the confirmation cannot leave it unaudited)', async () => {
    const c = await readyCart('aadedebit');
    const actor = await staffActor();
    const added = await at().debits.addDebit({ userId: c.id, reason: 'manual', lines: [{ description: 'Εργασία', netCents: 2_000 }], dueAt: new Date(Date.now() + 86_400_000), key: crypto.randomUUID() }, actor);
    if (!added.ok) throw new Error(`debit ${added.code}`);
    expect((await at().documentPayments.payByBankTransfer(c.id, added.documentId)).ok).toBe(true);
    const [transfer] = await db.select().from(payments).where(and(eq(payments.documentId, added.documentId), eq(payments.method, 'bank_transfer')));
    // The database takes one batch, then fails every later one (a crash right after the confirmation).
    let batches = 0;
    const failing = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            if (++batches > 1) throw new Error('D1 went away');
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await at(Date.now(), undefined, failing)
      .refunds.confirmDebitTransfer({ documentId: added.documentId, paymentId: transfer!.id }, actor)
      .catch(() => null);
    const [paid] = await db.select().from(payments).where(eq(payments.id, transfer!.id));
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.bank_transfer_confirmed'), eq(auditLog.targetId, String(transfer!.id))));
    expect(paid!.status).toBe('approved');
    expect(audits).toHaveLength(1);
  });
});
