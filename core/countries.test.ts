import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from './countries';

// Spec §9 "Prices, VAT and lengths", multipliers by country, verbatim.
const SPEC_MULTIPLIERS: Record<string, string[]> = {
  '1.17': ['LU'],
  '1.18': ['MT'],
  '1.19': ['CY', 'DE'],
  '1.20': ['AT', 'BG', 'EE', 'FR', 'RO', 'SK', 'GB'],
  '1.21': ['BE', 'CZ', 'LV', 'LT', 'NL', 'ES'],
  '1.22': ['IT', 'SI'],
  '1.23': ['IE', 'PL', 'PT'],
  '1.24': ['FI', 'GR'],
  '1.25': ['HR', 'DK', 'SE'],
  '1.27': ['HU'],
};

const EU_MEMBERS = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
];

describe('COUNTRIES', () => {
  it('uses the multiplier of the spec table for every listed country', () => {
    for (const [multiplier, isos] of Object.entries(SPEC_MULTIPLIERS)) {
      for (const iso of isos) {
        const c = findCountry(iso);
        expect(c, iso).toBeDefined();
        expect((1 + c!.vatRateBp / 10000).toFixed(2), iso).toBe(multiplier);
        expect(c!.vatRateBp, iso).toBe(Math.round((Number(multiplier) - 1) * 10000));
      }
    }
  });

  it('holds the 27 EU member states plus GB, CH, UA and OTHER', () => {
    const eu = COUNTRIES.filter((c) => c.eu).map((c) => c.iso2);
    expect(eu).toHaveLength(27);
    expect([...eu].sort()).toEqual([...EU_MEMBERS].sort());
    expect(COUNTRIES.filter((c) => !c.eu).map((c) => c.iso2).sort()).toEqual(['CH', 'GB', 'OTHER', 'UA']);
    expect(COUNTRIES).toHaveLength(31);
    expect(new Set(COUNTRIES.map((c) => c.iso2)).size).toBe(COUNTRIES.length);
  });

  it('writes Greece as EL and every other EU state by its ISO-2 code', () => {
    expect(findCountry('GR')!.vatCode).toBe('EL');
    for (const c of COUNTRIES.filter((x) => x.eu && x.iso2 !== 'GR')) expect(c.vatCode).toBe(c.iso2);
  });

  it('has OTHER without VAT, code or phone prefix, last', () => {
    const other = COUNTRIES[COUNTRIES.length - 1]!;
    expect(other).toMatchObject({ iso2: 'OTHER', vatRateBp: 0, vatCode: '', phonePrefix: '', eu: false });
  });

  it('uses the rates chosen for the countries the spec leaves out', () => {
    expect(findCountry('CH')!.vatRateBp).toBe(810);
    expect(findCountry('UA')!.vatRateBp).toBe(2000);
    expect(findCountry('gb')!.vatRateBp).toBe(2000);
  });

  it('orders GR, CY, the rest by ISO-2, OTHER last', () => {
    const isos = COUNTRIES.map((c) => c.iso2);
    expect(isos.slice(0, 2)).toEqual(['GR', 'CY']);
    const middle = isos.slice(2, -1);
    expect(middle).toEqual([...middle].sort());
    expect(isos.at(-1)).toBe('OTHER');
  });

  it('gives every real country an international phone prefix', () => {
    for (const c of COUNTRIES.filter((x) => x.iso2 !== 'OTHER')) expect(c.phonePrefix).toMatch(/^\+\d{1,3}$/);
    expect(findCountry('GR')!.phonePrefix).toBe('+30');
  });
});

