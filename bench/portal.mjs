// The portal's domain list at scale (issue #12 §7): the portfolio demo account (2,000 names, seeded by
// scripts/seed.ts) logged in through the form; p50/p95 of `/account/domains` (first page: previews'
// counts, the filtered total and 50 rows in one D1 batch) and of a search within it (`?q=taverna`,
// about a tenth of the names), each a full HTML page, sequential after a warm-up. Also checks that
// the pages show what they should (50 rows, 2,000 names), so a broken page cannot look fast.
import { readdirSync, readFileSync } from 'node:fs';
import { Jar } from './jar.mjs';

const EMAIL = 'portfolio@example.gr';
const PASSWORD = 'Demo-Pelatis-2026';
const REQUESTS = Number(process.env.BENCH_PORTAL_REQUESTS ?? 200);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (n) => Math.round(n * 10) / 10;
const stats = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), n: s.length };
};

async function call(base, jar, path, body) {
  const res = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { Cookie: jar.header(), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), 'CF-Connecting-IP': '10.9.9.8' },
    body: body ? new URLSearchParams(body).toString() : undefined,
    redirect: 'manual',
  });
  jar.absorb(res);
  return { res, text: await res.text() };
}

/** CPU seconds (user + system) of the server's process tree: wall time on a shared machine lies. */
function treeCpuTicks(rootPid) {
  if (!rootPid) return null;
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {}
  }
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === rootPid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (inTree(pid)) ticks += p.ticks;
  return ticks;
}

async function timed(base, jar, path, n, serverPid) {
  const times = [];
  for (let i = 0; i < 20; i++) await call(base, jar, path); // warm-up: isolate, D1 pages, JIT
  const cpu0 = treeCpuTicks(serverPid);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const { res } = await call(base, jar, path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  const cpu1 = treeCpuTicks(serverPid);
  // Clock ticks are 1/100 s on Linux: CPU ms per request of the whole server (workerd, wrangler).
  return { ...stats(times), cpuMsPerRequest: cpu0 === null ? null : round(((cpu1 - cpu0) * 10) / n) };
}

/** `serverPid`: the server's process, to count its CPU time per request (optional). */
export async function measurePortal(base, serverPid = null) {
  const jar = new Jar();
  await call(base, jar, '/auth/login');
  const login = await call(base, jar, '/auth/login', { _token: decodeURIComponent(jar.cookies.get('csrf_token') ?? ''), email: EMAIL, password: PASSWORD, redirectTo: '/account/domains' });
  if (login.res.status !== 303) throw new Error(`portfolio login answered ${login.res.status}`);
  const first = await call(base, jar, '/account/domains');
  const rows = (first.text.match(/data-testid="my-domain"/g) ?? []).length;
  const total = Number(/data-testid="preview-all"[^>]*>\s*<span[^>]*>(\d+)</.exec(first.text)?.[1] ?? NaN);
  if (rows !== 50 || total < 2000) throw new Error(`portfolio list shows ${rows} rows of ${total} names: is the portfolio seeded?`);
  const search = await call(base, jar, '/account/domains?q=taverna');
  const searchRows = (search.text.match(/data-testid="my-domain"/g) ?? []).length;
  return {
    account: EMAIL,
    // For scale: the account's profile page, the same layout and session work without the list.
    accountPageMs: await timed(base, jar, '/account', REQUESTS, serverPid),
    names: total,
    firstPageMs: await timed(base, jar, '/account/domains', REQUESTS, serverPid),
    searchMs: await timed(base, jar, '/account/domains?q=taverna', REQUESTS, serverPid),
    searchRowsShown: searchRows,
    lastPageByExpiryMs: await timed(base, jar, '/account/domains?sort=expiry&dir=desc&page=40', Math.round(REQUESTS / 2), serverPid),
  };
}

// Alone, against a server already running: node bench/portal.mjs http://127.0.0.1:PORT
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  console.log(JSON.stringify(await measurePortal(base, process.argv[3] ? Number(process.argv[3]) : null), null, 2));
}
