// Issue #20 §3: every income classification we send is one AADE's combinations table allows for its
// invoice type, for every kind of document and buyer we can map; receipts to consumers abroad are
// intra-community (E3_561_005) or third-country (E3_561_006) sales, not domestic retail.
import { describe, expect, it } from 'vitest';
import { ALLOWED_SERVICE_INCOME, E3, incomeCombinationAllowed } from './income-classifications';
import { MYDATA_INVOICE_TYPES, mydataInvoice, type Billing, type MydataSource } from './mydata-mapping';

const seller = { vatNumber: '998877666' };
const buyers: Record<string, Billing> = {
  'Greek business': { type: 'INV', name: 'Εταιρεία Α.Ε.', vatNumber: 'EL094019245', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' },
  'EU business': { type: 'INV', name: 'Beispiel GmbH', vatNumber: 'DE123456789', address: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE', vatWaived: true },
  'business outside the EU': { type: 'INV', name: 'Example Inc.', vatNumber: '12-3456789', address: '1 Market St', city: 'San Francisco', postcode: '94105', country: 'US' },
  'Greek consumer': { type: 'REC', name: 'Άννα Κ', country: 'GR' },
  'EU consumer': { type: 'REC', name: 'Anna K', country: 'DE' },
  'consumer outside the EU': { type: 'REC', name: 'Ann K', country: 'US' },
};
const rateFor = (b: Billing) => (b.country === 'GR' ? 2400 : b.country === 'DE' && b.type === 'REC' ? 1900 : 0);

function sourceFor(kind: 'receipt' | 'invoice', billing: Billing): MydataSource {
  const rate = rateFor(billing);
  const vat = Math.round((1000 * rate) / 10000);
  return { kind, series: kind === 'receipt' ? 'REC' : 'INV', number: 1, createdAt: new Date('2026-03-10T10:00:00Z'), billing, lines: [{ netCents: 1000, vatRateBp: rate, vatCents: vat }], netCents: 1000, vatCents: vat, totalCents: 1000 + vat, payments: [{ method: 'card', amountCents: 1000 + vat }] };
}

function creditOf(original: MydataSource): MydataSource {
  return { ...original, kind: 'credit', series: 'CRD', lines: [], original: { kind: original.kind as 'receipt' | 'invoice', mark: '400000000000001', billing: original.billing, lines: original.lines } };
}

const cases = Object.entries(buyers).flatMap(([who, billing]) => {
  const kind = billing.type === 'REC' ? ('receipt' as const) : ('invoice' as const);
  const doc = sourceFor(kind, billing);
  return [
    { name: `${kind} to a ${who}`, source: doc },
    { name: `credit note of a ${kind} to a ${who}`, source: creditOf(doc) },
  ];
});

describe("AADE's table of income classification combinations", () => {
  it('covers every invoice type we issue, and refuses what it does not list', () => {
    for (const type of MYDATA_INVOICE_TYPES) expect(ALLOWED_SERVICE_INCOME[type]?.length, type).toBeGreaterThan(0);
    expect(incomeCombinationAllowed('2.1', 'category1_3', E3.retail)).toBe(false);
    expect(incomeCombinationAllowed('2.3', 'category1_3', E3.intraCommunity)).toBe(false);
    expect(incomeCombinationAllowed('11.2', 'category1_3', E3.wholesale)).toBe(false);
    expect(incomeCombinationAllowed('11.2', 'category1_1', E3.retail)).toBe(false);
    expect(incomeCombinationAllowed('11.2', 'category1_3', E3.thirdCountries)).toBe(true);
  });

  it('has a case for every buyer, as a document and as its credit note', () => {
    expect(cases).toHaveLength(Object.keys(buyers).length * 2);
  });

  for (const c of cases) {
    it(`${c.name}: every line and the summary use an allowed combination`, () => {
      const r = mydataInvoice(c.source, seller);
      if (!r.ok) throw new Error(r.problem);
      const type = r.invoice.header.invoiceType;
      // Every line and the summary carry an income classification: a document sent with none (an
      // empty list) would check nothing below and still be wrong at AADE.
      expect(r.invoice.details.length).toBeGreaterThan(0);
      expect(r.invoice.details.every((d) => d.income !== undefined)).toBe(true);
      expect(r.invoice.summary.income.length).toBeGreaterThan(0);
      const used = [...r.invoice.details.map((d) => d.income), ...r.invoice.summary.income];
      const refused = used.filter((i) => !incomeCombinationAllowed(type, i.category, i.type)).map((i) => `${type} ${i.category} ${i.type}`);
      expect(refused).toEqual([]);
    });
  }

  it('a receipt to a consumer in another member state is an intra-community sale, outside the EU a third-country sale (and so are their credit notes)', () => {
    const income = (s: MydataSource) => {
      const r = mydataInvoice(s, seller);
      if (!r.ok) throw new Error(r.problem);
      return [r.invoice.header.invoiceType, r.invoice.details[0]!.income.type];
    };
    expect(income(sourceFor('receipt', buyers['Greek consumer']!))).toEqual(['11.2', E3.retail]);
    expect(income(sourceFor('receipt', buyers['EU consumer']!))).toEqual(['11.2', E3.intraCommunity]);
    expect(income(sourceFor('receipt', buyers['consumer outside the EU']!))).toEqual(['11.2', E3.thirdCountries]);
    expect(income(creditOf(sourceFor('receipt', buyers['EU consumer']!)))).toEqual(['11.4', E3.intraCommunity]);
    expect(income(creditOf(sourceFor('receipt', buyers['consumer outside the EU']!)))).toEqual(['11.4', E3.thirdCountries]);
  });
});
