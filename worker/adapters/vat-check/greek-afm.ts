// The Greek tax number (ΑΦΜ) and the normalisation of VAT numbers before they are checked or stored.
// Greece is the one member state whose VIES code differs from its ISO code: GR in addresses, EL in
// VAT numbers (EL123456783). Customers type either, with or without the prefix, often with spaces.

/** The EU 27 by VIES code. (VIES also answers for XI, Northern Ireland, which no billing country maps to.) */
export const VIES_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** ISO 3166-1 alpha-2 (or VIES code) to VIES member-state code. */
export function viesCountryCode(countryIso2: string): string {
  const code = countryIso2.trim().toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

// Greek keyboards give 'ΕΛ' for the prefix; so does anyone copying it from a Greek invoice.
const GREEK_PREFIX = 'ΕΛ';

/**
 * Upper case, without whitespace, dots or dashes, and without a leading country prefix (EL, GR or
 * ΕΛ for Greece; the ISO code elsewhere): the form VIES expects and the form we store.
 */
export function normaliseVatNumber(countryIso2: string, input: string): string {
  const compact = input.toUpperCase().replace(/[\s.\-\u2010-\u2015]/g, '');
  const vies = viesCountryCode(countryIso2);
  const prefixes = vies === 'EL' ? ['EL', 'GR', GREEK_PREFIX] : [vies];
  const prefix = prefixes.find((p) => compact.startsWith(p));
  return prefix ? compact.slice(prefix.length) : compact;
}

/**
 * ΑΦΜ check digit: the first eight digits weighted 256, 128, … 2 (2^(8-i)), summed, mod 11, mod 10,
 * equal the ninth. All zeros passes that arithmetic but is no one's number.
 */
export function isValidAfm(afm: string): boolean {
  if (!/^\d{9}$/.test(afm) || /^0{9}$/.test(afm)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(afm[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(afm[8]);
}
