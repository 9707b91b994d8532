// Domain names as the shop reads them (spec §5 "Domain names", ".ελ domains"; §8 codes 30001–30020):
// what a typed name means, how it is shown, the key a registry compares it by, and which scripts
// each TLD takes.
import { ErrorCode } from '../errors';
import { MESSAGES } from '../validation/messages';
import { CHARACTER_SETS, charCount } from '../validation/rule-kit';
import { DOMAIN_NAME_MAX_LEN, domainNameError } from '../validation/domain-name-rules';
import { domainToAscii, labelToAscii, labelToUnicode } from './punycode';

/** RFC 1035 §3.1 / RFC 1123: the longest name in presentation form. Also the search box limit (30002). */
export const MAX_DOMAIN_LENGTH = 253;

// The monotonic Greek letters that names may hold: the same set the §5 validation rules use.
const GREEK_LETTERS = new Set(CHARACTER_SETS.greek);
const isGreekLetter = (ch: string): boolean => GREEK_LETTERS.has(ch);
const isLatinLetter = (ch: string): boolean => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';
const isLabelChar = (ch: string): boolean => isLatinLetter(ch) || isGreekLetter(ch) || isDigit(ch) || ch === '-';
const isAnyGreek = (ch: string): boolean => /\p{Script=Greek}/u.test(ch);
const isLetter = (ch: string): boolean => /\p{L}/u.test(ch);

/** NFC, lower case, and an 'xn--' label turned into Unicode when it is a valid one (else left as typed). */
function unicodeLower(label: string): string {
  const text = label.normalize('NFC').toLowerCase();
  try {
    return labelToUnicode(text);
  } catch {
    return text;
  }
}

// ---------------------------------------------------------------------------------------------------
// Registry key and display form
// ---------------------------------------------------------------------------------------------------

/**
 * The registry key of a label: names with the same key are the same name for availability. As the
 * .gr registry does, Greek is compared without case, accents (tonos), dialytika and with final sigma
 * as sigma, so 'Καφές', 'καφες' and 'ΚΑΦΕΣ' are one name. Marks are stripped from Greek letters only:
 * the rule is a Greek one, and Latin labels the shop sells are plain ASCII anyway. An 'xn--' label
 * is decoded first, so a name stored in ACE form has the same key as the one typed in Greek.
 */
export function normaliseGreekLabel(label: string): string {
  let out = '';
  let afterGreek = false;
  for (const ch of unicodeLower(label).normalize('NFD')) {
    if (/\p{M}/u.test(ch)) {
      if (!afterGreek) out += ch;
      continue;
    }
    afterGreek = isAnyGreek(ch);
    out += ch === 'ς' ? 'σ' : ch;
  }
  return out.normalize('NFC');
}

/**
 * The label as shown: NFC, lower case, Greek script for an 'xn--' label, and sigma written as Greek
 * spelling wants it: 'ς' at the end of a word (before a hyphen, a digit or the end), 'σ' elsewhere.
 * Registries match both forms (normaliseGreekLabel), so the display form is a spelling fix, not
 * another name: 'καφεσ' shows 'καφες'.
 */
export function displayLabel(label: string): string {
  const chars = [...unicodeLower(label)];
  return chars
    .map((ch, i) => {
      if (ch !== 'σ' && ch !== 'ς') return ch;
      const prev = chars[i - 1];
      const next = chars[i + 1];
      const endsWord = prev !== undefined && isAnyGreek(prev) && isLetter(prev) && !(next !== undefined && isLetter(next));
      return endsWord ? 'ς' : 'σ';
    })
    .join('');
}

export type DomainScript = 'latin' | 'greek' | 'mixed';

/**
 * The script of a label's letters. Digits and hyphens have none, so '123' counts as Latin (plain
 * ASCII). Meant for labels already limited to Latin/Greek letters: any non-Greek letter counts as Latin.
 */
export function labelScript(label: string): DomainScript {
  let greek = false;
  let other = false;
  for (const ch of unicodeLower(label)) {
    if (!isLetter(ch)) continue;
    if (isAnyGreek(ch)) greek = true;
    else other = true;
  }
  if (greek && other) return 'mixed';
  return greek ? 'greek' : 'latin';
}

// ---------------------------------------------------------------------------------------------------
// Which scripts a TLD takes
// ---------------------------------------------------------------------------------------------------

export type ScriptPolicy = 'greek' | 'latin-or-greek' | 'latin';

const GREEK_ONLY_TLDS = new Set(['ελ', 'ευ']);
const LATIN_OR_GREEK_TLDS = new Set(['gr', 'com.gr', 'net.gr', 'org.gr', 'edu.gr', 'gov.gr', 'eu']);

/** A TLD as compared here: NFC, lower case, no leading dot, Greek rather than ACE ('xn--qxam' → 'ελ'). */
export function normaliseTld(tld: string): string {
  const text = tld.trim().normalize('NFC').toLowerCase().replace(/^\./, '');
  try {
    return text.split('.').map(labelToUnicode).join('.');
  } catch {
    return text;
  }
}

/**
 * .ελ and .ευ exist for Greek-script names only; the .gr family and .eu take Latin or Greek names;
 * every other TLD takes Latin ones, because the shop offers no IDN for them.
 */
export function scriptPolicyOf(tld: string): ScriptPolicy {
  const t = normaliseTld(tld);
  if (GREEK_ONLY_TLDS.has(t)) return 'greek';
  if (LATIN_OR_GREEK_TLDS.has(t)) return 'latin-or-greek';
  return 'latin';
}

export type DomainRuleCode = typeof ErrorCode.DOMAIN_IS_NOT_VALID;

/**
 * Whether a label may be registered under a TLD: null, or 30009 domain_is_not_valid.
 *
 * Latin and Greek letters are never mixed in one label, whatever the TLD allows: Greek 'ο', 'α',
 * 'ε', 'κ', 'τ'… look exactly like Latin letters, so a mixed label such as 'pαypal' (Greek alpha)
 * would pass for another company's name (an IDN homograph attack). Registries refuse these too.
 * A Greek-only TLD also needs at least one Greek letter: '123.ελ' would be a Latin-looking name.
 */
export function labelAllowedForTld(label: string, tld: string): DomainRuleCode | null {
  const text = unicodeLower(label);
  if (text === '' || ![...text].every(isLabelChar)) return ErrorCode.DOMAIN_IS_NOT_VALID;
  const script = labelScript(text);
  if (script === 'mixed') return ErrorCode.DOMAIN_IS_NOT_VALID;
  const policy = scriptPolicyOf(tld);
  if (policy === 'greek' && script !== 'greek') return ErrorCode.DOMAIN_IS_NOT_VALID;
  if (policy === 'latin' && script !== 'latin') return ErrorCode.DOMAIN_IS_NOT_VALID;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Splitting a typed name
// ---------------------------------------------------------------------------------------------------

export type SplitDomain = { label: string; tld: string | null };

/** Every way a known TLD may be typed → its display form: itself, its ACE form, and '.el' for '.ελ'. */
function tldSpellings(knownTlds: readonly string[]): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const known of knownTlds) {
    const display = normaliseTld(known);
    if (display === '') continue;
    spellings.set(display, display);
    spellings.set(domainToAscii(display), display);
  }
  // Spec §2 "Domain search bar": people type '.el' for '.ελ' on a Latin keyboard. Only when the shop
  // sells .ελ, and never over a real TLD spelled 'el'.
  if (spellings.get('ελ') === 'ελ' && !spellings.has('el')) spellings.set('el', 'ελ');
  return spellings;
}

const dots = (text: string): number => text.split('.').length - 1;

/**
 * Splits a typed name into the part in front of its TLD and the TLD (display form). Trims, lower-cases,
 * drops a trailing dot (the DNS root) and a leading 'www.' when a name is left after it ('www.gr' stays
 * the name 'www' under gr). The longest known TLD wins: 'a.com.gr' is 'a' under 'com.gr'. With no
 * known TLD, tld is null and label is the whole cleaned input.
 */
export function splitDomain(input: string, knownTlds: readonly string[]): SplitDomain {
  let name = input.trim().normalize('NFC').toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  const spellings = tldSpellings(knownTlds);
  if (name.startsWith('www.')) {
    const rest = name.slice(4);
    if (rest !== '' && !spellings.has(rest)) name = rest;
  }
  let best: { typed: string; display: string } | null = null;
  for (const [typed, display] of spellings) {
    if (!name.endsWith(`.${typed}`) || name.length <= typed.length + 1) continue;
    if (best === null || dots(typed) > dots(best.typed) || (dots(typed) === dots(best.typed) && typed.length > best.typed.length)) {
      best = { typed, display };
    }
  }
  if (best === null) return { label: name, tld: null };
  return { label: name.slice(0, name.length - best.typed.length - 1), tld: best.display };
}

// ---------------------------------------------------------------------------------------------------
// A name to register
// ---------------------------------------------------------------------------------------------------

export type ParsedDomain = {
  ok: true;
  /** Display form: 'καφές'. */
  label: string;
  /** Display form: 'ελ'. */
  tld: string;
  /** Display form: 'καφές.ελ'. */
  fqdn: string;
  asciiLabel: string;
  asciiFqdn: string;
  /**
   * What a registry compares for availability: the label's normaliseGreekLabel and the display TLD,
   * 'καφεσ.ελ' for 'Καφές.ελ' (the same form as keys.ts registryKeyFor).
   */
  registryKey: string;
  script: DomainScript;
};

export type DomainErrorCode =
  | typeof ErrorCode.EMPTY_SEARCH
  | typeof ErrorCode.TOO_LONG_SEARCH
  | typeof ErrorCode.NO_TLD
  | typeof ErrorCode.DOMAIN_IS_NOT_VALID
  | typeof ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED
  | typeof ErrorCode.DOMAIN_MAX_LENGTH_REACHED;

export type DomainParseError = { ok: false; code: DomainErrorCode };

const fail = <C extends number>(code: C) => ({ ok: false as const, code });

/**
 * A name typed for registration ('Καφές.ελ', 'www.example.com.gr', 'xn--qxam.gr'), checked in this
 * order: blank (30001), over 253 characters (30002), spec §5 characters and syntax (30009), no known
 * TLD (30003), a sub-domain (30019: only the registrable name can be registered), a label over 63
 * characters or 63 ACE octets (30020), then the TLD's script rule (30009). Bad characters come before
 * the missing TLD because 'my shop' is better answered with "not a valid name" than "no TLD".
 */
export function parseDomain(input: string, knownTlds: readonly string[]): ParsedDomain | DomainParseError {
  const text = input.trim();
  if (text === '') return fail(ErrorCode.EMPTY_SEARCH);
  if (charCount(text) > MAX_DOMAIN_LENGTH) return fail(ErrorCode.TOO_LONG_SEARCH);

  const split = splitDomain(text, knownTlds);
  // Judge the name itself, not its ACE spelling: '--' in 'xn--' would otherwise fail §5's syntax.
  let name: string;
  try {
    name = split.label.split('.').map(labelToUnicode).join('.');
  } catch {
    return fail(ErrorCode.DOMAIN_IS_NOT_VALID);
  }
  const zones = knownTlds.map(normaliseTld).filter((t) => t.includes('.'));
  const error = domainNameError(split.tld === null ? name : `${name}.${split.tld}`, { zones });
  if (error?.key === MESSAGES['DOMAIN.INVALID']) return fail(ErrorCode.DOMAIN_IS_NOT_VALID);
  if (split.tld === null) return fail(ErrorCode.NO_TLD);
  if (name.includes('.')) return fail(ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED);
  if (error) return fail(ErrorCode.DOMAIN_MAX_LENGTH_REACHED);

  const label = displayLabel(name);
  const asciiLabel = labelToAscii(label);
  // DNS counts octets of the ACE form: a 40-letter Greek label can be 70 ASCII characters.
  if (asciiLabel.length > DOMAIN_NAME_MAX_LEN) return fail(ErrorCode.DOMAIN_MAX_LENGTH_REACHED);
  const scriptError = labelAllowedForTld(label, split.tld);
  if (scriptError) return fail(scriptError);

  return {
    ok: true,
    label,
    tld: split.tld,
    fqdn: `${label}.${split.tld}`,
    asciiLabel,
    asciiFqdn: `${asciiLabel}.${domainToAscii(split.tld)}`,
    registryKey: `${normaliseGreekLabel(label)}.${split.tld}`,
    script: labelScript(label),
  };
}

// ---------------------------------------------------------------------------------------------------
// A search-box keyword
// ---------------------------------------------------------------------------------------------------

export type ParsedKeyword = { ok: true; label: string; tld: string | null; exact: boolean };

export type KeywordErrorCode =
  | typeof ErrorCode.EMPTY_SEARCH
  | typeof ErrorCode.TOO_LONG_SEARCH
  | typeof ErrorCode.NO_TLD
  | typeof ErrorCode.DOMAIN_KEYWORD_NOT_VALID;

export type KeywordParseError = { ok: false; code: KeywordErrorCode };

/**
 * One label of letters (Latin or Greek), digits and single inner hyphens, at most 63 long in both
 * its Unicode and ACE forms. Scripts may still be mixed: that is a per-TLD rule (labelAllowedForTld).
 */
export function isValidLabel(label: string): boolean {
  if (label === '' || ![...label].every(isLabelChar)) return false;
  if (label.startsWith('-') || label.endsWith('-') || label.includes('--')) return false;
  return charCount(label) <= DOMAIN_NAME_MAX_LEN && labelToAscii(label).length <= DOMAIN_NAME_MAX_LEN;
}

/**
 * What the search box was given: a keyword to try under every TLD ('kafe'), or one exact name
 * ('kafe.gr', 'καφές.ελ', or 'καφές.el' which means .ελ). A dotted input whose ending is no known TLD
 * is 30003 ('kafe.zz'), anything that is not one clean label is 30008. The label comes back in display
 * form; whether it suits the TLD is labelAllowedForTld's call, made per TLD by the caller.
 */
export function parseKeyword(input: string, knownTlds: readonly string[]): ParsedKeyword | KeywordParseError {
  const text = input.trim();
  if (text === '') return fail(ErrorCode.EMPTY_SEARCH);
  if (charCount(text) > MAX_DOMAIN_LENGTH) return fail(ErrorCode.TOO_LONG_SEARCH);

  let label = text.normalize('NFC').toLowerCase().replace(/\.$/, '');
  let tld: string | null = null;
  // '.gr' alone has no keyword in front of its TLD: a bad keyword rather than a missing TLD.
  if (label.startsWith('.')) return fail(ErrorCode.DOMAIN_KEYWORD_NOT_VALID);
  if (label.includes('.')) {
    const split = splitDomain(text, knownTlds);
    if (split.tld === null) return fail(ErrorCode.NO_TLD);
    label = split.label;
    tld = split.tld;
  }
  try {
    label = labelToUnicode(label);
  } catch {
    return fail(ErrorCode.DOMAIN_KEYWORD_NOT_VALID);
  }
  if (!isValidLabel(label)) return fail(ErrorCode.DOMAIN_KEYWORD_NOT_VALID);
  return { ok: true, label: displayLabel(label), tld, exact: tld !== null };
}
