// The IBAN check's edges that mutation testing found untested (issue #32 §6, decision 094): each case
// carries correct check digits, so only the rule under test can refuse it. The seller's account is
// where customers send money: an IBAN of the wrong shape must not pass because its mod 97 happens to.
import { describe, expect, it } from 'vitest';
import { ibanValid } from './bank';

/** ISO 7064 mod 97-10 by BigInt (not the module's piecewise sum): the two check digits that make `country + ?? + bban` valid. */
function withCheckDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((c) => parseInt(c, 36)).join('');
  const check = 98n - (BigInt(digits) % 97n);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** A text whose rearranged digits are 1 mod 97, found by trying the last two characters. */
function validByChecksum(head: string): string {
  for (let n = 0; n < 100; n++) {
    const text = `${head}${String(n).padStart(2, '0')}`;
    const digits = [...`${text.slice(4)}${text.slice(0, 4)}`].map((c) => parseInt(c, 36)).join('');
    if (BigInt(digits) % 97n === 1n) return text;
  }
  throw new Error(`no check for ${head}`);
}

describe('ibanValid refuses a wrong shape even when the check digits add up', () => {
  it('holds a Greek IBAN to its 27 characters', () => {
    expect(ibanValid(withCheckDigits('GR', '01101250000000012300695'))).toBe(true);
    expect(ibanValid(withCheckDigits('GR', '0110125000000001230069'))).toBe(false); // 26
    expect(ibanValid(withCheckDigits('GR', '011012500000000123006951'))).toBe(false); // 28
  });

  it('takes any length from 15 to 34 characters for a country without a listed length', () => {
    expect(ibanValid(withCheckDigits('ZZ', '12345678901'))).toBe(true); // 15
    expect(ibanValid(withCheckDigits('ZZ', '1234567890123456'))).toBe(true); // 20
    expect(ibanValid(withCheckDigits('ZZ', '1'.repeat(30)))).toBe(true); // 34
    expect(ibanValid(withCheckDigits('ZZ', '1234567890'))).toBe(false); // 14
    expect(ibanValid(withCheckDigits('ZZ', '1'.repeat(31)))).toBe(false); // 35
  });

  it('wants two letters, then two digits, at the start', () => {
    const digitsFirst = validByChecksum('12ZZ34567890123456');
    expect(ibanValid(digitsFirst)).toBe(false);
    const letterInCheck = validByChecksum('ZZ1A34567890123456');
    expect(ibanValid(letterInCheck)).toBe(false);
  });
});
