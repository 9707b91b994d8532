import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../core/rate-limits';
import { createDb } from '../../db/client';
import { createServices } from '../../worker/services';
import { Browser, form, json } from './helpers';

const at = (iso: string) => createServices({ db: createDb(env.DB), env, now: new Date(iso) }).rateLimits;

describe('rate limits', () => {
  it('allow up to the limit in a window, then refuse with a retry time', async () => {
    // (login:account is gone: logins per address have growing delays instead, decision 022.)
    const { limit } = RATE_LIMITS['otp_send:target'];
    const rl = at('2026-11-21T10:00:10Z');
    for (let i = 0; i < limit; i++) expect(await rl.hit('otp_send:target', 'Maria@Example.gr')).toEqual({ allowed: true });
    const refused = await rl.hit('otp_send:target', 'maria@example.gr');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfter).toBe(60 * 60 - 10);
    // Another subject is counted apart.
    expect(await rl.hit('otp_send:target', 'nikos@example.gr')).toEqual({ allowed: true });
  });

  it('start over in the next window and after a reset', async () => {
    const { limit } = RATE_LIMITS['reset:account'];
    const rl = at('2026-11-21T10:00:00Z');
    for (let i = 0; i <= limit; i++) await rl.hit('reset:account', 'eleni@example.gr');
    expect((await rl.hit('reset:account', 'eleni@example.gr')).allowed).toBe(false);
    expect(await at('2026-11-21T11:00:00Z').hit('reset:account', 'eleni@example.gr')).toEqual({ allowed: true });
    await rl.reset('reset:account', 'eleni@example.gr');
    expect(await rl.hit('reset:account', 'eleni@example.gr')).toEqual({ allowed: true });
  });
});

describe('IP blacklist', () => {
  it('refuses state-changing calls and forms from a blacklisted address with 403 ip_blacklisted', async () => {
    const ip = '203.0.113.7';
    await at('2026-11-21T10:00:00Z').blacklist(ip, 'card testing');
    const b = new Browser();
    const { token } = await b.open('/');
    const api = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'showVat', cValue: 'no' }, { 'CF-Connecting-IP': ip }));
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ success: false, code: 403 });
    const page = await b.fetch('/settings', { ...form({ _token: token, intent: 'cookies', redirectTo: '/' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': ip } });
    expect(page.status).toBe(403);
    expect(b.cookies.has('cookiesAccepted')).toBe(false);
    // Reading the shop is still allowed.
    expect((await b.fetch('/', { headers: { 'CF-Connecting-IP': ip } })).status).toBe(200);
    // Another address is not affected.
    const ok = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'showVat', cValue: 'no' }, { 'CF-Connecting-IP': '198.51.100.1' }));
    expect(ok.status).toBe(200);
  });
});
