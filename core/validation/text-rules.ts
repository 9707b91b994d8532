// The text rules of spec §5: length, international (no Greek), the character rules and the ERP id.
import { CHARACTER_SETS, type CharacterSetName, charCount, type Check, everyChar, isDigit, toCheck } from './rule-kit';
import { message, type ValidationMessage } from './messages';

// ---------------------------------------------------------------------------------------------------
// length [LENGTH.MIN, LENGTH.MAX, LENGTH.RANGE]
// ---------------------------------------------------------------------------------------------------

export function lengthError(value: string, bounds: { min?: number; max?: number }): ValidationMessage | null {
  if (value === '') return null;
  const n = charCount(value);
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) return n < min || n > max ? message('LENGTH.RANGE', { min, max }) : null;
  if (min !== undefined && n < min) return message('LENGTH.MIN', { min });
  if (max !== undefined && n > max) return message('LENGTH.MAX', { max });
  return null;
}

export const minLength = (min: number): Check => toCheck((v) => lengthError(v, { min }));
export const maxLength = (max: number): Check => toCheck((v) => lengthError(v, { max }));
export const lengthRange = (min: number, max: number): Check => toCheck((v) => lengthError(v, { min, max }));

// ---------------------------------------------------------------------------------------------------
// international [INTERNATIONAL]
// ---------------------------------------------------------------------------------------------------

// The whole Greek script, polytonic included: a Latin-only field must not take any of it.
const GREEK_SCRIPT = /\p{Script=Greek}/u;

export function hasGreek(value: string): boolean {
  return GREEK_SCRIPT.test(value.normalize('NFC'));
}

export function internationalError(value: string): ValidationMessage | null {
  return hasGreek(value) ? message('INTERNATIONAL') : null;
}

export const international = (): Check => toCheck(internationalError);

// ---------------------------------------------------------------------------------------------------
// Character rules [ILLEGAL.CHARS, ASCII]
// ---------------------------------------------------------------------------------------------------

/**
 * regex: every character must match the field's pattern, a pattern for one character such as
 * /[a-z0-9]/. The pattern is anchored here; 'g' and 'y' are dropped because they make test() stateful.
 */
export function patternError(value: string, pattern: RegExp): ValidationMessage | null {
  const one = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace(/[gy]/g, ''));
  return everyChar(value, (ch) => one.test(ch)) ? null : message('ILLEGAL.CHARS');
}

export const pattern = (re: RegExp): Check => toCheck((v) => patternError(v, re));

/** number: digits only. */
export function digitsError(value: string): ValidationMessage | null {
  return everyChar(value, isDigit) ? null : message('ILLEGAL.CHARS');
}

export const digits = (): Check => toCheck(digitsError);

/** 7-bit characters, or 8-bit (up to U+00FF) when the extended set is allowed. */
export function asciiError(value: string, options: { extended?: boolean } = {}): ValidationMessage | null {
  const limit = options.extended ? 0xff : 0x7f;
  return everyChar(value, (ch) => (ch.codePointAt(0) ?? 0) <= limit) ? null : message('ASCII');
}

export const ascii = (options: { extended?: boolean } = {}): Check => toCheck((v) => asciiError(v, options));

/** The value consists only of characters of the named sets (their union). */
export function charsetError(value: string, sets: readonly CharacterSetName[]): ValidationMessage | null {
  const allowed = new Set(sets.flatMap((name) => [...CHARACTER_SETS[name]]));
  return everyChar(value, (ch) => allowed.has(ch)) ? null : message('ILLEGAL.CHARS');
}

export const charset = (...sets: CharacterSetName[]): Check => toCheck((v) => charsetError(v, sets));

// ---------------------------------------------------------------------------------------------------
// erpId
// ---------------------------------------------------------------------------------------------------

/** Spec §9 "Other limits". */
export const ERP_ID_MIN_LENGTH = 18;

export function erpIdError(value: string): ValidationMessage | null {
  return value === '' || charCount(value) >= ERP_ID_MIN_LENGTH ? null : message('ERPID', { min: ERP_ID_MIN_LENGTH });
}

export const erpId = (): Check => toCheck(erpIdError);
