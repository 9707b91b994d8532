import { describe, expect, it } from 'vitest';
import { euInvoice, ossReceipt, receipt, SELLER_VAT } from './fixtures';
import { aadeUid, markOfDuplicate, uidOfDuplicate } from './port';
import { checkInvoice } from './rules';

const codes = (inv: Parameters<typeof checkInvoice>[0]) => checkInvoice(inv, SELLER_VAT, '2026-03-10').map((e) => e.code);

describe("AADE's rules as the sandbox applies them", () => {
  it('accepts what the mapping makes', () => {
    expect(codes(receipt())).toEqual([]);
    expect(codes(euInvoice())).toEqual([]);
  });
  it("refuses another issuer, a bad ΑΦΜ, a future date", () => {
    expect(codes({ ...receipt(), issuer: { vatNumber: '094019245', country: 'GR', branch: 0 } })).toEqual(['105']);
    expect(codes({ ...receipt(), issuer: { vatNumber: '123456789', country: 'GR', branch: 0 } })).toEqual(['105', '202']);
    expect(codes(receipt({ issueDate: '2026-03-11' }))).toEqual(['260']);
  });
  it('needs a counterpart on B2B types and refuses one on retail; a Greek one has no name', () => {
    expect(codes({ ...euInvoice(), counterpart: null })).toEqual(['204']);
    expect(codes({ ...receipt(), counterpart: { vatNumber: '094019245', country: 'GR', branch: 0 } })).toEqual(['205']);
    const greek = { ...euInvoice(), header: { ...euInvoice().header, invoiceType: '2.1' as const } };
    expect(codes({ ...greek, counterpart: { vatNumber: '094019245', country: 'GR', branch: 0, name: 'Α.Ε.' } })).toEqual(['220']);
    expect(codes({ ...greek, counterpart: { vatNumber: '094019246', country: 'GR', branch: 0 } })).toEqual(['202']);
    expect(codes(greek)).toEqual(['242']);
    expect(codes({ ...euInvoice(), counterpart: { ...euInvoice().counterpart!, country: 'US' } })).toEqual(['243']);
  });
  it('wants the summary to be the sum of the lines, and category 7 exactly with an exemption', () => {
    const r = receipt();
    expect(codes({ ...r, summary: { ...r.summary, totalNetCents: 999, totalGrossCents: 1239 } })).toEqual(['207', '208', '226']);
    expect(codes({ ...r, summary: { ...r.summary, totalVatCents: 241 } })).toEqual(['209', '203']);
    expect(codes({ ...r, details: [{ ...r.details[0]!, vatExemptionCategory: 4 }] })).toEqual(['271']);
    const e = euInvoice();
    expect(codes({ ...e, details: [{ ...e.details[0]!, vatExemptionCategory: null }] })).toEqual(['217']);
  });
  it('counts other taxes (an OSS line’s foreign VAT) in the gross, as AADE does', () => {
    expect(codes(ossReceipt())).toEqual([]);
    const o = ossReceipt();
    // Lines' other taxes that the summary does not carry, or a gross without them, are refused.
    expect(codes({ ...o, summary: { ...o.summary, totalOtherTaxesCents: 0 } })).toEqual(['203']);
    expect(codes({ ...o, summary: { ...o.summary, totalGrossCents: 1000 }, paymentMethods: [{ type: 7, amountCents: 1000 }] })).toEqual(['208', '203']);
  });
  it('a 5.1 must correlate something', () => {
    const e = euInvoice();
    expect(codes({ ...e, header: { ...e.header, invoiceType: '5.1' } })).toEqual(['204']);
  });
});

describe('uid and duplicates', () => {
  it('the uid is 40 upper-case hex, the same for the same document and different for another number', async () => {
    const a = await aadeUid(receipt());
    expect(a).toMatch(/^[0-9A-F]{40}$/);
    expect(await aadeUid(receipt())).toBe(a);
    expect(await aadeUid(receipt({ aa: '13' }))).not.toBe(a);
  });
  it("reads the MARK from AADE's duplicate refusal", () => {
    expect(markOfDuplicate([{ code: '228', message: 'The UID: E983749569A44D1417B39328DED86B6E84AF6B59 is invalid . It has already been sent for another invoice (MARK:400001966030681 , AUTHENTICATION_CODE:x)' }])).toBe('400001966030681');
    expect(markOfDuplicate([{ code: '228', message: 'The INVOICE TYPE: 11.5 is invalid' }])).toBeNull();
    expect(uidOfDuplicate([{ code: '228', message: 'The UID: e983749569a44d1417b39328ded86b6e84af6b59 is invalid . It has already been sent for another invoice (MARK:400001966030681)' }])).toBe('E983749569A44D1417B39328DED86B6E84AF6B59');
  });
});
