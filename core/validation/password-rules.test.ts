import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { requiredText } from './required-rules';
import { digits } from './text-rules';
import { HOSTING_PASSWORD_MAX, hostingPassword, hostingPasswordError, hostingPasswordStrength, passwordStrength, passwordStrengthAtLeast, passwordStrengthError, strengthLabelKey, strengthLevel } from './password-rules';
import { keys, key } from './test-kit';

describe('hosting-panel password', () => {
  it('accepts 8–64 characters (the panel’s limit, decision 091) with upper, lower, digit and a listed special', () => {
    expect(HOSTING_PASSWORD_MAX).toBe(64);
    expect(hostingPasswordError('Abcdef1!')).toBeNull();
    expect(hostingPasswordError('Abcdefghijklm1?x')).toBeNull(); // 16
    expect(hostingPasswordError('Abcdefghijklmn1!x')).toBeNull(); // 17: refused before issue #32
    expect(hostingPasswordError(`Ab1!${'x'.repeat(60)}`)).toBeNull(); // 64
    for (const special of '~!@#$%*{}=:;-_+/?[]') expect(hostingPasswordError(`Abcdef1${special}`), special).toBeNull();
    expect(keys(requiredText(hostingPassword()), 'Abcdef1!')).toEqual([]);
  });

  it('refuses each missing requirement', () => {
    const bad = {
      tooShort: 'Abcde1!',
      tooLong: `Ab1!${'x'.repeat(61)}`, // 65
      noUpper: 'abcdef1!',
      noLower: 'ABCDEF1!',
      noDigit: 'Abcdefg!',
      noSpecial: 'Abcdefg1',
      unlistedSpecial: 'Abcdef1&',
      spaceIsNotSpecial: 'Abcdef1 ',
    };
    for (const [why, v] of Object.entries(bad)) expect(key(hostingPasswordError(v)), why).toBe(MESSAGES.PASSWORD);
    expect(hostingPasswordError('abc')?.params).toEqual({ min: 8, max: 64, specials: '~!@#$%*{}=:;-_+/?[]' });
  });
});

describe('the panel password’s meter (agrees with the rule)', () => {
  it('reads "very bad" for a password the rule refuses, however it scores', () => {
    expect(passwordStrength('Abcdefg!1').level).toBe(3);
    expect(hostingPasswordStrength('Abcdefg!1')).toEqual(passwordStrength('Abcdefg!1'));
    expect(hostingPasswordStrength(`Ab1!${'x'.repeat(61)}`).level).toBe(0); // 65: too long
    expect(hostingPasswordStrength('Abcdefg&1').level).toBe(0); // no listed special
    expect(hostingPasswordStrength('').level).toBe(0);
  });
});

describe('password strength', () => {
  it('scores under 4 characters as 0', () => {
    expect(passwordStrength('')).toEqual({ score: 0, level: 0 });
    expect(passwordStrength('A1!')).toEqual({ score: 0, level: 0 });
  });

  it('adds each term of spec §5', () => {
    expect(passwordStrength('abcd').score).toBe(0); // only word characters: −10, clamped
    expect(passwordStrength('1234').score).toBe(0); // only digits
    expect(passwordStrength('abc1').score).toBe(5); // letter+digit 15 − 10
    expect(passwordStrength('abc123').score).toBe(10); // 3 digits 5 + letter+digit 15 − 10
    expect(passwordStrength('Abcd').score).toBe(0); // mixed 10 − 10
    expect(passwordStrength('Abc1').score).toBe(55); // mixed 10 + mixed+digit 40 + letter+digit 15 − 10
    expect(passwordStrength('abc!').score).toBe(15); // special+letter
    expect(passwordStrength('abc!!').score).toBe(20); // + 2 specials 5
    expect(passwordStrength('123!').score).toBe(20); // 3 digits 5 + special+digit 15
    expect(passwordStrength('abc1!').score).toBe(45); // 15 × 3
    expect(passwordStrength('Abc1!').score).toBe(95); // 10 + 40 + 45
    expect(passwordStrength('Abc123!!').score).toBe(100); // 5 + 5 + 10 + 40 + 45 = 105, clamped
    expect(passwordStrength('Abcdef123').score).toBe(60); // 5 + 10 + 40 + 15 − 10
  });

  it('treats Greek letters as letters with case', () => {
    expect(passwordStrength('Αβγδ1').score).toBe(55);
    expect(passwordStrength('αβγδ').score).toBe(0);
  });

  it('maps scores to levels, with exactly 60 at level 2', () => {
    expect([0, 19, 20, 39, 40, 59, 60, 61, 100].map(strengthLevel)).toEqual([0, 0, 1, 1, 2, 2, 2, 3, 3]);
    expect(passwordStrength('Abcdef123')).toEqual({ score: 60, level: 2 });
    expect(strengthLabelKey(2)).toBe('validation:strength.good');
    expect(strengthLabelKey(0)).toBe('validation:strength.very_bad');
  });

  it('requires the level, capped at 3', () => {
    expect(passwordStrengthError('Abcdef123', 2)).toBeNull();
    expect(passwordStrengthError('Abcdef123', 3)).toEqual({ key: MESSAGES.PASSWORD_STRENGTH, params: { level: 3, label: 'strong' } });
    expect(passwordStrengthError('Abc123!!', 9)).toBeNull(); // 9 → 3
    expect(key(passwordStrengthError('Abcdef123', 9))).toBe(MESSAGES.PASSWORD_STRENGTH);
    expect(passwordStrengthError('abcd', 0)).toBeNull();
    expect(keys(requiredText(passwordStrengthAtLeast(1)), 'abcd')).toEqual([MESSAGES.PASSWORD_STRENGTH]);
  });
});
