import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidLabel, labelScript, normaliseGreekLabel } from './names';
import { DEFAULT_SUGGESTION_COUNT, suggestLabels } from './suggestions';

describe('suggestLabels', () => {
  it('puts the Greek spelling of a Greeklish keyword first', () => {
    expect(suggestLabels('kafes')).toEqual(['καφες', 'mykafes', 'kafes-online', 'getkafes', 'kafes-shop', 'ekafes', 'kafes-hellas', 'thekafes']);
  });

  it('puts the Greeklish of a Greek keyword first and affixes the Greeklish', () => {
    expect(suggestLabels('Καφές')).toEqual(['kafes', 'mykafes', 'kafes-online', 'getkafes', 'kafes-shop', 'ekafes', 'kafes-hellas', 'thekafes']);
  });

  it('gives every Greek spelling, within the limit', () => {
    expect(suggestLabels('taxi', { max: 4 })).toEqual(['ταξι', 'ταξη', 'mytaxi', 'taxi-online']);
  });

  it('has no counterpart for a keyword that cannot be Greeklish', () => {
    expect(suggestLabels('cafe', { max: 3 })).toEqual(['mycafe', 'cafe-online', 'getcafe']);
  });

  it('honours max', () => {
    expect(suggestLabels('kafe', { max: 0 })).toEqual([]);
    expect(suggestLabels('kafe', { max: 1 })).toEqual(['καφε']);
    expect(suggestLabels('kafe', { max: 20 })).toHaveLength(10); // 1 counterpart + 9 affixes
    expect(suggestLabels('kafe')).toHaveLength(DEFAULT_SUGGESTION_COUNT);
  });

  it('never repeats the keyword, even spelled differently', () => {
    expect(suggestLabels('myshop')).not.toContain('myshop');
    expect(suggestLabels('shop', { max: 20 })).not.toContain('shop');
    // 'e' + 'shop' and the keyword 'eshop' would be the same name: it is left out.
    expect(suggestLabels('shop', { max: 20 })).toContain('eshop');
    expect(suggestLabels('eshop', { max: 20 })).not.toContain('eshop');
  });

  it('drops ideas that would be invalid labels', () => {
    const long = 'a'.repeat(60);
    const ideas = suggestLabels(long, { max: 20 });
    // '-online', '-shop', '-hellas' and '-athens' would pass 63 characters, and so would the ACE form
    // of 'α' × 60, the Greek counterpart.
    expect(ideas).toEqual([`my${long}`, `get${long}`, `e${long}`, `the${long}`, `${long}-gr`]);
    expect(suggestLabels('kafe-', { max: 20 })).toEqual([]); // not a label, so no '--' ideas either
  });

  it('gives nothing for invalid or mixed keywords', () => {
    expect(suggestLabels('')).toEqual([]);
    expect(suggestLabels('kafe bar')).toEqual([]);
    expect(suggestLabels('kαfe')).toEqual([]);
    expect(suggestLabels('-kafe')).toEqual([]);
  });

  it('accepts a keyword with digits and hyphens', () => {
    expect(suggestLabels('kafe-24', { max: 3 })).toEqual(['καφε-24', 'mykafe-24', 'kafe-24-online']);
  });

  it('gives valid, single-script, distinct ideas (property)', () => {
    const latin = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 62 });
    const greek = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋ'), minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(latin, greek), fc.integer({ min: 0, max: 12 }), (keyword, max) => {
        const ideas = suggestLabels(keyword, { max });
        const keys = ideas.map(normaliseGreekLabel);
        return (
          ideas.length <= max &&
          ideas.every((i) => isValidLabel(i) && labelScript(i) !== 'mixed') &&
          new Set(keys).size === keys.length &&
          !keys.includes(normaliseGreekLabel(keyword)) &&
          JSON.stringify(ideas) === JSON.stringify(suggestLabels(keyword, { max }))
        );
      }),
    );
  });
});
