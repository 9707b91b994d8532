// `npm run test:mutation [-- --mutate core/otp.ts | --targets] [-- --force]`: runs Stryker (stryker.config.mjs) with
// the arguments given, then writes the scores per file into bench/results.json (decision 058).
import { spawnSync } from 'node:child_process';
import { mutationTargets } from './mutation-targets.mjs';

// `--targets` stands for `--mutate` with the money and security modules (scripts/mutation-targets.mjs).
const args = process.argv.slice(2).flatMap((a) => (a === '--targets' ? ['--mutate', mutationTargets().join(',')] : [a]));
const stryker = spawnSync('npx', ['stryker', 'run', ...args], { stdio: 'inherit' });
if (stryker.status !== 0) process.exit(stryker.status ?? 1);
const scores = spawnSync(process.execPath, ['scripts/mutation-scores.mjs'], { stdio: 'inherit' });
process.exit(scores.status ?? 1);
