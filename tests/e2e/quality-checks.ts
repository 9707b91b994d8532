// The checks of the quality layer (decision 026), apart from the visiting: axe-core on the live page,
// the widest element that makes a phone-wide page scroll sideways, and one Nu HTML Checker run over
// the served HTML of every page.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Serious and critical axe-core violations, one line each: rule, impact, the first targets. `tags`
 * null runs every rule axe has (best practices too), not only the WCAG 2.2 AA ones.
 *
 * Legacy mode runs axe.run() in the page itself. The builder's default (axe's runPartial in each frame,
 * then finishRun in a blank page it opens and injects axe into again) exists for cross-origin
 * iframes, which no page here has; it took 2-3 times as long for the same findings (decision 066).
 */
export async function axeFindings(page: Page, tags: string[] | null = AXE_TAGS): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (tags ? builder.withTags(tags) : builder).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
      return `${v.id} [${v.impact}] ${targets.join(' | ')}${more}`;
    });
}

/**
 * Null when the page fits its width; otherwise the page's scroll width and the element reaching
 * furthest right (the deepest one, when a parent and its child end at the same place). Fixed boxes
 * (drawers parked off-screen) are skipped: they do not make the document scroll.
 */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const se = document.scrollingElement ?? document.documentElement;
    const width = se.clientWidth;
    if (se.scrollWidth <= width) return null;
    const isFixed = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
      return false;
    };
    let worst: Element | null = null;
    let worstRight = width;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right + window.scrollX < worstRight) continue;
      if (isFixed(el)) continue;
      worst = el;
      worstRight = r.right + window.scrollX;
    }
    const describe = (el: Element | null) => {
      if (!el) return 'no single element (margins?)';
      const testid = el.getAttribute('data-testid');
      const classes = Array.from(el.classList).slice(0, 4).join('.');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${testid ? ` data-testid="${testid}"` : ''}${classes ? ` class="${classes}"` : ''}> "${text}" ends at ${Math.round(worstRight)} px`;
    };
    return `scrollWidth ${se.scrollWidth} > ${width} px: ${describe(worst)}`;
  });
}

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; lastColumn?: number; message: string; extract?: string };

export const JAVA_HINT =
  'No Java found for the Nu HTML Checker (vnu-jar).\n' +
  '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y default-jre-headless\n' +
  '  (.ci/run installs it when java is missing.)';

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';

/**
 * One Nu HTML Checker run over all files (Java starts once: about two seconds, far more than checking
 * a page), errors only. Returns them grouped by message: the message, one extract, then each page@line:column.
 */
export function vnuErrors(files: string[]): { count: number; report: string[] } {
  if (spawnSync('java', ['-version']).error) throw new Error(JAVA_HINT);
  if (!existsSync(VNU_JAR)) throw new Error(`${VNU_JAR} is missing: run npm install.`);
  const r = spawnSync('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(r.stderr || r.stdout) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`vnu.jar gave no JSON (exit ${r.status}):\n${r.stderr.slice(0, 2000)}`);
  }
  // "Cannot recover after last error" follows a fatal error: the checker read no further. Say so on
  // that error's group instead of listing it as an error of its own.
  const fatal = new Set<string>();
  const errors = messages.filter((m, i) => {
    if (m.subType === 'fatal' && /^Cannot recover/.test(m.message)) {
      const before = messages[i - 1];
      if (before) fatal.add(before.message);
      return false;
    }
    return m.type === 'error' || m.subType === 'fatal';
  });
  const groups = new Map<string, { where: string[]; extract: string }>();
  for (const m of errors) {
    // page@line:column (not page:line:column, which Playwright would take for a stack frame)
    const where = `${basename(decodeURIComponent(m.url)).replace(/\.html$/, '')}@${m.lastLine ?? '?'}:${m.lastColumn ?? '?'}`;
    const g = groups.get(m.message) ?? { where: [], extract: (m.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 100) };
    g.where.push(where);
    groups.set(m.message, g);
  }
  const report = [...groups]
    .sort((a, b) => b[1].where.length - a[1].where.length)
    .map(([message, g]) => `${message}${fatal.has(message) ? ' [fatal: the checker reads no further on these pages]' : ''}\n      e.g. ${g.extract}\n      ${g.where.join(', ')}`);
  return { count: errors.length, report };
}
