// The required rule of spec §5 [REQUIRED] and its variants: text, checkboxes, selects and radios, the
// conditional 'required' of linked fields, and required_contact. Every other rule accepts an empty value.
import { always, type Check, type FieldOf, isBlank, type ObjectSchema, toCheck } from './rule-kit';
import { z } from 'zod';
import { issueMessage, message, type MessageKey, type ValidationMessage } from './messages';

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
