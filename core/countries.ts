// The VAT countries of spec §3 "Country": the 27 EU member states plus GB, CH, UA and OTHER (no VAT).
// Rates are the multipliers of spec §9 "Prices, VAT and lengths", kept in basis points so that VAT
// arithmetic stays integer (core/vat.ts). The spec shows no rates for CH and UA: 8.1 % and 20 % are
// their standard rates at the time of writing.

export type CountrySeed = {
  iso2: string;
  /** English name for staff and exports; the UI reads i18n/<lang>/countries.json. */
  name: string;
  /** As VIES writes it: EL for Greece, otherwise the ISO-2 code; '' for OTHER. */
  vatCode: string;
  /** 2400 = 24 %, multiplier 1.24. */
  vatRateBp: number;
  eu: boolean;
  phonePrefix: string;
};

export const OTHER_COUNTRY = 'OTHER';

// GR and CY first (the home markets), then the rest by ISO-2, OTHER last.
export const COUNTRIES: readonly CountrySeed[] = [
  { iso2: 'GR', name: 'Greece', vatCode: 'EL', vatRateBp: 2400, eu: true, phonePrefix: '+30' },
  { iso2: 'CY', name: 'Cyprus', vatCode: 'CY', vatRateBp: 1900, eu: true, phonePrefix: '+357' },
  { iso2: 'AT', name: 'Austria', vatCode: 'AT', vatRateBp: 2000, eu: true, phonePrefix: '+43' },
  { iso2: 'BE', name: 'Belgium', vatCode: 'BE', vatRateBp: 2100, eu: true, phonePrefix: '+32' },
  { iso2: 'BG', name: 'Bulgaria', vatCode: 'BG', vatRateBp: 2000, eu: true, phonePrefix: '+359' },
  { iso2: 'CH', name: 'Switzerland', vatCode: 'CH', vatRateBp: 810, eu: false, phonePrefix: '+41' },
  { iso2: 'CZ', name: 'Czechia', vatCode: 'CZ', vatRateBp: 2100, eu: true, phonePrefix: '+420' },
  { iso2: 'DE', name: 'Germany', vatCode: 'DE', vatRateBp: 1900, eu: true, phonePrefix: '+49' },
  { iso2: 'DK', name: 'Denmark', vatCode: 'DK', vatRateBp: 2500, eu: true, phonePrefix: '+45' },
  { iso2: 'EE', name: 'Estonia', vatCode: 'EE', vatRateBp: 2000, eu: true, phonePrefix: '+372' },
  { iso2: 'ES', name: 'Spain', vatCode: 'ES', vatRateBp: 2100, eu: true, phonePrefix: '+34' },
  { iso2: 'FI', name: 'Finland', vatCode: 'FI', vatRateBp: 2400, eu: true, phonePrefix: '+358' },
  { iso2: 'FR', name: 'France', vatCode: 'FR', vatRateBp: 2000, eu: true, phonePrefix: '+33' },
  { iso2: 'GB', name: 'United Kingdom', vatCode: 'GB', vatRateBp: 2000, eu: false, phonePrefix: '+44' },
  { iso2: 'HR', name: 'Croatia', vatCode: 'HR', vatRateBp: 2500, eu: true, phonePrefix: '+385' },
  { iso2: 'HU', name: 'Hungary', vatCode: 'HU', vatRateBp: 2700, eu: true, phonePrefix: '+36' },
  { iso2: 'IE', name: 'Ireland', vatCode: 'IE', vatRateBp: 2300, eu: true, phonePrefix: '+353' },
  { iso2: 'IT', name: 'Italy', vatCode: 'IT', vatRateBp: 2200, eu: true, phonePrefix: '+39' },
  { iso2: 'LT', name: 'Lithuania', vatCode: 'LT', vatRateBp: 2100, eu: true, phonePrefix: '+370' },
  { iso2: 'LU', name: 'Luxembourg', vatCode: 'LU', vatRateBp: 1700, eu: true, phonePrefix: '+352' },
  { iso2: 'LV', name: 'Latvia', vatCode: 'LV', vatRateBp: 2100, eu: true, phonePrefix: '+371' },
  { iso2: 'MT', name: 'Malta', vatCode: 'MT', vatRateBp: 1800, eu: true, phonePrefix: '+356' },
  { iso2: 'NL', name: 'Netherlands', vatCode: 'NL', vatRateBp: 2100, eu: true, phonePrefix: '+31' },
  { iso2: 'PL', name: 'Poland', vatCode: 'PL', vatRateBp: 2300, eu: true, phonePrefix: '+48' },
  { iso2: 'PT', name: 'Portugal', vatCode: 'PT', vatRateBp: 2300, eu: true, phonePrefix: '+351' },
  { iso2: 'RO', name: 'Romania', vatCode: 'RO', vatRateBp: 2000, eu: true, phonePrefix: '+40' },
  { iso2: 'SE', name: 'Sweden', vatCode: 'SE', vatRateBp: 2500, eu: true, phonePrefix: '+46' },
  { iso2: 'SI', name: 'Slovenia', vatCode: 'SI', vatRateBp: 2200, eu: true, phonePrefix: '+386' },
  { iso2: 'SK', name: 'Slovakia', vatCode: 'SK', vatRateBp: 2000, eu: true, phonePrefix: '+421' },
  { iso2: 'UA', name: 'Ukraine', vatCode: 'UA', vatRateBp: 2000, eu: false, phonePrefix: '+380' },
  { iso2: OTHER_COUNTRY, name: 'Other country', vatCode: '', vatRateBp: 0, eu: false, phonePrefix: '' },
];

export function findCountry(iso2: string): CountrySeed | undefined {
  const wanted = iso2.toUpperCase();
  return COUNTRIES.find((c) => c.iso2 === wanted);
}

