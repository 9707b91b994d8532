import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { readLiveFrame } from '../../party/channels';
import { verifyPassword } from '../../worker/security/password-hash';
import { approveLogin, Browser, form, login, pendingOf } from './helpers';
import { staffBrowser } from './staff';

const demo = DEMO_USERS[0];

async function socket(b: Browser, room: string) {
  const res = await SELF.fetch(`http://localhost/parties/user/${room}`, { headers: { Upgrade: 'websocket', Cookie: b.cookieHeader() } });
  const frames: string[] = [];
  res.webSocket?.accept();
  res.webSocket?.addEventListener('message', (e) => frames.push(String(e.data)));
  return { status: res.status, ws: res.webSocket, frames };
}

async function until(check: () => boolean, ms = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('demo accounts', () => {
  it('have hashes of the passwords the README gives', async () => {
    for (const u of DEMO_USERS) expect(await verifyPassword(u.password, u.passwordHash), u.email).toBe(true);
  });
});

describe('login', () => {
  it('starts a session, rotates the CSRF token and shows the account', async () => {
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    const res = await b.fetch('/auth/login', form({ _token: token, email: ' Demo@Example.gr ', password: demo.password, redirectTo: '/account' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/account');
    expect(b.cookies.get('sid')).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(b.csrf).not.toBe(token);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(sid).toContain('HttpOnly');
    expect(sid).toContain('SameSite=Lax');
    const { html } = await b.open('/account');
    expect(html).toContain('demo@example.gr');
    expect(html).toContain('επαληθευμένο');
    expect((await b.open('/account/sessions')).html).toContain('αυτή η συσκευή');
    expect((await b.open('/')).html).toContain('Μαρία Παπαδοπούλου');
  });

  it('answers a wrong password and an unknown e-mail alike (no enumeration)', async () => {
    const wrong = await login(new Browser(), demo.email, 'not-the-password');
    const unknown = await login(new Browser(), 'nobody@example.gr', 'whatever-123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.text();
    const b = await unknown.text();
    expect(a).toContain('data-code="2000"');
    expect(b).toContain('data-code="2000"');
  });

  it('keeps the e-mail and asks again for empty fields, without calling the server logic', async () => {
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    const res = await b.fetch('/auth/login', form({ _token: token, email: 'demo@example.gr', password: '' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="demo@example.gr"');
    expect(html).toContain('id="login-password-error"');
  });

  it('never suspends an account for failed logins: five wrong passwords earn a short delay (decision 022)', async () => {
    const db = createDb(env.DB);
    const now = new Date();
    await db.insert(users).values({ email: 'victim@example.gr', passwordHash: demo.passwordHash, firstName: 'Α', lastName: 'Β', createdAt: now, updatedAt: now, gdprProcessingAt: now });
    for (let i = 0; i < 5; i++) expect((await login(new Browser(), 'victim@example.gr', `guess-${i}-xx`)).status).toBe(401);
    // The wait starts at 2 s and doubles: a few more quick guesses run into it, even on a slow machine.
    let delayed: Response | null = null;
    for (let i = 6; i < 12 && !delayed; i++) {
      const res = await login(new Browser(), 'victim@example.gr', `guess-${i}-xx`);
      expect([401, 429]).toContain(res.status);
      if (res.status === 429) delayed = res;
    }
    expect(delayed).not.toBeNull();
    const html = await delayed!.text();
    expect(html).not.toContain('data-code="2010"');
    expect(html).toContain('Δοκιμάστε ξανά σε');
    const [row] = await db.select().from(users).where(eq(users.email, 'victim@example.gr'));
    expect(row).toMatchObject({ status: 'active', suspension: null });
  });

  it('tells only the owner of the right password that staff suspended the account (2011)', async () => {
    const s = DEMO_USERS[3];
    expect(await (await login(new Browser(), s.email, s.password)).text()).toContain('data-code="2011"');
    expect(await (await login(new Browser(), s.email, 'wrong-password-1')).text()).toContain('data-code="2000"');
  });

  it('asks for the GDPR approval first, and logs in once it is given (43005; more in gdpr-approval.test.ts)', async () => {
    const eleni = DEMO_USERS[2];
    const b = new Browser();
    const first = await login(b, eleni.email, eleni.password);
    expect(first.status).toBe(403);
    const html = await first.text();
    expect(html).toContain('data-testid="gdpr-approval"');
    expect(b.cookies.has('sid')).toBe(false);
    const ok = await approveLogin(b, pendingOf(html)!);
    expect(ok.status).toBe(303);
    const [row] = await createDb(env.DB).select().from(users).where(eq(users.email, eleni.email));
    expect(row!.gdprProcessingAt).not.toBeNull();
  });

  it('delays attempts per address with 429 and Retry-After, known or not', async () => {
    let last: Response | null = null;
    for (let i = 0; i < 12 && last?.status !== 429; i++) last = await login(new Browser(), 'ratelimited@example.gr', `try-${i}-password`);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await last!.text()).toContain('Πολλές αποτυχημένες προσπάθειες');
  });

  it('refuses a login post without the CSRF token', async () => {
    const b = new Browser();
    await b.open('/auth/login');
    const res = await b.fetch('/auth/login', form({ email: demo.email, password: demo.password }));
    expect(res.status).toBe(403);
    expect(b.cookies.has('sid')).toBe(false);
  });
});

describe('sessions', () => {
  it('logout ends the session: the old cookie no longer opens the account', async () => {
    const b = new Browser();
    await login(b, demo.email, demo.password);
    const stolen = b.cookies.get('sid')!;
    const { token } = await b.open('/account');
    const res = await b.fetch('/auth/logout', form({ _token: token }));
    expect(res.status).toBe(303);
    expect(b.cookies.has('sid')).toBe(false);
    const replay = new Browser();
    replay.cookies.set('sid', stolen);
    const account = await replay.fetch('/account');
    expect(account.status).toBe(303);
    expect(account.headers.get('Location')).toBe('/auth/login?redirectTo=%2Faccount');
  });

  it('"log out everywhere" ends the other browsers too', async () => {
    const laptop = new Browser();
    const phone = new Browser();
    await login(laptop, demo.email, demo.password);
    await login(phone, demo.email, demo.password);
    expect((await phone.fetch('/account')).status).toBe(200);
    const { token } = await laptop.open('/account');
    await laptop.fetch('/account/sessions', form({ _token: token, intent: 'logout_everywhere' }));
    expect((await phone.fetch('/account')).status).toBe(303);
    expect((await laptop.fetch('/account')).status).toBe(303);
  });

  it('tells the tabs of the browser that logs out, and not the other browsers', async () => {
    const laptop = new Browser();
    const phone = new Browser();
    await login(laptop, demo.email, demo.password);
    await login(phone, demo.email, demo.password);
    const userId = Number(laptop.cookies.get('sid')!.split('.')[0]);
    const laptopTab = await socket(laptop, `u-${userId}`);
    const phoneTab = await socket(phone, `u-${userId}`);
    expect(laptopTab.status).toBe(101);
    await until(() => laptopTab.frames.length > 0 && phoneTab.frames.length > 0);
    const { token } = await laptop.open('/account');
    await laptop.fetch('/auth/logout', form({ _token: token }));
    await until(() => laptopTab.frames.length > 1);
    expect(readLiveFrame(laptopTab.frames.at(-1), 'x')).toMatchObject({ message: { channel: 'session', event: 'UserHasLoggedOut' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(phoneTab.frames.length).toBe(1);
    laptopTab.ws?.close();
    phoneTab.ws?.close();
  });

  it('lets only a live session join the user room', async () => {
    const guest = new Browser();
    await guest.open('/');
    expect((await socket(guest, 'u-1')).status).toBe(403);
  });

  it('tells the other guest tabs of the browser at login, so they reload', async () => {
    const b = new Browser();
    await b.open('/auth/login');
    const gid = b.cookies.get('gid')!;
    const tab = await socket(b, gid);
    await until(() => tab.frames.length > 0);
    await login(b, demo.email, demo.password);
    await until(() => tab.frames.length > 1);
    expect(readLiveFrame(tab.frames.at(-1), 'other-tab')).toMatchObject({ own: false, message: { channel: 'session', event: 'UserHasLoggedIn' } });
    tab.ws?.close();
  });
});

describe('admin area', () => {
  it('does not exist on the storefront host', async () => {
    const { b } = await staffBrowser();
    expect((await b.fetch('/admin')).status).toBe(404);
  });

  it('answers admins on a host beginning with admin or my, and refuses customers', async () => {
    const { b: admin } = await staffBrowser();
    const ok = await admin.fetch('http://admin.localhost/admin');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('data-testid="admin-home"');
    expect((await admin.fetch('http://my.localhost/admin')).status).toBe(200);
    const customer = new Browser();
    await login(customer, demo.email, demo.password);
    const refused = await customer.fetch('http://admin.localhost/admin');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe('/access_denied');
    const anonymous = await new Browser().fetch('http://admin.localhost/admin');
    expect(anonymous.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fadmin');
  });
});
