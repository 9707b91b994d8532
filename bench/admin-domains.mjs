// The back office's all-domains list at scale (issue #22 §3, decision 061): 100,000 names across 5,000
// accounts written straight into the bench run's local D1 (bench/admin-domains-seed.mjs), the demo
// administrator logged in on the admin host (password and authenticator code, as a person does), then
// p50/p95 of the first page, a filtered page (registry .gr, status active, sorted by expiry), a search
// (a Greek name typed in capitals without accents) and a deep page; and the CSV export of all 100,000
// names: wall time, rows, bytes, D1 reads (keyset pages) and the server's CPU for it. Each page is
// checked for what it should show, so a broken page cannot look fast. Node's fetch cannot set a Host
// header (STACK.md), so these requests go through node:http.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { stats, treeCpuTicks, round } from './client.mjs';
import { Jar } from './jar.mjs';
import { ACCOUNTS, NAMES, seedSql } from './admin-domains-seed.mjs';

const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 100);
const ADMIN_EMAIL = 'admin@example.gr';
const ADMIN_PASSWORD = 'Demo-Admin-2026';
const ADMIN_TOTP = 'REGISTRARDEMOADMINTWOFACTORKEYAA';
const EXPORT_PAGE_ROWS = 2500;
const IP = '10.9.9.22';

function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
}

/** RFC 6238 with SHA-1, 30 s, 6 digits: the demo admin's authenticator app. */
function totp(secret, ms = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const h = createHmac('sha1', base32(secret)).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** One request to the admin host (Host: admin.localhost) with the jar's cookies. */
function adminCall(port, jar, path, body) {
  return new Promise((resolve, reject) => {
    const payload = body ? new URLSearchParams(body).toString() : null;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body ? 'POST' : 'GET',
        headers: {
          host: `admin.localhost:${port}`,
          cookie: jar.header(),
          'CF-Connecting-IP': IP,
          ...(payload ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const setCookie = res.headers['set-cookie'] ?? [];
        jar.absorb({ headers: { getSetCookie: () => setCookie } });
        let bytes = 0;
        const chunks = [];
        res.on('data', (c) => {
          bytes += c.length;
          if (!path.includes('/export')) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), bytes, lines: null }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function adminLogin(port) {
  const jar = new Jar();
  const page = await adminCall(port, jar, '/auth/login');
  const token = /name="_token" value="([^"]+)"/.exec(page.text)?.[1];
  const first = await adminCall(port, jar, '/auth/login', { _token: token, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirectTo: '/admin/domains' });
  const challenge = /name="challenge" value="([^"]+)"/.exec(first.text)?.[1];
  if (!challenge) throw new Error(`admin login: no two-factor challenge (status ${first.status})`);
  const done = await adminCall(port, jar, '/auth/login', { _token: token, intent: 'two_factor', challenge, method: 'totp', code: totp(ADMIN_TOTP), redirectTo: '/admin/domains' });
  if (done.status !== 303) throw new Error(`admin login answered ${done.status}`);
  return jar;
}

async function timedAdmin(port, jar, path, n, serverPid) {
  for (let i = 0; i < 10; i++) await adminCall(port, jar, path);
  const times = [];
  const cpu0 = treeCpuTicks(serverPid);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await adminCall(port, jar, path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  const cpu1 = treeCpuTicks(serverPid);
  const per = (k) => (cpu0 === null ? null : round(((cpu1[k] - cpu0[k]) * 10) / n));
  return { ...stats(times), cpuMsPerRequest: per('all'), workerdCpuMsPerRequest: per('workerd') };
}

/** Writes the 100,000 names into the running bench server's local D1 (`persistTo`). */
export function seedAdminDomains(persistTo) {
  const file = `${persistTo}/admin-domains-seed.sql`;
  writeFileSync(file, seedSql());
  const t0 = performance.now();
  const r = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' } });
  if (r.status !== 0) throw new Error('admin-domains seed failed');
  return Math.round(performance.now() - t0);
}

const rowsOf = (html) => (html.match(/data-testid="domain-row"/g) ?? []).length;

export async function measureAdminDomains(base, persistTo, serverPid = null) {
  const port = Number(new URL(base).port);
  const seedMs = seedAdminDomains(persistTo);
  const jar = await adminLogin(port);
  const paths = {
    // The same page with no rows (an account id nobody has): the floor of session, layout and render,
    // so the list's own cost is the difference.
    emptyList: '/admin/domains?holder=%23999999999',
    firstPage: '/admin/domains',
    filteredPage: '/admin/domains?registry=gr&status=active&sort=expiry&dir=asc',
    search: `/admin/domains?q=${encodeURIComponent('ΤΑΒΕΡΝΑ1234')}`,
    holder: '/admin/domains?holder=bench-holder-77%40example.gr',
    deepPage: '/admin/domains?sort=created&dir=desc&page=400',
  };
  const first = await adminCall(port, jar, paths.firstPage);
  const total = Number((/data-testid="domains-total"[^>]*>([\d.,\s]+)/.exec(first.text)?.[1] ?? '').replace(/\D/g, ''));
  if (rowsOf(first.text) !== 25 || total < NAMES) throw new Error(`all-domains shows ${rowsOf(first.text)} rows of ${total}: is the bench seed in?`);
  const searchPage = await adminCall(port, jar, paths.search);
  const filtered = await adminCall(port, jar, paths.filteredPage);
  if (rowsOf(searchPage.text) < 1 || rowsOf(filtered.text) !== 25) throw new Error('search or filtered page shows no names');
  const result = { accounts: ACCOUNTS, names: total, seedMs, searchRowsShown: rowsOf(searchPage.text) };
  for (const [k, path] of Object.entries(paths)) result[`${k}Ms`] = { path, ...(await timedAdmin(port, jar, path, k === 'deepPage' ? Math.round(REQUESTS / 2) : REQUESTS, serverPid)) };
  // The export of every name: one streamed response, read to its end.
  const cpu0 = treeCpuTicks(serverPid);
  const t0 = performance.now();
  const csv = await adminCall(port, jar, '/admin/domains/export');
  const exportMs = Math.round(performance.now() - t0);
  const cpu1 = treeCpuTicks(serverPid);
  if (csv.status !== 200) throw new Error(`export answered ${csv.status}`);
  result.export = {
    rows: total,
    bytes: csv.bytes,
    wallMs: exportMs,
    // Keyset pages of EXPORT_PAGE_ROWS, one D1 read each (the last one finds the end), plus the
    // session's and the user's reads of the guard.
    d1ReadsForRows: Math.ceil(total / EXPORT_PAGE_ROWS) + (total % EXPORT_PAGE_ROWS === 0 ? 1 : 0),
    serverCpuMs: cpu0 === null ? null : (cpu1.all - cpu0.all) * 10,
    workerdCpuMs: cpu0 === null ? null : (cpu1.workerd - cpu0.workerd) * 10,
  };
  return result;
}

// Alone, against a bench server already running: node bench/admin-domains.mjs http://127.0.0.1:PORT .wrangler/bench [server pid]
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  console.log(JSON.stringify(await measureAdminDomains(base, process.argv[3] ?? '.wrangler/bench', process.argv[4] ? Number(process.argv[4]) : null), null, 2));
}
