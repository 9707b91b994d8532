// Login storm (issue #32 §4): 30 wrong-password logins posted at once through the real form, 5 rounds.
// Each client is a browser of its own (its own cookies and CSRF token, its own CF-Connecting-IP, so the
// per-network limit does not answer for the address's delay). Half the clients guess at a seeded
// account (the address's delay: at most 5 answered 401, the rest 429), half at an address nobody
// holds, a new one each round (the decoy hash: 401). Every login costs one argon2 verification,
// refused or not (decision 022), so a round is 30 hashes in one isolate at once. The figure that
// matters: no 5xx and no broken connection (a 503 "worker restarted mid-request" of wrangler dev is
// counted as a 5xx). Alone: `node bench/login-storm.mjs http://127.0.0.1:PORT [rounds] [parallel]`.
import { pathToFileURL } from 'node:url';
import { call, csrfToken, Jar, stats } from './client.mjs';

/** A seeded, active account that no other part of the bench logs into (its delay disturbs nobody). */
const KNOWN = 'kostas@example.gr';

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
    perRound.push({ round, statuses, wallMs: Math.round(performance.now() - t0) });
  }
  const count = (pred) => Object.entries(byStatus).filter(([s]) => pred(s)).reduce((n, [, v]) => n + v, 0);
  return {
    rounds,
    parallel,
    knownAddress: KNOWN,
    byStatus,
    perRound,
    serverErrors: count((s) => s !== 'transport' && Number(s) >= 500),
    transportErrors: byStatus.transport ?? 0,
    loginMs: stats(times),
    samples,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.argv[2] ?? 'http://127.0.0.1:8797';
  const result = await measureLoginStorm(base, { rounds: Number(process.argv[3] ?? 5), parallel: Number(process.argv[4] ?? 30) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.serverErrors === 0 && result.transportErrors === 0 ? 0 : 1);
}
