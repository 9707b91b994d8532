// The one rounding rule (issue #20 §1, decision 050), end to end over the pure functions every screen
// and document goes through: the cart's lines as shown with VAT (displayCents), the cart and checkout
// totals (cartTotals), the legal document's lines (documentLines) and the myDATA invoice
// (mydataInvoice) must agree to the cent, for every VAT country we sell to and for reverse charge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart/pricing';
import { COUNTRIES } from './countries';
import { documentLines } from './documents/lines';
import { mydataInvoice, type Billing } from './documents/mydata-mapping';
import { orderVatRate } from './orders/fulfilment';
import { displayCents, linesWithVat } from './vat';

const SELLER = { vatNumber: '123456789' };

/** What the customer of this country and kind is charged, as the order service decides it. */
function rateFor(country: (typeof COUNTRIES)[number], reverseCharge: boolean) {
  return orderVatRate({ countryIso2: country.iso2, vatWaived: reverseCharge, countryRateBp: country.vatRateBp, eu: country.eu });
}

function billingFor(country: string, business: boolean, reverseCharge: boolean): Billing {
  return business
    ? { type: 'INV', name: 'Acme Ltd', vatNumber: country === 'GR' ? '094014201' : `${country}12345678`, address: 'Main 1', city: 'City', postcode: '12345', country, vatWaived: reverseCharge }
    : { type: 'REC', name: 'Μαρία Π.', address: 'Οδός 1', city: 'Πόλη', postcode: '10563', country, vatWaived: false };
}

/** Everything one cart becomes, by the functions the pages and services call. */
function pipeline(nets: number[], rateBp: number, waived: boolean, discountCents: number, billing: Billing) {
  const totals = cartTotals(nets, rateBp, waived, discountCents);
  const shownLines = nets.map((n) => displayCents(n, { show: true, rateBp: totals.vatRateBp }));
  const doc = documentLines(
    nets.map((n, i) => ({ description: `line ${i}`, sku: null, netCents: n })),
    { discountCents, vatCents: totals.vatCents, vatRateBp: totals.vatRateBp },
  );
  const docTotal = doc.reduce((a, l) => a + l.totalCents, 0);
  const mapped = mydataInvoice(
    {
      kind: billing.type === 'INV' ? 'invoice' : 'receipt',
      series: 'APY',
      number: 1,
      createdAt: new Date('2026-11-26T10:00:00Z'),
      billing,
      lines: doc.map((l) => ({ netCents: l.netCents, vatRateBp: l.vatRateBp, vatCents: l.vatCents })),
      netCents: totals.grandTotalCents - totals.vatCents,
      vatCents: totals.vatCents,
      totalCents: totals.grandTotalCents,
      payments: [{ method: 'card', amountCents: totals.grandTotalCents }],
    },
    SELLER,
  );
  return { totals, shownLines, doc, docTotal, mapped };
}

describe('one VAT rounding rule: per line', () => {
  it('the issue’s cart: 12,28 € + 3,71 € is 15,99 € in the cart, on the invoice and at AADE', () => {
    // Nets 9,90 € and 2,99 € at 24 %: 12,276 → 12,28 and 3,7076 → 3,71 (per line); the sum rounded
    // once would be 15,98 €, and shared back it would print the domain as 12,27 €.
    const { totals, shownLines, doc, docTotal, mapped } = pipeline([990, 299], 2400, false, 0, billingFor('GR', false, false));
    expect(shownLines).toEqual([1228, 371]);
    expect(totals).toMatchObject({ subTotalCents: 1289, vatCents: 310, grandTotalCents: 1599 });
    expect(doc.map((l) => [l.netCents, l.vatCents, l.totalCents])).toEqual([
      [990, 238, 1228],
      [299, 72, 371],
    ]);
    expect(docTotal).toBe(1599);
    expect(mapped.ok && mapped.invoice.summary).toMatchObject({ totalNetCents: 1289, totalVatCents: 310, totalGrossCents: 1599 });
    expect(mapped.ok && mapped.invoice.paymentMethods).toEqual([{ type: 7, amountCents: 1599 }]);
  });

  it('a coupon comes off the nets first, then VAT per discounted line', () => {
    const t = linesWithVat([1000, 500], 2400, 150);
    expect(t.lines.map((l) => [l.discountCents, l.netCents, l.vatCents, l.grossCents])).toEqual([
      [100, 900, 216, 1116],
      [50, 450, 108, 558],
    ]);
    expect(t).toMatchObject({ subTotalCents: 1500, discountCents: 150, netCents: 1350, vatCents: 324, grossCents: 1674 });
    // 0,5 of a cent rounds half up on each line: 2 × 0,5 → 2 cents, where the sum would give 1.
    expect(linesWithVat([1, 1], 5000).vatCents).toBe(2);
  });

  it('an order priced before the rule keeps the VAT it charged on its document', () => {
    const doc = documentLines(
      [990, 299].map((n) => ({ description: 'x', sku: null, netCents: n })),
      { discountCents: 0, vatCents: 309, vatRateBp: 2400 },
    );
    expect(doc.reduce((a, l) => a + l.vatCents, 0)).toBe(309);
    expect(doc.reduce((a, l) => a + l.totalCents, 0)).toBe(1598);
  });

  it('lines shown with VAT = cart total = document total = myDATA total = payment, every country and reverse charge (property)', () => {
    const cases = COUNTRIES.flatMap((c) => [
      { country: c, business: false, reverseCharge: false },
      { country: c, business: true, reverseCharge: c.eu && c.iso2 !== 'GR' },
    ]);
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 100 }),
        (c, nets, discountPct) => {
          const { rateBp, waived } = rateFor(c.country, c.reverseCharge);
          const sub = nets.reduce((a, b) => a + b, 0);
          const discountCents = Math.floor((sub * discountPct) / 100);
          const { totals, shownLines, doc, docTotal, mapped } = pipeline(nets, rateBp, waived, discountCents, billingFor(c.country.iso2, c.business, c.reverseCharge));
          // Without a coupon the lines as shown add up to what is paid.
          if (discountCents === 0) expect(shownLines.reduce((a, b) => a + b, 0)).toBe(totals.grandTotalCents);
          expect(totals.lineGrossCents.reduce((a, b) => a + b, 0)).toBe(totals.grandTotalCents);
          expect(totals.grandTotalCents).toBe(totals.subTotalCents - totals.discountCents + totals.vatCents);
          expect(docTotal).toBe(totals.grandTotalCents);
          expect(doc.map((l) => l.totalCents)).toEqual(totals.lineGrossCents);
          expect(mapped.ok).toBe(true);
          if (!mapped.ok) return;
          const inv = mapped.invoice;
          expect(inv.summary.totalGrossCents).toBe(totals.grandTotalCents);
          expect(inv.paymentMethods.reduce((a, p) => a + p.amountCents, 0)).toBe(totals.grandTotalCents);
        },
      ),
      { numRuns: 400 },
    );
  });
});
