// `npm run test:changed [-- <git ref>]`: the inner loop (decision 055). Runs the unit and worker tests
// that import, directly or through other modules, a file changed since <ref> (default: main when on
// another branch, else HEAD), staged, unstaged or new: vitest's --changed on each config. Rebuilds the
// Remix app first when a changed source is newer than the build the worker tests load, and then runs
// tests/worker/pages.test.ts too (a page's change reaches worker tests only through SELF.fetch, which
// the import graph does not see). Not a replacement for `npm test` before pushing.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const BUILD = 'build/server/index.js';
const PAGES_TEST = 'tests/worker/pages.test.ts';

function git(...args) {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function run(command, args) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
const ref = process.argv[2] ?? (branch !== 'main' && git('rev-parse', '--verify', '--quiet', 'main') ? 'main' : 'HEAD');
const lines = [git('diff', '--name-only', `${ref}...HEAD`), git('diff', '--cached', '--name-only'), git('ls-files', '--others', '--modified', '--exclude-standard')];
const changed = [...new Set(lines.flatMap((l) => (l ? l.split('\n') : [])).filter((f) => f && existsSync(f)))];
console.log(`Changed since ${ref}: ${changed.length} file(s)`);
if (changed.length === 0) process.exit(0);

run('npx', ['vitest', 'run', '--config', 'vitest.unit.config.ts', '--changed', ref, '--passWithNoTests']);

// The build holds app/, i18n/, core/ and db/ code; worker/ and party/ are loaded from source.
const built = existsSync(BUILD) ? statSync(BUILD).mtimeMs : 0;
const inBuild = changed.filter((f) => /^(app|i18n|core|db)\//.test(f) || /^vite\.config\.ts$/.test(f));
if (built === 0 || inBuild.some((f) => statSync(f).mtimeMs > built)) run('npm', ['run', 'build']);

run('npx', ['vitest', 'run', '--config', 'vitest.worker.config.ts', '--changed', ref, '--passWithNoTests']);
if (changed.some((f) => /^(app|i18n)\//.test(f)) && !changed.includes(PAGES_TEST)) run('npx', ['vitest', 'run', '--config', 'vitest.worker.config.ts', PAGES_TEST]);
