// Issue #10 §1: production never falls back to a sandbox. The worker entry itself is called with a
// production env: incomplete settings answer 503 everywhere (and name what is missing in the log), a
// demo must allow its sandboxes by name and shows the ribbon, the development-only doors are shut,
// and the sandbox payment page answers only its order's owner.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { orders, users } from '../../db/schema';
import worker from '../../worker/index';
import { FULL_PRODUCTION } from '../fixtures/production-settings';
import { readyCart, servicesAt } from './customers';
import { staffBrowser } from './staff';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const DEMO = { PUBLIC_ORIGIN: 'https://demo.example.gr', ADMIN_HOSTS: 'admin.demo.example.gr', PAYMENTS_WEBHOOK_SECRET: 's'.repeat(40), SANDBOX_PORTS: '*', SECRETS_KEY: btoa('production-config-test-key-32byt') };
const DEV_TOKEN = 'dev-token-0123456789abcdef';

/** A fresh env object each time (the configuration is cached per env object, as in an isolate). */
const production = (extra: Record<string, string> = {}) => ({ ...env, APP_ENV: 'production', ...extra }) as unknown as Env;

async function call(url: string, e: Env, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, init) as Request<unknown, IncomingRequestCfProperties>, e, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => vi.restoreAllMocks());

describe('production without its settings', () => {
  for (const [label, makeEnv] of [
    ['APP_ENV=production', () => production()],
    ['APP_ENV unset', () => {
      const { APP_ENV: _unset, ...rest } = env as unknown as Record<string, unknown>;
      return { ...rest } as unknown as Env;
    }],
  ] as const) {
    it(`answers 503 on pages, /api and parties, and logs the missing settings (${label})`, async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const e = makeEnv();
      const page = await call('https://shop.example.gr/', e);
      expect(page.status).toBe(503);
      // The answer names what is missing (names only: the operator deploying sees it at once).
      const html = await page.text();
      for (const name of ['PUBLIC_ORIGIN', 'MAIL_API_URL', 'EPP_GR_HOST']) expect(html).toContain(name);
      const api = await call('https://shop.example.gr/api/health', e);
      expect(api.status).toBe(503);
      const body = (await api.json()) as { success: boolean; code: number; data: { missing: string[] } };
      expect(body).toMatchObject({ success: false, code: 50000 });
      expect(body.data.missing).toEqual(expect.arrayContaining(['PUBLIC_ORIGIN', 'ADMIN_HOSTS', 'PAYMENTS_WEBHOOK_SECRET', 'SSL_API_KEY']));
      const party = await call('https://shop.example.gr/parties/global/global', e);
      expect(party.status).toBe(503);
      const pay = await call('https://shop.example.gr/payments/sandbox/cs_sbx_000000000000000000000000', e);
      expect(pay.status).toBe(503);
      const lines = errors.mock.calls.map((c) => c.join(' '));
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const name of ['PUBLIC_ORIGIN', 'ADMIN_HOSTS', 'MAIL_API_URL', 'EPP_GR_HOST', 'PAYMENTS_WEBHOOK_SECRET', 'VIES_LIVE', 'SSL_API_KEY']) expect(lines[0]).toContain(name);
    });
  }

  it('runs no cron job and logs why', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = createExecutionContext();
    const waitUntil = vi.spyOn(ctx, 'waitUntil');
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), production(), ctx);
    expect(waitUntil).not.toHaveBeenCalled();
    expect(errors.mock.calls.map((c) => c.join(' ')).join('\n')).toContain('MAIL_API_URL');
  });

  it('refuses a payments sandbox a demo did not allow, and needs its own webhook secret', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const noPayments = { ...FULL_PRODUCTION, PAYMENTS_API_URL: '', PAYMENTS_API_KEY: '' };
    expect((await call('https://shop.example.gr/api/health', production(noPayments))).status).toBe(503);
    const { PAYMENTS_WEBHOOK_SECRET: _s, ...demoWithoutSecret } = DEMO;
    expect((await call('https://demo.example.gr/api/health', production(demoWithoutSecret))).status).toBe(503);
  });
});

describe('production with its settings', () => {
  it('serves a fully configured production with no demo ribbon', async () => {
    const e = production(FULL_PRODUCTION);
    const health = await call('https://shop.example.gr/api/health', e);
    expect(health.status).toBe(200);
    const page = await call('https://shop.example.gr/', e);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('data-testid="demo-ribbon"');
  });

  it('serves a demo that allowed its sandboxes, with the ribbon on every page', async () => {
    const e = production(DEMO);
    expect((await call('https://demo.example.gr/api/health', e)).status).toBe(200);
    for (const path of ['/', '/domains/prices', '/no-such-page']) {
      const html = await (await call(`https://demo.example.gr${path}`, e)).text();
      expect(html, path).toContain('data-testid="demo-ribbon"');
    }
  });
});

describe('the demo accounts on the login page (issue #19 §4)', () => {
  const passwords = DEMO_USERS.map((u) => u.password);
  it('are not shown by a real production', async () => {
    const html = await (await call('https://shop.example.gr/auth/login', production(FULL_PRODUCTION))).text();
    expect(html).toContain('name="password"');
    for (const p of passwords) expect(html.includes(p), p).toBe(false);
    expect(html.includes('data-testid="demo-accounts"')).toBe(false);
    // Nor by the translations every page loads.
    for (const lang of ['el', 'en']) {
      const text = await (await call(`https://shop.example.gr/locales/${lang}`, production(FULL_PRODUCTION))).text();
      expect(text).toContain('"auth"');
      for (const p of passwords) expect(text.includes(p), `${lang}: ${p}`).toBe(false);
    }
  });

  it('are shown where the demo seed runs: development, and a demo with its sandboxes allowed', async () => {
    for (const [label, url, e] of [
      ['development', 'http://localhost/auth/login', env as unknown as Env],
      ['demo', 'https://demo.example.gr/auth/login', production(DEMO)],
    ] as const) {
      const html = await (await call(url, e)).text();
      expect(html.includes('data-testid="demo-accounts"'), label).toBe(true);
      expect(html.includes(DEMO_USERS[0].password), label).toBe(true);
    }
  });
});

describe('development-only pages and calls', () => {
  it('do not exist in production, demo or not', async () => {
    for (const e of [production(FULL_PRODUCTION), production(DEMO)]) {
      expect((await call('http://localhost/api/dev/outbox', e)).status).toBe(404);
      expect((await call('http://localhost/dev/mailbox', e)).status).toBe(404);
      // Issue #33: the templates' preview and the sandbox's attachments likewise.
      expect((await call('http://localhost/dev/mailbox/templates', e)).status).toBe(404);
      expect((await call('http://localhost/api/dev/outbox/1/attachments/0', e)).status).toBe(404);
    }
  });

  it('answer in development only with DEV_API_TOKEN, whatever the Host header says (issue #19 §4)', async () => {
    const e = { ...env, DEV_API_TOKEN: DEV_TOKEN } as unknown as Env;
    // The Host header is the client's to choose: `Host: evil.localhost` opened the mailbox of login codes.
    for (const url of ['http://localhost/api/dev/outbox', 'http://127.0.0.1/api/dev/outbox', 'http://evil.localhost/dev/mailbox', 'http://admin.localhost/dev/mailbox', 'http://192.168.1.20:8787/api/dev/outbox', 'https://dev.example.gr/dev/mailbox']) {
      expect((await call(url, e)).status, url).toBe(404);
    }
    expect((await call('http://evil.localhost/dev/mailbox', e, { headers: { 'X-Dev-Token': 'wrong-token-0123456789abc' } })).status).toBe(404);
    expect((await call('http://evil.localhost/dev/mailbox', e, { headers: { Cookie: 'dev_token=wrong-token-0123456789abc' } })).status).toBe(404);
    // The header opens them, on any host.
    expect((await call('http://localhost/api/dev/outbox', e, { headers: { 'X-Dev-Token': DEV_TOKEN } })).status).toBe(200);
    expect((await call('https://dev.example.gr/api/dev/outbox', e, { headers: { 'X-Dev-Token': DEV_TOKEN } })).status).toBe(200);
    expect((await call('https://dev.example.gr/dev/mailbox', e, { headers: { 'X-Dev-Token': DEV_TOKEN } })).status).toBe(200);
    // Without a configured token, no header opens them.
    const { DEV_API_TOKEN: _none, ...noToken } = env as unknown as Record<string, unknown>;
    expect((await call('http://localhost/api/dev/outbox', { ...noToken } as unknown as Env, { headers: { 'X-Dev-Token': '' } })).status).toBe(404);
    expect((await call('http://localhost/dev/mailbox', { ...noToken } as unknown as Env)).status).toBe(404);
  });

  it('opens the mailbox in a browser through the link npm start prints: the token becomes an HttpOnly cookie', async () => {
    const e = { ...env, DEV_API_TOKEN: DEV_TOKEN } as unknown as Env;
    expect((await call('http://localhost/dev/mailbox?token=wrong-token-0123456789abc', e)).status).toBe(404);
    const link = await call(`http://localhost/dev/mailbox?token=${DEV_TOKEN}&to=maria%40example.gr`, e);
    expect(link.status).toBe(303);
    // The token leaves the address bar (and the history) at once.
    expect(link.headers.get('Location')).toBe('/dev/mailbox?to=maria%40example.gr');
    const cookie = link.headers.getSetCookie().find((c) => c.startsWith('dev_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie!.split(';')[0]!;
    expect((await call('http://localhost/dev/mailbox', e, { headers: { Cookie: pair } })).status).toBe(200);
    expect((await call('http://localhost/api/dev/outbox', e, { headers: { Cookie: pair } })).status).toBe(200);
    // Over https the cookie carries the __Host- prefix (no parent domain can plant it).
    const secure = await call(`https://dev.example.gr/dev/mailbox?token=${DEV_TOKEN}`, e);
    const secureCookie = secure.headers.getSetCookie().find((c) => c.startsWith('__Host-dev_token='));
    expect(secureCookie).toMatch(/Secure/);
    expect((await call('https://dev.example.gr/dev/mailbox', e, { headers: { Cookie: secureCookie!.split(';')[0]! } })).status).toBe(200);
  });
});

describe('admin hosts', () => {
  it('selects the admin area by exact host from ADMIN_HOSTS, not by a name starting with my or admin', async () => {
    // Staff have two-factor (decision 024): a fresh administrator with an app, logged in with its code.
    const { b: admin } = await staffBrowser();
    expect((await admin.fetch('http://admin.localhost/admin')).status).toBe(200);
    expect((await admin.fetch('http://my.localhost/admin')).status).toBe(200);
    for (const host of ['mybank.localhost', 'administrator.localhost', 'admin.localhost.evil.localhost']) {
      expect((await admin.fetch(`http://${host}/admin`)).status, host).toBe(404);
    }
    // Production: only the configured hosts, any case, any port.
    const e = production(FULL_PRODUCTION);
    const anonymous = await call('https://ADMIN.example.gr:443/admin', e);
    expect(anonymous.status).not.toBe(404);
    expect(anonymous.headers.get('Location')).toContain('/auth/login');
    expect((await call('https://admin.localhost/admin', e)).status).toBe(404);
    expect((await call('https://my.shop.example.gr/admin', e)).status).toBe(404);
  });
});

describe('the sandbox payment page', () => {
  async function customerWithPassword(prefix: string) {
    const c = await readyCart(prefix);
    // The seeded demo customer's hash: these customers log in with the demo password.
    const [demo] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, DEMO_USERS[0].email));
    await db.update(users).set({ passwordHash: demo!.hash }).where(eq(users.id, c.id));
    return c;
  }

  async function openCardPayment() {
    const c = await customerWithPassword('sbxowner');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const pay = await servicesAt().orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
    if (!pay.ok) throw new Error(`pay ${pay.code}`);
    return { ...c, orderId: placed.orderId, path: new URL(pay.redirectUrl).pathname };
  }

  const statusOf = async (orderId: number) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

  it("refuses a stranger approving someone else's payment, and a guest", async () => {
    const owner = await openCardPayment();
    const stranger = await customerWithPassword('sbxstranger');
    const b = new Browser();
    expect((await login(b, stranger.email, DEMO_USERS[0].password)).status).toBe(303);
    expect((await b.fetch(owner.path)).status).toBe(404);
    const { token } = await b.open('/');
    expect((await b.fetch(owner.path, form({ _token: token, decision: 'approve' }))).status).toBe(404);
    expect(await statusOf(owner.orderId)).toBe('pending');

    const guest = new Browser();
    const page = await guest.open('/');
    expect((await guest.fetch(owner.path)).status).toBe(404);
    expect((await guest.fetch(owner.path, form({ _token: page.token, decision: 'approve' }))).status).toBe(404);
    expect(await statusOf(owner.orderId)).toBe('pending');
  });

  it('answers the owner in development, and nobody where payments are real', async () => {
    const owner = await openCardPayment();
    const b = new Browser();
    expect((await login(b, owner.email, DEMO_USERS[0].password)).status).toBe(303);
    expect((await call(`https://shop.example.gr${owner.path}`, production(FULL_PRODUCTION), { headers: { Cookie: b.cookieHeader() } })).status).toBe(404);
    const { res, html } = await b.open(owner.path);
    expect(res.status).toBe(200);
    expect(html).toContain('data-testid="sandbox-payment"');
    const token = /name="_token" value="([^"]+)"/.exec(html)![1]!;
    const approved = await b.fetch(owner.path, form({ _token: token, decision: 'approve' }));
    expect(approved.status).toBe(303);
    expect(await statusOf(owner.orderId)).not.toBe('pending');
  });
});
