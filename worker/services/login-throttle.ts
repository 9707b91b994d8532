// The counters behind the growing login delays (core/login-throttle.ts, decision 022), in D1's
// login_throttles. One read before an attempt, one upsert after a failure, one delete after a success.
import { eq, sql } from 'drizzle-orm';
import { nextFailures, waitSeconds, type ThrottleRule, type ThrottleState } from '../../core/login-throttle';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema';
import { sha256Hex } from './otp';

/** The password step's key: by address, known or not; hashed so the table holds no addresses. */
export async function passwordThrottleKey(normalizedEmail: string): Promise<string> {
  return `password:${await sha256Hex(normalizedEmail)}`;
}

export function secondFactorThrottleKey(userId: number): string {
  return `second_factor:${userId}`;
}

/** Forgets the password step's failures of an address: a completed password reset proves its owner. */
export async function clearPasswordThrottle(db: Db, normalizedEmail: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, await passwordThrottleKey(normalizedEmail)));
}

export function createLoginThrottle(db: Db, now: Date, rule: ThrottleRule) {
  async function state(key: string): Promise<ThrottleState | null> {
    const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    return row ? { failures: row.failures, lastFailureAt: row.lastFailureAt.getTime() } : null;
  }
  return {
    /** Seconds the next attempt under `key` must still wait (0: go on). */
    async wait(key: string): Promise<number> {
      return waitSeconds(await state(key), now.getTime(), rule);
    },

    /** Counts one failure; returns the new count (a forgotten streak restarts at one). */
    async fail(key: string): Promise<number> {
      const nowMs = now.getTime();
      const forgetBefore = nowMs - rule.memoryMs;
      // One statement, so two racing failures both count (no read-then-write).
      const row = await db.get<{ failures: number }>(sql`
        INSERT INTO login_throttles (key, failures, last_failure_at) VALUES (${key}, 1, ${nowMs})
        ON CONFLICT(key) DO UPDATE SET
          failures = CASE WHEN login_throttles.last_failure_at <= ${forgetBefore} THEN 1 ELSE login_throttles.failures + 1 END,
          last_failure_at = excluded.last_failure_at
        RETURNING failures`);
      return row?.failures ?? nextFailures(null, nowMs, rule);
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}
