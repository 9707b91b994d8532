import { describe, expect, it } from 'vitest';
import { applyVat, displayCents, fillVatDisclaimer, isValidVatCookie, percentFromRate, quoteFromRate, resolveVatDisplay, vatAmount } from './vat';

const countries = [
  { iso2: 'GR', vatRateBp: 2400 },
  { iso2: 'DE', vatRateBp: 1900 },
  { iso2: 'LU', vatRateBp: 1700 },
  { iso2: 'OTHER', vatRateBp: 0 },
];

describe('applyVat', () => {
  it('multiplies by the country multiplier and rounds to the cent', () => {
    expect(applyVat(1000, 2400)).toBe(1240);
    expect(applyVat(999, 2400)).toBe(1239); // 1238.76
    expect(applyVat(1000, 1900)).toBe(1190);
    expect(applyVat(1, 2400)).toBe(1);
    expect(vatAmount(1000, 2400)).toBe(240);
  });
  it('shows the multiplier and percentage as the spec writes them', () => {
    expect(quoteFromRate(2400)).toBe('1.24');
    expect(quoteFromRate(1700)).toBe('1.17');
    expect(percentFromRate(2400)).toBe('24');
    expect(percentFromRate(810)).toBe('8,1');
    expect(percentFromRate(810, 'en')).toBe('8.1');
    // A rate that is not a whole percentage shows one decimal, never more.
    expect(percentFromRate(855, 'en')).toBe('8.6');
  });
  it('fills the disclaimer', () => {
    expect(fillVatDisclaimer('Οι τιμές περιλαμβάνουν ΦΠΑ ##VAT##%', 2400)).toBe('Οι τιμές περιλαμβάνουν ΦΠΑ 24%');
    // Greek decimals by default, English ones when asked.
    expect(fillVatDisclaimer('ΦΠΑ ##VAT##%', 810)).toBe('ΦΠΑ 8,1%');
    expect(fillVatDisclaimer('VAT ##VAT##%', 810, 'en')).toBe('VAT 8.1%');
  });
});

describe('resolveVatDisplay', () => {
  it('defaults consumers to GR with VAT shown', () => {
    expect(resolveVatDisplay({}, countries)).toMatchObject({ show: true, country: 'GR', rateBp: 2400, quote: '1.24' });
  });
  it('follows the stored choice', () => {
    expect(resolveVatDisplay({ showVat: 'yes', countryVat: 'DE' }, countries)).toMatchObject({ show: true, country: 'DE', rateBp: 1900 });
    expect(resolveVatDisplay({ showVat: 'no', countryVat: 'DE' }, countries)).toMatchObject({ show: false, country: 'DE' });
  });
  it('falls back to GR with VAT hidden for a country not in the list', () => {
    expect(resolveVatDisplay({ showVat: 'yes', countryVat: 'ZZ' }, countries)).toMatchObject({ show: false, country: 'GR' });
  });
  it('falls back to GR at 24 % even when the country list lacks GR', () => {
    expect(resolveVatDisplay({ countryVat: 'ZZ' }, [{ iso2: 'DE', vatRateBp: 1900 }])).toEqual({ show: false, country: 'GR', rateBp: 2400, quote: '1.24', forcedOff: false });
  });
  it('never adds VAT for OTHER', () => {
    expect(resolveVatDisplay({ showVat: 'yes', countryVat: 'OTHER' }, countries)).toMatchObject({ show: false, country: 'OTHER' });
  });
  it('forces "without VAT" for a VAT-waived billing profile', () => {
    expect(resolveVatDisplay({ showVat: 'yes', countryVat: 'GR' }, countries, { vatWaived: true })).toMatchObject({ show: false, forcedOff: true });
  });
  it('feeds displayCents', () => {
    const d = resolveVatDisplay({ showVat: 'yes', countryVat: 'LU' }, countries);
    expect(displayCents(10000, d)).toBe(11700);
    expect(displayCents(10000, { ...d, show: false })).toBe(10000);
  });
});

describe('isValidVatCookie', () => {
  it('accepts only yes/no for showVat', () => {
    expect(isValidVatCookie('showVat', 'yes', countries)).toBe(true);
    expect(isValidVatCookie('showVat', 'no', countries)).toBe(true);
    expect(isValidVatCookie('showVat', 'maybe', countries)).toBe(false);
    expect(isValidVatCookie('showVat', 'GR', countries)).toBe(false);
  });
  it('accepts only a country of the list for countryVat', () => {
    expect(isValidVatCookie('countryVat', 'DE', countries)).toBe(true);
    expect(isValidVatCookie('countryVat', 'ZZ', countries)).toBe(false);
    expect(isValidVatCookie('countryVat', 'yes', countries)).toBe(false);
    expect(isValidVatCookie('countryVat', 'DE', [])).toBe(false);
  });
});
