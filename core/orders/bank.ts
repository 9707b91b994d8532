// Where a bank transfer goes (shown on the order page, the pay page of a document and in the order
// e-mail): the seller's own account, from the seller settings (core/config.ts), with the seller's
// name as beneficiary, the same name the receipt and the invoice carry (issue #20 §1).

/** An IBAN without spaces, upper case. */
export function compactIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Lengths by country (ISO 13616 registry) for the countries a Greek shop banks in. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = { GR: 27, CY: 28, DE: 22, GB: 22, FR: 27, IT: 27, NL: 18, BE: 16, AT: 20, LU: 20, IE: 22, ES: 24, PT: 25, BG: 22, RO: 24 };

/** ISO 13616: the country's length where known, and the check digits (mod 97 of the rearranged text is 1). */
export function ibanValid(text: string): boolean {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  const digits = [...`${iban.slice(4)}${iban.slice(0, 4)}`].map((c) => parseInt(c, 36)).join('');
  // Piecewise mod 97: the number has up to 70 digits.
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest === 1;
}

/** 'GR2101700000000000000123456' → 'GR21 0170 0000 0000 0000 0123 456', as banks print it. */
export function formatIban(text: string): string {
  return compactIban(text).replace(/(.{4})(?=.)/g, '$1 ');
}

export type BankDetails = { bank: string; iban: string; beneficiary: string };

/** The seller's name and account; the shape of `Seller` (core/config), named here so that config can use this module's IBAN checks without a circle. */
export function bankDetails(seller: { name: string; bank: string; iban: string }): BankDetails {
  return { bank: seller.bank, iban: formatIban(seller.iban), beneficiary: seller.name };
}
