// Password rules (issue #3 §6): at least 8 characters, and not one of the common breached
// passwords. The list itself is data (db/data/common-passwords.txt) handed in by the caller, so the
// rule stays pure and runs anywhere (worker/security/common-passwords.ts passes the bundled list).

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordPolicyResult = { ok: true } | { ok: false; reason: 'too_short' | 'too_common' };

/**
 * The form a password is compared to the list in: NFKC (so full-width or compatibility characters
 * match their plain forms), trimmed (' password ' is still 'password'), lower-cased (the list is
 * lower-case and 'PassWord' is no better). Only for the comparison: the hash uses the password as typed.
 */
export function normalizeForComparison(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

/**
 * Length is counted in code points after NFKC (what a person sees as characters: an emoji or an
 * accented Greek letter counts once, not as two UTF-16 units), on the password as typed, untrimmed.
 */
export function checkPasswordPolicy(password: string, commonPasswords: ReadonlySet<string>): PasswordPolicyResult {
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'too_short' };
  if (commonPasswords.has(normalizeForComparison(password))) return { ok: false, reason: 'too_common' };
  return { ok: true };
}

/**
 * The forms a password made to a rule of character classes (the hosting panel's: an uppercase and a
 * lowercase letter, a digit, a symbol) is compared in: as typed, and without the digits and symbols
 * people add at its ends to meet the rule ('Password1!' → 'password1', 'password'; '!Qwerty2026' →
 * 'qwerty'). The list is lower-case letters and digits mostly, so the plain comparison alone lets
 * every such password through (issue #32 §3.2). Decoration inside the password is left alone.
 */
export function commonPasswordForms(password: string): string[] {
  const plain = normalizeForComparison(password);
  const forms = new Set([plain]);
  const noSymbols = plain.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  forms.add(noSymbols);
  forms.add(plain.replace(/[^\p{L}]+$/u, ''));
  forms.add(plain.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  forms.delete('');
  return [...forms];
}

/** True when the password, or one of its forms above, is on the list. */
export function isCommonPasswordIn(password: string, commonPasswords: ReadonlySet<string>): boolean {
  return commonPasswordForms(password).some((form) => commonPasswords.has(form));
}
