// The quality layer, second half (decision 026): after every page was visited (the 'quality-visit'
// project), the Nu HTML Checker runs once over all the served HTML (Java starts once), and this test
// fails with one compact list: per page the axe-core violations (serious, critical), sideways scroll
// and unexpected HTTP status, then the checker's errors grouped by message with page@line:column.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES } from '../page-list';
import { expect, test } from './fixtures';
import { vnuErrors } from './quality-checks';
import { FINDINGS_DIR, HTML_DIR, type Finding } from './quality-paths';

test('every page: no serious or critical axe violation, no sideways scroll at 390 px, valid served HTML', async () => {
  test.setTimeout(90_000);
  const findings: Finding[] = existsSync(FINDINGS_DIR)
    ? readdirSync(FINDINGS_DIR).flatMap((f) => JSON.parse(readFileSync(join(FINDINGS_DIR, f), 'utf8')) as Finding[])
    : [];
  const expected = PAGES.filter((p) => !p.browserSkip).map((p) => p.name);
  const present = new Set(existsSync(HTML_DIR) ? readdirSync(HTML_DIR).map((f) => f.replace(/\.html$/, '')) : []);
  const missing = expected.filter((n) => !present.has(n) || !findings.some((f) => f.page === n));
  const files = expected.filter((n) => present.has(n)).map((n) => join(HTML_DIR, `${n}.html`));
  const vnu = files.length ? vnuErrors(files) : { count: 0, report: [] };
  const pageLines = findings.filter((f) => f.lines.length).map((f) => `${f.page}\n    ${f.lines.join('\n    ')}`);
  const report = [
    ...(missing.length ? [`NOT VISITED (run the 'quality' project, which visits first): ${missing.join(', ')}`] : []),
    ...(pageLines.length ? ['── axe-core (serious, critical), sideways scroll at 390 px, HTTP status, per page', ...pageLines] : []),
    ...(vnu.report.length ? [`── Nu HTML Checker: ${vnu.count} errors, by message (page@line:column)`, ...vnu.report.map((r) => `  ${r}`)] : []),
  ];
  // The list is the assertion's message, so it prints as written (a compared string has its quotes escaped).
  const problems = missing.length + findings.reduce((n, f) => n + f.lines.length, 0) + vnu.count;
  expect(problems, `quality findings (screenshots with E2E_SCREENS=1: test-results/screens/)\n${report.join('\n')}`).toBe(0);
});
