import { describe, expect, it } from 'vitest';
import { mydataInvoice, type Billing } from './mydata-mapping';
import { zeroVatBasis } from './vat-basis';

describe('the legal basis of a 0 % line', () => {
  it('names reverse charge for a business in another member state, outside the scope for one outside the EU, in Greek and English', () => {
    const eu = zeroVatBasis({ country: 'DE' });
    expect(eu.key).toBe('reverse_charge');
    expect(eu.el).toContain('άρθρο 196 της Οδηγίας 2006/112/ΕΚ');
    expect(eu.en).toContain('Article 196 of Directive 2006/112/EC');
    const us = zeroVatBasis({ country: 'us' });
    expect(us.key).toBe('outside_scope');
    expect(us.el).toContain('εκτός πεδίου εφαρμογής');
    expect(us.el).toContain('άρθρο 14 παρ. 2 του Κώδικα ΦΠΑ, ν. 5144/2024');
    expect(us.en).toContain('outside the scope of Greek VAT');
    expect(zeroVatBasis({ country: 'GR' }).key).toBe('other');
    expect(zeroVatBasis(null).key).toBe('other');
  });

  it("is the exemption category myDATA is told, for every buyer's country", () => {
    for (const country of ['GR', 'DE', 'FR', 'US', 'CH', 'GB']) {
      const billing: Billing = { type: 'INV', name: 'X Ltd', vatNumber: country === 'GR' ? '094019245' : '123456789', address: 'Street 1', city: 'City', postcode: '12345', country };
      const r = mydataInvoice({ kind: 'invoice', series: 'INV', number: 1, createdAt: new Date('2026-03-10T10:00:00Z'), billing, lines: [{ netCents: 1000, vatRateBp: 0, vatCents: 0 }], netCents: 1000, vatCents: 0, totalCents: 1000, payments: [] }, { vatNumber: '998877666' });
      if (!r.ok) throw new Error(r.problem);
      expect(r.invoice.details[0]).toMatchObject({ vatCategory: 7, vatExemptionCategory: zeroVatBasis(billing).exemptionCategory });
    }
  });
});
