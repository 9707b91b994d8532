// The counters behind the growing login delays (core/login-throttle.ts, decision 022), in D1's
// login_throttles (one read before an attempt, one upsert after a failure, one delete after a success),
// and the known devices that may skip them.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { KNOWN_DEVICE_TTL_MS, nextFailures, waitSeconds, type ThrottleRule, type ThrottleState } from '../../core/login-throttle';
import type { Db } from '../../db/client';
import { loginThrottles, tokens } from '../../db/schema';
import { parseCookies, serializeCookie } from '../http/cookies';
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

export const KNOWN_DEVICE_COOKIE = 'kd';
export type KnownDevice = { tokenHash: string; userId: number; failures: number };

/**
 * Known devices (decision 022): the `kd` cookie of a browser that completed a login. Only a hash of
 * it is stored, in `tokens` (purpose known_device). A device is looked up whenever the cookie is sent,
 * whatever the address, so the lookup says nothing about which addresses exist.
 */
export function createKnownDevices(db: Db, now: Date) {
  return {
    async find(request: Request): Promise<KnownDevice | null> {
      const token = parseCookies(request.headers.get('Cookie'))[KNOWN_DEVICE_COOKIE];
      if (!token || token.length > 100) return null;
      const tokenHash = await sha256Hex(token);
      const [row] = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.purpose, 'known_device'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now)));
      if (!row) return null;
      return { tokenHash, userId: row.userId, failures: typeof row.meta.failures === 'number' ? row.meta.failures : 0 };
    },

    /** One more wrong guess from this browser. */
    async fail(device: KnownDevice): Promise<void> {
      await db.update(tokens).set({ meta: { failures: device.failures + 1 } }).where(eq(tokens.tokenHash, device.tokenHash));
    },

    /**
     * After a completed login: the browser's record for this account starts over (a new 180-day life,
     * no failures), or a new one is made. Returns the cookie to set, or null when the old one stays.
     */
    async remember(request: Request, userId: number, secure: boolean): Promise<string | null> {
      const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_TTL_MS);
      const current = await this.find(request);
      if (current && current.userId === userId) {
        await db.update(tokens).set({ meta: { failures: 0 }, expiresAt }).where(eq(tokens.tokenHash, current.tokenHash));
        return null;
      }
      const token = randomDeviceToken();
      await db.insert(tokens).values({ tokenHash: await sha256Hex(token), purpose: 'known_device', userId, meta: { failures: 0 }, createdAt: now, expiresAt });
      return serializeCookie(KNOWN_DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, maxAgeSeconds: Math.floor(KNOWN_DEVICE_TTL_MS / 1000) });
    },
  };
}

function randomDeviceToken(): string {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('');
}
