// The counters behind the growing login delays (core/login-throttle.ts, decisions 022 and 044), in D1's
// login_throttles, and the known devices that may skip them. An attempt is taken BEFORE its password or
// code is checked, in one conditional statement (issue #19): thirty requests at once cannot all read
// "no delay yet" and all be checked; a success then clears the streak.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { delaySteps, KNOWN_DEVICE_MAX_FAILURES, KNOWN_DEVICE_TTL_MS, waitSeconds, type ThrottleRule, type ThrottleState } from '../../../core/login-throttle';
import type { Db } from '../../../db/client';
import { loginThrottles, tokens } from '../../../db/schema';
import { deleteCookie, hostCookieName, parseCookies, serializeCookie, wantsSecure } from '../../http/cookies';
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

export type TakenAttempt = { ok: true; failures: number } | { ok: false; wait: number };

/** The rule's delay after `failures` in a row, as SQL (the values are the rule's own numbers). */
function delaySql(failures: string, rule: ThrottleRule): string {
  const whens = delaySteps(rule).map(([f, s]) => `WHEN ${Math.trunc(f)} THEN ${Math.trunc(s)}`);
  return `(CASE WHEN ${failures} < ${Math.trunc(rule.freeFailures)} THEN 0 ELSE CASE ${failures} ${whens.join(' ')} ELSE ${Math.trunc(rule.capSeconds)} END END)`;
}

export function createLoginThrottle(db: Db, now: Date, rule: ThrottleRule) {
  async function state(key: string): Promise<ThrottleState | null> {
    const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    return row ? { failures: row.failures, lastFailureAt: row.lastFailureAt.getTime() } : null;
  }
  const nowMs = now.getTime();
  const forgetBefore = nowMs - rule.memoryMs;
  const delay = sql.raw(delaySql('login_throttles.failures', rule));

  return {
    /**
     * Takes one attempt under `key` before it is checked: counted as a failure now, in one statement,
     * unless the key is within its delay (then nothing is counted and the wait is returned). A success
     * afterwards clears the streak.
     */
    async take(key: string): Promise<TakenAttempt> {
      const row = await db.get<{ failures: number }>(sql`
        INSERT INTO login_throttles (key, failures, last_failure_at) VALUES (${key}, 1, ${nowMs})
        ON CONFLICT(key) DO UPDATE SET
          failures = CASE WHEN login_throttles.last_failure_at <= ${forgetBefore} THEN 1 ELSE login_throttles.failures + 1 END,
          last_failure_at = excluded.last_failure_at
        WHERE login_throttles.last_failure_at <= ${forgetBefore} OR login_throttles.last_failure_at + ${delay} * 1000 <= ${nowMs}
        RETURNING failures`);
      if (row) return { ok: true, failures: row.failures };
      // (At least a second: the refusal is what the statement decided, whatever a later read says.)
      return { ok: false, wait: Math.max(1, waitSeconds(await state(key), nowMs, rule)) };
    },

    /** Counts one attempt whatever the delay (a known device's, which skips it); returns the new count. */
    async count(key: string): Promise<number> {
      const row = await db.get<{ failures: number }>(sql`
        INSERT INTO login_throttles (key, failures, last_failure_at) VALUES (${key}, 1, ${nowMs})
        ON CONFLICT(key) DO UPDATE SET
          failures = CASE WHEN login_throttles.last_failure_at <= ${forgetBefore} THEN 1 ELSE login_throttles.failures + 1 END,
          last_failure_at = excluded.last_failure_at
        RETURNING failures`);
      return row?.failures ?? 1;
    },

    /** Gives back an attempt taken but never checked (another limit refused it after the take). */
    async release(key: string): Promise<void> {
      await db.run(sql`UPDATE login_throttles SET failures = failures - 1 WHERE key = ${key} AND failures > 0`);
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}

export const KNOWN_DEVICE_COOKIE = 'kd';
/** `legacy`: read from a bare `kd` over https, as set before the prefix; its next login moves it. */
export type KnownDevice = { tokenHash: string; userId: number; failures: number; legacy: boolean };

const deviceFailures = sql`COALESCE(json_extract(${tokens.meta}, '$.failures'), 0)`;

/**
 * Known devices (decision 022): the `kd` cookie of a browser that completed a login. Only a hash of
 * it is stored, in `tokens` (purpose known_device). A device is looked up whenever the cookie is sent,
 * whatever the address, so the lookup says nothing about which addresses exist.
 *
 * Over https it is `__Host-kd` like the session cookie (issue #32 §3): a parent domain or a sibling host
 * cannot plant or overwrite it. A bare `kd` set before the prefix is still read over https, once: the
 * next completed login retires its token and sets a fresh `__Host-kd` in its place, so a planted bare
 * cookie never becomes a lasting known device.
 */
export function createKnownDevices(db: Db, now: Date) {
  return {
    async find(request: Request): Promise<KnownDevice | null> {
      const cookies = parseCookies(request.headers.get('Cookie'));
      const current = cookies[hostCookieName(request, KNOWN_DEVICE_COOKIE)];
      const legacy = !current && wantsSecure(request);
      const token = current ?? (legacy ? cookies[KNOWN_DEVICE_COOKIE] : undefined);
      if (!token || token.length > 100) return null;
      const tokenHash = await sha256Hex(token);
      const [row] = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.purpose, 'known_device'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now)));
      if (!row) return null;
      return { tokenHash, userId: row.userId, failures: typeof row.meta.failures === 'number' ? row.meta.failures : 0, legacy };
    },

    /**
     * Takes one of the device's own guesses before it is checked (one conditional statement): true when
     * it was within the device's allowance for `userId`, so this attempt may skip the account's delay.
     */
    async take(device: KnownDevice, userId: number): Promise<boolean> {
      if (device.userId !== userId) return false;
      const taken = await db
        .update(tokens)
        .set({ meta: sql`json_set(${tokens.meta}, '$.failures', ${deviceFailures} + 1)` })
        .where(
          and(
            eq(tokens.tokenHash, device.tokenHash),
            eq(tokens.purpose, 'known_device'),
            eq(tokens.userId, userId),
            isNull(tokens.consumedAt),
            gt(tokens.expiresAt, now),
            sql`${deviceFailures} < ${KNOWN_DEVICE_MAX_FAILURES}`,
          ),
        )
        .returning({ h: tokens.tokenHash });
      return taken.length === 1;
    },

    /** Gives back a guess taken by `take` that turned out right (a right password is no wrong guess). */
    async release(device: KnownDevice): Promise<void> {
      await db
        .update(tokens)
        .set({ meta: sql`json_set(${tokens.meta}, '$.failures', MAX(${deviceFailures} - 1, 0))` })
        .where(eq(tokens.tokenHash, device.tokenHash));
    },

    /**
     * After a completed login: the browser's record for this account starts over (a new 180-day life,
     * no failures), or a new one is made. Returns the cookies to set (none when the old one stays): a
     * bare `kd` read over https is retired here and removed from the browser, a fresh `__Host-kd` set.
     */
    /** The cookies to set, and whether this browser was new to the account (a legacy `kd` was known). */
    async remember(request: Request, userId: number): Promise<{ cookies: string[]; newDevice: boolean }> {
      const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_TTL_MS);
      const current = await this.find(request);
      const known = Boolean(current && current.userId === userId);
      if (current && known && !current.legacy) {
        await db.update(tokens).set({ meta: { failures: 0 }, expiresAt }).where(eq(tokens.tokenHash, current.tokenHash));
        return { cookies: [], newDevice: false };
      }
      if (current?.legacy) await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.tokenHash, current.tokenHash), eq(tokens.purpose, 'known_device')));
      const token = randomDeviceToken();
      await db.insert(tokens).values({ tokenHash: await sha256Hex(token), purpose: 'known_device', userId, meta: { failures: 0 }, createdAt: now, expiresAt });
      const secure = wantsSecure(request);
      const cookies = [serializeCookie(hostCookieName(request, KNOWN_DEVICE_COOKIE), token, { httpOnly: true, sameSite: 'Lax', secure, maxAgeSeconds: Math.floor(KNOWN_DEVICE_TTL_MS / 1000) })];
      // The bare one goes whenever https meets it, whoever's it was: only the prefixed name is written now.
      if (secure && parseCookies(request.headers.get('Cookie'))[KNOWN_DEVICE_COOKIE] !== undefined) cookies.push(deleteCookie(KNOWN_DEVICE_COOKIE, { secure }));
      return { cookies, newDevice: !known };
    },
  };
}

function randomDeviceToken(): string {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('');
}
