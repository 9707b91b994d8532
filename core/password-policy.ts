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
