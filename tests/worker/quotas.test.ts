// Issue #10 §4 "Quotas towards paid or fragile upstreams": per-IP and global limits on searches,
// transfer checks and WHOIS (429 with Retry-After on the API and a translated alert on pages), a
// daily SMS budget per destination country; and (§3) per-IP limits count an IPv6 client by its /64.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { DAY_MS, GLOBAL_SUBJECT, QUOTA_LIMITS, RATE_LIMITS, smsDailyBudget, windowStart } from '../../core/rate-limits';
import { createDb } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';
import { rateLimitKey } from '../../worker/services/platform';
import { servicesAt, uniqueName } from './customers';
import { Browser } from './helpers';

const db = createDb(env.DB);

/** Sets a counter as if `count` calls had been made in the window of `at`. */
async function fill(key: string, windowMs: number, at: number, count: number) {
  await db.$client
    .prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count')
    .bind(key, windowStart(at, windowMs), count)
    .run();
}

describe('search quota per IP', () => {
  it('answers the search after the limit from one address with 429 and Retry-After, on the API and the page', async () => {
    const b = new Browser();
    const q = uniqueName('quota');
    const { limit } = QUOTA_LIMITS['domain_search:ip'];
    for (let i = 0; i < limit; i++) {
      const res = await b.fetch(`/api/domains/search?q=${q}&suggestions=0`);
      expect(res.status, `search ${i + 1}`).toBe(200);
      await res.text();
    }
    const refused = await b.fetch(`/api/domains/search?q=${q}&suggestions=0`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(QUOTA_LIMITS['domain_search:ip'].windowMs / 1000);
    expect(await refused.json()).toMatchObject({ success: false, code: 429, msg: 'Κάνατε πάρα πολλά αιτήματα. Παρακαλούμε περιμένετε λίγο.', data: { retry_after: retryAfter } });

    // The page (no JavaScript needed): status 429, Retry-After, the alert in Greek.
    const page = await b.fetch(`/domains/search?q=${q}&js=0`);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('Retry-After'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain('data-testid="search-alert"');
    expect(html).toContain('Κάνατε πάρα πολλά αιτήματα');

    // Another visitor is not affected.
    expect((await new Browser().fetch(`/api/domains/search?q=${q}&suggestions=0`)).status).toBe(200);
  }, 60_000);

  it('counts an IPv6 visitor by its /64, so rotating addresses inside it does not help', async () => {
    const T = Date.UTC(2026, 10, 24, 3, 0, 0);
    const { limit, windowMs } = QUOTA_LIMITS['domain_search:ip'];
    await fill(rateLimitKey('domain_search:ip', '2001:db8:77:1::1'), windowMs, T, limit);
    const s = servicesAt(T + 1000);
    expect(await s.domains.search('kafeneio', { ip: '2001:DB8:77:1:abcd:ef01:2345:6789', suggestions: false })).toMatchObject({ ok: false, code: 429 });
    expect(await s.domains.search('kafeneio', { ip: '2001:db8:77:2::1', suggestions: false })).toMatchObject({ ok: true });
  });
});

describe('global quotas', () => {
  it('apply across addresses: once everyone together used the minute, a new address is refused too', async () => {
    const T = Date.UTC(2026, 10, 24, 4, 0, 0);
    const { limit, windowMs } = QUOTA_LIMITS['domain_search:global'];
    await fill(rateLimitKey('domain_search:global', GLOBAL_SUBJECT), windowMs, T, limit - 2);
    const s = servicesAt(T + 5000);
    expect(await s.domains.search('kafeneio', { ip: '198.18.0.1', suggestions: false })).toMatchObject({ ok: true });
    expect(await s.domains.search('kafeneio', { ip: '198.18.0.2', suggestions: false })).toMatchObject({ ok: true });
    const refused = await s.domains.search('kafeneio', { ip: '198.18.0.3', suggestions: false });
    expect(refused).toMatchObject({ ok: false, code: 429 });
    expect(refused.ok === false && 'retryAfter' in refused && refused.retryAfter).toBe(55);
    // The next minute starts over.
    expect(await servicesAt(T + windowMs).domains.search('kafeneio', { ip: '198.18.0.3', suggestions: false })).toMatchObject({ ok: true });
  });

  it('limit WHOIS look-ups and transfer checks, per address and in total', async () => {
    const T = Date.UTC(2026, 10, 24, 5, 0, 0);
    const s = servicesAt(T).domains;
    const whois = QUOTA_LIMITS['whois:ip'];
    await fill(rateLimitKey('whois:ip', '198.18.1.1'), whois.windowMs, T, whois.limit);
    expect(await s.whois('google.gr', { ip: '198.18.1.1' })).toMatchObject({ ok: false, code: 429 });
    expect(await s.whois('google.gr', { ip: '198.18.1.2' })).toMatchObject({ ok: true });
    const checks = QUOTA_LIMITS['domain_check:global'];
    await fill(rateLimitKey('domain_check:global', GLOBAL_SUBJECT), checks.windowMs, T, checks.limit);
    expect(await s.transferCheck('metafora-demo.gr', { ip: '198.18.1.3' })).toMatchObject({ ok: false, code: 429 });
    // Only the checks' budget is used up: WHOIS from another address still answers.
    expect(await s.whois('google.gr', { ip: '198.18.1.4' })).toMatchObject({ ok: true });
  });

  it('the WHOIS and transfer pages answer 429 with Retry-After and the alert', async () => {
    const b = new Browser();
    const now = Date.now();
    await fill(rateLimitKey('whois:ip', b.ip), QUOTA_LIMITS['whois:ip'].windowMs, now, QUOTA_LIMITS['whois:ip'].limit);
    await fill(rateLimitKey('domain_check:ip', b.ip), QUOTA_LIMITS['domain_check:ip'].windowMs, now, QUOTA_LIMITS['domain_check:ip'].limit);
    const whois = await b.fetch('/domains/whois?domain=google.gr');
    expect(whois.status).toBe(429);
    expect(whois.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await whois.text()).toContain('data-testid="whois-alert"');
    const api = await b.fetch('/api/domains/whois?domain=google.gr');
    expect(api.status).toBe(429);
    expect(api.headers.get('Retry-After')).toMatch(/^\d+$/);
    const transfer = await b.fetch('/domains/metafora?domain=metafora-demo.gr');
    expect(transfer.status).toBe(429);
    expect(transfer.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await transfer.text()).toContain('Κάνατε πάρα πολλά αιτήματα');
  });
});

describe('SMS budget per destination country', () => {
  it('stops sends to a country whose daily budget is spent, and only to that country', async () => {
    const T = Date.UTC(2026, 10, 25, 10, 0, 0);
    await fill('sms_budget:DE', DAY_MS, T, smsDailyBudget('DE'));
    const s = servicesAt(T);
    const de = '+4915112345678';
    const refused = await s.otp.send({ purpose: 'verify_mobile', channel: 'sms', target: de, ip: '198.18.2.1', locale: 'el' });
    expect(refused).toMatchObject({ ok: false, code: ErrorCode.OTP_TOO_MANY_REQUESTS, status: 429 });
    expect(refused.ok === false && refused.seconds).toBe(14 * 3600);
    // Nothing was stored or sent for it.
    expect(await db.select().from(oneTimeCodes).where(and(eq(oneTimeCodes.target, de), eq(oneTimeCodes.purpose, 'verify_mobile')))).toHaveLength(0);
    // Greece has its own budget.
    expect(await s.otp.send({ purpose: 'verify_mobile', channel: 'sms', target: '+306900000123', ip: '198.18.2.2', locale: 'el' })).toMatchObject({ ok: true });
    // A new UTC day, a new budget.
    expect(await servicesAt(T + DAY_MS).otp.send({ purpose: 'verify_mobile', channel: 'sms', target: de, ip: '198.18.2.3', locale: 'el' })).toMatchObject({ ok: true });
  });

  it('counts every SMS sent against the budget', async () => {
    const T = Date.UTC(2026, 10, 26, 10, 0, 0);
    await fill('sms_budget:CY', DAY_MS, T, smsDailyBudget('CY') - 1);
    const s = servicesAt(T);
    expect(await s.otp.send({ purpose: 'verify_mobile', channel: 'sms', target: '+35799000001', ip: '198.18.3.1', locale: 'el' })).toMatchObject({ ok: true });
    expect(await s.otp.send({ purpose: 'verify_mobile', channel: 'sms', target: '+35799000002', ip: '198.18.3.2', locale: 'el' })).toMatchObject({ ok: false, status: 429 });
  });
});

describe('IPv6 rate-limit keys', () => {
  it('count a /64 as one client for every per-IP limit, IPv4 per address as before', async () => {
    const rl = servicesAt(Date.UTC(2026, 10, 24, 2, 0, 10)).rateLimits;
    const { limit } = RATE_LIMITS['login:ip'];
    for (let i = 0; i < limit; i++) expect((await rl.hit('login:ip', `2001:db8:aa:bb::${(i + 1).toString(16)}`)).allowed).toBe(true);
    expect((await rl.hit('login:ip', '2001:0DB8:00AA:00BB:1:2:3:4')).allowed).toBe(false);
    expect((await rl.hit('login:ip', '2001:db8:aa:bc::1')).allowed).toBe(true);
    for (let i = 0; i < limit; i++) await rl.hit('login:ip', '198.18.9.1');
    expect((await rl.hit('login:ip', '198.18.9.1')).allowed).toBe(false);
    expect((await rl.hit('login:ip', '::ffff:198.18.9.1')).allowed).toBe(false);
    expect((await rl.hit('login:ip', '198.18.9.2')).allowed).toBe(true);
  });
});
