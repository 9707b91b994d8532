// Issue #10 §4 "Staff": staff sessions are short (idle and absolute), staff cannot use the back office
// without two-factor (forced enrolment at the first admin login), and staff read the audit log.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '../../core/sessions';
import { totp } from '../../core/totp';
import { createDb } from '../../db/client';
import { auditStatement, rawBatch } from '../../db/raw-batch';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, creditMovements, users } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';

const db = createDb(env.DB);
const MIN = 60_000;
let ipSeq = 1;

/** Logs `email` in through the service at `t`; returns the session cookie and its Max-Age. */
async function serviceLogin(email: string, password: string, t: number) {
  const request = new Request(`${ADMIN}/auth/login`, { method: 'POST' });
  const r = await servicesAt(t).auth.login(request, { email, password, ip: `192.0.2.${ipSeq++}`, userAgent: 'test', visitorId: crypto.randomUUID(), uniqueId: null, locale: 'el' });
  if (!r.ok) throw new Error(`login ${r.code}`);
  const sid = r.setCookies.find((c) => c.startsWith('sid='))!;
  return { cookie: sid.split(';')[0]!, maxAge: Number(/Max-Age=(\d+)/i.exec(sid)?.[1]) };
}

const currentAt = (cookie: string, t: number) => servicesAt(t).auth.current(new Request(`${ADMIN}/`, { headers: { Cookie: cookie } }));

async function newCustomerWithPassword() {
  const email = `${uniqueName('cust')}@example.gr`;
  const now = new Date();
  await db.insert(users).values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: now, emailVerifiedAt: now, createdAt: now, updatedAt: now });
  return { email, password: DEMO_USERS[0].password };
}

describe('staff sessions', () => {
  it('end after 30 minutes without use, while a customer session of the same age goes on', async () => {
    const t0 = Date.UTC(2026, 10, 24, 8, 0, 0);
    const staff = await newStaff({ totp: false });
    const customer = await newCustomerWithPassword();
    const s = await serviceLogin(staff.email, staff.password, t0);
    const c = await serviceLogin(customer.email, customer.password, t0);
    // The browser forgets the staff cookie when the session ends at the latest.
    expect(s.maxAge).toBe(STAFF_SESSION_ABSOLUTE_MS / 1000);
    expect(c.maxAge).toBe(30 * 24 * 3600);

    expect(await currentAt(s.cookie, t0 + 29 * MIN)).not.toBeNull();
    // Used at 29 minutes: good until 29 + 30.
    expect(await currentAt(s.cookie, t0 + 58 * MIN)).not.toBeNull();
    expect(await currentAt(s.cookie, t0 + 58 * MIN + STAFF_SESSION_IDLE_MS)).toBeNull();
    expect(await currentAt(c.cookie, t0 + 58 * MIN + STAFF_SESSION_IDLE_MS)).not.toBeNull();
  });

  it('end 12 hours after login even when used all along', async () => {
    const t0 = Date.UTC(2026, 10, 24, 6, 0, 0);
    const staff = await newStaff({ totp: false });
    const s = await serviceLogin(staff.email, staff.password, t0);
    let t = t0;
    for (; t <= t0 + STAFF_SESSION_ABSOLUTE_MS - 20 * MIN; t += 20 * MIN) expect(await currentAt(s.cookie, t)).not.toBeNull();
    expect(await currentAt(s.cookie, t0 + STAFF_SESSION_ABSOLUTE_MS - MIN)).not.toBeNull();
    expect(await currentAt(s.cookie, t0 + STAFF_SESSION_ABSOLUTE_MS)).toBeNull();
    // Three dozen session checks: slow on a busy machine.
  }, 30_000);

  it('a customer session does not carry over when its user becomes staff', async () => {
    const t0 = Date.UTC(2026, 10, 24, 9, 0, 0);
    const customer = await newCustomerWithPassword();
    const c = await serviceLogin(customer.email, customer.password, t0);
    expect(await currentAt(c.cookie, t0 + MIN)).not.toBeNull();
    await db.update(users).set({ userGroup: 'admin' }).where(eq(users.email, customer.email));
    expect(await currentAt(c.cookie, t0 + 2 * MIN)).toBeNull();
    // A new login gives a staff session.
    const s = await serviceLogin(customer.email, customer.password, t0 + 3 * MIN);
    expect(s.maxAge).toBe(STAFF_SESSION_ABSOLUTE_MS / 1000);
  });
});

describe('two-factor for staff', () => {
  it('sends staff without two-factor from every admin page and action to the enrolment, then opens the area', async () => {
    const staff = await newStaff({ totp: false });
    const b = new Browser();
    const logged = await staffLogin(b, staff, '/admin/orders');
    expect(logged.status).toBe(303);
    expect(logged.headers.get('Location')).toBe('/admin/orders');

    const enrol = (path: string) => `/admin/two-factor?redirectTo=${encodeURIComponent(path)}`;
    for (const path of ['/admin', '/admin/orders', '/admin/orders?view=attention', '/admin/audit']) {
      const res = await b.fetch(`${ADMIN}${path}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location'), path).toBe(enrol(path));
    }
    // An action is refused too, and changes nothing.
    const customer = await newCustomerWithPassword();
    const grant = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: b.csrf, intent: 'grant_credit', email: customer.email, amount: '5', note: 'x', view: 'bank' }));
    expect(grant.status).toBe(303);
    expect(grant.headers.get('Location')).toBe(enrol('/admin/orders'));
    const [cu] = await db.select({ id: users.id }).from(users).where(eq(users.email, customer.email));
    expect(await db.select().from(creditMovements).where(eq(creditMovements.userId, cu!.id))).toHaveLength(0);

    // The enrolment page: a QR code and the key, the same on a reload.
    const page = await b.open(`${ADMIN}${enrol('/admin/orders')}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="totp-qr"');
    const secret = /data-secret="([A-Z2-7]+)"/.exec(page.html)![1]!;
    expect(/data-secret="([A-Z2-7]+)"/.exec((await b.open(`${ADMIN}/admin/two-factor`)).html)![1]).toBe(secret);

    const wrong = await b.fetch(`${ADMIN}/admin/two-factor`, form({ _token: page.token, code: '000000', redirectTo: '/admin/orders' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('data-testid="admin-two-factor-alert"');
    expect((await b.fetch(`${ADMIN}/admin`)).status).toBe(303);

    const right = await b.fetch(`${ADMIN}/admin/two-factor`, form({ _token: page.token, code: await totp(secret, Date.now()), redirectTo: '/admin/orders' }));
    expect(right.status).toBe(303);
    expect(right.headers.get('Location')).toBe('/admin/orders');
    for (const path of ['/admin', '/admin/orders', '/admin/audit']) expect((await b.fetch(`${ADMIN}${path}`)).status, path).toBe(200);
    // The enrolment is a staff action in the audit log.
    const rows = await db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.two_factor_enrolled'), eq(auditLog.targetId, String(staff.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: staff.id, targetType: 'user', ip: b.ip });
    // From now on the login asks for the app's code.
    const again = new Browser();
    const { token } = await again.open(`${ADMIN}/auth/login`);
    const res = await again.fetch(`${ADMIN}/auth/login`, form({ _token: token, email: staff.email, password: staff.password, redirectTo: '/admin' }));
    expect(await res.text()).toContain('name="challenge"');
  }, 30_000);

  it('the enrolment page is for staff on the admin host only', async () => {
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    expect((await customer.fetch(`${ADMIN}/admin/two-factor`)).headers.get('Location')).toBe('/access_denied');
    expect((await customer.fetch('/admin/two-factor')).status).toBe(404);
    expect((await new Browser().fetch(`${ADMIN}/admin/two-factor`)).headers.get('Location')).toMatch(/^\/auth\/login/);
  });

  it('leaves customers without two-factor alone', async () => {
    const customer = await newCustomerWithPassword();
    const b = new Browser();
    const res = await login(b, customer.email, customer.password);
    expect(res.status).toBe(303);
    expect((await b.fetch('/account')).status).toBe(200);
  });

  it('asks staff with an app for its code at login, then opens the area', async () => {
    const { b } = await staffBrowser();
    const res = await b.fetch(`${ADMIN}/admin`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="staff-menu-audit"');
  });
});

describe('audit log page', () => {
  it('lists entries newest first with actor, action, target, details and IP, filtered and paged', async () => {
    const { b, staff } = await staffBrowser();
    const verb = `test.${uniqueName('v')}`;
    const base = Date.now() - 60 * MIN;
    await rawBatch(
      db,
      Array.from({ length: 55 }, (_, i) => auditStatement({ actorUserId: i === 54 ? staff.id : null, action: verb, targetType: 'order', targetId: 9000 + i, detail: { n: i }, ip: '203.0.113.9', at: new Date(base + i * 1000) })),
    );
    const first = await b.open(`${ADMIN}/admin/audit?action=${encodeURIComponent(verb)}`);
    expect(first.res.status).toBe(200);
    const targets = [...first.html.matchAll(/order:(9\d{3})/g)].map((m) => Number(m[1]));
    const shown = [...new Set(targets)];
    expect(shown).toHaveLength(50);
    expect(shown[0]).toBe(9054);
    expect(shown[49]).toBe(9005);
    expect(first.html).toContain(staff.email);
    expect(first.html).toContain('203.0.113.9');
    expect(first.html).toContain('{&quot;n&quot;:54}');
    const older = /href="(\/admin\/audit\?[^"]*before=\d+)"/.exec(first.html)![1]!.replaceAll('&amp;', '&');
    const second = await b.open(`${ADMIN}${older}`);
    expect([...new Set([...second.html.matchAll(/order:(9\d{3})/g)].map((m) => Number(m[1])))]).toEqual([9004, 9003, 9002, 9001, 9000]);
    expect(second.html).not.toContain('data-testid="audit-older"');

    const one = await b.open(`${ADMIN}/admin/audit?target=order%3A9007`);
    expect(one.html).toContain('{&quot;n&quot;:7}');
    expect(one.html).not.toContain('{&quot;n&quot;:8}');
    const none = await b.open(`${ADMIN}/admin/audit?action=${encodeURIComponent(verb)}x`);
    expect(none.html).toContain('data-testid="audit-empty"');
  });

  it('is refused to customers and absent on the storefront host', async () => {
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    expect((await customer.fetch(`${ADMIN}/admin/audit`)).headers.get('Location')).toBe('/access_denied');
    expect((await customer.fetch('/admin/audit')).status).toBe(404);
  });
});

describe('demo admin', () => {
  it('has two-factor with the authenticator key README documents, and logs in with its code', async () => {
    const [u] = await db.select().from(users).where(eq(users.email, DEMO_USERS[1].email));
    expect(u!.totpEnabledAt).not.toBeNull();
    expect(u!.totpSecret).toBe(DEMO_USERS[1].totpSecret);
  });
});
