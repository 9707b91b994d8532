// CPU time per password hash and verify inside workerd (issue #3 §6), and per failed login through the
// real login service for a known address, an unknown one (the decoy hash) and a delayed one (issue #10
// §5, decision 022): bundles bench/hash-worker.ts with wrangler, runs it in Miniflare on a D1 with the
// project's migrations and reads the workerd process's CPU time from /proc.
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    d1Databases: ['DB'],
  });
  await mf.ready;
  // The login ops read and write D1 like the app: apply every migration (statement by statement).
  const d1 = await mf.getD1Database('DB');
  for (const file of readdirSync('migrations').filter((f) => f.endsWith('.sql')).sort()) {
    for (const statement of readFileSync(join('migrations', file), 'utf8').split('--> statement-breakpoint')) {
      const sql = statement.replace(/^\s*--.*$/gm, '').trim();
      if (sql) await d1.prepare(sql).run();
    }
  }
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
    // Failed logins through the real service: one argon2 verification each, whatever the address.
    const setup = await mf.dispatchFetch(`http://bench/?op=setup&n=${n + 1}`);
    if (!setup.ok) throw new Error(`setup: ${await setup.text()}`);
    await setup.text();
    await (await mf.dispatchFetch('http://bench/?op=login_unknown&n=1&offset=100000')).text(); // warm-up: the decoy hash
    await (await mf.dispatchFetch(`http://bench/?op=login_known&n=1&offset=${n}`)).text();
    for (const [op, name] of [['login_known', 'loginKnown'], ['login_unknown', 'loginUnknown'], ['login_delayed', 'loginDelayed']]) {
      const c0 = cpuMs();
      const t0 = performance.now();
      const res = await mf.dispatchFetch(`http://bench/?op=${op}&n=${n}`);
      if (!res.ok) throw new Error(`${op}: ${await res.text()}`);
      await res.text();
      result[`${name}CpuMs`] = Math.round(((cpuMs() - c0) / n) * 10) / 10;
      result[`${name}WallMs`] = Math.round(((performance.now() - t0) / n) * 10) / 10;
    }
    return { algorithm: 'argon2id m=19456 KiB t=2 p=1', samples: n, ...result };
  } finally {
    await mf.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measurePasswordHash());
