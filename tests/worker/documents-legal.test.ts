// Legal documents as files inside workerd (issue #13 §3, decision 042): a paid order's invoice renders
// to a PDF kept in R2 whose text has the number, the buyer's ΑΦΜ and the total; only its owner (and
// staff) download it; staff cannot attach the same bytes twice (35523); a MARK from myDATA makes a new
// version and keeps the old one.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { formatMoney } from '../../core/money';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { mydataTransmissions, legalDocumentFiles, saleDocuments, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { documentNumber } from '../../worker/services/documents';
import { pdfText } from '../pdf-text';
import { DEMO_SELLER } from '../../core/config';
import { addReadyDomain, newCustomer, servicesAt } from './customers';
import { Browser, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const BUYER_VAT = '094014201';

/** A customer who can log in, with an INV (or REC) profile, whose order credit paid at once. */
async function paidOrder(prefix: string, type: 'INV' | 'REC' = 'INV') {
  const c = await newCustomer(prefix);
  await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
  await addReadyDomain(c.id, c.owner);
  const s = servicesAt();
  const profile = await s.orders.createBillingProfile(
    c.id,
    type === 'INV'
      ? { type: 'INV', name: 'Πελάτης Ο.Ε.', vatNumber: BUYER_VAT, taxOffice: 'Α΄ Αθηνών', profession: 'Σχεδιασμός ιστοσελίδων', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' }
      : { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' },
  );
  if (!profile.ok) throw new Error(`profile ${profile.code} ${profile.field}`);
  await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 100_000, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:legal:${c.id}`, at: new Date() }));
  const placed = await s.orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
  const legal = docs.find((d) => d.kind === (type === 'INV' ? 'invoice' : 'receipt'))!;
  const order = docs.find((d) => d.kind === 'order')!;
  return { ...c, legal, order };
}

async function loggedIn(email: string) {
  const b = new Browser();
  const res = await login(b, email, DEMO_USERS[0].password);
  expect(res.status).toBe(303);
  return b;
}

/** The legal tab's download links: [document id, file id]. */
function downloads(html: string): string[] {
  return [...html.matchAll(/href="(\/account\/documents\/\d+\/files\/\d+)"/g)].map((m) => m[1]!);
}

describe('legal documents as files', () => {
  it("a paid order's invoice downloads as a PDF with the number, the buyer's ΑΦΜ and the total; the order's tab shows it too", async () => {
    const c = await paidOrder('legalinv');
    const b = await loggedIn(c.email);
    const tab = await b.fetch(`/account/documents/${c.legal.id}/legal`);
    expect(tab.status).toBe(200);
    const links = downloads(await tab.text());
    expect(links).toHaveLength(1);
    const res = await b.fetch(links[0]!);
    expect(res.status).toBe(200);
    const number = documentNumber(c.legal.series, c.legal.number);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${number}.pdf"; filename*=UTF-8''${number}.pdf`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ');
    expect(text).toContain(number);
    expect(text).toContain(`ΑΦΜ / VAT No: ${BUYER_VAT}`);
    expect(text).toContain(formatMoney(c.legal.totalCents).replace(/\u00a0/g, ' '));

    // The order's document lists the same file (no second render).
    const orderTab = await (await b.fetch(`/account/documents/${c.order.id}/legal`)).text();
    expect(downloads(orderTab)).toEqual(links);
    expect(await db.select().from(legalDocumentFiles).where(eq(legalDocumentFiles.documentId, c.legal.id))).toHaveLength(1);
  });

  it("the invoice carries the payment method, each line's service period, the buyer's profession and the seller's ΓΕΜΗ (issue #25 §6)", async () => {
    const c = await paidOrder('legalacct');
    const file = await servicesAt().legalDocuments.ensurePdf(c.legal.id);
    const text = (await pdfText(new Uint8Array(await (await env.FILES.get(file!.objectKey))!.arrayBuffer()))).replace(/\u00a0/g, ' ');
    expect(text).toContain('Επάγγελμα / Profession: Σχεδιασμός ιστοσελίδων');
    expect(text).toContain(`ΓΕΜΗ / GEMI No: ${DEMO_SELLER.gemi}`);
    // Paid from the account's credit, in full.
    expect(text).toContain('Τρόπος πληρωμής / Payment: Πίστωση λογαριασμού / Account credit');
    // The domain's line: from the payment for its length (a year), dates as the document prints them.
    expect(text).toMatch(/Περίοδος \/ Period: \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    // The document page says the same: how it was paid, and the buyer's profession.
    const page = await (await (await loggedIn(c.email)).fetch(`/account/documents/${c.legal.id}`)).text();
    expect(page).toMatch(/data-testid="document-payment-method"[^>]*>Πίστωση λογαριασμού</);
    expect(page).toMatch(/data-testid="document-profession"[^>]*>Σχεδιασμός ιστοσελίδων</);
  });

  it('a receipt renders too, with its Greek title and total', async () => {
    const c = await paidOrder('legalrec', 'REC');
    const file = await servicesAt().legalDocuments.ensurePdf(c.legal.id);
    expect(file).toMatchObject({ source: 'rendered', contentType: 'application/pdf', filename: `${documentNumber('REC', c.legal.number)}.pdf` });
    const text = await pdfText(new Uint8Array(await (await env.FILES.get(file!.objectKey))!.arrayBuffer()));
    expect(text).toContain('ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ');
    expect(text).toContain(formatMoney(c.legal.totalCents).replace(/\u00a0/g, ' '));
    // An order document is no legal document: nothing to render.
    expect(await servicesAt().legalDocuments.ensurePdf(c.order.id)).toBeNull();
  });

  it("only the owner downloads: another customer's is 404 35502, a file under another document 404, a guest goes to the login", async () => {
    const c = await paidOrder('legalown');
    const file = (await servicesAt().legalDocuments.ensurePdf(c.legal.id))!;
    const path = `/account/documents/${c.legal.id}/files/${file.id}`;
    const other = await paidOrder('legalother');
    const ob = await loggedIn(other.email);
    const stranger = await ob.fetch(path);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('Content-Type')).not.toBe('application/pdf');
    expect(await stranger.text()).toContain(String(ErrorCode.SALE_DOCUMENT_NOT_FOUND));
    // Their own document's id with this file's id: still not theirs.
    expect((await ob.fetch(`/account/documents/${other.legal.id}/files/${file.id}`)).status).toBe(404);
    expect((await ob.fetch(`/account/documents/${c.legal.id}/legal`)).status).toBe(404);
    const guest = await new Browser().fetch(path);
    expect([302, 303]).toContain(guest.status);
    expect(guest.headers.get('Location')).toContain('/auth/login');
    const owner = await loggedIn(c.email);
    expect((await owner.fetch(path)).status).toBe(200);
  });

  it('staff find the document by number, download any file, upload a PDF once; the same bytes again are 35523', async () => {
    const c = await paidOrder('legalstaff');
    const number = documentNumber(c.legal.series, c.legal.number);
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/legal-files?number=${number}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-number="${number}"`);
    const fileId = /href="\/admin\/legal-files\/(\d+)"/.exec(page.html)?.[1];
    const dl = await b.fetch(`${ADMIN}/admin/legal-files/${fileId}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('Content-Type')).toBe('application/pdf');

    const pdf = new TextEncoder().encode('%PDF-1.4\n% a scanned copy\n%%EOF\n');
    const upload = (bytes: Uint8Array, type = 'application/pdf') => {
      const body = new FormData();
      body.set('_token', page.token);
      body.set('intent', 'upload');
      body.set('document_id', String(c.legal.id));
      body.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'σκαναρισμένο.pdf', { type }));
      return b.fetch(`${ADMIN}/admin/legal-files`, { method: 'POST', body });
    };
    const first = await upload(pdf);
    expect(first.status).toBe(303);
    const again = await upload(pdf);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`data-code="${ErrorCode.DUPLICATE_FILE_ON_LEGAL_DOCUMENT}"`);
    expect((await upload(new TextEncoder().encode('not a pdf'), 'text/plain')).status).toBe(400);
    expect((await upload(new TextEncoder().encode('<html>%PDF-</html>'), 'application/pdf')).status).toBe(400);
    expect((await upload(new TextEncoder().encode('%PDF-1.4 but declared as HTML'), 'text/html')).status).toBe(400);
    // A PDF the browser could not name (no .pdf extension: application/octet-stream) is a PDF all the same.
    const unnamed = await servicesAt().legalDocuments.attach(c.legal.id, new TextEncoder().encode('%PDF-1.7\n% another scan\n'), 'application/octet-stream', 'scan');
    expect(unnamed).toMatchObject({ ok: true, file: { contentType: 'application/pdf', filename: 'scan.pdf', source: 'uploaded' } });
    const rows = await db.select().from(legalDocumentFiles).where(eq(legalDocumentFiles.documentId, c.legal.id));
    expect(rows.map((r) => r.source).sort()).toEqual(['rendered', 'uploaded', 'uploaded']);
    // The non-ASCII name downloads with filename* (and an ASCII fallback).
    const uploaded = rows.find((r) => r.source === 'uploaded' && r.filename !== 'scan.pdf')!;
    const named = await b.fetch(`${ADMIN}/admin/legal-files/${uploaded.id}`);
    expect(named.headers.get('Content-Disposition')).toBe(`attachment; filename="____________.pdf"; filename*=UTF-8''${encodeURIComponent('σκαναρισμένο.pdf')}`);
    // The service says the same (and the same bytes on another document are fine).
    expect(await servicesAt().legalDocuments.attach(c.legal.id, pdf, 'application/pdf', 'x.pdf')).toMatchObject({ ok: false, code: ErrorCode.DUPLICATE_FILE_ON_LEGAL_DOCUMENT });
    const other = await paidOrder('legalstaff2');
    expect(await servicesAt().legalDocuments.attach(other.legal.id, pdf, 'application/pdf', 'x.pdf')).toMatchObject({ ok: true });
    // A customer cannot reach the staff download.
    const customer = await loggedIn(c.email);
    expect((await customer.fetch(`${ADMIN}/admin/legal-files/${uploaded.id}`)).status).not.toBe(200);
  });

  it('a MARK from myDATA makes a new version with the MARK printed; the old version stays; no third render', async () => {
    const c = await paidOrder('legalmark');
    const s = servicesAt();
    const first = (await s.legalDocuments.ensurePdf(c.legal.id))!;
    expect((await s.legalDocuments.ensurePdf(c.legal.id))!.id).toBe(first.id);
    const mark = '400001926543210';
    await rawBatch(db, [
      {
        sql: `INSERT INTO mydata_transmissions (document_id, status, mark, uid, qr_url, attempts, updated_at) VALUES (?, 'sent', ?, 'UID1', ?, 1, ?)
              ON CONFLICT (document_id) DO UPDATE SET status = 'sent', mark = excluded.mark, uid = excluded.uid, qr_url = excluded.qr_url, updated_at = excluded.updated_at`,
        params: [c.legal.id, mark, `https://mydata.example/qr?mark=${mark}`, Date.now()],
      },
    ]);
    const second = (await servicesAt().legalDocuments.ensurePdf(c.legal.id))!;
    expect(second.id).not.toBe(first.id);
    const text = await pdfText(new Uint8Array(await (await env.FILES.get(second.objectKey))!.arrayBuffer()));
    expect(text).toContain(`ΜΑΡΚ / MARK: ${mark}`);
    expect(await pdfText(new Uint8Array(await (await env.FILES.get(first.objectKey))!.arrayBuffer()))).not.toContain(mark);
    expect((await servicesAt().legalDocuments.ensurePdf(c.legal.id))!.id).toBe(second.id);
    const files = await s.legalDocuments.filesOf(c.legal.id);
    expect(files.map((f) => [f.id, f.version])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    const rows = await db.select().from(legalDocumentFiles).where(and(eq(legalDocumentFiles.documentId, c.legal.id), eq(legalDocumentFiles.source, 'rendered')));
    expect(rows).toHaveLength(2);
    // Cancelled at AADE: the MARK and QR are no longer printed (a new version without them).
    await db.update(mydataTransmissions).set({ status: 'cancelled', cancellationMark: '400001926543299' }).where(eq(mydataTransmissions.documentId, c.legal.id));
    const third = (await servicesAt().legalDocuments.ensurePdf(c.legal.id))!;
    expect(third.id).not.toBe(second.id);
    expect(await pdfText(new Uint8Array(await (await env.FILES.get(third.objectKey))!.arrayBuffer()))).not.toContain(mark);
    expect((await servicesAt().legalDocuments.ensurePdf(c.legal.id))!.id).toBe(third.id);
  });

  it("a corrective credit note is a legal document too: its own PDF names what it corrects, and the invoice's tab lists it", async () => {
    const c = await paidOrder('legalcrd');
    const number = 900000 + Math.floor(Math.random() * 99999);
    const [note] = await db
      .insert(saleDocuments)
      .values({ userId: c.id, kind: 'credit', series: 'CRD', number, status: 'COMPLETED', totalCents: 1240, vatCents: 240, netCents: 1000, relatedDocumentId: c.legal.id, reason: 'card_refund', createdAt: new Date() })
      .returning();
    const file = (await servicesAt().legalDocuments.ensurePdf(note!.id))!;
    const text = await pdfText(new Uint8Array(await (await env.FILES.get(file.objectKey))!.arrayBuffer()));
    expect(text).toContain('ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ');
    expect(text).toContain(documentNumber('CRD', number));
    expect(text).toContain(`Διορθώνει το / Corrects: ${documentNumber(c.legal.series, c.legal.number)}`);
    // The buyer comes from the corrected invoice when the note has no snapshot of its own.
    expect(text).toContain(`ΑΦΜ / VAT No: ${BUYER_VAT}`);
    const b = await loggedIn(c.email);
    const tab = await (await b.fetch(`/account/documents/${c.legal.id}/legal`)).text();
    expect(tab).toContain(`data-number="${documentNumber('CRD', number)}"`);
    expect(downloads(tab)).toContain(`/account/documents/${note!.id}/files/${file.id}`);
    // A store-credit note (no related legal document) has no file.
    const [grant] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, c.id), eq(saleDocuments.kind, 'credit'), eq(saleDocuments.reason, 'grant')));
    if (grant) expect(await servicesAt().legalDocuments.ensurePdf(grant.id)).toBeNull();
  });
});
