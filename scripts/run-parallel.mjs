// `node scripts/run-parallel.mjs typecheck test:unit build`: runs npm scripts side by side and fails if
// any fails (decision 055). npm test uses it for the steps that share nothing: the type check reads the
// sources, the unit tests run in Node, the build writes build/; each is mostly one core, and the machine
// has two. Output is kept per script and printed whole when the script ends, so logs do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const started = Date.now();
const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      const child = spawn('npm', ['run', name], { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      const chunks = [];
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - t0) / 1000).toFixed(1);
        const ok = code === 0;
        process.stdout.write(`\n── ${name}: ${ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s ──\n`);
        process.stdout.write(Buffer.concat(chunks));
        resolve(ok);
      });
    }),
);

const results = await Promise.all(runs);
const failed = scripts.filter((_, i) => !results[i]);
console.log(`\n── ${scripts.join(' + ')}: ${((Date.now() - started) / 1000).toFixed(1)} s${failed.length ? `, failed: ${failed.join(', ')}` : ''} ──`);
process.exit(failed.length ? 1 : 0);
