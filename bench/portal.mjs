// The portal's domain list at scale (issue #12 §7): the portfolio demo account (2,000 names, seeded by
// scripts/seed.ts) logged in through the form; p50/p95 of `/account/domains` (first page: previews'
// counts, the filtered total and 50 rows in one D1 batch) and of a search within it (`?q=taverna`,
// about a tenth of the names), each a full HTML page, sequential after a warm-up. Also checks that
// the pages show what they should (50 rows, 2,000 names), so a broken page cannot look fast.
// Issue #21 §4: the home page of a guest and of this logged-in customer side by side, server CPU per
// request each, so the cost of being logged in (session, user row, header cart) shows as a ratio.
import { call, login, PORTFOLIO_CUSTOMER, returningVisitor, timed } from './client.mjs';

const REQUESTS = Number(process.env.BENCH_PORTAL_REQUESTS ?? 200);
const IP = '10.9.9.8';

/** `serverPid`: the server's process, to count its CPU time per request (optional). */
export async function measurePortal(base, serverPid = null) {
  const jar = await login(base, { email: PORTFOLIO_CUSTOMER, redirectTo: '/account/domains', ip: IP, jar: returningVisitor() });
  const first = await call(base, jar, '/account/domains', undefined, { ip: IP });
  const rows = (first.text.match(/data-testid="my-domain"/g) ?? []).length;
  const total = Number(/data-testid="preview-all"[^>]*>\s*<span[^>]*>(\d+)</.exec(first.text)?.[1] ?? NaN);
  if (rows !== 50 || total < 2000) throw new Error(`portfolio list shows ${rows} rows of ${total} names: is the portfolio seeded?`);
  const search = await call(base, jar, '/account/domains?q=taverna', undefined, { ip: IP });
  const searchRows = (search.text.match(/data-testid="my-domain"/g) ?? []).length;
  const guest = returningVisitor();
  const options = { serverPid, ip: IP };
  const guestHomeMs = await timed(base, guest, '/', REQUESTS, options);
  const loggedInHomeMs = await timed(base, jar, '/', REQUESTS, options);
  // workerd's CPU: the Worker's own work (wrangler's Node process adds CPU in proportion to wall time).
  const ratio = guestHomeMs.workerdCpuMsPerRequest ? Math.round((loggedInHomeMs.workerdCpuMsPerRequest / guestHomeMs.workerdCpuMsPerRequest) * 100) / 100 : null;
  return {
    account: PORTFOLIO_CUSTOMER,
    guestHomeMs,
    loggedInHomeMs,
    // workerd CPU of a logged-in home over a guest's (issue #21 §4: ≤ 1.3).
    loggedInToGuestHomeCpu: ratio,
    // For scale: the account's profile page, the same layout and session work without the list.
    accountPageMs: await timed(base, jar, '/account', REQUESTS, options),
    names: total,
    firstPageMs: await timed(base, jar, '/account/domains', REQUESTS, options),
    searchMs: await timed(base, jar, '/account/domains?q=taverna', REQUESTS, options),
    searchRowsShown: searchRows,
    lastPageByExpiryMs: await timed(base, jar, '/account/domains?sort=expiry&dir=desc&page=40', Math.round(REQUESTS / 2), options),
  };
}

// Alone, against a server already running: node bench/portal.mjs http://127.0.0.1:PORT [server pid]
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  console.log(JSON.stringify(await measurePortal(base, process.argv[3] ? Number(process.argv[3]) : null), null, 2));
}
