import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import en from '../../i18n/en/validation.json';
import { decodeMessage, encodeMessage, issueMessage, message, MESSAGES, type MessageKey } from './messages';
import { STRENGTH_LABELS, strengthLabelKey } from './password-rules';

const SPEC_KEYS: MessageKey[] = [
  'REQUIRED', 'REQUIRED_ALL', 'LENGTH.MIN', 'LENGTH.MAX', 'LENGTH.RANGE', 'INTERNATIONAL', 'EMAIL', 'ILLEGAL.CHARS', 'ASCII',
  'NUMERIC', 'VALUES.MIN', 'VALUES.MAX', 'ERPID', 'PASSWORD', 'PASSWORD_STRENGTH', 'NOTCONFIRMED', 'UNIQUE', 'TERMS',
  'CONTACT_PROFILES.MISSING', 'IP.INVALID_CHARS', 'IP.INVALID_SYNTAX', 'IP.NOT_FOUND', 'NAME_SERVERS.INVALID_CHARS',
  'NAME_SERVERS.INVALID_SYNTAX', 'DOMAIN.INVALID', 'DOMAIN.TOO_LONG', 'WHOIS.MIN', 'NOCHANGES', 'NO_CAPTCHA',
  'gdpr.login.accept_all_above_label_error',
];

async function translator(lng: 'el' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { el: { validation: el }, en: { validation: en } }, ns: ['validation'], interpolation: { escapeValue: false } });
  return (text: string) => {
    const m = decodeMessage(text);
    return i18n.t(m.key, m.params ?? {});
  };
}

function lookup(resource: Record<string, unknown>, i18nKey: string): unknown {
  return i18nKey.replace(/^validation:/, '').split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);
}

describe('message keys', () => {
  it('covers every key of spec §5 in the validation namespace', () => {
    for (const key of SPEC_KEYS) expect(MESSAGES[key]).toMatch(/^validation:[a-z_]+$/);
    expect(MESSAGES['LENGTH.MIN']).toBe('validation:length_min');
    expect(new Set(Object.values(MESSAGES)).size).toBe(Object.keys(MESSAGES).length);
  });

  it('builds a message with its parameters, and without an empty params field', () => {
    expect(message('LENGTH.RANGE', { min: 2, max: 5 })).toEqual({ key: 'validation:length_range', params: { min: 2, max: 5 } });
    expect(message('EMAIL')).toEqual({ key: 'validation:email' });
  });
});

describe('encodeMessage / decodeMessage', () => {
  it('encodes as JSON and decodes back', () => {
    const m = { key: 'validation:length_min', params: { min: 3 } };
    expect(encodeMessage(m)).toBe('{"key":"validation:length_min","params":{"min":3}}');
    expect(decodeMessage(encodeMessage(m))).toEqual(m);
    expect(decodeMessage(issueMessage('EMAIL'))).toEqual({ key: 'validation:email' });
    expect(encodeMessage({ key: 'validation:email', params: {} })).toBe('{"key":"validation:email"}');
  });

  it('keeps parameters that would break a home-made format', () => {
    const m = { key: 'validation:password', params: { specials: '~!@#$%*{}=:;-_+/?[]|="' } };
    expect(decodeMessage(encodeMessage(m))).toEqual(m);
  });

  it("turns zod's own messages and malformed JSON into the generic message", () => {
    for (const text of ['Invalid input: expected string, received undefined', '', '{not json', '{"key":3}', '{"key":""}', '{"key":"x","params":{"a":{}}}', '[1]']) {
      expect(decodeMessage(text)).toEqual({ key: 'validation:invalid' });
    }
  });
});

describe('validation.json', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('has every message in Greek and English, with the same placeholders', () => {
    for (const key of Object.values(MESSAGES)) {
      const g = lookup(el, key);
      const e = lookup(en, key);
      expect(typeof g, `${key} in el`).toBe('string');
      expect(typeof e, `${key} in en`).toBe('string');
      expect(placeholders(g as string), key).toEqual(placeholders(e as string));
      expect(g, `${key} is translated`).not.toEqual(e);
    }
  });

  it('has no message that no rule uses', () => {
    const used = new Set(Object.values(MESSAGES).map((k) => k.replace('validation:', '')));
    for (const key of Object.keys(el)) if (key !== 'strength') expect(used.has(key), key).toBe(true);
    expect(Object.keys(el).sort()).toEqual(Object.keys(en).sort());
  });

  it('has the strength labels of the meter', () => {
    expect(STRENGTH_LABELS.map((l) => lookup(el, strengthLabelKey(STRENGTH_LABELS.indexOf(l) as 0 | 1 | 2 | 3)))).toEqual(['Πολύ κακός', 'Αδύναμος', 'Καλός', 'Ισχυρός']);
    expect(STRENGTH_LABELS.map((l) => lookup(en, `validation:strength.${l}`))).toEqual(['Very bad', 'Weak', 'Good', 'Strong']);
  });

  it('renders through i18next with the bounds and the nested strength label', async () => {
    const tEl = await translator('el');
    const tEn = await translator('en');
    expect(tEl(issueMessage('LENGTH.RANGE', { min: 8, max: 16 }))).toBe('Παρακαλούμε πληκτρολογήστε από 8 έως 16 χαρακτήρες.');
    expect(tEn(issueMessage('LENGTH.MIN', { min: 3 }))).toBe('Please enter at least 3 characters.');
    expect(tEl(issueMessage('PASSWORD_STRENGTH', { level: 2, label: 'good' }))).toContain('«Καλός»');
    expect(tEn(issueMessage('PASSWORD_STRENGTH', { level: 3, label: 'strong' }))).toContain('“Strong”');
    expect(tEn(issueMessage('PASSWORD', { min: 8, max: 16, specials: '~!@#$%*{}=:;-_+/?[]' }))).toContain('~!@#$%*{}=:;-_+/?[]');
    expect(tEl('Invalid input')).toBe('Η τιμή δεν είναι έγκυρη.');
  });
});
