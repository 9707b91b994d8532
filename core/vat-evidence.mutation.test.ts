// The VAT evidence's edges that mutation testing found untested (issue #32 §6, decision 094): a sale
// VIES-confirmed as reverse charge whatever its profile type, and countries that arrive with spaces
// (a header or a processor's field). Evidence lost to a space reads as a conflict or as too little.
import { describe, expect, it } from 'vitest';
import { needsLocationEvidence, requestCountryFrom, vatEvidenceAtPlacing } from './vat-evidence';

describe('needsLocationEvidence', () => {
  it('is not needed for a reverse-charge sale, whatever type the profile says', () => {
    expect(needsLocationEvidence({ type: 'REC', country: 'DE', vatWaived: true })).toBe(false);
    expect(needsLocationEvidence({ type: 'REC', country: 'DE', vatWaived: false })).toBe(true);
  });
});

describe('countries with spaces', () => {
  it('keeps the request country of a header with spaces at placing', () => {
    const placed = vatEvidenceAtPlacing({ type: 'REC', country: 'GR', vatWaived: false }, ' gr ');
    expect(placed.evidence.requestCountry).toBe('GR');
    expect(placed.conflict).toBe(false);
  });

  it("reads Cloudflare's country and the header with spaces", () => {
    expect(requestCountryFrom({ country: ' gr ' }, null)).toBe('GR');
    expect(requestCountryFrom(null, ' de ')).toBe('DE');
    expect(requestCountryFrom({ country: 'US' }, ' de ', { cfIsReal: false })).toBe('DE');
  });
});
