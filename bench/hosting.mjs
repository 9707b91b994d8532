// My services at scale (issue #23 §4): the portfolio demo account's 500 hosting services (seeded by
// scripts/seed.ts, db/seed/demo-hosting.ts) logged in through the form; p50/p95 of `/account/hosting`
// (a page of 25 and its count in one D1 batch, no panel call), of a filtered page and of the last page,
// each a full HTML page, sequential after a warm-up. Checks the page shows what it should (25 rows,
// 500 services), so a broken page cannot look fast.
import { call, login, PORTFOLIO_CUSTOMER, returningVisitor, timed } from './client.mjs';

const REQUESTS = Number(process.env.BENCH_HOSTING_REQUESTS ?? 200);
const IP = '10.9.9.9';

export async function measureHosting(base, serverPid = null) {
  const jar = await login(base, { email: PORTFOLIO_CUSTOMER, redirectTo: '/account/hosting', ip: IP, jar: returningVisitor() });
  const first = await call(base, jar, '/account/hosting', undefined, { ip: IP });
  const rows = (first.text.match(/data-testid="service-row"/g) ?? []).length;
  const total = Number(/data-testid="service-total"[^>]*>\s*(\d+)/.exec(first.text)?.[1] ?? NaN);
  if (rows !== 25 || !(total >= 500)) throw new Error(`portfolio services list shows ${rows} rows of ${total} services: is the portfolio's hosting seeded?`);
  const options = { serverPid, ip: IP };
  return {
    account: PORTFOLIO_CUSTOMER,
    services: total,
    firstPageMs: await timed(base, jar, '/account/hosting', REQUESTS, options),
    filteredMs: await timed(base, jar, '/account/hosting?status=active&kind=shared', REQUESTS, options),
    lastPageMs: await timed(base, jar, '/account/hosting?page=20', Math.round(REQUESTS / 2), options),
  };
}

// Alone, against a server already running: node bench/hosting.mjs http://127.0.0.1:PORT [server pid]
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  console.log(JSON.stringify(await measureHosting(base, process.argv[3] ? Number(process.argv[3]) : null), null, 2));
}
