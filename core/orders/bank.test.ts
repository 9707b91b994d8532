import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../config';
import { bankDetails, formatIban, ibanValid } from './bank';

describe('bank transfer details come from the seller (issue #20 §1)', () => {
  it('checks an IBAN by its ISO 13616 check digits (mod 97), whatever its spacing and case', () => {
    expect(ibanValid('GR16 0110 1250 0000 0001 2300 695')).toBe(true);
    expect(ibanValid('gr1601101250000000012300695')).toBe(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('GR17 0110 1250 0000 0001 2300 695')).toBe(false);
    expect(ibanValid('GR16 0110 1250 0000 0001 2300 69')).toBe(false); // a Greek IBAN has 27 characters
    expect(ibanValid('')).toBe(false);
    expect(ibanValid('GR16-0110')).toBe(false);
  });
  it('prints it in groups of four', () => {
    expect(formatIban('GR1601101250000000012300695')).toBe('GR16 0110 1250 0000 0001 2300 695');
  });
  it('the beneficiary is the seller named on the documents, the account the seller\'s', () => {
    expect(bankDetails(DEMO_SELLER)).toEqual({ bank: DEMO_SELLER.bank, iban: formatIban(DEMO_SELLER.iban), beneficiary: DEMO_SELLER.name });
  });
});
