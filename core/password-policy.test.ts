import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, isCommonPasswordIn, normalizeForComparison, PASSWORD_MIN_LENGTH } from './password-policy';

const common: ReadonlySet<string> = new Set(['password', '12345678', 'qwertyuiop', 'iloveyou', 'σαγαπω123']);

describe('checkPasswordPolicy', () => {
  it('needs at least 8 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(checkPasswordPolicy('', common)).toEqual({ ok: false, reason: 'too_short' });
    expect(checkPasswordPolicy('abcdefg', common)).toEqual({ ok: false, reason: 'too_short' });
    expect(checkPasswordPolicy('abcdefgh', common)).toEqual({ ok: true });
  });

  it('counts code points, not UTF-16 units', () => {
    // 4 emoji are 8 UTF-16 units but 4 characters.
    expect('😀😀😀😀'.length).toBe(8);
    expect(checkPasswordPolicy('😀😀😀😀', common)).toEqual({ ok: false, reason: 'too_short' });
    expect(checkPasswordPolicy('😀😀😀😀😀😀😀😀', common)).toEqual({ ok: true });
    expect(checkPasswordPolicy('αβγδεζηθ', common)).toEqual({ ok: true });
  });

  it('counts a decomposed accent as one character (NFKC)', () => {
    const sevenDecomposed = 'καλημέρ'.normalize('NFD'); // 7 letters, 8 code points before NFKC
    expect([...sevenDecomposed].length).toBe(8);
    expect(checkPasswordPolicy(sevenDecomposed, common)).toEqual({ ok: false, reason: 'too_short' });
  });

  it('counts spaces: they are part of the password', () => {
    expect(checkPasswordPolicy('   abcde', common)).toEqual({ ok: true });
  });

  it('refuses common passwords whatever the case, spacing or compatibility form', () => {
    for (const pw of ['password', 'PASSWORD', 'PassWord', '  password  ', 'ｐａｓｓｗｏｒｄ', '１２３４５６７８', 'ΣΑΓΑΠΩ123']) {
      expect(checkPasswordPolicy(pw, common), pw).toEqual({ ok: false, reason: 'too_common' });
    }
  });

  it('reports too_short before too_common', () => {
    expect(checkPasswordPolicy('pass', new Set(['pass']))).toEqual({ ok: false, reason: 'too_short' });
  });

  it('accepts uncommon passwords, and an empty list refuses nothing long enough', () => {
    expect(checkPasswordPolicy('correct horse battery staple', common)).toEqual({ ok: true });
    expect(checkPasswordPolicy('password', new Set())).toEqual({ ok: true });
  });
});

describe('normalizeForComparison', () => {
  it('applies NFKC, trims and lower-cases', () => {
    expect(normalizeForComparison('  ＰａｓｓＷｏｒｄ\t')).toBe('password');
    expect(normalizeForComparison('Καλημέρα'.normalize('NFD'))).toBe('καλημέρα');
  });
});

describe('isCommonPasswordIn (a rule of classes met by decoration)', () => {
  const list: ReadonlySet<string> = new Set(['password', 'password1', 'qwerty', 'καλημερα']);

  it('finds a common password dressed up with a capital, digits and symbols at its ends', () => {
    expect(isCommonPasswordIn('Password1!', list)).toBe(true);
    expect(isCommonPasswordIn('Password123!?', list)).toBe(true);
    expect(isCommonPasswordIn('!Qwerty2026', list)).toBe(true);
    expect(isCommonPasswordIn('#1Καλημερα!', list)).toBe(true);
    expect(isCommonPasswordIn('PASSWORD', list)).toBe(true);
  });

  it('leaves alone a password whose letters are not a common one, or whose decoration is inside', () => {
    expect(isCommonPasswordIn('Pass-w0rd-Kipos!', list)).toBe(false);
    expect(isCommonPasswordIn('Tr4pezi!Qwerty9x', list)).toBe(false);
    expect(isCommonPasswordIn('12345!', list)).toBe(false);
  });
});
