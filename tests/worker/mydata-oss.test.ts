// Issue #20 §3 (decision 050): a receipt to a consumer in another member state (OSS) tells AADE the
// total the customer paid, foreign VAT included: the document, the record behind its QR code and the
// payment agree to the cent.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AadeInvoice } from '../../core/documents/mydata-mapping';
import { createDb } from '../../db/client';
import { orders, sandboxMydataInvoices, saleDocuments, saleDocumentLines } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import type { MydataPort } from '../../worker/adapters/mydata/port';
import { createSandboxMydata } from '../../worker/adapters/mydata/sandbox';
import { configOf } from '../../worker/config';
import { createServices } from '../../worker/services';
import { readyCart } from './customers';

const db = createDb(env.DB);
const SELLER_VAT = configOf(env).seller.vatNumber;

function watchedServices() {
  const inner = createSandboxMydata(db, { userVat: SELLER_VAT });
  const sent: AadeInvoice[] = [];
  const mydata: MydataPort = {
    sendInvoices: async (invoices) => {
      sent.push(...invoices);
      return inner.sendInvoices(invoices);
    },
    cancelInvoice: (mark) => inner.cancelInvoice(mark),
    transmittedDoc: (mark) => inner.transmittedDoc(mark),
  };
  const adapters = createAdapters(configOf(env), db);
  return { s: createServices({ db, env, now: new Date(), origin: 'http://localhost', adapters: { ...adapters, mydata } }), sent };
}

describe('an OSS receipt at AADE', () => {
  it('a consumer in France: no Greek VAT, the French VAT as other taxes, and AADE’s total = the receipt = the payment', async () => {
    const { s, sent } = watchedServices();
    const c = await readyCart('oss');
    const p = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Claire D', address: 'Rue 1', city: 'Paris', postcode: '75001', countryIso2: 'FR' });
    if (!p.ok) throw new Error('profile');
    const placed = await s.orders.placeOrder(c.owner, { profileId: p.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    expect(await s.orders.markPaid(placed.orderId)).toBe(true);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.vatRateBp).toBe(2000);
    expect(order!.vatCents).toBeGreaterThan(0);
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, placed.orderId));
    const receipt = docs.find((d) => d.kind === 'receipt')!;
    const payment = docs.find((d) => d.kind === 'payment')!;
    expect(receipt.totalCents).toBe(order!.grandTotalCents);
    expect(payment.totalCents).toBe(order!.grandTotalCents);
    const lines = await db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, receipt.id));
    expect(lines.reduce((a, l) => a + l.totalCents, 0)).toBe(receipt.totalCents);

    expect(sent).toHaveLength(1);
    const inv = sent[0]!;
    expect(inv.details.every((d) => d.vatCategory === 7 && d.vatCents === 0 && d.vatExemptionCategory === 30)).toBe(true);
    expect(inv.summary).toMatchObject({ totalNetCents: receipt.totalCents - receipt.vatCents, totalVatCents: 0, totalOtherTaxesCents: receipt.vatCents, totalGrossCents: receipt.totalCents });
    expect(inv.paymentMethods).toEqual([{ type: 1, amountCents: receipt.totalCents }]);
    // The record the QR code opens carries the same total.
    const [record] = await db.select().from(sandboxMydataInvoices).where(and(eq(sandboxMydataInvoices.series, receipt.series), eq(sandboxMydataInvoices.aa, String(receipt.number))));
    expect(record).toMatchObject({ totalCents: receipt.totalCents, vatCents: 0, netCents: receipt.totalCents - receipt.vatCents });
  });
});
