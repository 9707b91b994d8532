// The password rules of spec §5: the hosting-panel password [PASSWORD] and the strength meter [PASSWORD_STRENGTH].
import { charCount, type Check, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// Hosting-panel password [PASSWORD]
// ---------------------------------------------------------------------------------------------------

export const HOSTING_PASSWORD_MIN = 8;
/**
 * Spec §5 says 16; the panel takes 64 (decision 091: the sandbox, our model of the panel, and the
 * panel API's contract), and a longer passphrase is a better one, so the shop no longer stops earlier.
 */
export const HOSTING_PASSWORD_MAX = 64;
export const HOSTING_PASSWORD_SPECIALS = '~!@#$%*{}=:;-_+/?[]';

/**
 * The spec asks for an uppercase and a lowercase letter without naming a script, so Greek letters count
 * too; other characters are not forbidden because the spec does not forbid them.
 */
export function hostingPasswordError(value: string): ValidationMessage | null {
  if (value === '') return null;
  const n = charCount(value);
  const ok =
    n >= HOSTING_PASSWORD_MIN &&
    n <= HOSTING_PASSWORD_MAX &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /[0-9]/.test(value) &&
    [...value].some((ch) => HOSTING_PASSWORD_SPECIALS.includes(ch));
  return ok ? null : message('PASSWORD', { min: HOSTING_PASSWORD_MIN, max: HOSTING_PASSWORD_MAX, specials: HOSTING_PASSWORD_SPECIALS });
}

export const hostingPassword = (): Check => toCheck(hostingPasswordError);

// ---------------------------------------------------------------------------------------------------
// Password strength [PASSWORD_STRENGTH]
// ---------------------------------------------------------------------------------------------------

export type StrengthLevel = 0 | 1 | 2 | 3;
export const STRENGTH_LABELS = ['very_bad', 'weak', 'good', 'strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/**
 * Spec §5: below 20 → 0, below 40 → 1, "60 or less" → 2, otherwise 3. The spec also lists the thresholds
 * as 20/40/60, which would put exactly 60 at level 3; we follow the explicit "60 or less" rule, so 60 is
 * level 2 'Good' (decision 009).
 */
export function strengthLevel(score: number): StrengthLevel {
  if (score < 20) return 0;
  if (score < 40) return 1;
  if (score <= 60) return 2;
  return 3;
}

/**
 * The scoring of spec §5, term by term. The spec gives no term for length beyond the 4-character floor,
 * so none is added. Letters and case are Unicode-aware (a Greek password has letters too); a special
 * character is anything that is neither a letter nor a digit; "word characters" are letters, digits, '_'.
 */
export function passwordStrength(pw: string): { score: number; level: StrengthLevel } {
  if (charCount(pw) < 4) return { score: 0, level: 0 };
  const digitCount = pw.match(/\p{Nd}/gu)?.length ?? 0;
  const specialCount = pw.match(/[^\p{L}\p{N}]/gu)?.length ?? 0;
  const hasLetter = /\p{L}/u.test(pw);
  const mixedCase = /\p{Lu}/u.test(pw) && /\p{Ll}/u.test(pw);
  let score = 0;
  if (digitCount >= 3) score += 5;
  if (specialCount >= 2) score += 5;
  if (mixedCase) score += 10;
  if (mixedCase && digitCount > 0) score += 40;
  if (hasLetter && digitCount > 0) score += 15;
  if (specialCount > 0 && digitCount > 0) score += 15;
  if (specialCount > 0 && hasLetter) score += 15;
  if (/^[\p{L}\p{N}_]+$/u.test(pw) || /^\p{Nd}+$/u.test(pw)) score -= 10;
  score = Math.min(100, Math.max(0, score));
  return { score, level: strengthLevel(score) };
}

/** The i18n key of a level's label for the live meter ('Πολύ κακός' … 'Ισχυρός'). */
export function strengthLabelKey(level: StrengthLevel): `validation:strength.${StrengthLabel}` {
  return `validation:strength.${STRENGTH_LABELS[level]}`;
}

/** The required level is capped at 3 (and floored at 0), as the spec says. */
export function passwordStrengthError(value: string, required: number): ValidationMessage | null {
  if (value === '') return null;
  const need = Math.min(3, Math.max(0, Math.floor(required))) as StrengthLevel;
  return passwordStrength(value).level >= need ? null : message('PASSWORD_STRENGTH', { level: need, label: STRENGTH_LABELS[need] });
}

/**
 * The panel password's meter: the spec's score, but 'very bad' for anything the panel rule refuses
 * (too long, a missing class), so the meter never calls strong what the form will refuse.
 */
export function hostingPasswordStrength(pw: string): { score: number; level: StrengthLevel } {
  return pw === '' || hostingPasswordError(pw) ? { score: 0, level: 0 } : passwordStrength(pw);
}

export const passwordStrengthAtLeast = (required: number): Check => toCheck((v) => passwordStrengthError(v, required));
