// CPU time per password hash and verify inside workerd (issue #3 §6): bundles bench/hash-worker.ts
// with wrangler, runs it in Miniflare and reads the workerd process's CPU time from /proc.
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

export async function measurePasswordHash({ n = 30 } = {}) {
  const out = resolve('bench/.tmp/hash');
  mkdirSync(out, { recursive: true });
  const config = join(out, 'wrangler.json');
  writeFileSync(config, JSON.stringify({ name: 'bench-hash', main: resolve('bench/hash-worker.ts'), compatibility_date: '2026-04-20', compatibility_flags: ['nodejs_compat'] }));
  const b = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', join(out, 'dist'), '--config', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) throw new Error('bundling the hash worker failed');
  const { Miniflare } = createRequire(resolve('package.json'))('miniflare');
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(out, 'dist', 'hash-worker.js'),
    modulesRoot: join(out, 'dist'),
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }, { type: 'Text', include: ['**/*.txt'] }],
    compatibilityDate: '2026-04-20',
    compatibilityFlags: ['nodejs_compat'],
  });
  await mf.ready;
  try {
    const pid = execSync(`pgrep -P ${process.pid}`)
      .toString()
      .trim()
      .split(/\s+/)
      .find((p) => readFileSync(`/proc/${p}/comm`, 'utf8').includes('workerd'));
    const tick = Number(execSync('getconf CLK_TCK').toString());
    const cpuMs = () => {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
    };
    await (await mf.dispatchFetch('http://bench/?op=hash&n=2')).text(); // warm-up: wasm instance, JIT
    const result = {};
    for (const op of ['hash', 'verify']) {
      const c0 = cpuMs();
      await (await mf.dispatchFetch(`http://bench/?op=${op}&n=${n}`)).text();
      // n operations plus the one warm-up hash each request makes.
      result[`${op}CpuMs`] = Math.round(((cpuMs() - c0) / (n + 1)) * 10) / 10;
    }
    return { algorithm: 'argon2id m=19456 KiB t=2 p=1', samples: n, ...result };
  } finally {
    await mf.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measurePasswordHash());
