// The sandbox's rules without D1 (its evidence table is exercised in tests/worker/vat-check-sandbox.test.ts).
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { VIES_MEMBER_STATES } from './greek-afm';
import { VatCheckError } from './port';
import { createRuleVatCheck, isWellFormedVatNumber, sandboxRequestIdentifier, SANDBOX_VAT_REGISTER, VIES_FORMATS } from './sandbox';

const NOW = new Date('2026-05-12T09:30:00.000Z');
const rules = createRuleVatCheck({ now: () => NOW });

describe('VIES formats', () => {
  it('cover exactly the EU 27, by VIES code', () => {
    expect(Object.keys(VIES_FORMATS).sort()).toEqual([...VIES_MEMBER_STATES].sort());
    expect(VIES_FORMATS.GR).toBeUndefined();
  });

  it('accept the standard shapes and refuse near misses', () => {
    const good: [string, string][] = [
      ['AT', 'U12345678'], ['BE', '0123456789'], ['BG', '123456789'], ['BG', '1234567890'], ['CY', '10123456X'], ['CZ', '12345678'],
      ['DE', '123456789'], ['DK', '12345678'], ['EE', '123456789'], ['EL', '123456783'], ['ES', 'B12345678'], ['ES', '12345678Z'],
      ['ES', 'X1234567L'], ['FI', '12345678'], ['FR', '40303265045'], ['FR', 'XY123456789'], ['HR', '12345678901'], ['HU', '12345678'],
      ['IE', '1234567T'], ['IE', '1234567TW'], ['IE', '1A23456T'], ['IT', '01234567890'], ['LT', '123456789'], ['LT', '123456789012'],
      ['LU', '12345678'], ['LV', '12345678901'], ['MT', '12345678'], ['NL', '868754289B01'], ['PL', '1234567890'], ['PT', '123456789'],
      ['RO', '18547290'], ['RO', '12'], ['SE', '556000000001'], ['SI', '12345678'], ['SK', '1234567890'],
    ];
    for (const [cc, n] of good) expect(isWellFormedVatNumber(cc, n), `${cc}${n}`).toBe(true);
    const bad: [string, string][] = [
      ['AT', '12345678'], ['BE', '2123456789'], ['CY', '123456789'], ['DE', '12345678'], ['EL', '12345678'], ['ES', '123456789'],
      ['FR', 'IO123456789'], ['NL', '868754289C01'], ['RO', '0123'], ['SE', '556000000002'], ['SI', '02345678'], ['SK', '0234567890'],
      ['GR', '123456783'], ['XI', '123456789'],
    ];
    for (const [cc, n] of bad) expect(isWellFormedVatNumber(cc, n), `${cc}${n}`).toBe(false);
  });
});

describe('sandbox rules', () => {
  it('answers a seeded company with its name, address and a consultation number', async () => {
    const result = await rules.check('DE', 'DE 123 456 789');
    expect(result).toEqual({
      valid: true,
      countryCode: 'DE',
      vatNumber: '123456789',
      name: 'Beispiel Handels GmbH',
      address: 'Musterstraße 12\n10115 Berlin',
      requestIdentifier: expect.stringMatching(/^WAPIAAAA[0-9A-Z]{8}$/),
      checkedAt: NOW.toISOString(),
      source: 'sandbox',
    });
  });

  it("answers any other well-formed number valid with '---', as many member states do", async () => {
    expect(await rules.check('FR', 'FR 12 345678901')).toMatchObject({ valid: true, countryCode: 'FR', vatNumber: '12345678901', name: '---', address: '---' });
  });

  it('answers malformed numbers and countries outside VIES invalid, without a consultation', async () => {
    expect(await rules.check('DE', '12345')).toMatchObject({ valid: false, name: null, requestIdentifier: null });
    expect(await rules.check('US', '123456789')).toMatchObject({ valid: false, countryCode: 'US', requestIdentifier: null });
  });

  it('applies the ΑΦΜ check digit to Greek numbers, whichever way Greece is written', async () => {
    expect(await rules.check('GR', 'EL123456783')).toMatchObject({ valid: true, countryCode: 'EL', name: 'ΠΑΡΑΔΕΙΓΜΑ ΨΗΦΙΑΚΕΣ ΥΠΗΡΕΣΙΕΣ Α.Ε.' });
    expect(SANDBOX_VAT_REGISTER.EL123456783).toBeDefined();
    expect(await rules.check('EL', '800187403')).toMatchObject({ valid: true, countryCode: 'EL', name: '---' });
    const wrongDigit = await rules.check('GR', '800187404');
    expect(wrongDigit).toMatchObject({ valid: false, countryCode: 'EL', vatNumber: '800187404' });
    expect(wrongDigit.requestIdentifier).not.toBeNull();
  });

  it('answers a struck-off number invalid, and an unavailable member state with VatCheckError', async () => {
    expect(await rules.check('DE', '999999998')).toMatchObject({ valid: false });
    const error = await rules.check('DE', '999999999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VatCheckError);
    expect(error).toMatchObject({ code: ErrorCode.NETWORK_CONNECTION_ERROR, detail: { reason: 'MS_UNAVAILABLE' } });
  });

  it('makes a different consultation number each time', () => {
    expect(new Set(Array.from({ length: 20 }, sandboxRequestIdentifier)).size).toBe(20);
  });
});
