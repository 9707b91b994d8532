// A receipt and an invoice as the mapping makes them, for the adapter's unit tests.
import type { AadeInvoice } from '../../../core/documents/mydata-mapping';

export const SELLER_VAT = '998877666';

export function receipt(over: Partial<AadeInvoice['header']> = {}): AadeInvoice {
  return {
    issuer: { vatNumber: SELLER_VAT, country: 'GR', branch: 0 },
    counterpart: null,
    header: { series: 'REC', aa: '12', issueDate: '2026-03-10', invoiceType: '11.2', currency: 'EUR', correlatedInvoices: [], ...over },
    paymentMethods: [{ type: 7, amountCents: 1240 }],
    details: [{ lineNumber: 1, netCents: 1000, vatCategory: 1, vatCents: 240, vatExemptionCategory: null, income: { type: 'E3_561_003', category: 'category1_3', amountCents: 1000 } }],
    summary: { totalNetCents: 1000, totalVatCents: 240, totalGrossCents: 1240, income: [{ type: 'E3_561_003', category: 'category1_3', amountCents: 1000 }] },
  };
}

export function euInvoice(): AadeInvoice {
  return {
    issuer: { vatNumber: SELLER_VAT, country: 'GR', branch: 0 },
    counterpart: { vatNumber: '123456789', country: 'DE', branch: 0, name: 'Müller & Söhne <GmbH>', address: { street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' } },
    header: { series: 'INV', aa: '3', issueDate: '2026-03-10', invoiceType: '2.2', currency: 'EUR', correlatedInvoices: [] },
    paymentMethods: [{ type: 7, amountCents: 2000 }],
    details: [{ lineNumber: 1, netCents: 2000, vatCategory: 7, vatCents: 0, vatExemptionCategory: 4, income: { type: 'E3_561_005', category: 'category1_3', amountCents: 2000 } }],
    summary: { totalNetCents: 2000, totalVatCents: 0, totalGrossCents: 2000, income: [{ type: 'E3_561_005', category: 'category1_3', amountCents: 2000 }] },
  };
}

/** A receipt to a consumer in Germany under OSS: no Greek VAT, the German 19 % as other taxes (decision 050). */
export function ossReceipt(): AadeInvoice {
  return {
    issuer: { vatNumber: SELLER_VAT, country: 'GR', branch: 0 },
    counterpart: null,
    header: { series: 'REC', aa: '14', issueDate: '2026-03-10', invoiceType: '11.2', currency: 'EUR', correlatedInvoices: [] },
    paymentMethods: [{ type: 7, amountCents: 1190 }],
    details: [{ lineNumber: 1, netCents: 1000, vatCategory: 7, vatCents: 0, vatExemptionCategory: 30, otherTaxes: { category: 17, amountCents: 190 }, income: { type: 'E3_561_005', category: 'category1_3', amountCents: 1000 } }],
    summary: { totalNetCents: 1000, totalVatCents: 0, totalOtherTaxesCents: 190, totalGrossCents: 1190, income: [{ type: 'E3_561_005', category: 'category1_3', amountCents: 1000 }] },
  };
}
