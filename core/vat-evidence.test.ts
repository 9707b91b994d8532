import { describe, expect, it } from 'vitest';
import { knownCountry, requestCountryFrom, vatEvidenceAtPlacing, vatEvidenceVerdict, withCardCountry } from './vat-evidence';

const receipt = { type: 'REC', country: 'GR', vatWaived: false };
const greekInvoice = { type: 'INV', country: 'GR', vatWaived: false, vatNumber: '090000045' };
const reverseCharge = { type: 'INV', country: 'DE', vatWaived: true, vatNumber: '123456789' };

describe('VAT location evidence', () => {
  it('unknown countries prove nothing', () => {
    expect(knownCountry('XX')).toBeNull();
    expect(knownCountry('T1')).toBeNull();
    expect(knownCountry('')).toBeNull();
    expect(knownCountry(undefined)).toBeNull();
    expect(knownCountry('Greece')).toBeNull();
    expect(knownCountry(' de ')).toBe('DE');
  });

  it('a receipt billed to one country from a request in another is a conflict', () => {
    expect(vatEvidenceAtPlacing(receipt, 'DE')).toEqual({ evidence: { billingCountry: 'GR', requestCountry: 'DE', cardCountry: null }, conflict: true });
    expect(vatEvidenceVerdict(receipt, { billingCountry: 'GR', requestCountry: 'DE' })).toBe('conflict');
  });

  it('a receipt whose request country agrees is supported', () => {
    expect(vatEvidenceAtPlacing(receipt, 'GR').conflict).toBe(false);
    expect(vatEvidenceVerdict(receipt, { billingCountry: 'GR', requestCountry: 'gr' })).toBe('supported');
  });

  it('an unknown, Tor or missing request country is insufficient, not a conflict, and kept as it came', () => {
    for (const c of ['XX', 'T1', null, undefined, '']) expect(vatEvidenceAtPlacing(receipt, c).conflict).toBe(false);
    expect(vatEvidenceAtPlacing(receipt, 'T1').evidence.requestCountry).toBe('T1');
    expect(vatEvidenceAtPlacing(receipt, 'not a country').evidence.requestCountry).toBeNull();
    expect(vatEvidenceVerdict(receipt, { billingCountry: 'GR', requestCountry: 'XX' })).toBe('insufficient');
  });

  it('reverse charge and Greek invoices need no location evidence', () => {
    expect(vatEvidenceAtPlacing(reverseCharge, 'US').conflict).toBe(false);
    expect(vatEvidenceVerdict(reverseCharge, { billingCountry: 'DE', requestCountry: 'US' })).toBe('not_needed');
    expect(vatEvidenceAtPlacing(greekInvoice, 'FR').conflict).toBe(false);
    expect(vatEvidenceVerdict(greekInvoice, { billingCountry: 'GR', requestCountry: 'FR' })).toBe('not_needed');
  });

  it("the card's country settles a conflict when it agrees with the billing country, and makes one when it does not", () => {
    const placed = vatEvidenceAtPlacing(receipt, 'DE');
    expect(withCardCountry(receipt, placed.evidence, 'GR')).toEqual({ evidence: { billingCountry: 'GR', requestCountry: 'DE', cardCountry: 'GR' }, conflict: false, verdict: 'supported' });
    expect(withCardCountry(receipt, placed.evidence, 'DE').conflict).toBe(true);
    const unknownIp = vatEvidenceAtPlacing(receipt, 'XX');
    expect(withCardCountry(receipt, unknownIp.evidence, 'IT')).toMatchObject({ conflict: true, verdict: 'conflict' });
    expect(withCardCountry(receipt, unknownIp.evidence, 'XX')).toMatchObject({ conflict: false, verdict: 'insufficient' });
  });

  it("takes the request's country from Cloudflare's geolocation, then its header; not from miniflare's made-up cf", () => {
    expect(requestCountryFrom({ country: 'DE' }, 'IT')).toBe('DE');
    expect(requestCountryFrom(undefined, 'it')).toBe('IT');
    expect(requestCountryFrom({ country: 'US' }, 'IT', { cfIsReal: false })).toBe('IT');
    expect(requestCountryFrom({ country: 'US' }, null, { cfIsReal: false })).toBeNull();
    expect(requestCountryFrom({ country: 'T1' }, null)).toBe('T1');
    expect(requestCountryFrom({ country: 42 }, 'Greece')).toBeNull();
  });
});
