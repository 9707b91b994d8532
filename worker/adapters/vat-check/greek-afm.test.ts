import { describe, expect, it } from 'vitest';
import { isValidAfm, normaliseVatNumber, viesCountryCode } from './greek-afm';

describe('isValidAfm', () => {
  // Worked by hand: 0·256+9·128+0+0+0+0+0+4·2 = 1160; 1160 mod 11 = 5; 5 mod 10 = 5 = ninth digit.
  it('accepts numbers whose check digit matches', () => {
    for (const afm of ['090000045', '123456783', '800187403', '998633844', '012345670', '100000003', '111111114']) expect(isValidAfm(afm), afm).toBe(true);
  });

  // 5·2 = 10; 10 mod 11 = 10; 10 mod 10 = 0: the remainder-10 case folds to check digit 0.
  it('folds a remainder of 10 to the check digit 0', () => {
    expect(isValidAfm('000000050')).toBe(true);
    expect(isValidAfm('000000051')).toBe(false);
  });

  it('refuses a wrong check digit, the wrong length, non-digits and all zeros', () => {
    for (const afm of ['090000046', '123456789', '997531330', '12345678', '1234567830', '12345678A', ' 12345678', '000000000']) expect(isValidAfm(afm), afm).toBe(false);
  });
});

describe('viesCountryCode', () => {
  it('maps Greece to EL and leaves other codes as they are, upper-cased', () => {
    expect(viesCountryCode('GR')).toBe('EL');
    expect(viesCountryCode('gr')).toBe('EL');
    expect(viesCountryCode('EL')).toBe('EL');
    expect(viesCountryCode('de')).toBe('DE');
  });
});

describe('normaliseVatNumber', () => {
  it('strips spaces, dots and dashes and upper-cases', () => {
    expect(normaliseVatNumber('DE', ' 123 456.789 ')).toBe('123456789');
    expect(normaliseVatNumber('NL', '8687-54289-b01')).toBe('868754289B01');
    expect(normaliseVatNumber('GR', '123\u00a0456\u2013783')).toBe('123456783');
  });

  it('strips the Greek prefix in any of its spellings', () => {
    expect(normaliseVatNumber('GR', 'EL123456783')).toBe('123456783');
    expect(normaliseVatNumber('GR', 'gr 123456783')).toBe('123456783');
    expect(normaliseVatNumber('GR', 'ΕΛ 123 456 783')).toBe('123456783');
    expect(normaliseVatNumber('GR', 'ελ123456783')).toBe('123456783');
    expect(normaliseVatNumber('EL', 'EL-123.456.783')).toBe('123456783');
  });

  it("strips only the country's own prefix", () => {
    expect(normaliseVatNumber('DE', 'DE 123456789')).toBe('123456789');
    expect(normaliseVatNumber('AT', 'atu12345678')).toBe('U12345678');
    expect(normaliseVatNumber('ES', 'ESB12345678')).toBe('B12345678');
    expect(normaliseVatNumber('CY', 'CY10123456X')).toBe('10123456X');
    // A DE prefix on an Austrian number is not Austria's to remove: VIES will say it is invalid.
    expect(normaliseVatNumber('AT', 'DE123456789')).toBe('DE123456789');
  });
});
