// Issue #10 §3/§5: a wrong password and an unknown address cost the same work — exactly one argon2
// verification each (the CPU figures: bench/password-hash.mjs); an address in its delay, known or not,
// none (issue #32 §4, decision 093: the refused attempt is not judged). The login service
// runs in the test's isolate on the test D1 with a password check that counts its calls.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { loginThrottles, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { verifyPassword } from '../../worker/security/password-hash';
import { createAuthService } from '../../worker/services/accounts';
import { passwordThrottleKey } from '../../worker/services/accounts';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
let seq = 0;
const fresh = (p: string) => `${p}.${Date.now().toString(36)}${seq++}@example.gr`;

let verifications = 0;
const counting: typeof verifyPassword = (password, stored) => {
  verifications++;
  return verifyPassword(password, stored);
};

async function attempt(email: string, password: string) {
  const auth = createAuthService({ db, env, now: new Date(), adapters: createAdapters(configOf(env), db) }, { verify: counting });
  return auth.login(new Request('http://localhost/auth/login', { method: 'POST' }), {
    email,
    password,
    ip: `203.0.113.${(seq++ % 200) + 1}`,
    userAgent: 'test',
    visitorId: `v-${seq}`,
    uniqueId: null,
    locale: 'el',
  });
}

describe('every judged login costs one verification, a refused one none', () => {
  it('for a wrong password and an unknown address one, for an address in its delay none (known or not, right password or not)', async () => {
    const now = new Date();
    const known = fresh('timing');
    const delayed = fresh('timing-delayed');
    const unknownDelayed = fresh('timing-ghost');
    for (const email of [known, delayed]) await db.insert(users).values({ email, passwordHash: demo.passwordHash, firstName: 'Α', lastName: 'Β', gdprProcessingAt: now, createdAt: now, updatedAt: now });
    for (const email of [delayed, unknownDelayed]) await db.insert(loginThrottles).values({ key: await passwordThrottleKey(email), failures: 50, lastFailureAt: now });

    // Judged attempts cost one verification each; attempts refused in the delay none (decision 093),
    // the known address and the unknown one alike on each side.
    const cases = [
      [known, 'wrong-password-1', 2000, 1],
      [fresh('nobody'), 'wrong-password-1', 2000, 1],
      [delayed, 'wrong-password-1', 429, 0],
      [delayed, demo.password, 429, 0],
      [unknownDelayed, 'wrong-password-1', 429, 0],
    ] as const;
    for (const [email, password, code, verified] of cases) {
      verifications = 0;
      expect(await attempt(email, password), email).toMatchObject({ ok: false, code });
      expect(verifications, email).toBe(verified);
    }
  });
});
