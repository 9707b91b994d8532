// PDF generation of a legal document (issue #13 §5): time per render (wall, per request, p50/p95) and
// CPU per render in workerd, and the file's size, for a 20-line invoice with its myDATA MARK and QR.
// Bundles bench/legal-pdf-worker.ts with wrangler and runs it in Miniflare (as bench/password-hash.mjs).
import { execSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (x) => Math.round(x * 10) / 10;

export async function measureLegalPdf({ n = 60, warmup = 5 } = {}) {
  const out = resolve('bench/.tmp/legal-pdf');
  mkdirSync(out, { recursive: true });
  const config = join(out, 'wrangler.json');
  writeFileSync(config, JSON.stringify({ name: 'bench-legal-pdf', main: resolve('bench/legal-pdf-worker.ts'), compatibility_date: '2026-04-20', compatibility_flags: ['nodejs_compat'] }));
  const b = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', join(out, 'dist'), '--config', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) throw new Error('bundling the PDF worker failed');
  const { Miniflare } = createRequire(resolve('package.json'))('miniflare');
  const mf = new Miniflare({ modules: true, scriptPath: join(out, 'dist', 'legal-pdf-worker.js'), modulesRoot: join(out, 'dist'), compatibilityDate: '2026-04-20', compatibilityFlags: ['nodejs_compat'] });
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
    const render = async () => new Uint8Array(await (await mf.dispatchFetch('http://bench/')).arrayBuffer());
    const t0 = performance.now();
    const first = await render(); // cold: font decoding and parsing, JIT
    const coldMs = performance.now() - t0;
    for (let i = 1; i < warmup; i++) await render();
    const times = [];
    let size = first.length;
    const c0 = cpuMs();
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      size = (await render()).length;
      times.push(performance.now() - s);
    }
    const cpuPerRender = (cpuMs() - c0) / n;
    times.sort((a, b) => a - b);
    // Wall times depend on what else the machine runs: the load average says how busy it was.
    return { lines: 20, samples: n, loadAverage1m: round(loadavg()[0]), coldMs: round(coldMs), p50Ms: round(pct(times, 50)), p95Ms: round(pct(times, 95)), maxMs: round(times[times.length - 1]), cpuMsPerRender: round(cpuPerRender), sizeBytes: size, sizeKb: round(size / 1024) };
  } finally {
    await mf.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureLegalPdf());
