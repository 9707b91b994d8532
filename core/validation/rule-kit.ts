// What every validation rule of spec §5 is built from: counting characters as a person does, the named
// character sets, and the plumbing that turns a pure rule (`xError(value)`, the message or null) into the
// zod check `x()` that attaches that message to an issue (encoded by messages.ts).
//
// Convention, as in the spec where "required" is a rule of its own: every rule except the required
// ones accepts an empty value. A field that must be filled combines `requiredText(...)` with its checks;
// an optional one uses `optionalText(...)` (required-rules.ts).
// First: no schema may be built before zod is told not to probe eval (see the file). Every rules module
// imports this one first, so the setting is made before any of them builds a schema.
import './zod-jitless';
import { z } from 'zod';
import { encodeMessage, type ValidationMessage } from './messages';

export type Check = z.core.$ZodCheck<string>;

// ---------------------------------------------------------------------------------------------------
// Character counting and character sets
// ---------------------------------------------------------------------------------------------------

/**
 * Length as a person counts it: code points of the NFC form. UTF-16 length would count an emoji as 2,
 * and a Greek 'ά' typed as 'α' + combining accent would count as 2 without the normalisation.
 */
export function charCount(value: string): number {
  return [...value.normalize('NFC')].length;
}

/** Monotonic Greek as used in .gr/.ελ names and forms: accented letters, dialytika, final sigma. */
const GREEK_LETTERS =
  'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώΐΰϊϋΆΈΉΊΌΎΏΪΫ';
const LATIN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const FRENCH_LETTERS = 'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ';

/** The named character sets of spec §5 "Character rules"; 'extended' adds '.' and '-' to the others. */
export const CHARACTER_SETS = {
  greek: GREEK_LETTERS,
  latin: LATIN_LETTERS,
  digits: DIGITS,
  french: FRENCH_LETTERS,
  extended: '.-',
} as const;

export type CharacterSetName = keyof typeof CHARACTER_SETS;

const GREEK_SET = new Set(GREEK_LETTERS);
export const isGreekLetter = (ch: string): boolean => GREEK_SET.has(ch);
export const isLatinLetter = (ch: string): boolean => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
export const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';

export function everyChar(value: string, allowed: (ch: string) => boolean): boolean {
  for (const ch of value.normalize('NFC')) if (!allowed(ch)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Plumbing: pure rule → zod check
// ---------------------------------------------------------------------------------------------------

export type Rule = (value: string) => ValidationMessage | null;

export function toCheck(rule: Rule): Check {
  return z.superRefine<string>((value, ctx) => {
    const m = rule(value);
    if (m) ctx.addIssue({ code: 'custom', message: encodeMessage(m), input: value });
  });
}

/** Empty, missing, blank text, an unchecked box or an empty list: what 'required' refuses. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}


export type ObjectSchema = z.ZodType<Record<string, unknown>>;
export type FieldOf<S extends ObjectSchema> = Extract<keyof z.output<S>, string>;

// Object rules run even when a field failed its own checks, so that the visitor sees every error at once.
export const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
