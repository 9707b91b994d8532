// Lists the surviving and uncovered mutants of a Stryker JSON report, optionally of one file:
// `node scripts/mutation-survivors.mjs core/otp.ts`.
import { readFileSync } from 'node:fs';

const only = process.argv[2];
const report = JSON.parse(readFileSync(process.argv[3] ?? 'reports/mutation/mutation.json', 'utf8'));
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (only && !file.includes(only)) continue;
  const lines = source.split('\n');
  for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
    const { start, end } = m.location;
    const text = lines[start.line - 1].trim();
    console.log(`${file}:${start.line}:${start.column} ${m.status} ${m.mutatorName}: ${m.replacement ?? ''}\n    ${text}`);
  }
}
