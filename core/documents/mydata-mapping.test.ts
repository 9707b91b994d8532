import { describe, expect, it } from 'vitest';
import { aadeAmount, aadeVatNumber, athensIssueDate, mydataInvoice, paymentMethodsOf, type MydataSource } from './mydata-mapping';

const seller = { vatNumber: '998877666' };
const greekBusiness = { type: 'INV', name: 'Εταιρεία Α.Ε.', vatNumber: 'EL094019245', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', vatWaived: false };
const germanBusiness = { type: 'INV', name: 'Beispiel GmbH', vatNumber: 'DE123456789', address: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE', vatWaived: true };
const consumer = { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', vatWaived: false };

function source(over: Partial<MydataSource>): MydataSource {
  return {
    kind: 'receipt',
    series: 'REC',
    number: 7,
    createdAt: new Date('2026-03-10T10:00:00Z'),
    billing: consumer,
    lines: [
      { netCents: 1000, vatRateBp: 2400, vatCents: 240 },
      { netCents: 1999, vatRateBp: 2400, vatCents: 480 },
    ],
    netCents: 2999,
    vatCents: 720,
    totalCents: 3719,
    payments: [{ method: 'card', amountCents: 3719 }],
    ...over,
  };
}

function mapped(s: MydataSource) {
  const r = mydataInvoice(s, seller);
  if (!r.ok) throw new Error(r.problem);
  return r.invoice;
}

describe('amounts and dates', () => {
  it('writes cents as euros with two decimals', () => {
    expect(aadeAmount(0)).toBe('0.00');
    expect(aadeAmount(5)).toBe('0.05');
    expect(aadeAmount(123456)).toBe('1234.56');
    expect(aadeAmount(-30)).toBe('-0.30');
  });
  it('takes the issue date in Athens, not UTC', () => {
    // 23:30 UTC on 9 March is 01:30 on 10 March in Athens (UTC+2).
    expect(athensIssueDate(new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-10');
    // Summer time (UTC+3): 21:30 UTC on 30 June is 00:30 on 1 July.
    expect(athensIssueDate(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
    expect(athensIssueDate(new Date('2026-06-30T20:30:00Z'))).toBe('2026-06-30');
  });
  it('strips the country prefix of VAT numbers', () => {
    expect(aadeVatNumber('GR', 'EL 094.019.245')).toBe('094019245');
    expect(aadeVatNumber('GR', 'ΕΛ094019245')).toBe('094019245');
    expect(aadeVatNumber('DE', 'de123456789')).toBe('123456789');
  });
});

describe('a retail receipt for services', () => {
  it('is 11.2 without counterpart, VAT 24% category 1, E3_561_003 services, paid by POS', () => {
    const inv = mapped(source({}));
    expect(inv.header).toEqual({ series: 'REC', aa: '7', issueDate: '2026-03-10', invoiceType: '11.2', currency: 'EUR', correlatedInvoices: [] });
    expect(inv.counterpart).toBeNull();
    expect(inv.issuer).toEqual({ vatNumber: '998877666', country: 'GR', branch: 0 });
    expect(inv.details.map((d) => [d.lineNumber, d.netCents, d.vatCategory, d.vatCents, d.vatExemptionCategory, d.income.type, d.income.category])).toEqual([
      [1, 1000, 1, 240, null, 'E3_561_003', 'category1_3'],
      [2, 1999, 1, 480, null, 'E3_561_003', 'category1_3'],
    ]);
    expect(inv.summary).toEqual({ totalNetCents: 2999, totalVatCents: 720, totalGrossCents: 3719, income: [{ type: 'E3_561_003', category: 'category1_3', amountCents: 2999 }] });
    expect(inv.paymentMethods).toEqual([{ type: 7, amountCents: 3719 }]);
  });
  it('maps each Greek rate to its category and refuses a rate Greece does not have', () => {
    for (const [rate, cat] of [[2400, 1], [1300, 2], [600, 3], [1700, 4], [900, 5], [400, 6]] as const) {
      expect(mapped(source({ lines: [{ netCents: 100, vatRateBp: rate, vatCents: rate / 100 }] })).details[0]!.vatCategory).toBe(cat);
    }
    expect(mydataInvoice(source({ lines: [{ netCents: 100, vatRateBp: 2300, vatCents: 23 }] }), seller)).toEqual({ ok: false, problem: 'unknown_vat_rate' });
  });
  it('sends a consumer in another member state (OSS) as VAT category 7, exemption 30, the foreign VAT as other taxes; gross = what was paid (decision 050)', () => {
    const inv = mapped(source({ billing: { ...consumer, country: 'DE' }, lines: [{ netCents: 1000, vatRateBp: 1900, vatCents: 190 }, { netCents: 299, vatRateBp: 1900, vatCents: 57 }], payments: [{ method: 'card', amountCents: 1546 }] }));
    expect(inv.header.invoiceType).toBe('11.2');
    expect(inv.details[0]).toMatchObject({ netCents: 1000, vatCategory: 7, vatCents: 0, vatExemptionCategory: 30, otherTaxes: { category: 17, amountCents: 190 } });
    expect(inv.details[1]).toMatchObject({ netCents: 299, vatCents: 0, otherTaxes: { category: 17, amountCents: 57 } });
    // Greek VAT 0; the German VAT the customer paid is in the gross, which is the receipt's total and the card amount.
    expect(inv.summary).toMatchObject({ totalNetCents: 1299, totalVatCents: 0, totalOtherTaxesCents: 247, totalGrossCents: 1546 });
    expect(inv.paymentMethods).toEqual([{ type: 7, amountCents: 1546 }]);
    // The income is the net only: the foreign VAT is not ours.
    expect(inv.summary.income.reduce((a, i) => a + i.amountCents, 0)).toBe(1299);
  });
  it('sends no other taxes where none was charged (Greek VAT, reverse charge, outside the EU)', () => {
    const gr = mapped(source({}));
    expect(gr.details.every((d) => d.otherTaxes === undefined)).toBe(true);
    expect(gr.summary.totalOtherTaxesCents ?? 0).toBe(0);
    const zero = mapped(source({ billing: { ...consumer, country: 'US' }, lines: [{ netCents: 1000, vatRateBp: 0, vatCents: 0 }], payments: [{ method: 'card', amountCents: 1000 }] }));
    expect(zero.details[0]).toMatchObject({ vatCategory: 7, vatExemptionCategory: 4 });
    expect(zero.details[0]!.otherTaxes).toBeUndefined();
    expect(zero.summary.totalGrossCents).toBe(1000);
  });
  it('leaves out a free line but keeps one line when all are free', () => {
    expect(mapped(source({ lines: [{ netCents: 1000, vatRateBp: 2400, vatCents: 240 }, { netCents: 0, vatRateBp: 2400, vatCents: 0 }] })).details).toHaveLength(1);
    expect(mapped(source({ lines: [{ netCents: 0, vatRateBp: 2400, vatCents: 0 }], payments: [] })).details).toHaveLength(1);
  });
});

describe('invoices', () => {
  it('a Greek business: 2.1, counterpart by ΑΦΜ without its name, E3_561_001', () => {
    const inv = mapped(source({ kind: 'invoice', series: 'INV', billing: greekBusiness, payments: [{ method: 'bank_transfer', amountCents: 3719 }] }));
    expect(inv.header.invoiceType).toBe('2.1');
    expect(inv.counterpart).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0, address: { street: 'Οδός 1', postalCode: '10431', city: 'Αθήνα' } });
    expect(inv.details[0]!.income.type).toBe('E3_561_001');
    expect(inv.paymentMethods).toEqual([{ type: 1, amountCents: 3719 }]);
  });
  it('an EU business with reverse charge: 2.2, VAT category 7, exemption 4 (article 14), name and address', () => {
    const inv = mapped(source({ kind: 'invoice', series: 'INV', billing: germanBusiness, lines: [{ netCents: 2000, vatRateBp: 0, vatCents: 0 }], payments: [{ method: 'card', amountCents: 2000 }] }));
    expect(inv.header.invoiceType).toBe('2.2');
    expect(inv.details[0]).toMatchObject({ vatCategory: 7, vatCents: 0, vatExemptionCategory: 4, income: { type: 'E3_561_005' } });
    expect(inv.counterpart).toEqual({ vatNumber: '123456789', country: 'DE', branch: 0, name: 'Beispiel GmbH', address: { street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' } });
  });
  it('a business outside the EU: 2.3 with E3_561_006', () => {
    const inv = mapped(source({ kind: 'invoice', series: 'INV', billing: { ...germanBusiness, country: 'US', vatNumber: '12-3456789' }, lines: [{ netCents: 2000, vatRateBp: 0, vatCents: 0 }] }));
    expect(inv.header.invoiceType).toBe('2.3');
    expect(inv.details[0]).toMatchObject({ vatCategory: 7, vatExemptionCategory: 4, income: { type: 'E3_561_006' } });
  });
  it('a business without ΑΦΜ, or a foreign one without address, cannot be sent', () => {
    expect(mydataInvoice(source({ kind: 'invoice', billing: { ...greekBusiness, vatNumber: null } }), seller)).toEqual({ ok: false, problem: 'counterpart_incomplete' });
    expect(mydataInvoice(source({ kind: 'invoice', billing: { ...germanBusiness, city: '' }, lines: [{ netCents: 1, vatRateBp: 0, vatCents: 0 }] }), seller)).toEqual({ ok: false, problem: 'counterpart_incomplete' });
  });
});

describe('credit notes', () => {
  const credit = (original: MydataSource['original'], lines: MydataSource['lines'] = []) =>
    source({ kind: 'credit', series: 'CRD', number: 3, billing: null, lines, netCents: 1000, vatCents: 240, totalCents: 1240, payments: [{ method: 'credit', amountCents: 1240 }], original });

  it('of an invoice: 5.1 correlating the original MARK, with its counterpart and type of income', () => {
    const inv = mapped(credit({ kind: 'invoice', mark: '400001234567890', billing: greekBusiness, lines: [{ netCents: 5000, vatRateBp: 2400, vatCents: 1200 }] }));
    expect(inv.header).toMatchObject({ invoiceType: '5.1', correlatedInvoices: ['400001234567890'] });
    expect(inv.counterpart?.vatNumber).toBe('094019245');
    expect(inv.details).toEqual([{ lineNumber: 1, netCents: 1000, vatCategory: 1, vatCents: 240, vatExemptionCategory: null, income: { type: 'E3_561_001', category: 'category1_3', amountCents: 1000 } }]);
    expect(inv.paymentMethods).toEqual([{ type: 5, amountCents: 1240 }]);
  });
  it('of a receipt: 11.4 without counterpart', () => {
    const inv = mapped(credit({ kind: 'receipt', mark: '400001234567891', billing: consumer, lines: [] }));
    expect(inv.header.invoiceType).toBe('11.4');
    expect(inv.counterpart).toBeNull();
  });
  it('of an OSS receipt: 11.4 whose gross is the money given back, the foreign VAT as other taxes', () => {
    // A refund of a French receipt: its line at 20 %, 2,00 € of French VAT given back with 10,00 €.
    const inv = mapped(
      source({
        kind: 'credit', series: 'CRD', number: 4, billing: null, lines: [{ netCents: 1000, vatRateBp: 2000, vatCents: 200 }], netCents: 1000, vatCents: 200, totalCents: 1200,
        payments: [{ method: 'card', amountCents: 1200 }],
        original: { kind: 'receipt', mark: '400001234567892', billing: { ...consumer, country: 'FR' }, lines: [{ netCents: 1000, vatRateBp: 2000, vatCents: 200 }] },
      }),
    );
    expect(inv.header.invoiceType).toBe('11.4');
    expect(inv.details[0]).toMatchObject({ vatCategory: 7, vatCents: 0, vatExemptionCategory: 30, otherTaxes: { category: 17, amountCents: 200 } });
    expect(inv.summary).toMatchObject({ totalNetCents: 1000, totalVatCents: 0, totalOtherTaxesCents: 200, totalGrossCents: 1200 });
    expect(inv.paymentMethods).toEqual([{ type: 7, amountCents: 1200 }]);
  });
  it('waits for the original MARK, and a credit that corrects nothing is not sent', () => {
    expect(mydataInvoice(credit({ kind: 'invoice', mark: null, billing: greekBusiness, lines: [] }), seller)).toEqual({ ok: false, problem: 'original_not_sent' });
    expect(mydataInvoice(credit(null), seller)).toEqual({ ok: false, problem: 'not_transmittable' });
  });
});

describe('payment methods', () => {
  it('splits card and credit, and the amounts add up to the gross', () => {
    expect(paymentMethodsOf([{ method: 'credit', amountCents: 500 }, { method: 'card', amountCents: 700 }], 1200)).toEqual([{ type: 5, amountCents: 500 }, { type: 7, amountCents: 700 }]);
    expect(paymentMethodsOf([{ method: 'card', amountCents: 0 }], 300)).toEqual([{ type: 5, amountCents: 300 }]);
    expect(paymentMethodsOf([], 0)).toEqual([]);
  });
});
