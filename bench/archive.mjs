// The personal-data archive of the 2,000-name account (issue #24 §3, decision 076): the portfolio
// customer logs in through the form and asks for the archive on /account/privacy; the request builds it
// right after its answer (waitUntil). Measured: the wall time from the request until the page shows it
// ready (polled every 250 ms), workerd's CPU over that time (its process tree from /proc; the polls'
// page renders are in it too, counted beside), workerd's peak RSS (VmHWM) before and after, the ZIP's
// size, and the build's own figures from its manifest: build time and the most ZIP bytes it held at
// once (the rest was already in R2). Then the download with the password, unzipped to check it holds
// 2,000 names. Alone, against a running server: node bench/archive.mjs http://127.0.0.1:PORT [server pid]
import { readdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { call, csrfToken, DEMO_PASSWORD, login, PORTFOLIO_CUSTOMER, round, treeCpuTicks } from './client.mjs';

const IP = '10.9.9.12';

function workerdPeakRssKb(rootPid) {
  if (!rootPid) return null;
  let peak = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].endsWith('/workerd')) continue;
      let p = Number(pid);
      let ours = false;
      for (let hops = 0; p > 1 && hops < 20; hops++) {
        if (p === rootPid) {
          ours = true;
          break;
        }
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      }
      if (!ours) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]));
    } catch {}
  }
  return peak;
}

const stepOf = (html) => /data-testid="archive-section" data-step="(\w+)"/.exec(html)?.[1] ?? null;

export async function measureArchive(base, serverPid = null) {
  const jar = await login(base, { email: PORTFOLIO_CUSTOMER, redirectTo: '/account/privacy', ip: IP });
  const page = await call(base, jar, '/account/privacy', undefined, { ip: IP });
  if (stepOf(page.text) !== 'request') throw new Error(`the archive section is at step ${stepOf(page.text)}, not 'request': a fresh database is needed`);
  const rssBeforeKb = workerdPeakRssKb(serverPid);
  const cpu0 = treeCpuTicks(serverPid);
  const t0 = performance.now();
  const asked = await call(base, jar, '/account/privacy', { _token: csrfToken(jar), intent: 'archive_request' }, { ip: IP });
  if (!asked.text.includes('data-code="43000"')) throw new Error(`the request answered ${asked.res.status} without 43000`);
  let polls = 0;
  for (;;) {
    const { text } = await call(base, jar, '/account/privacy', undefined, { ip: IP });
    polls++;
    if (stepOf(text) === 'download') break;
    if (performance.now() - t0 > 120_000) throw new Error('the archive was not ready within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const readyMs = performance.now() - t0;
  const cpu1 = treeCpuTicks(serverPid);
  const rssAfterKb = workerdPeakRssKb(serverPid);
  const d0 = performance.now();
  const res = await fetch(`${base}/account/privacy/archive`, {
    method: 'POST',
    headers: { Cookie: jar.header(), 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': IP },
    body: new URLSearchParams({ _token: csrfToken(jar), password: DEMO_PASSWORD }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 200) throw new Error(`the download answered ${res.status}`);
  const zip = new Uint8Array(await res.arrayBuffer());
  const downloadMs = performance.now() - d0;
  const files = unzipSync(zip);
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
  const domains = JSON.parse(new TextDecoder().decode(files['domains.json']));
  if (domains.length < 2000) throw new Error(`the archive holds ${domains.length} names`);
  const rawBytes = Object.values(files).reduce((n, f) => n + f.length, 0);
  return {
    account: PORTFOLIO_CUSTOMER,
    names: domains.length,
    requestToReadyMs: Math.round(readyMs),
    pollsMeanwhile: polls,
    buildMs: manifest.build.ms,
    workerdCpuMsDuringBuild: cpu0 && cpu1 ? round((cpu1.workerd - cpu0.workerd) * 10) : null,
    serverCpuMsDuringBuild: cpu0 && cpu1 ? round((cpu1.all - cpu0.all) * 10) : null,
    peakBufferedZipKb: round(manifest.build.peakBufferedBytes / 1024),
    workerdPeakRssMbBefore: rssBeforeKb === null ? null : round(rssBeforeKb / 1024),
    workerdPeakRssMbAfter: rssAfterKb === null ? null : round(rssAfterKb / 1024),
    zipKb: round(zip.length / 1024),
    unzippedKb: round(rawBytes / 1024),
    files: Object.keys(files).length,
    rows: manifest.rows,
    downloadMs: Math.round(downloadMs),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  console.log(JSON.stringify(await measureArchive(base, process.argv[3] ? Number(process.argv[3]) : null), null, 2));
}
