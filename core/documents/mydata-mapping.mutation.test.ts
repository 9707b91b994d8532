// The myDATA mapping's edges that mutation testing found untested (issue #32 §6, decision 094): a
// document without billing details, details typed with spaces, a buyer's address without its city,
// payments of one kind, a shortfall, a credit note's rate taken from its original, and documents of
// free lines only. What AADE records is the tax return's input: a wrong category or sum is a wrong return.
import { describe, expect, it } from 'vitest';
import { counterpartOf, invoiceTypeOf, mydataInvoice, paymentMethodsOf, PAYMENT_METHOD, vatOfLine, type MydataSource } from './mydata-mapping';

const seller = { vatNumber: '998877666' };
const consumer = { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', vatWaived: false };
const greekBusiness = { type: 'INV', name: 'Εταιρεία Α.Ε.', vatNumber: 'EL094019245', taxOffice: 'ΦΑΕ ΑΘΗΝΩΝ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', vatWaived: false };

function source(over: Partial<MydataSource>): MydataSource {
  return {
    kind: 'receipt',
    series: 'REC',
    number: 7,
    createdAt: new Date('2026-03-10T10:00:00Z'),
    billing: consumer,
    lines: [{ netCents: 1000, vatRateBp: 2400, vatCents: 240 }],
    netCents: 1000,
    vatCents: 240,
    totalCents: 1240,
    payments: [{ method: 'card', amountCents: 1240 }],
    ...over,
  };
}

function mapped(s: MydataSource) {
  const r = mydataInvoice(s, seller);
  if (!r.ok) throw new Error(r.problem);
  return r.invoice;
}

describe('the buyer country', () => {
  it('is Greece when the document froze no billing details', () => {
    expect(invoiceTypeOf('invoice', null)).toBe('2.1');
    expect(counterpartOf('2.1', null)).toBe('incomplete');
  });

  it('is read without spaces or case', () => {
    expect(invoiceTypeOf('invoice', { country: ' de ' })).toBe('2.2');
    expect(invoiceTypeOf('invoice', { country: ' us ' })).toBe('2.3');
  });
});

describe('vatOfLine', () => {
  it('sends no other taxes for an OSS line whose VAT rounded to nothing', () => {
    expect(vatOfLine({ netCents: 2, vatRateBp: 1900, vatCents: 0 }, { ...consumer, country: 'DE' })).toEqual({ vatCategory: 7, vatCents: 0, vatExemptionCategory: 30 });
  });
});

describe('counterpartOf', () => {
  it('sends a Greek business address only with both its postcode and its city', () => {
    expect(counterpartOf('2.1', { ...greekBusiness, city: '' })).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0 });
    expect(counterpartOf('2.1', { ...greekBusiness, postcode: ' ' })).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0 });
  });

  it('sends the street trimmed, and none when it is only spaces', () => {
    expect(counterpartOf('2.1', { ...greekBusiness, address: '  Οδός 1  ' })).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0, address: { street: 'Οδός 1', postalCode: '10431', city: 'Αθήνα' } });
    expect(counterpartOf('2.1', { ...greekBusiness, address: '   ' })).toEqual({ vatNumber: '094019245', country: 'GR', branch: 0, address: { postalCode: '10431', city: 'Αθήνα' } });
  });
});

describe('paymentMethodsOf', () => {
  it('sends two payments of one kind as one method with their sum', () => {
    expect(paymentMethodsOf([{ method: 'card', amountCents: 1000 }, { method: 'bank_transfer', amountCents: 100 }, { method: 'card', amountCents: 140 }], 1240)).toEqual([
      { type: PAYMENT_METHOD.pos, amountCents: 1140 },
      { type: PAYMENT_METHOD.domesticBankAccount, amountCents: 100 },
    ]);
  });

  it('adds a shortfall to the last method paid, so the methods add up to the gross', () => {
    expect(paymentMethodsOf([{ method: 'bank_transfer', amountCents: 500 }, { method: 'card', amountCents: 1000 }], 1700)).toEqual([
      { type: PAYMENT_METHOD.domesticBankAccount, amountCents: 500 },
      { type: PAYMENT_METHOD.pos, amountCents: 1200 },
    ]);
  });
});

describe('a credit note', () => {
  const original = { kind: 'receipt' as const, mark: '400001', billing: consumer, lines: [{ netCents: 0, vatRateBp: 0, vatCents: 0 }, { netCents: 1000, vatRateBp: 1300, vatCents: 130 }] };
  const note = (over: Partial<MydataSource>) => source({ kind: 'credit', series: 'CN', original, ...over });

  it('keeps its own lines when it has them', () => {
    const lines = [{ netCents: 500, vatRateBp: 2400, vatCents: 120 }, { netCents: 300, vatRateBp: 2400, vatCents: 72 }];
    expect(mapped(note({ lines, vatCents: 192, totalCents: 992, payments: [] })).details.map((l) => l.netCents)).toEqual([500, 300]);
  });

  it('without lines, takes the rate of the first charged line of its original', () => {
    const inv = mapped(note({ lines: [], vatCents: 130, totalCents: 1130, payments: [] }));
    expect(inv.details).toHaveLength(1);
    expect(inv.details[0]).toMatchObject({ netCents: 1000, vatCategory: 2, vatCents: 130 });
  });

  it('without lines and an original of free lines only, is at 24 % when it carries VAT and without VAT otherwise', () => {
    const free = { ...original, lines: [{ netCents: 0, vatRateBp: 1300, vatCents: 0 }] };
    expect(mapped(note({ original: free, lines: [], vatCents: 240, totalCents: 1240, payments: [] })).details[0]).toMatchObject({ vatCategory: 1, vatCents: 240 });
    expect(mapped(note({ original: free, lines: [], vatCents: 0, totalCents: 1000, payments: [] })).details[0]).toMatchObject({ vatCategory: 7, vatCents: 0 });
  });
});

describe('a document of free lines only', () => {
  it('sends exactly one line', () => {
    const free = [{ netCents: 0, vatRateBp: 2400, vatCents: 0 }, { netCents: 0, vatRateBp: 2400, vatCents: 0 }];
    expect(mapped(source({ lines: free, netCents: 0, vatCents: 0, totalCents: 0, payments: [] })).details).toHaveLength(1);
  });
});
