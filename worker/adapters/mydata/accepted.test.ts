// Property: whatever order we issue a document for, the mapping (core/documents/mydata-mapping.ts)
// produces an invoice the sandbox's copy of AADE's rules accepts (sums, categories, counterpart per
// type), and its summary and payments equal the document's lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentLines } from '../../../core/documents/lines';
import { mydataInvoice, type Billing, type MydataSource } from '../../../core/documents/mydata-mapping';
import { SELLER_VAT } from './fixtures';
import { checkInvoice } from './rules';

const BUYERS: { billing: Billing; kind: 'receipt' | 'invoice'; rates: number[] }[] = [
  { kind: 'receipt', billing: { type: 'REC', name: 'Άννα', country: 'GR' }, rates: [2400, 1300, 600, 1700, 900, 400] },
  { kind: 'invoice', billing: { type: 'INV', name: 'Α.Ε.', vatNumber: 'EL094019245', postcode: '10431', city: 'Αθήνα', address: 'Οδός 1', country: 'GR' }, rates: [2400, 1700] },
  { kind: 'invoice', billing: { type: 'INV', name: 'GmbH', vatNumber: 'DE123456789', postcode: '10115', city: 'Berlin', address: 'Str. 1', country: 'DE', vatWaived: true }, rates: [0] },
  { kind: 'invoice', billing: { type: 'INV', name: 'Inc.', vatNumber: '12-3456789', postcode: '10001', city: 'New York', address: '5th Ave', country: 'US' }, rates: [0, 2400] },
  { kind: 'receipt', billing: { type: 'REC', name: 'Hans', country: 'DE' }, rates: [1900, 0] },
];

describe('every document we issue is one AADE accepts', () => {
  it('holds for random orders, buyers, coupons and payment splits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUYERS),
        fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        fc.constantFrom('card', 'bank_transfer', 'credit') as fc.Arbitrary<'card' | 'bank_transfer' | 'credit'>,
        fc.integer({ min: 0, max: 100 }),
        (buyer, nets, discountPct, rateIndex, method, creditPct) => {
          const vatRateBp = buyer.rates[rateIndex % buyer.rates.length]!;
          const sub = nets.reduce((a, b) => a + b, 0);
          const discountCents = Math.floor((sub * discountPct) / 1000);
          const vatCents = Math.round(((sub - discountCents) * vatRateBp) / 10_000);
          const lines = documentLines(nets.map((n, i) => ({ description: `L${i}`, sku: null, netCents: n })), { discountCents, vatCents, vatRateBp });
          const total = sub - discountCents + vatCents;
          const credit = Math.floor((total * creditPct) / 100);
          const source: MydataSource = {
            kind: buyer.kind,
            series: buyer.kind === 'invoice' ? 'INV' : 'REC',
            number: 1,
            createdAt: new Date('2026-03-10T10:00:00Z'),
            billing: buyer.billing,
            lines,
            netCents: sub - discountCents,
            vatCents,
            totalCents: total,
            payments: [{ method: 'credit', amountCents: credit }, { method, amountCents: total - credit }],
          };
          const r = mydataInvoice(source, { vatNumber: SELLER_VAT });
          if (!r.ok) throw new Error(r.problem);
          expect(checkInvoice(r.invoice, SELLER_VAT, '2026-03-10')).toEqual([]);
          const s = r.invoice.summary;
          expect(s.totalNetCents).toBe(sub - discountCents);
          // Greek VAT is sent as charged; another state's VAT (OSS) is not Greek VAT.
          expect(s.totalVatCents).toBe(buyer.billing.country === 'DE' ? 0 : vatCents);
          if (s.totalGrossCents > 0) expect(r.invoice.paymentMethods.reduce((a, p) => a + p.amountCents, 0)).toBe(s.totalGrossCents);
        },
      ),
      { numRuns: 300 },
    );
  });
});
