// The slowest browser tests of the last e2e run (its JSON report, written by playwright.config.ts),
// and the time per spec file: where the browser phase's minutes go. `node scripts/e2e-times.mjs [N]`.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('node_modules/.cache/e2e-report.json', 'utf8'));
const rows = [];
function walk(suite, file) {
  for (const s of suite.suites ?? []) walk(s, s.file ?? file);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((a, r) => a + r.duration, 0);
      rows.push({ file: spec.file ?? file, title: spec.title, project: test.projectName, ms, retries: test.results.length - 1 });
    }
  }
}
for (const s of report.suites) walk(s, s.file);
const total = rows.reduce((a, r) => a + r.ms, 0);
const byFile = new Map();
for (const r of rows) byFile.set(r.file, (byFile.get(r.file) ?? 0) + r.ms);
console.log(`${rows.length} tests, ${(total / 1000).toFixed(0)} s of test time (wall ≈ this ÷ workers)`);
console.table([...byFile].sort((a, b) => b[1] - a[1]).map(([file, ms]) => ({ file, s: +(ms / 1000).toFixed(1) })));
const n = Number(process.argv[2] ?? 25);
console.table(rows.sort((a, b) => b.ms - a.ms).slice(0, n).map((r) => ({ test: `${r.file} › ${r.title}`.slice(0, 100), project: r.project, s: +(r.ms / 1000).toFixed(1), retries: r.retries })));
