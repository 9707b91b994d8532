import { describe, expect, it } from 'vitest';
import { athensFormat } from './date-format';

describe('athensFormat', () => {
  it('formats as toLocaleDateString did, in Athens time, per language', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Athens.
    const ms = Date.UTC(2026, 11, 31, 23, 30);
    for (const [lang, locale] of [['el', 'el-GR'], ['en', 'en-GB']] as const) {
      expect(athensFormat(lang, { dateStyle: 'medium' }).format(ms)).toBe(new Date(ms).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'Europe/Athens' }));
    }
    expect(athensFormat('en', { dateStyle: 'medium' }).format(ms)).toContain('2027');
  });

  it('keeps one formatter per language and style', () => {
    expect(athensFormat('el', { dateStyle: 'medium' })).toBe(athensFormat('el', { dateStyle: 'medium' }));
    expect(athensFormat('el', { dateStyle: 'medium' })).not.toBe(athensFormat('en', { dateStyle: 'medium' }));
    expect(athensFormat('el', { dateStyle: 'medium' })).not.toBe(athensFormat('el', { dateStyle: 'long' }));
  });
});
