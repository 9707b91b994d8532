// Rate limiting and the IP blacklist, backed by D1 so they work locally and across isolates.
import { sql } from 'drizzle-orm';
import { rateLimitIpKey } from '../../../core/ip-key';
import {
  DAY_MS,
  GLOBAL_SUBJECT,
  QUOTA_LIMITS,
  RATE_LIMITS,
  retryAfterSeconds,
  smsDailyBudget,
  windowStart,
  type QuotaKind,
  type QuotaName,
  type RateLimitName,
  type RateLimitRule,
} from '../../../core/rate-limits';
import { smsCountryOf } from '../../../core/sms-destination';
import { ipBlacklist } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { cachedRead, invalidateReads } from './read-cache';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfter: number };

export function clientIp(request: Request): string {
  // Cloudflare sets CF-Connecting-IP at the edge and wrangler dev sets it locally.
  return request.headers.get('CF-Connecting-IP') ?? request.headers.get('X-Real-IP') ?? '0.0.0.0';
}

/** The counter's key: per-IP rules count an IPv6 client by its /64 (core/ip-key.ts). */
export function rateLimitKey(name: RateLimitName | QuotaName, subject: string): string {
  return `${name}:${name.endsWith(':ip') ? rateLimitIpKey(subject) : subject.toLowerCase()}`;
}

export function createRateLimitService({ db, env, now }: ServiceDeps) {
  const scope = env.DB as object;

  async function count(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const nowMs = now.getTime();
    const start = windowStart(nowMs, rule.windowMs);
    // One statement: a new window restarts the count, the same window adds one (no read-then-write).
    const row = await db.get<{ count: number }>(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${start}, 1)
      ON CONFLICT(key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
        window_start = excluded.window_start
      RETURNING count`);
    const n = row?.count ?? 1;
    return n <= rule.limit ? { allowed: true } : { allowed: false, retryAfter: retryAfterSeconds(nowMs, rule.windowMs) };
  }

  return {
    /** Counts one attempt under `name` for `subject` (an IP, an e-mail …) and says whether it may go on. */
    async hit(name: RateLimitName | QuotaName, subject: string): Promise<RateLimitResult> {
      const rule: RateLimitRule = name in QUOTA_LIMITS ? QUOTA_LIMITS[name as QuotaName] : RATE_LIMITS[name as RateLimitName];
      return count(rateLimitKey(name, subject), rule);
    },

    /**
     * A call towards a paid or fragile upstream (issue #10 §4): counted per IP (an IPv6 /64), then
     * globally. A visitor over its own quota is refused without using up the global one.
     */
    async quota(kind: QuotaKind, ip: string): Promise<RateLimitResult> {
      const own = await count(rateLimitKey(`${kind}:ip`, ip), QUOTA_LIMITS[`${kind}:ip`]);
      if (!own.allowed) return own;
      return count(rateLimitKey(`${kind}:global`, GLOBAL_SUBJECT), QUOTA_LIMITS[`${kind}:global`]);
    },

    /** One SMS to `e164` out of its destination country's budget for the UTC day. */
    async smsBudget(e164: string): Promise<RateLimitResult & { country: string }> {
      const country = smsCountryOf(e164);
      return { ...(await count(`sms_budget:${country}`, { limit: smsDailyBudget(country), windowMs: DAY_MS })), country };
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
