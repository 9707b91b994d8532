import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { isBlank } from './rule-kit';
import { checkbox, optionalText, requiredCheckbox, requiredContact, requiredContactError, requiredRadio, requiredSelect, requiredText, requiredWhen, SELECT_SEARCH_THRESHOLD, selectHasSearch, termsAccepted } from './required-rules';
import { email } from './email-rules';
import { errors, keys, key } from './test-kit';

describe('required', () => {
  it('refuses missing and blank text, with one message only', () => {
    const s = requiredText(email());
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, '   ')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'x')).toEqual([MESSAGES.EMAIL]);
    expect(keys(s, 'a@b.gr')).toEqual([]);
  });

  it('lets optional text be empty but judges what is typed', () => {
    const s = optionalText(email());
    expect(keys(s, undefined)).toEqual([]);
    expect(keys(s, '')).toEqual([]);
    expect(keys(s, 'nope')).toEqual([MESSAGES.EMAIL]);
    expect(keys(s, 5)).toEqual([MESSAGES.INVALID]);
  });

  it('needs a checked checkbox', () => {
    const s = requiredCheckbox();
    expect(keys(s, true)).toEqual([]);
    expect(keys(s, false)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(checkbox(), undefined)).toEqual([]);
    expect(keys(checkbox(), false)).toEqual([]);
  });

  it('needs a non-disabled select option with a value', () => {
    const s = requiredSelect([{ value: 'GR' }, { value: 'CY' }, { value: 'XX', disabled: true }]);
    expect(keys(s, 'GR')).toEqual([]);
    expect(keys(s, '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'XX')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'DE')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(requiredSelect(), 'anything')).toEqual([]);
    expect(keys(requiredSelect(), ' ')).toEqual([MESSAGES.REQUIRED]);
  });

  it('needs one radio choice', () => {
    const s = requiredRadio(['email', 'sms']);
    expect(keys(s, 'sms')).toEqual([]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'fax')).toEqual([MESSAGES.REQUIRED]);
  });

  it('knows what blank is', () => {
    for (const v of [undefined, null, '', ' \t', false, []]) expect(isBlank(v)).toBe(true);
    for (const v of ['0', 0, true, ['a'], 'x']) expect(isBlank(v)).toBe(false);
  });
});

describe('requiredWhen', () => {
  const base = z.object({
    company: checkbox(),
    vat: optionalText(),
    kind: optionalText(),
    title: optionalText(),
    country: optionalText(),
    state: optionalText(),
  });
  const s = requiredWhen(base, [
    { field: 'vat', when: { checked: 'company' } },
    { field: 'title', when: { checked: 'kind', value: 'business' } },
    { field: 'state', when: { field: 'country', in: ['GR', 'CY'] } },
  ]);

  it('requires a field while its linked checkbox is checked', () => {
    expect(errors(s, { company: true })).toEqual([{ path: 'vat', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { company: true, vat: '  ' })).toEqual([{ path: 'vat', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { company: true, vat: 'EL123' })).toEqual([]);
    expect(errors(s, { company: false })).toEqual([]);
    expect(errors(s, {})).toEqual([]);
  });

  it('requires a field while a linked radio option is chosen', () => {
    expect(errors(s, { kind: 'business' })).toEqual([{ path: 'title', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { kind: 'person' })).toEqual([]);
  });

  it("requires a field while a linked field's value is in a list", () => {
    expect(errors(s, { country: 'GR' })).toEqual([{ path: 'state', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { country: 'CY', state: 'Λευκωσία' })).toEqual([]);
    expect(errors(s, { country: 'DE' })).toEqual([]);
  });

  it('reports together with the errors of other fields', () => {
    const withEmail = requiredWhen(z.object({ email: requiredText(email()), company: checkbox(), vat: optionalText() }), [
      { field: 'vat', when: { checked: 'company' } },
    ]);
    expect(errors(withEmail, { company: true }).map((e) => e.path).sort()).toEqual(['email', 'vat']);
  });
});

describe('terms', () => {
  it('needs the box checked, with the terms or the GDPR message', () => {
    expect(keys(termsAccepted(), true)).toEqual([]);
    expect(keys(termsAccepted(), undefined)).toEqual([MESSAGES.TERMS]);
    expect(keys(termsAccepted(), false)).toEqual([MESSAGES.TERMS]);
    expect(keys(termsAccepted('gdpr.login.accept_all_above_label_error'), false)).toEqual(['validation:gdpr_accept_all_above_label_error']);
  });
});

describe('required_contact', () => {
  const contacts = [
    { id: 11, complete: true },
    { id: '12', complete: false },
  ];
  it('needs a selected, complete contact', () => {
    expect(requiredContactError('11', contacts)).toBeNull();
    expect(key(requiredContactError('', contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError(undefined, contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError('99', contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError('12', contacts))).toBe(MESSAGES['CONTACT_PROFILES.MISSING']);
    expect(keys(requiredContact(contacts), '12')).toEqual([MESSAGES['CONTACT_PROFILES.MISSING']]);
    expect(keys(requiredContact(contacts), undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(requiredContact(contacts), '11')).toEqual([]);
  });
});

describe('select search box', () => {
  it('appears from 9 options', () => {
    expect(SELECT_SEARCH_THRESHOLD).toBe(9);
    expect(selectHasSearch(8)).toBe(false);
    expect(selectHasSearch(9)).toBe(true);
    expect(selectHasSearch(10)).toBe(true);
  });
});
