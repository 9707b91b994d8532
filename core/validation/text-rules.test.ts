import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { CHARACTER_SETS } from './rule-kit';
import { optionalText, requiredText } from './required-rules';
import { ascii, asciiError, charset, charsetError, digits, digitsError, ERP_ID_MIN_LENGTH, erpId, erpIdError, hasGreek, international, internationalError, lengthError, lengthRange, maxLength, minLength, pattern, patternError } from './text-rules';
import { errors, keys, key } from './test-kit';

describe('length', () => {
  it('checks min, max and range on the character count, with the bounds', () => {
    expect(errors(requiredText(minLength(3)), 'ab')).toEqual([{ path: '', key: MESSAGES['LENGTH.MIN'], params: { min: 3 } }]);
    expect(keys(requiredText(minLength(3)), 'abc')).toEqual([]);
    expect(errors(requiredText(maxLength(3)), 'abcd')).toEqual([{ path: '', key: MESSAGES['LENGTH.MAX'], params: { max: 3 } }]);
    expect(keys(requiredText(maxLength(3)), 'abc')).toEqual([]);
    expect(errors(requiredText(lengthRange(2, 4)), 'a')[0]?.params).toEqual({ min: 2, max: 4 });
    expect(keys(requiredText(lengthRange(2, 4)), 'abcde')).toEqual([MESSAGES['LENGTH.RANGE']]);
    expect(keys(requiredText(lengthRange(2, 4)), 'abcd')).toEqual([]);
  });

  it('counts Greek letters and emoji as one character each', () => {
    expect(lengthError('άέή', { max: 3 })).toBeNull();
    expect(lengthError('😀😀😀', { max: 3 })).toBeNull();
    expect(key(lengthError('😀😀😀😀', { max: 3 }))).toBe(MESSAGES['LENGTH.MAX']);
  });

  it('leaves an empty value to the required rule', () => {
    expect(lengthError('', { min: 3 })).toBeNull();
    expect(keys(optionalText(minLength(3)), '')).toEqual([]);
  });
});

describe('international', () => {
  it('refuses any Greek character', () => {
    expect(keys(requiredText(international()), 'Athens')).toEqual([]);
    for (const v of ['Αθήνα', 'Athensς', 'café ά', 'ἀρχή']) expect(key(internationalError(v))).toBe(MESSAGES.INTERNATIONAL);
    expect(hasGreek('Zürich')).toBe(false);
    expect(hasGreek('α\u0301')).toBe(true);
  });
});

describe('character rules', () => {
  it('pattern: every character matches the field pattern', () => {
    expect(patternError('abc123', /[a-z0-9]/)).toBeNull();
    expect(key(patternError('abc-123', /[a-z0-9]/))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(patternError('ABC', /[a-z]/i)).toBeNull();
    // A stateful flag must not make the second character fail.
    expect(patternError('aaaa', /[a]/g)).toBeNull();
    expect(keys(requiredText(pattern(/[a-z]/)), 'aB')).toEqual([MESSAGES['ILLEGAL.CHARS']]);
  });

  it('number: digits only', () => {
    expect(digitsError('0123456789')).toBeNull();
    for (const v of ['12a', '1.5', '-1', ' 1', '١٢']) expect(key(digitsError(v)), v).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(keys(requiredText(digits()), '42')).toEqual([]);
  });

  it('ascii: 7-bit, or 8-bit when extended', () => {
    expect(asciiError('Hello ~!@ 123')).toBeNull();
    expect(key(asciiError('café'))).toBe(MESSAGES.ASCII);
    expect(asciiError('café', { extended: true })).toBeNull();
    expect(key(asciiError('Œuvre', { extended: true }))).toBe(MESSAGES.ASCII); // Œ is U+0152
    expect(key(asciiError('αβγ', { extended: true }))).toBe(MESSAGES.ASCII);
    expect(keys(requiredText(ascii()), 'ÿ')).toEqual([MESSAGES.ASCII]);
    expect(keys(requiredText(ascii({ extended: true })), 'ÿ')).toEqual([]);
  });

  it('named sets: Greek letters with accents, dialytika and final sigma', () => {
    for (const v of ['αβγ', 'ΑΒΓ', 'ς', 'άέήίόύώ', 'ΐΰϊϋ', 'ΆΈΉΊΌΎΏΪΫ', 'Καλημέρας', 'α\u0301']) expect(charsetError(v, ['greek']), v).toBeNull();
    expect(key(charsetError('abc', ['greek']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(key(charsetError('ἀ', ['greek']))).toBe(MESSAGES['ILLEGAL.CHARS']); // polytonic is not in the set
    expect(CHARACTER_SETS.greek).toContain('ς');
  });

  it('named sets: Latin, digits, French, and extended adds . and -', () => {
    expect(charsetError('abcXYZ', ['latin'])).toBeNull();
    expect(key(charsetError('abc1', ['latin']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('abc1', ['latin', 'digits'])).toBeNull();
    expect(charsetError('Hélène', ['latin', 'french'])).toBeNull();
    expect(key(charsetError('Hélène', ['latin']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('çœÿ', ['french'])).toBeNull();
    expect(key(charsetError('ns1.example-gr', ['latin', 'digits']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('ns1.example-gr', ['latin', 'digits', 'extended'])).toBeNull();
    expect(key(charsetError('a_b', ['latin', 'extended']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(keys(requiredText(charset('greek', 'extended')), 'Αθήνα-Πειραιάς')).toEqual([]);
  });
});

describe('erpId', () => {
  it('is empty or at least 18 characters, and says 18', () => {
    expect(ERP_ID_MIN_LENGTH).toBe(18);
    expect(erpIdError('')).toBeNull();
    expect(erpIdError('x'.repeat(18))).toBeNull();
    expect(erpIdError('x'.repeat(17))).toEqual({ key: MESSAGES.ERPID, params: { min: 18 } });
    expect(keys(optionalText(erpId()), 'short')).toEqual([MESSAGES.ERPID]);
    expect(keys(optionalText(erpId()), '')).toEqual([]);
  });
});
