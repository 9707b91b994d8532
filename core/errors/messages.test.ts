// The catalogue's and the HTTP cases' messages in both languages.
import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/errors.json';
import en from '../../i18n/en/errors.json';
import { CATALOGUE } from './catalogue';
import { describeHttpFailure } from './http';

const HTTP_KEYS = ['400', '404', '429', '500', '503', 'other', 'timeout', 'connection_error', 'connection_error_title', 'reload', 'generic'];

function lookup(messages: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe('messages', () => {
  const languages: Array<[string, Record<string, unknown>]> = [
    ['el', el],
    ['en', en],
  ];

  it('exist in both languages for every catalogue entry', () => {
    for (const [lang, messages] of languages) {
      for (const e of CATALOGUE) {
        const text = messages[e.key];
        expect([lang, e.key, typeof text === 'string' && text.trim() !== '']).toEqual([lang, e.key, true]);
      }
    }
  });

  it('exist in both languages for every HTTP case', () => {
    for (const [lang, messages] of languages) {
      for (const key of HTTP_KEYS) {
        const text = lookup(messages, `http.${key}`);
        expect([lang, key, typeof text === 'string' && text !== '']).toEqual([lang, key, true]);
      }
      for (const input of [{ status: 400 }, { status: 418 }, { timedOut: true }, { unrecoverable: true }, {}]) {
        expect(typeof lookup(messages, describeHttpFailure(input).key)).toBe('string');
      }
      expect(lookup(messages, 'http.other')).toContain('{{status}}');
    }
  });

  it('carry the same keys and placeholders in both languages', () => {
    const flatten = (node: Record<string, unknown>, prefix = ''): Record<string, string> =>
      Object.entries(node).reduce<Record<string, string>>((acc, [k, v]) => {
        if (typeof v === 'string') acc[prefix + k] = v;
        else Object.assign(acc, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
        return acc;
      }, {});
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const flatEl = flatten(el);
    const flatEn = flatten(en);
    expect(Object.keys(flatEl).sort()).toEqual(Object.keys(flatEn).sort());
    for (const key of Object.keys(flatEn)) expect([key, placeholders(flatEl[key] ?? '')]).toEqual([key, placeholders(flatEn[key] ?? '')]);
    expect(flatEl['admin_sku_unavailable']).toContain('{{sku}}');
    expect(flatEl['admin_attribute_name_unavailable']).toContain('{{name}}');
  });

  it('use the wording the spec gives in English', () => {
    expect(en.http['404']).toBe('We did not recognise the action you performed');
    expect(en.http['429']).toBe('You made too many requests');
    expect(en.http['500']).toBe('Something went wrong, try again shortly');
    expect(en.http['503']).toBe('Service temporarily unavailable');
    expect(en.http.connection_error_title).toBe('Connection error');
  });
});
