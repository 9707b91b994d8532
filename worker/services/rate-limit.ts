// Rate limiting and the IP blacklist, backed by D1 so they work locally and across isolates.
import { sql } from 'drizzle-orm';
import { rateLimitIpKey } from '../../core/ip-key';
import { RATE_LIMITS, retryAfterSeconds, windowStart, type RateLimitName } from '../../core/rate-limits';
import { ipBlacklist } from '../../db/schema';
import type { ServiceDeps } from '.';
import { cachedRead, invalidateReads } from './read-cache';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfter: number };

export function clientIp(request: Request): string {
  // Cloudflare sets CF-Connecting-IP at the edge and wrangler dev sets it locally.
  return request.headers.get('CF-Connecting-IP') ?? request.headers.get('X-Real-IP') ?? '0.0.0.0';
}

/** The counter's key: per-IP rules count an IPv6 client by its /64 (core/ip-key.ts). */
export function rateLimitKey(name: RateLimitName, subject: string): string {
  return `${name}:${name.endsWith(':ip') ? rateLimitIpKey(subject) : subject.toLowerCase()}`;
}

export function createRateLimitService({ db, env, now }: ServiceDeps) {
  const scope = env.DB as object;
  return {
    /** Counts one attempt under `name` for `subject` (an IP, an e-mail …) and says whether it may go on. */
    async hit(name: RateLimitName, subject: string): Promise<RateLimitResult> {
      const rule = RATE_LIMITS[name];
      const nowMs = now.getTime();
      const start = windowStart(nowMs, rule.windowMs);
      const key = rateLimitKey(name, subject);
      // One statement: a new window restarts the count, the same window adds one (no read-then-write).
      const row = await db.get<{ count: number }>(sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${start}, 1)
        ON CONFLICT(key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
          window_start = excluded.window_start
        RETURNING count`);
      const count = row?.count ?? 1;
      return count <= rule.limit ? { allowed: true } : { allowed: false, retryAfter: retryAfterSeconds(nowMs, rule.windowMs) };
    },

    /** Forgets the counter, e.g. the per-account login count after a successful login. */
    async reset(name: RateLimitName, subject: string): Promise<void> {
      await db.run(sql`DELETE FROM rate_limits WHERE key = ${rateLimitKey(name, subject)}`);
    },

    async isBlacklisted(ip: string): Promise<boolean> {
      const list = await cachedRead(scope, 'ip-blacklist', async () => new Set((await db.select({ ip: ipBlacklist.ip }).from(ipBlacklist)).map((r) => r.ip)), 30_000);
      return list.has(ip);
    },

    async blacklist(ip: string, reason: string): Promise<void> {
      await db.insert(ipBlacklist).values({ ip, reason, createdAt: now }).onConflictDoNothing();
      invalidateReads(scope, 'ip-blacklist');
    },
  };
}
