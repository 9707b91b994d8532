import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { memoizeTranslations } from './memo';

function instance() {
  const i = createInstance();
  void i.init({
    lng: 'el',
    initImmediate: false,
    resources: { el: { common: { hello: 'Γεια σου {{name}}', items_one: '{{count}} προϊόν', items_other: '{{count}} προϊόντα', nested: { a: 'A' } } } },
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
  });
  return i;
}

describe('memoizeTranslations', () => {
  it('answers every call as i18next does, options and plurals included, also when repeated', () => {
    const plain = instance();
    const memo = instance();
    memoizeTranslations(memo);
    const t = memo.getFixedT('el', 'common');
    const calls: [string, Record<string, unknown>?][] = [['hello', { name: 'Μαρία' }], ['hello', { name: 'Νίκος' }], ['items', { count: 1 }], ['items', { count: 5 }], ['nested.a'], ['missing.key'], ['nested', { returnObjects: true }]];
    for (let round = 0; round < 2; round++) {
      for (const [key, options] of calls) expect(t(key, options as never)).toEqual(plain.getFixedT('el', 'common')(key, options as never));
    }
  });

  it('does not remember calls whose options carry objects (they may change between calls)', () => {
    const memo = instance();
    memoizeTranslations(memo);
    const values = { name: 'Α' };
    expect(memo.t('hello', { replace: values })).toBe('Γεια σου Α');
    values.name = 'Β';
    expect(memo.t('hello', { replace: values })).toBe('Γεια σου Β');
  });

  it("answers a component's fixed T (no language named, a namespace, a key prefix) as i18next does, also when repeated", () => {
    const plain = instance();
    const memo = instance();
    memoizeTranslations(memo);
    for (let round = 0; round < 2; round++) {
      expect(memo.getFixedT(null, 'common')('nested.a')).toBe(plain.getFixedT(null, 'common')('nested.a'));
      expect(memo.getFixedT(null, 'common', 'nested')('a')).toBe('A');
      expect(memo.getFixedT(null, 'common')('missing.key')).toBe(plain.getFixedT(null, 'common')('missing.key'));
      expect(memo.getFixedT(null, 'common')('items', { count: round + 1 })).toBe(plain.getFixedT(null, 'common')('items', { count: round + 1 }));
      expect(memo.getFixedT(null, 'common')(['missing.key', 'nested.a'])).toBe('A');
    }
    expect(memo.getFixedT(null, 'common')).toBe(memo.getFixedT(null, 'common'));
  });
});
