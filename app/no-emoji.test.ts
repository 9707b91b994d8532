// Issue #11: icons and flags are inline SVG (app/components/icons.tsx, flag.tsx; decision 028), never
// emoji or dingbats, which depend on the visitor's fonts (an empty box where no emoji font exists, two
// letters for a flag on Windows). This reads every source file of app/ and every translation of i18n/
// and fails on a call of flagEmoji() or on a character from the emoji, regional-indicator (flag), dingbat, symbol, geometric-shape
// or arrow blocks. Comments may use arrows ('→' explains a mapping); tests may use anything.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Arrows (2190–21FF), geometric shapes (25A0–25FF), miscellaneous symbols and dingbats (2600–27BF),
// miscellaneous symbols and arrows (2B00–2BFF), the emoji-presentation selector (FE0F), and every
// emoji plane block from mahjong tiles to symbols and pictographs extended-A (1F000–1FAFF), which
// holds the regional indicators flags are made of (1F1E6–1F1FF).
const PICTOGRAPH = /[\u2190-\u21ff\u25a0-\u25ff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u{1f000}-\u{1faff}]/u;

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return files(path, ext);
    return ext.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** Drops // line comments and /* block comments *\/ (a // inside a string such as a URL is kept). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1');
}

/** 'path:line: text' for every line holding a pictograph. */
function findPictographs(root: string): string[] {
  const found: string[] = [];
  const sources = [...files(join(root, 'app'), /\.(tsx?|css)$/).map((p) => [p, true] as const), ...files(join(root, 'i18n'), /\.json$/).map((p) => [p, false] as const)];
  for (const [path, code] of sources) {
    const text = readFileSync(path, 'utf8');
    const lines = (code ? withoutComments(text) : text).split('\n');
    lines.forEach((line, i) => {
      // A helper that builds flag emoji at run time (the removed flagEmoji()) would hide them from the scan.
      if (PICTOGRAPH.test(line) || /\bflagEmoji\b/.test(line)) found.push(`${relative(root, path)}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('no emoji or dingbats as icons', () => {
  it('finds none in app/ and i18n/', () => {
    // EMOJI_SCAN_ROOT points the scan at another checkout (e.g. the commit before the SVG icons).
    const root = process.env.EMOJI_SCAN_ROOT ?? ROOT;
    const found = findPictographs(root);
    expect(found).toEqual([]);
  });

  it('sees a pictograph where there is one, and not in a comment', () => {
    expect(PICTOGRAPH.test('<p>🛒</p>')).toBe(true);
    expect(PICTOGRAPH.test('\u{1f1ec}\u{1f1f7}')).toBe(true);
    expect(PICTOGRAPH.test('✔ ⚠ ★ ▲ ↑')).toBe(true);
    expect(PICTOGRAPH.test('Ελληνικά, € και «»')).toBe(false);
    expect(withoutComments("// 'GR' → flag\nconst a = 'x'; /* ↑ */")).not.toMatch(PICTOGRAPH);
    expect(withoutComments("const url = 'https://example.gr'; // →")).toContain('https://example.gr');
  });

});
