// The bundled list of common breached passwords (db/data/README.md: 10,000 most common entries of
// the zxcvbn-ts list, lower-cased). The .txt file is a Text module: wrangler's default module rules
// bundle `**/*.txt` as a string, and vitest-pool-workers follows the same rules (decision 010).
import { checkPasswordPolicy, isCommonPasswordIn, normalizeForComparison, type PasswordPolicyResult } from '../../core/password-policy';
import commonPasswordsText from '../../db/data/common-passwords.txt';

// Built on first use, not at import: building the 10,000-entry Set took 4–6 ms in workerd, which
// requests that never check a password should not pay.
let commonPasswords: ReadonlySet<string> | undefined;

export function getCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    commonPasswordsText
      .split('\n')
      .map((line) => normalizeForComparison(line))
      .filter((line) => line.length > 0),
  );
  return commonPasswords;
}

/** True when the password is on the list (case-insensitive, after NFKC and trimming). */
export function isCommonPassword(password: string): boolean {
  return getCommonPasswords().has(normalizeForComparison(password));
}

/** The whole policy (length, then the list) with the bundled list. */
export function checkPassword(password: string): PasswordPolicyResult {
  return checkPasswordPolicy(password, getCommonPasswords());
}

/**
 * A password made to a rule of classes (the hosting panel's) compared with its end decoration taken
 * off too ('Password1!' is 'password1'): core/password-policy.ts commonPasswordForms.
 */
export function isCommonPasswordDressedUp(password: string): boolean {
  return isCommonPasswordIn(password, getCommonPasswords());
}
