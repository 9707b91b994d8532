// The bench's one way to be a visitor (issue #21 §2): a cookie jar, a request that keeps the jar up to
// date, a login through the real form, and a timed series of requests with the server's CPU per
// request. portal.mjs, cart.mjs and lighthouse.mjs all log in and time pages through this module.
import { readdirSync, readFileSync } from 'node:fs';
import { Jar } from './jar.mjs';

export { Jar };

/** The demo accounts of scripts/seed.ts. */
export const DEMO_PASSWORD = 'Demo-Pelatis-2026';
export const DEMO_CUSTOMER = 'demo@example.gr';
export const PORTFOLIO_CUSTOMER = 'portfolio@example.gr';

export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}
export const round = (n) => Math.round(n * 10) / 10;
export function stats(list) {
  const s = [...list].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), n: s.length };
}

/**
 * One request with the jar's cookies (a form POST when `body` is given); the answer's cookies go back
 * into the jar. `ip` is the CF-Connecting-IP the server sees: each bench part keeps its own, so the
 * per-address login and form limits of one part do not slow another.
 */
export async function call(base, jar, path, body, { ip } = {}) {
  const res = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: {
      Cookie: jar.header(),
      ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      ...(ip ? { 'CF-Connecting-IP': ip } : {}),
    },
    body: body ? new URLSearchParams(body).toString() : undefined,
    redirect: 'manual',
  });
  jar.absorb(res);
  return { res, text: await res.text() };
}

/** The CSRF token the jar's cookie carries (forms post it back as `_token`). */
export function csrfToken(jar) {
  return decodeURIComponent(jar.cookies.get('csrf_token') ?? '');
}

/**
 * Logs in through the login form (GET for the CSRF cookie, then the POST) and checks that it worked:
 * a login that silently failed would time the login page instead of the account's pages.
 */
export async function login(base, { email = DEMO_CUSTOMER, password = DEMO_PASSWORD, redirectTo = '/', ip, jar = new Jar() } = {}) {
  await call(base, jar, '/auth/login', undefined, { ip });
  const { res } = await call(base, jar, '/auth/login', { _token: csrfToken(jar), email, password, redirectTo }, { ip });
  if (res.status !== 302 && res.status !== 303) throw new Error(`login of ${email} answered ${res.status}`);
  const sid = [...jar.cookies.keys()].some((k) => k === 'sid' || k === '__Host-sid');
  if (!sid) throw new Error(`login of ${email} set no session cookie`);
  return jar;
}

/**
 * CPU clock ticks (user + system, 1/100 s) of a process and all its descendants, and of its workerd
 * processes alone: wall time on a shared machine lies, and wrangler's Node process (with its esbuild
 * service) burns CPU in proportion to wall time, so a slower page looks costlier there than it is.
 */
export function treeCpuTicks(rootPid) {
  if (!rootPid) return null;
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const workerd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('/workerd');
      procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), workerd });
    } catch {}
  }
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === rootPid) return true;
      p = procs.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let all = 0;
  let workerd = 0;
  for (const [pid, p] of procs) {
    if (!inTree(pid)) continue;
    all += p.ticks;
    if (p.workerd) workerd += p.ticks;
  }
  return { all, workerd };
}

/**
 * `n` sequential requests of `path` after `warmUp` untimed ones (isolate, D1 pages, JIT), each required
 * to answer 200: p50/p95 wall time and, given the server's pid, its CPU ms per request (whole tree).
 */
export async function timed(base, jar, path, n, { serverPid = null, warmUp = 20, ip } = {}) {
  for (let i = 0; i < warmUp; i++) await call(base, jar, path, undefined, { ip });
  const times = [];
  const cpu0 = treeCpuTicks(serverPid);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const { res } = await call(base, jar, path, undefined, { ip });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  const cpu1 = treeCpuTicks(serverPid);
  // Clock ticks are 1/100 s on Linux: CPU ms per request of the whole server (workerd, wrangler), and
  // of workerd alone (the Worker, its Durable Objects and D1).
  const perRequest = (key) => (cpu0 === null ? null : round(((cpu1[key] - cpu0[key]) * 10) / n));
  return { ...stats(times), cpuMsPerRequest: perRequest('all'), workerdCpuMsPerRequest: perRequest('workerd') };
}

/** A returning visitor's jar: cookies accepted, VAT choice stored (the common case for a full page). */
export function returningVisitor(jar = new Jar()) {
  jar.cookies.set('cookiesAccepted', 'true');
  jar.cookies.set('showVat', 'yes');
  jar.cookies.set('countryVat', 'GR');
  return jar;
}
