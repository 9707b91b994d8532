// A bare Worker around the password hasher and the login service, so the bench can measure their CPU
// time in workerd without the rest of the app in the measurement. The login ops go through the real
// `auth.login` (D1 reads and writes included) with a wrong password, for a known address, an unknown
// one and a delayed one: decision 022 says the three cost the same single argon2 verification.
import { createDb } from '../db/client';
import { loginThrottles, users } from '../db/schema';
import type { Adapters } from '../worker/adapters';
import { hashPassword, verifyPassword } from '../worker/security/password-hash';
// The inner files, not the accounts area's index: the bench bundles only what it measures.
import { createAuthService } from '../worker/services/accounts/auth';
import { passwordThrottleKey } from '../worker/services/accounts/login-throttle';

type BenchEnv = { DB: D1Database };

const PASSWORD = 'Σωστό άλογο μπαταρία συρραπτικό';
const known = (i: number) => `known-${i}@bench.example`;
const DELAYED = 'delayed@bench.example';

async function setup(env: BenchEnv, n: number) {
  const db = createDb(env.DB);
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  // One known account per attempt, so that none of them reaches its delay during the measurement.
  // (One row per statement: D1 binds at most 100 parameters.)
  for (let i = 0; i < n; i++) await db.insert(users).values({ email: known(i), passwordHash, firstName: 'Α', lastName: 'Β', gdprProcessingAt: now, createdAt: now, updatedAt: now }).onConflictDoNothing();
  await db.insert(users).values({ email: DELAYED, passwordHash, firstName: 'Α', lastName: 'Β', gdprProcessingAt: now, createdAt: now, updatedAt: now }).onConflictDoNothing();
  // Far into its delay: every attempt is refused (and refused attempts do not lengthen it).
  await db.insert(loginThrottles).values({ key: await passwordThrottleKey(DELAYED), failures: 1000, lastFailureAt: now }).onConflictDoNothing();
}

async function login(env: BenchEnv, email: string, i: number, expectCode: number) {
  const auth = createAuthService({ db: createDb(env.DB), env: env as unknown as Env, now: new Date(), adapters: {} as Adapters });
  // A new address per attempt: the per-IP limit is not what is measured.
  const r = await auth.login(new Request('http://bench/auth/login', { method: 'POST' }), {
    email,
    password: `wrong password ${i}`,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    userAgent: 'bench',
    visitorId: 'bench',
    uniqueId: null,
    locale: 'el',
  });
  if (r.ok || r.code !== expectCode) throw new Error(`login of ${email} answered ${JSON.stringify(r)}`);
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const n = Math.min(200, Number(url.searchParams.get('n') ?? 1));
    const op = url.searchParams.get('op');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (op === 'setup') {
      await setup(env, n);
      return new Response('ok');
    }
    if (op === 'login_known' || op === 'login_unknown' || op === 'login_delayed') {
      for (let i = 0; i < n; i++) {
        const k = offset + i;
        if (op === 'login_known') await login(env, known(k), k, 2000);
        else if (op === 'login_unknown') await login(env, `nobody-${k}@bench.example`, k, 2000);
        else await login(env, DELAYED, k, 429);
      }
      return new Response('ok');
    }
    const stored = await hashPassword('warm-up: κωδικός πρόσβασης');
    for (let i = 0; i < n; i++) {
      if (op === 'verify') await verifyPassword('warm-up: κωδικός πρόσβασης', stored);
      else await hashPassword(`Σωστό άλογο μπαταρία ${i}`);
    }
    return new Response('ok');
  },
} satisfies ExportedHandler<BenchEnv>;
