// Reads Stryker's JSON report (reports/mutation/mutation.json) and writes the mutation score per
// file of core/ into bench/results.json under `mutation` (decision 058). A run limited with
// --mutate updates only the files it mutated; the other files keep their last figures and the
// total is summed again over every file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mutationTargets, TARGET } from './mutation-targets.mjs';

const REPORT = process.argv[2] ?? 'reports/mutation/mutation.json';
const RESULTS = 'bench/results.json';
// Issue #21 §5, issue #32 §6: the money and security rules hold at least TARGET. They are every module
// of core/ not named as neither (scripts/mutation-targets.mjs), so a new rule is counted by default.
const MONEY_AND_SECURITY = mutationTargets();

/** Stryker's own definition: detected (killed + timeout) over valid mutants; errors and ignored ones do not count. */
export function score(c) {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? null : Math.round(((c.killed + c.timeout) / valid) * 10000) / 100;
}

export function countFile(mutants) {
  const c = { mutants: 0, killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 0 };
  for (const m of mutants) {
    if (m.status === 'Ignored') continue;
    c.mutants++;
    if (m.status === 'Killed') c.killed++;
    else if (m.status === 'Survived') c.survived++;
    else if (m.status === 'Timeout') c.timeout++;
    else if (m.status === 'NoCoverage') c.noCoverage++;
    else c.errors++; // CompileError, RuntimeError
  }
  return { ...c, score: score(c) };
}

export function mergeMutation(previous, report, measuredAt, targets = MONEY_AND_SECURITY) {
  const files = { ...(previous?.files ?? {}) };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    files[file.replaceAll('\\', '/')] = { ...countFile(mutants), measuredAt };
  }
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  const total = { mutants: 0, killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 0 };
  for (const f of Object.values(sorted)) for (const k of Object.keys(total)) total[k] += f[k];
  const below = targets.filter((f) => sorted[f] && sorted[f].score !== null && sorted[f].score < TARGET);
  return {
    measuredAt,
    tool: 'StrykerJS with the vitest runner over the unit layer (vitest.mutation.config.ts)',
    total: { ...total, score: score(total), files: Object.keys(sorted).length },
    target: { moneyAndSecurityMin: TARGET, files: targets, below, missing: targets.filter((f) => !sorted[f]) },
    files: sorted,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(REPORT)) {
    console.error(`no Stryker report at ${REPORT}: run \`npx stryker run\` first`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  results.mutation = mergeMutation(results.mutation, report, new Date().toISOString());
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  const m = results.mutation;
  for (const [file, f] of Object.entries(report.files)) {
    const c = m.files[file];
    console.log(`${file.padEnd(44)} ${String(c.score).padStart(6)} %  killed ${c.killed}, timeout ${c.timeout}, survived ${c.survived}, no coverage ${c.noCoverage}`);
  }
  console.log(`all measured core files: ${m.total.score} % of ${m.total.mutants} mutants${m.target.below.length ? `; below ${TARGET} %: ${m.target.below.join(', ')}` : ''}`);
  console.log(`written: ${RESULTS} (mutation)`);
}
