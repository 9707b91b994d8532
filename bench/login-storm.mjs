// Login storm (issue #32 §4): 30 wrong-password logins posted at once through the real form, 5 rounds.
// Each client is a browser of its own (its own cookies and CSRF token, its own CF-Connecting-IP, so the
// per-network limit does not answer for the address's delay). A round's 30 guesses all go to one
// address: the seeded account in even rounds, an address nobody holds (a new one each round) in odd
// ones. The address's delay lets 5 wrong guesses be checked (401), then one more after 2 s, 4 s, 8 s …
// (PASSWORD_THROTTLE, core/login-throttle.ts); the rest answer 429 unchecked, without a hash
// (decision 093). The figures that matter: no 5xx and no broken connection (wrangler dev's 503 "worker
// restarted mid-request" counted as a 5xx), and the limit held: a new address had exactly its 5 free
// guesses checked plus at most the ones its delays let through within the round's time.
// Alone: `node bench/login-storm.mjs http://127.0.0.1:PORT [rounds] [parallel]`.
import { pathToFileURL } from 'node:url';
import { call, csrfToken, Jar, stats } from './client.mjs';

/** A seeded, active account that no other part of the bench logs into (its delay disturbs nobody). */
const KNOWN = 'kostas@example.gr';
/** PASSWORD_THROTTLE of core/login-throttle.ts: free wrong guesses, then a delay of 2 s doubling per guess. */
const FREE_GUESSES = 5;
const FIRST_DELAY_S = 2;

/**
 * How many wrong guesses at an address may be checked within `seconds`, beyond the ones it had: its
 * free ones left (all 5 for a new address, at most 5 otherwise), then one per delay that ran out
 * (2 s, then 4 s, … after the previous checked one).
 */
export function checksAllowedWithin(seconds) {
  let extra = 0;
  for (let wait = FIRST_DELAY_S, spent = FIRST_DELAY_S; spent <= seconds; wait *= 2, spent += wait) extra++;
  return FREE_GUESSES + extra;
}

async function oneLogin(base, email, i, round) {
  const jar = new Jar();
  const ip = `198.51.100.${100 + i}`;
  const t0 = performance.now();
  try {
    await call(base, jar, '/auth/login', undefined, { ip });
    const { res, text } = await call(base, jar, '/auth/login', { _token: csrfToken(jar), email, password: `wrong-guess-${round}-${i}`, redirectTo: '/account' }, { ip });
    return { status: res.status, ms: performance.now() - t0, body: res.status >= 500 ? text.slice(0, 160) : null };
  } catch (error) {
    return { status: 'transport', ms: performance.now() - t0, body: String(error?.cause?.code ?? error) };
  }
}

/**
 * `rounds` rounds of `parallel` logins at once; answers by status per round and overall, the first
 * 5xx kept, the wall time of each login (p50/p95) and of each round.
 */
export async function measureLoginStorm(base, { rounds = 5, parallel = 30 } = {}) {
  const byStatus = {};
  const perRound = [];
  const samples = [];
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const unknown = `storm-${Date.now().toString(36)}-${round}@example.invalid`;
    const t0 = performance.now();
    // All of a round at one address, as the audit's storm: the seeded account first, then a new unknown one.
    const address = round % 2 === 0 ? KNOWN : unknown;
    const answers = await Promise.all(Array.from({ length: parallel }, (_, i) => oneLogin(base, address, i, round)));
    const statuses = {};
    for (const a of answers) {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      times.push(a.ms);
      if ((a.status === 'transport' || a.status >= 500) && samples.length < 5) samples.push({ round, status: a.status, body: a.body });
    }
    const wallMs = Math.round(performance.now() - t0);
    // A new address must have had its free guesses checked; the seeded one may still be in an earlier
    // round's (or run's) delay, so only the ceiling applies to it.
    const checked = statuses[401] ?? 0;
    const fresh = address !== KNOWN;
    const allowed = { min: fresh ? Math.min(FREE_GUESSES, parallel) : 0, max: checksAllowedWithin(wallMs / 1000) };
    const limitHeld = checked >= allowed.min && checked <= allowed.max && checked + (statuses[429] ?? 0) === parallel;
    perRound.push({ round, address: fresh ? 'new' : 'seeded', statuses, checked, allowed, limitHeld, wallMs });
  }
  const count = (pred) => Object.entries(byStatus).filter(([s]) => pred(s)).reduce((n, [, v]) => n + v, 0);
  return {
    rounds,
    parallel,
    knownAddress: KNOWN,
    byStatus,
    perRound,
    serverErrors: count((s) => s !== 'transport' && Number(s) >= 500),
    limitHeld: perRound.every((r) => r.limitHeld),
    transportErrors: byStatus.transport ?? 0,
    loginMs: stats(times),
    samples,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  const result = await measureLoginStorm(base, { rounds: Number(process.argv[3] ?? 5), parallel: Number(process.argv[4] ?? 30) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.serverErrors === 0 && result.transportErrors === 0 && result.limitHeld ? 0 : 1);
}
