// The validation rules of spec §5 as zod building blocks, shared by the browser (conform) and the
// server (form actions, Hono handlers). Each rule comes twice: `xError(value)` — a pure function that
// returns the message or null, for live feedback such as the strength meter — and `x()`, the zod check
// or schema that attaches that message to an issue (encoded by messages.ts).
//
// Convention, as in the spec where "required" is a rule of its own: every rule except the required
// ones accepts an empty value. A field that must be filled combines `requiredText(...)` with its checks;
// an optional one uses `optionalText(...)`.
// First: no schema may be built before zod is told not to probe eval (see the file).
import './zod-jitless';
import { z } from 'zod';
import { encodeMessage, issueMessage, message, type MessageKey, type ValidationMessage } from './messages';

type Check = z.core.$ZodCheck<string>;

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
const isGreekLetter = (ch: string): boolean => GREEK_SET.has(ch);
const isLatinLetter = (ch: string): boolean => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';

function everyChar(value: string, allowed: (ch: string) => boolean): boolean {
  for (const ch of value.normalize('NFC')) if (!allowed(ch)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Plumbing: pure rule → zod check
// ---------------------------------------------------------------------------------------------------

type Rule = (value: string) => ValidationMessage | null;

function toCheck(rule: Rule): Check {
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

// Blank text is the required rule's business; stopping here keeps one message per empty field.
const notBlank: Check = z.refine<string>((v) => v.trim() !== '', { error: issueMessage('REQUIRED'), abort: true });

// ---------------------------------------------------------------------------------------------------
// required [REQUIRED] and its conditional variants
// ---------------------------------------------------------------------------------------------------

/** Text that must not be blank, followed by any checks of this module. */
export function requiredText(...checks: Check[]) {
  return z.string({ error: issueMessage('REQUIRED') }).check(notBlank, ...checks);
}

/** Text that may be left empty; the checks only judge a value that was typed. */
export function optionalText(...checks: Check[]) {
  return z.string({ error: issueMessage('INVALID') }).check(...checks).optional();
}

/** A checkbox that may stay unchecked (conform turns 'on' into true and an absent box into undefined). */
export function checkbox() {
  return z.boolean({ error: issueMessage('INVALID') }).optional();
}

/** A checkbox that must be checked; `key` lets terms and the GDPR box use their own messages. */
export function requiredCheckbox(key: MessageKey = 'REQUIRED') {
  return z.boolean({ error: issueMessage(key) }).refine((v) => v === true, { error: issueMessage(key) });
}

/** terms_and_conditions: the box must be checked (TERMS, or the GDPR login label error). */
export function termsAccepted(key: 'TERMS' | 'gdpr.login.accept_all_above_label_error' = 'TERMS') {
  return requiredCheckbox(key);
}

export type SelectOption = { value: string; disabled?: boolean };

function enabledValues(options: readonly (string | SelectOption)[] | undefined): Set<string> | null {
  if (!options) return null;
  return new Set(options.flatMap((o) => (typeof o === 'string' ? [o] : o.disabled ? [] : [o.value])));
}

/**
 * A select needs a non-disabled option with a value. Given the options, a disabled or unknown value
 * counts as no choice: a hand-made request must not select what the page offered as disabled.
 */
export function requiredSelect(options?: readonly (string | SelectOption)[]) {
  const allowed = enabledValues(options);
  return z
    .string({ error: issueMessage('REQUIRED') })
    .refine((v) => v.trim() !== '' && (allowed === null || allowed.has(v)), { error: issueMessage('REQUIRED') });
}

/** A radio group needs one choice (one of `choices`, when given). */
export function requiredRadio(choices?: readonly string[]) {
  return requiredSelect(choices);
}

/** A checkbox is checked, or — with `value` — a radio group has that option chosen. */
export type CheckedCondition<K extends string> = { checked: K; value?: string };
/** A linked field's value is one of a list. */
export type InListCondition<K extends string> = { field: K; in: readonly unknown[] };
export type RequiredWhenRule<K extends string> = { field: K; when: CheckedCondition<K> | InListCondition<K> };

function isCheckedValue(value: unknown): boolean {
  return value === true || value === 'on' || value === 'true' || value === '1' || value === 1;
}

function conditionHolds(data: Record<string, unknown>, when: CheckedCondition<string> | InListCondition<string>): boolean {
  if ('checked' in when) {
    const linked = data[when.checked];
    return when.value === undefined ? isCheckedValue(linked) : linked === when.value;
  }
  return when.in.includes(data[when.field]);
}

type ObjectSchema = z.ZodType<Record<string, unknown>>;
type FieldOf<S extends ObjectSchema> = Extract<keyof z.output<S>, string>;

// Object rules run even when a field failed its own checks, so that the visitor sees every error at once.
export const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/**
 * Conditional 'required': the target fields are declared optional in the object, and this makes each
 * one required while its condition holds (a linked checkbox/radio checked, or a linked value in a list).
 */
export function requiredWhen<S extends ObjectSchema>(schema: S, rules: readonly RequiredWhenRule<FieldOf<S>>[]): S {
  return schema.superRefine((data, ctx) => {
    const record = data as Record<string, unknown>;
    for (const rule of rules) {
      if (conditionHolds(record, rule.when) && isBlank(record[rule.field])) {
        ctx.addIssue({ code: 'custom', message: issueMessage('REQUIRED'), path: [rule.field], input: record[rule.field] });
      }
    }
  }, always) as S;
}

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
// email [EMAIL]
// ---------------------------------------------------------------------------------------------------

const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;
// Any script is fine in the domain of an address: it is someone else's domain (müller.de), not one
// registered here, so the Latin/Greek limit of domain names does not apply.
const EMAIL_DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;

export function emailError(value: string): ValidationMessage | null {
  if (value === '') return null;
  const parts = value.split('@');
  if (parts.length !== 2) return message('EMAIL');
  const [local = '', rawDomain = ''] = parts;
  if (local === '' || WHITESPACE_OR_CONTROL.test(local)) return message('EMAIL');
  const domain = rawDomain.endsWith('.') ? rawDomain.slice(0, -1) : rawDomain;
  if (!domain.includes('.')) return message('EMAIL');
  // An empty label ('a@.gr', 'a@b..gr') is as invalid as a bad character.
  if (!domain.split('.').every((label) => EMAIL_DOMAIN_LABEL.test(label))) return message('EMAIL');
  return null;
}

export const isEmail = (value: string): boolean => value !== '' && emailError(value) === null;
export const email = (): Check => toCheck(emailError);

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
// Numbers [NUMERIC, VALUES.MIN, VALUES.MAX]
// ---------------------------------------------------------------------------------------------------

export type Notation = 'metric' | 'imperial';

// A grouped integer part starts with 1–3 digits and no leading zero: '0.234' is never 234.
const IMPERIAL = /^(?:\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.\d+)?$/;
const METRIC = /^(?:\d+|[1-9]\d{0,2}(?:\.\d{3})+)(?:,\d+)?$/;

/**
 * A plain or formatted number, imperial (1,234.56) or metric (1.234,56); null when it is neither.
 * '1.234' and '1,234' read both ways (a thousands group or three decimals); `prefer` decides, metric by
 * default because the shop writes numbers the Greek way (spec §9: '.' thousands, ',' decimals).
 */
export function parseLocaleNumber(text: string, prefer: Notation = 'metric'): number | null {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const body = /^[+-]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  const imperial = IMPERIAL.test(body) ? Number(body.replace(/,/g, '')) : null;
  const metric = METRIC.test(body) ? Number(body.replace(/\./g, '').replace(',', '.')) : null;
  const value = imperial !== null && metric !== null ? (prefer === 'metric' ? metric : imperial) : (imperial ?? metric);
  return value === null || !Number.isFinite(value) ? null : sign * value + 0; // + 0 turns -0 into 0
}

export function numericError(value: string, prefer: Notation = 'metric'): ValidationMessage | null {
  if (value.trim() === '') return null;
  return parseLocaleNumber(value, prefer) === null ? message('NUMERIC') : null;
}

export function valueError(value: string, bounds: { min?: number; max?: number }, prefer: Notation = 'metric'): ValidationMessage | null {
  if (value.trim() === '') return null;
  const n = parseLocaleNumber(value, prefer);
  // Not a number cannot satisfy a bound: refusing it keeps the bound from being bypassed.
  if (n === null) return message('NUMERIC');
  if (bounds.min !== undefined && n < bounds.min) return message('VALUES.MIN', { min: bounds.min });
  if (bounds.max !== undefined && n > bounds.max) return message('VALUES.MAX', { max: bounds.max });
  return null;
}

export const numeric = (prefer: Notation = 'metric'): Check => toCheck((v) => numericError(v, prefer));
export const valueMin = (min: number, prefer: Notation = 'metric'): Check => toCheck((v) => valueError(v, { min }, prefer));
export const valueMax = (max: number, prefer: Notation = 'metric'): Check => toCheck((v) => valueError(v, { max }, prefer));

// ---------------------------------------------------------------------------------------------------
// erpId
// ---------------------------------------------------------------------------------------------------

/** Spec §9 "Other limits". */
export const ERP_ID_MIN_LENGTH = 18;

export function erpIdError(value: string): ValidationMessage | null {
  return value === '' || charCount(value) >= ERP_ID_MIN_LENGTH ? null : message('ERPID', { min: ERP_ID_MIN_LENGTH });
}

export const erpId = (): Check => toCheck(erpIdError);

// ---------------------------------------------------------------------------------------------------
// Hosting-panel password [PASSWORD]
// ---------------------------------------------------------------------------------------------------

export const HOSTING_PASSWORD_MIN = 8;
export const HOSTING_PASSWORD_MAX = 16;
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

export const passwordStrengthAtLeast = (required: number): Check => toCheck((v) => passwordStrengthError(v, required));

// ---------------------------------------------------------------------------------------------------
// Confirmation [NOTCONFIRMED] and unique [UNIQUE]
// ---------------------------------------------------------------------------------------------------

/** The confirm field must equal the original, when the original is not empty. */
export function confirmationError(original: unknown, confirm: unknown): ValidationMessage | null {
  if (isBlank(original)) return null;
  return confirm === original ? null : message('NOTCONFIRMED');
}

/** Password confirm / e-mail confirm: the error goes on the confirm field. */
export function confirmed<S extends ObjectSchema>(schema: S, pair: { field: FieldOf<S>; confirm: FieldOf<S> }): S {
  return schema.superRefine((data, ctx) => {
    const record = data as Record<string, unknown>;
    const m = confirmationError(record[pair.field], record[pair.confirm]);
    if (m) ctx.addIssue({ code: 'custom', message: issueMessage('NOTCONFIRMED'), path: [pair.confirm], input: record[pair.confirm] });
  }, always) as S;
}

export type UniqueOptions = { normalize?: (value: string) => string };

// Names and hosts are compared trimmed and case-insensitively by default: 'NS1.example.gr' is 'ns1.example.gr'.
const defaultNormalize = (value: string): string => value.trim().normalize('NFC').toLowerCase();

/** Indexes of the values that repeat an earlier one; blank values are not compared. */
export function duplicateIndexes(values: readonly unknown[], options: UniqueOptions = {}): number[] {
  const normalize = options.normalize ?? defaultNormalize;
  const seen = new Set<string>();
  const dups: number[] = [];
  values.forEach((value, i) => {
    if (typeof value !== 'string' || isBlank(value)) return;
    const key = normalize(value);
    if (seen.has(key)) dups.push(i);
    else seen.add(key);
  });
  return dups;
}

/** A group of text fields of one object that must all differ; each repeat is marked UNIQUE. */
export function uniqueFields<S extends ObjectSchema>(schema: S, fields: readonly FieldOf<S>[], options: UniqueOptions = {}): S {
  return schema.superRefine((data, ctx) => {
    const record = data as Record<string, unknown>;
    for (const i of duplicateIndexes(fields.map((f) => record[f]), options)) {
      const field = fields[i] as string;
      ctx.addIssue({ code: 'custom', message: issueMessage('UNIQUE'), path: [field], input: record[field] });
    }
  }, always) as S;
}

/** The same for an array field (nameservers ns[0], ns[1] …): the error goes on each repeat. */
export function uniqueItems(options: UniqueOptions = {}): z.core.$ZodCheck<(string | undefined)[]> {
  return z.superRefine<(string | undefined)[]>((values, ctx) => {
    for (const i of duplicateIndexes(values, options)) {
      ctx.addIssue({ code: 'custom', message: issueMessage('UNIQUE'), path: [i], input: values[i] });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// required_contact [CONTACT_PROFILES.MISSING, REQUIRED]
// ---------------------------------------------------------------------------------------------------

/** A contact the page offered; `complete` is false when its {registry}_ready flag is 0. */
export type ContactChoice = { id: string | number; complete: boolean };

export function requiredContactError(id: unknown, contacts: readonly ContactChoice[]): ValidationMessage | null {
  if (isBlank(id)) return message('REQUIRED');
  const contact = contacts.find((c) => String(c.id) === String(id));
  // An id the page did not offer is no selection at all.
  if (!contact) return message('REQUIRED');
  return contact.complete ? null : message('CONTACT_PROFILES.MISSING');
}

export function requiredContact(contacts: readonly ContactChoice[]) {
  return z.string({ error: issueMessage('REQUIRED') }).check(toCheck((v) => requiredContactError(v, contacts)));
}

// ---------------------------------------------------------------------------------------------------
// IP addresses [IP.INVALID_CHARS, IP.INVALID_SYNTAX]
// ---------------------------------------------------------------------------------------------------

// Decimal 0–255 without leading zeros: '010' is 8 to some parsers and 10 to others, so it is refused.
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/**
 * The spec describes IPv6 as eight groups of four hex digits, but addresses are written in the RFC 4291
 * §2.2 text forms: leading zeros dropped ('2001:db8::1'), one '::' for a run of zero groups, and a dotted
 * IPv4 tail ('::ffff:192.0.2.1'). Refusing those would refuse the address a hosting panel shows, so all
 * of them are accepted (RFC 5952's canonical form is one of them).
 */
export function isIpv6(value: string): boolean {
  let text = value;
  const lastColon = text.lastIndexOf(':');
  if (lastColon < 0) return false;
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`; // the IPv4 tail stands for two groups
  }
  const compression = text.indexOf('::');
  if (compression !== text.lastIndexOf('::')) return false; // a second '::' or ':::'
  if (compression < 0) {
    const groups = text.split(':');
    return groups.length === 8 && groups.every((g) => HEX_GROUP.test(g));
  }
  const left = text.slice(0, compression);
  const right = text.slice(compression + 2);
  const groups = [...(left ? left.split(':') : []), ...(right ? right.split(':') : [])];
  return groups.length <= 7 && groups.every((g) => HEX_GROUP.test(g));
}

/**
 * Spec §5 order: characters first, then the separators, then the form. "No leading or trailing ':'" is
 * read as a lone colon: '::' at either end is the RFC compression ('::1', 'fe80::'), not a stray separator.
 */
export function ipAddressError(value: string): ValidationMessage | null {
  if (value === '') return null;
  if (/[^0-9a-fA-F:.]/.test(value)) return message('IP.INVALID_CHARS');
  if (/^\.|\.$|^:(?!:)|(?<!:):$|:\.|\.:/.test(value)) return message('IP.INVALID_SYNTAX');
  const ok = value.includes(':') ? isIpv6(value) : isIpv4(value);
  return ok ? null : message('IP.INVALID_SYNTAX');
}

export const ipAddress = (): Check => toCheck(ipAddressError);

// ---------------------------------------------------------------------------------------------------
// Nameservers and hosts [NAME_SERVERS.INVALID_CHARS, NAME_SERVERS.INVALID_SYNTAX]
// ---------------------------------------------------------------------------------------------------

/**
 * The spec says a host prefix has a maximum length without giving it. 63 is the DNS limit of one label
 * (RFC 1035 §2.3.4), and the prefix is one label since it may hold no dots.
 */
export const HOST_PREFIX_MAX_LENGTH = 63;
/** Spec §9 DOMAIN_NAME_MAX_LEN: the longest label. */
export const DOMAIN_NAME_MAX_LEN = 63;

export type NameServerScope =
  | { scope: 'name_server'; idn: boolean }
  /** `fqdn` is the domain the host belongs to: 'ns1' or 'ns1.example.gr' for example.gr. */
  | { scope: 'host'; idn: boolean; fqdn: string; prefixMax?: number };

// Word characters without '_' (hostnames are letters, digits and hyphens, RFC 1123), plus Greek with IDN.
function labelChar(idn: boolean): (ch: string) => boolean {
  return (ch) => isLatinLetter(ch) || isDigit(ch) || ch === '-' || (idn && isGreekLetter(ch));
}

function nameServerSyntaxOk(value: string): boolean {
  if (/^[.-]|[.-]$|\.\.|--|-\.|\.-/.test(value)) return false;
  // "Must look like a full domain": two labels or more, none over 63, a top level of letters only
  // (so that an IP address or 'localhost' is not taken for a nameserver).
  const labels = value.split('.');
  if (labels.length < 2 || charCount(value) > 253) return false;
  if (labels.some((l) => charCount(l) > DOMAIN_NAME_MAX_LEN)) return false;
  const tld = labels[labels.length - 1] ?? '';
  return charCount(tld) >= 2 && everyChar(tld, (ch) => isLatinLetter(ch) || isGreekLetter(ch));
}

function hostError(value: string, idn: boolean, fqdn: string, prefixMax: number): ValidationMessage | null {
  const text = value.normalize('NFC');
  const suffix = `.${fqdn.normalize('NFC')}`.toLowerCase();
  // The host field may hold the prefix alone (the page shows '.{fqdn}' after it) or the whole name.
  const prefix = text.toLowerCase().endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
  const allowed = labelChar(idn);
  if (!everyChar(prefix, (ch) => ch === '.' || allowed(ch))) return message('NAME_SERVERS.INVALID_CHARS');
  // A dot left in the prefix means it is not of the form xxx.{fqdn}.
  if (prefix === '' || prefix.includes('.')) return message('NAME_SERVERS.INVALID_SYNTAX');
  if (/^-|-$|--/.test(prefix)) return message('NAME_SERVERS.INVALID_SYNTAX');
  if (charCount(prefix) > prefixMax) return message('LENGTH.MAX', { max: prefixMax });
  return null;
}

export function nameServerError(value: string, scope: NameServerScope): ValidationMessage | null {
  if (value === '') return null; // optional when empty
  if (scope.scope === 'host') return hostError(value, scope.idn, scope.fqdn, scope.prefixMax ?? HOST_PREFIX_MAX_LENGTH);
  const allowed = labelChar(scope.idn);
  if (!everyChar(value, (ch) => ch === '.' || allowed(ch))) return message('NAME_SERVERS.INVALID_CHARS');
  return nameServerSyntaxOk(value.normalize('NFC')) ? null : message('NAME_SERVERS.INVALID_SYNTAX');
}

export const nameServer = (scope: NameServerScope): Check => toCheck((v) => nameServerError(v, scope));

/** Non-empty nameservers against the item's registry_settings min/max (catalogue errors 32053/32052). */
export function nameServerCountError(values: readonly (string | undefined)[], limits: { min?: number; max?: number }): ValidationMessage | null {
  const count = values.filter((v) => v !== undefined && !isBlank(v)).length;
  if (limits.min !== undefined && count < limits.min) return { key: 'errors:nameserver_do_not_cover_lower_limit', params: { min: limits.min } };
  if (limits.max !== undefined && count > limits.max) return { key: 'errors:nameserver_exceed_upper_limit', params: { max: limits.max } };
  return null;
}

export function nameServerCount(limits: { min?: number; max?: number }): z.core.$ZodCheck<(string | undefined)[]> {
  return z.superRefine<(string | undefined)[]>((values, ctx) => {
    const m = nameServerCountError(values, limits);
    if (m) ctx.addIssue({ code: 'custom', message: encodeMessage(m), input: values });
  });
}

/** Server errors arrive as '{something}.{n}'; the 0-based n is the index of the nameserver field (shown as field n+1). */
export function serverErrorIndex(key: string): number | null {
  const match = /\.(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

// ---------------------------------------------------------------------------------------------------
// Domain names [DOMAIN.INVALID, DOMAIN.TOO_LONG]
// ---------------------------------------------------------------------------------------------------

/** Spec §9. Read as the longest sub-domain part in front of the registrable name (decision 009). */
export const SUBDOMAIN_LENGTH = 18;

/**
 * Zones of more than one label that the shop sells, so that 'example.com.gr' is a name under com.gr and
 * not a sub-domain 'example' of com.gr. Callers with the catalogue pass its own list.
 */
export const DEFAULT_MULTI_LABEL_ZONES: readonly string[] = ['com.gr', 'net.gr', 'org.gr', 'edu.gr', 'gov.gr'];

export type DomainNameOptions = { zones?: readonly string[] };

/** The part in front of the registrable name ('shop.blog' in 'shop.blog.example.gr'), or '' when there is none. */
export function subdomainPart(domain: string, zones: readonly string[] = DEFAULT_MULTI_LABEL_ZONES): string {
  const labels = domain.normalize('NFC').toLowerCase().split('.');
  let zoneLabels = 1;
  for (const zone of zones) {
    const parts = zone.normalize('NFC').toLowerCase().replace(/^\./, '').split('.');
    if (parts.length > zoneLabels && parts.length < labels.length && labels.slice(-parts.length).join('.') === parts.join('.')) zoneLabels = parts.length;
  }
  const registrableStart = labels.length - zoneLabels - 1;
  return registrableStart > 0 ? domain.normalize('NFC').split('.').slice(0, registrableStart).join('.') : '';
}

export function domainNameError(value: string, options: DomainNameOptions = {}): ValidationMessage | null {
  if (value === '') return null;
  const text = value.normalize('NFC');
  if (text.includes('://')) return message('DOMAIN.INVALID');
  if (!everyChar(text, (ch) => isLatinLetter(ch) || isGreekLetter(ch) || isDigit(ch) || ch === '.' || ch === '-')) return message('DOMAIN.INVALID');
  if (/^[.-]|[.-]$|-\.|\.-|\.\.|--/.test(text)) return message('DOMAIN.INVALID');
  if (text.split('.').some((label) => charCount(label) > DOMAIN_NAME_MAX_LEN)) return message('DOMAIN.TOO_LONG', { max: DOMAIN_NAME_MAX_LEN });
  if (charCount(subdomainPart(text, options.zones)) > SUBDOMAIN_LENGTH) return message('DOMAIN.TOO_LONG', { max: SUBDOMAIN_LENGTH });
  return null;
}

export const domainName = (options: DomainNameOptions = {}): Check => toCheck((v) => domainNameError(v, options));

// ---------------------------------------------------------------------------------------------------
// WHOIS search [REQUIRED, WHOIS.MIN]
// ---------------------------------------------------------------------------------------------------

export const WHOIS_MIN_LENGTH = 3;

export function whoisQueryError(value: string, min = WHOIS_MIN_LENGTH): ValidationMessage | null {
  if (value.trim() === '') return message('REQUIRED');
  return charCount(value.trim()) < min ? message('WHOIS.MIN', { min }) : null;
}

export function whoisQuery(min = WHOIS_MIN_LENGTH) {
  return requiredText(toCheck((v) => whoisQueryError(v, min)));
}

// ---------------------------------------------------------------------------------------------------
// Select search box (spec §9 "Layout")
// ---------------------------------------------------------------------------------------------------

/**
 * "Select lists with fewer than 9 options have no search box"; a threshold of 10 is also given. We take
 * the explicit sentence: 9 options or more get a search box (decision 009).
 */
export const SELECT_SEARCH_THRESHOLD = 9;

export function selectHasSearch(optionCount: number): boolean {
  return optionCount >= SELECT_SEARCH_THRESHOLD;
}
