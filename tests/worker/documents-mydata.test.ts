// Issue #13 §4 inside workerd: a paid order's receipt or invoice goes to the myDATA sandbox and comes
// back with a MARK and a QR URL; the document type follows the buyer (decision 041); what AADE refuses
// waits for staff with its error, what could not reach AADE is sent again by cron; nothing is
// registered twice; a credit note correlates its original's MARK and waits for it; staff send again
// and cancel at AADE with audit rows; production with MYDATA_* builds the AADE client.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AadeInvoice } from '../../core/documents/mydata-mapping';
import { createDb } from '../../db/client';
import { auditLog, payments, mydataTransmissions, sandboxMydataInvoices, saleDocuments } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MydataPort } from '../../worker/adapters/mydata/port';
import { createSandboxMydata } from '../../worker/adapters/mydata/sandbox';
import { configOf } from '../../worker/config';
import { CRON_JOBS } from '../../worker/cron';
import { mydataCron } from '../../worker/cron/mydata';
import { createServices } from '../../worker/services';
import { FULL_PRODUCTION } from '../fixtures/production-settings';
import { readyCart } from './customers';
import { Browser, form } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const SELLER_VAT = configOf(env).seller.vatNumber;
const MIN = 60_000;

/** Services at an instant, with the myDATA port replaced when a test needs to see or break it. */
function at(ms = Date.now(), mydata?: MydataPort) {
  const s = createServices({ db, env, now: new Date(ms), origin: 'http://localhost' });
  if (!mydata) return s;
  const adapters = createAdapters(configOf(env), db);
  return createServices({ db, env, now: new Date(ms), origin: 'http://localhost', adapters: { ...adapters, mydata } });
}

/** The sandbox, with every invoice it is given recorded. */
function watched(inner: MydataPort = createSandboxMydata(db, { userVat: SELLER_VAT })) {
  const sent: AadeInvoice[] = [];
  const port: MydataPort = {
    sendInvoices: async (invoices) => {
      sent.push(...invoices);
      return inner.sendInvoices(invoices);
    },
    cancelInvoice: (mark) => inner.cancelInvoice(mark),
    transmittedDoc: (mark) => inner.transmittedDoc(mark),
  };
  return { port, sent };
}

/** AADE out of reach: every call fails as a network failure would. */
const UNREACHABLE: MydataPort = {
  sendInvoices: async () => {
    throw new TypeError('fetch failed');
  },
  cancelInvoice: async () => {
    throw new TypeError('fetch failed');
  },
  transmittedDoc: async () => {
    throw new TypeError('fetch failed');
  },
};

type Profile = { type: 'REC' | 'INV'; name: string; vatNumber?: string; taxOffice?: string; address: string; city: string; postcode: string; countryIso2: string };

/** A customer's order, paid by bank transfer (staff confirmed it): its legal document's id. */
async function paidDocument(prefix: string, profile?: Profile) {
  const c = await readyCart(prefix);
  let profileId = c.profileId;
  if (profile) {
    const p = await at().orders.createBillingProfile(c.id, profile);
    if (!p.ok) throw new Error(`profile ${JSON.stringify(p)}`);
    profileId = p.id;
  }
  const placed = await at().orders.placeOrder(c.owner, { profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  // Paid while AADE was unreachable (markPaid sends at once): the document waits in the queue, as
  // cron finds it, so each test below drives the transmission itself.
  expect(await at(Date.now(), UNREACHABLE).orders.markPaid(placed.orderId)).toBe(true);
  const [doc] = await db
    .select()
    .from(saleDocuments)
    .where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, profile?.type === 'INV' ? 'invoice' : 'receipt')));
  if (!doc) throw new Error('no legal document');
  await db.update(mydataTransmissions).set({ attempts: 0, nextAttemptAt: new Date(), lastError: null }).where(eq(mydataTransmissions.documentId, doc.id));
  return { customer: c, doc, orderId: placed.orderId };
}

const transmission = async (documentId: number) => (await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, documentId)))[0]!;
const sandboxRows = (series: string, aa: number) => db.select().from(sandboxMydataInvoices).where(and(eq(sandboxMydataInvoices.series, series), eq(sandboxMydataInvoices.aa, String(aa))));

let creditNumber = 800_000 + Math.floor(Math.random() * 100_000);
/** A corrective credit note of `original` (as the refunds part issues them). */
async function creditNoteOf(original: typeof saleDocuments.$inferSelect, amountCents: number, vatCents: number) {
  const [doc] = await db
    .insert(saleDocuments)
    .values({ userId: original.userId, kind: 'credit', series: 'CRD', number: creditNumber++, status: 'COMPLETED', totalCents: amountCents, vatCents, netCents: amountCents - vatCents, relatedDocumentId: original.id, reason: 'refund', createdAt: new Date() })
    .returning();
  return doc!;
}

const GREEK_BUSINESS: Profile = { type: 'INV', name: 'Πελάτης Α.Ε.', vatNumber: '094019245', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', address: 'Πανεπιστημίου 10', city: 'Αθήνα', postcode: '10671', countryIso2: 'GR' };
const GERMAN_BUSINESS: Profile = { type: 'INV', name: 'Beispiel GmbH', vatNumber: 'DE 123456789', address: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', countryIso2: 'DE' };

afterEach(() => vi.restoreAllMocks());

describe('transmitting legal documents', () => {
  it('paying an order sends its legal document to myDATA at once', async () => {
    const c = await readyCart('mdnow');
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    expect(await at().orders.markPaid(placed.orderId)).toBe(true);
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, 'receipt')));
    const row = await transmission(doc!.id);
    expect(row).toMatchObject({ status: 'sent', invoiceType: '11.2', attempts: 1 });
    expect(row.mark).toMatch(/^\d{15}$/);
  });


  it("a paid order's receipt is queued, transmitted as 11.2 and gets a MARK and a QR URL", async () => {
    const { doc, orderId } = await paidDocument('mdrec');
    expect(await transmission(doc.id)).toMatchObject({ status: 'pending', attempts: 0 });
    // What the order service calls right after markPaid.
    const outcome = await at().mydata.transmitOrder(orderId);
    expect(outcome).toMatchObject({ status: 'sent', invoiceType: '11.2' });
    const row = await transmission(doc.id);
    expect(row).toMatchObject({ status: 'sent', invoiceType: '11.2', attempts: 1, lastError: null });
    expect(row.mark).toMatch(/^\d{15}$/);
    expect(row.uid).toMatch(/^[0-9A-F]{40}$/);
    expect(row.qrUrl).toMatch(/^https:\/\//);
    expect(row.sentAt).not.toBeNull();
    const [registered] = await sandboxRows('REC', doc.number);
    expect(registered).toMatchObject({ mark: row.mark, issuerVat: SELLER_VAT, counterpartVat: null, invoiceType: '11.2', totalCents: doc.totalCents, vatCents: doc.vatCents, status: 'active' });
    // Sending again changes nothing: the document is transmitted.
    expect(await at().mydata.transmit(doc.id)).toMatchObject({ status: 'sent', mark: row.mark });
    expect(await sandboxRows('REC', doc.number)).toHaveLength(1);
  });

  it('an order placed for a bank transfer but paid by card is sent with the card as its payment method (7)', async () => {
    const c = await readyCart('mdcard');
    const placed = await at().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const w = watched();
    const started = await at(Date.now(), w.port).orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!started.ok) throw new Error(`card ${started.code}`);
    const [pay] = await db.select().from(payments).where(and(eq(payments.orderId, placed.orderId), eq(payments.method, 'card')));
    await at(Date.now(), w.port).orders.decideSandboxPayment(pay!.providerSessionId!, 'approve');
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.paymentMethods).toEqual([{ type: 7, amountCents: expect.any(Number) }]);
  });

  it('an invoice to a Greek business is 2.1 with the counterpart by ΑΦΜ (no name)', async () => {
    const { doc } = await paidDocument('mdinv', GREEK_BUSINESS);
    const { port, sent } = watched();
    expect(await at(Date.now(), port).mydata.transmit(doc.id)).toMatchObject({ status: 'sent', invoiceType: '2.1' });
    expect(sent[0]!.counterpart).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0, address: { street: 'Πανεπιστημίου 10', postalCode: '10671', city: 'Αθήνα' } });
    expect(sent[0]!.details.every((d) => d.vatCategory === 1 && d.income.type === 'E3_561_001')).toBe(true);
    expect(sent[0]!.paymentMethods).toEqual([{ type: 1, amountCents: doc.totalCents }]);
    const [registered] = await sandboxRows('INV', doc.number);
    expect(registered).toMatchObject({ invoiceType: '2.1', counterpartVat: '094019245' });
  });

  it('an EU business with reverse charge is 2.2 with VAT category 7, exemption 4 and no VAT', async () => {
    const { doc } = await paidDocument('mdeu', GERMAN_BUSINESS);
    expect(doc.vatCents).toBe(0);
    const { port, sent } = watched();
    expect(await at(Date.now(), port).mydata.transmit(doc.id)).toMatchObject({ status: 'sent', invoiceType: '2.2' });
    const inv = sent[0]!;
    expect(inv.counterpart).toMatchObject({ vatNumber: '123456789', country: 'DE', name: 'Beispiel GmbH', address: { city: 'Berlin', postalCode: '10115' } });
    expect(inv.details.every((d) => d.vatCategory === 7 && d.vatCents === 0 && d.vatExemptionCategory === 4 && d.income.type === 'E3_561_005')).toBe(true);
    expect(inv.summary).toMatchObject({ totalVatCents: 0, totalNetCents: doc.totalCents, totalGrossCents: doc.totalCents });
    expect((await sandboxRows('INV', doc.number))[0]).toMatchObject({ invoiceType: '2.2', vatCents: 0 });
  });
});

describe('failures', () => {
  it("a refusal no retry can fix is 'failed', kept out of cron, and shown to staff with AADE's error", async () => {
    const { doc } = await paidDocument('mdrefused');
    // An AADE account of another ΑΦΜ: AADE refuses our issuer (105).
    const other = createSandboxMydata(db, { userVat: '094014201' });
    const outcome = await at(Date.now(), other).mydata.transmit(doc.id);
    expect(outcome).toMatchObject({ status: 'failed', errors: [{ code: '105' }] });
    const row = await transmission(doc.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(row.lastError).toContain('105: User VAT number 094014201 is not authorized');
    await at(Date.now() + 60 * MIN).mydata.retryDue(100);
    expect((await transmission(doc.id)).status).toBe('failed');
    expect(await sandboxRows('REC', doc.number)).toHaveLength(0);

    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/mydata`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-testid="mydata-row-${doc.id}"`);
    expect(page.html).toContain('105: User VAT number 094014201 is not authorized');
  });

  it('a network failure stays pending with back-off and the cron sends it later', async () => {
    const { doc } = await paidDocument('mdnet');
    const down: MydataPort = {
      sendInvoices: async (invoices) => invoices.map(() => ({ ok: false, retryable: true, errors: [{ code: 'network', message: 'fetch failed' }] })),
      cancelInvoice: async () => ({ ok: false, retryable: true, errors: [{ code: 'network', message: 'fetch failed' }] }),
      transmittedDoc: async () => ({ ok: false, retryable: true, errors: [{ code: 'network', message: 'fetch failed' }] }),
    };
    const t0 = Date.now();
    expect(await at(t0, down).mydata.transmit(doc.id)).toMatchObject({ status: 'pending', reason: 'retry' });
    const row = await transmission(doc.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'network: fetch failed' });
    expect(row.nextAttemptAt!.getTime()).toBe(t0 + 5 * MIN);
    // Not yet due: the cron leaves it.
    await mydataCron(env, new Date(t0 + 2 * MIN));
    expect((await transmission(doc.id)).status).toBe('pending');
    expect(CRON_JOBS['*/5 * * * *']).toContain(mydataCron);
    await mydataCron(env, new Date(t0 + 6 * MIN));
    expect(await transmission(doc.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await sandboxRows('REC', doc.number)).toHaveLength(1);
  });

  it('a duplicate send never registers the document twice: racing calls, and an answer lost on the way back', async () => {
    const { doc } = await paidDocument('mddup');
    const t0 = Date.now();
    const [a, b] = await Promise.all([at(t0).mydata.transmit(doc.id), at(t0).mydata.transmit(doc.id)]);
    expect([a.status, b.status].sort()).toEqual(['pending', 'sent']);
    expect(await sandboxRows('REC', doc.number)).toHaveLength(1);

    // AADE registers it but the answer never arrives: the next send is refused as a duplicate (228)
    // naming the MARK, which we take.
    const second = await paidDocument('mdlost');
    const sandbox = createSandboxMydata(db, { userVat: SELLER_VAT });
    const lost: MydataPort = {
      sendInvoices: async (invoices) => {
        await sandbox.sendInvoices(invoices);
        return invoices.map(() => ({ ok: false, retryable: true, errors: [{ code: 'timeout', message: 'The operation was aborted due to timeout' }] }));
      },
      cancelInvoice: sandbox.cancelInvoice,
      transmittedDoc: sandbox.transmittedDoc,
    };
    const t1 = Date.now();
    expect(await at(t1, lost).mydata.transmit(second.doc.id)).toMatchObject({ status: 'pending', reason: 'retry' });
    const [registered] = await sandboxRows('REC', second.doc.number);
    expect(registered).toBeDefined();
    expect(await at(t1 + 6 * MIN).mydata.transmit(second.doc.id)).toMatchObject({ status: 'sent', mark: registered!.mark });
    expect(await transmission(second.doc.id)).toMatchObject({ status: 'sent', mark: registered!.mark, uid: registered!.uid });
    expect(await sandboxRows('REC', second.doc.number)).toHaveLength(1);
  });
});

describe('credit notes', () => {
  it("a 5.1 correlates the original invoice's MARK and waits until the original has one", async () => {
    const { doc: invoice } = await paidDocument('mdcredit', GREEK_BUSINESS);
    const credit = await creditNoteOf(invoice, 1240, 240);
    const t0 = Date.now();
    // The original is not transmitted yet: the credit note waits (nothing sent).
    const { port, sent } = watched();
    expect(await at(t0, port).mydata.transmit(credit.id)).toEqual({ status: 'pending', reason: 'original_not_sent' });
    expect(sent).toHaveLength(0);
    expect(await transmission(credit.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: 'original_not_sent' });

    const original = await at(t0).mydata.transmit(invoice.id);
    if (original.status !== 'sent') throw new Error('original not sent');
    await at(t0 + 6 * MIN, port).mydata.retryDue(100);
    const row = await transmission(credit.id);
    expect(row).toMatchObject({ status: 'sent', invoiceType: '5.1' });
    const inv = sent.find((i) => i.header.series === 'CRD')!;
    expect(inv.header.correlatedInvoices).toEqual([original.mark]);
    expect(inv.counterpart?.vatNumber).toBe('094019245');
    expect(inv.details).toEqual([{ lineNumber: 1, netCents: 1000, vatCategory: 1, vatCents: 240, vatExemptionCategory: null, income: { type: 'E3_561_001', category: 'category1_3', amountCents: 1000 } }]);
    expect((await sandboxRows('CRD', credit.number))[0]).toMatchObject({ invoiceType: '5.1', correlatedMark: original.mark });

    // AADE will not cancel an invoice a credit note still correlates (255).
    expect(await at().mydata.cancel(invoice.id, { userId: credit.userId })).toMatchObject({ ok: false, errors: [{ code: '255' }] });
  });

  it("a receipt's credit note is 11.4, and a goodwill credit that corrects nothing is not transmitted", async () => {
    const { doc: receipt } = await paidDocument('mdcredrec');
    await at().mydata.transmit(receipt.id);
    const credit = await creditNoteOf(receipt, 500, 97);
    expect(await at().mydata.transmit(credit.id)).toMatchObject({ status: 'sent', invoiceType: '11.4' });
    const [grant] = await db.insert(saleDocuments).values({ userId: receipt.userId, kind: 'credit', series: 'CRD', number: creditNumber++, status: 'COMPLETED', totalCents: 1000, vatCents: 0, reason: 'grant', createdAt: new Date() }).returning();
    expect(await at().mydata.transmit(grant!.id)).toEqual({ status: 'not_transmittable' });
    expect(await db.select().from(mydataTransmissions).where(eq(mydataTransmissions.documentId, grant!.id))).toHaveLength(0);
  });
});

describe('staff', () => {
  it('send again now and cancel at AADE, each with its audit row', async () => {
    const { doc } = await paidDocument('mdstaff');
    await at(Date.now(), createSandboxMydata(db, { userVat: '094014201' })).mydata.transmit(doc.id);
    expect((await transmission(doc.id)).status).toBe('failed');

    const { b, staff } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/mydata`);
    expect(page.html).toMatch(/data-testid="mydata-count-failed"[^]*?<dd[^>]*>[1-9]/);
    const retry = await b.fetch(`${ADMIN}/admin/mydata`, form({ _token: page.token, intent: 'retry', document_id: String(doc.id), number: `REC-${doc.number}` }));
    expect(retry.status).toBe(303);
    expect(retry.headers.get('Location')).toBe(`/admin/mydata?done=sent&document=REC-${doc.number}`);
    const row = await transmission(doc.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.targetType, 'sale_document'), eq(auditLog.targetId, String(doc.id))));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([['mydata.retry', staff.id]]);

    // A document that is not waiting cannot be "sent again": no audit row.
    const again = await b.fetch(`${ADMIN}/admin/mydata`, form({ _token: page.token, intent: 'retry', document_id: String(doc.id), number: `REC-${doc.number}` }));
    expect(again.status).toBe(404);

    const after = await b.open(`${ADMIN}/admin/mydata`);
    expect(after.html).toContain(`data-testid="mydata-cancel-${doc.id}"`);
    const cancel = await b.fetch(`${ADMIN}/admin/mydata`, form({ _token: after.token, intent: 'cancel', document_id: String(doc.id), number: `REC-${doc.number}` }));
    expect(cancel.status).toBe(303);
    const cancelled = await transmission(doc.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellationMark).toMatch(/^\d{15}$/);
    expect((await sandboxRows('REC', doc.number))[0]).toMatchObject({ status: 'cancelled', cancellationMark: cancelled.cancellationMark });
    const all = await db.select().from(auditLog).where(and(eq(auditLog.targetType, 'sale_document'), eq(auditLog.targetId, String(doc.id))));
    expect(all.map((a) => a.action).sort()).toEqual(['mydata.cancel', 'mydata.retry']);

    // Cancelling twice: AADE's refusal is shown, nothing changes.
    const twice = await b.fetch(`${ADMIN}/admin/mydata`, form({ _token: after.token, intent: 'cancel', document_id: String(doc.id), number: `REC-${doc.number}` }));
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('data-testid="mydata-alert"');

    // A credit note of the cancelled receipt does not wait for a MARK forever: AADE refuses it (320), staff see it.
    const credit = await creditNoteOf(doc, 100, 19);
    expect(await at().mydata.transmit(credit.id)).toMatchObject({ status: 'failed', errors: [{ code: '320' }] });
  });

  it('is for staff on the admin host only', async () => {
    const anonymous = await new Browser().fetch(`${ADMIN}/admin/mydata`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('Location')).toContain('/auth/login');
    // The storefront host has no back office.
    const { b } = await staffBrowser();
    expect((await b.fetch('/admin/mydata')).status).toBe(404);
  });
});

describe('configuration', () => {
  it("production with MYDATA_* builds AADE's client: SendInvoices on the configured URL with the account's headers", async () => {
    const config = configOf({ ...env, ...FULL_PRODUCTION });
    expect(config.mydata).toEqual({ kind: 'aade', apiUrl: 'https://mydata.example.test/myDATA', userId: 'aade-user', subscriptionKey: 'subscription-key' });
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
      return new Response('<ResponseDoc><response><index>1</index><invoiceUid>AB</invoiceUid><invoiceMark>400001944472461</invoiceMark><statusCode>Success</statusCode></response></ResponseDoc>');
    });
    const { mydata } = createAdapters(config, db);
    const { doc } = await paidDocument('mdprod');
    const services = createServices({ db, env, now: new Date(), adapters: { ...createAdapters(configOf(env), db), mydata } });
    expect(await services.mydata.transmit(doc.id)).toMatchObject({ status: 'sent', mark: '400001944472461' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://mydata.example.test/myDATA/SendInvoices');
    expect(calls[0]!.headers).toMatchObject({ 'aade-user-id': 'aade-user', 'ocp-apim-subscription-key': 'subscription-key' });
    // Nothing went to the sandbox.
    expect(await sandboxRows('REC', doc.number)).toHaveLength(0);
  });
});
