// Issue #25 §5: times are 24-hour in Greek, everywhere, through the one date helper (athensFormat).
// The first tests pin the helper; the last reads every source file of app/, core/, worker/ and party/
// and fails on a date or time formatted anywhere else (toLocaleString, toLocaleTimeString,
// toLocaleDateString, a new Intl.DateTimeFormat), so a 12-hour "4:05 μ.μ." cannot come back.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { athensFormat } from './date-format';

// 14:05 UTC in November is 16:05 in Athens.
const AFTERNOON = Date.UTC(2026, 10, 27, 14, 5);

describe('athensFormat', () => {
  it('shows times on the 24-hour clock in Greek and English, whatever the style asked', () => {
    for (const lang of ['el', 'en']) {
      for (const options of [{ dateStyle: 'medium', timeStyle: 'short' }, { timeStyle: 'short' }, { dateStyle: 'short', timeStyle: 'medium' }, { hour: 'numeric', minute: '2-digit' }, {}] as Intl.DateTimeFormatOptions[]) {
        const text = athensFormat(lang, { ...options, ...(Object.keys(options).length ? {} : { hour: 'numeric', minute: '2-digit' }) }).format(AFTERNOON);
        expect(text, `${lang} ${JSON.stringify(options)}`).toContain('16:05');
        expect(text).not.toMatch(/μ\.μ\.|π\.μ\.|pm|am/i);
      }
    }
  });

  it('a date alone stays a date (no time added)', () => {
    expect(athensFormat('el', { dateStyle: 'medium' }).format(AFTERNOON)).not.toContain(':');
    expect(athensFormat('el', {}).format(AFTERNOON)).toBe('27/11/2026');
  });
});

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HELPER = 'core/date-format.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

describe('one date helper', () => {
  it('no source file formats a date or time for people outside core/date-format.ts', () => {
    const found: string[] = [];
    for (const dir of ['app', 'core', 'worker', 'party']) {
      for (const path of files(join(ROOT, dir))) {
        const rel = relative(ROOT, path);
        if (rel === HELPER) continue;
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/^\s*(\/\/|\*)/.test(line)) return;
            // Machine-readable days and hours for computation (ISO days in 'en-CA', formatToParts), not for people.
            if (/'en-CA'|formatToParts/.test(line)) return;
            // Number formatting (toLocaleString on a number) is allowed: only Date's forms are caught.
            if (/\.toLocale(Time|Date)String\(|new Date\([^)]*\)\.toLocaleString\(|new Intl\.DateTimeFormat\(/.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
