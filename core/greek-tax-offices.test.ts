import { describe, expect, it } from 'vitest';
import { findTaxOffice, GREEK_TAX_OFFICES, taxOfficeKey, taxOfficesByRegion } from './greek-tax-offices';

describe('Greek tax offices', () => {
  it('has unique four-digit codes and unique names', () => {
    expect(GREEK_TAX_OFFICES.length).toBeGreaterThan(100);
    expect(GREEK_TAX_OFFICES.every((o) => /^\d{4}$/.test(o.code))).toBe(true);
    expect(new Set(GREEK_TAX_OFFICES.map((o) => o.code)).size).toBe(GREEK_TAX_OFFICES.length);
    expect(new Set(GREEK_TAX_OFFICES.map((o) => taxOfficeKey(o.name))).size).toBe(GREEK_TAX_OFFICES.length);
  });

  it('finds an office by its code or by its name however it is typed', () => {
    expect(findTaxOffice('1101')).toEqual({ code: '1101', name: 'Α΄ Αθηνών' });
    expect(findTaxOffice("Δ.Ο.Υ. Α' ΑΘΗΝΩΝ")?.code).toBe('1101');
    expect(findTaxOffice('α΄ αθηνων')?.code).toBe('1101');
    expect(findTaxOffice('ΚΕΦΟΔΕ ΑΤΤΙΚΗΣ')?.code).toBe('1190');
    expect(findTaxOffice('πτολεμαιδας')?.code).toBe('4531');
  });

  it('refuses what is not an office', () => {
    expect(findTaxOffice('')).toBeNull();
    expect(findTaxOffice(null)).toBeNull();
    expect(findTaxOffice('Αθήνα')).toBeNull();
    expect(findTaxOffice('9999')).toBeNull();
  });

  it('groups every office under one region', () => {
    const groups = taxOfficesByRegion();
    expect(groups.flatMap((g) => g.offices)).toHaveLength(GREEK_TAX_OFFICES.length);
    expect(groups.find((g) => g.region === 'Άλλες')).toBeUndefined();
    expect(groups.find((g) => g.region === 'Κρήτη')?.offices.map((o) => o.code).sort()).toEqual(['8110', '8221', '8341', '8431']);
  });
});
