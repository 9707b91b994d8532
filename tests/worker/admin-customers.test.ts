// Issue #22 §2 "Customers": the back office's customer list, page, enable/disable and "end session".
// Who may (admin), who reads only (support: 175 on every change), who is refused (customers, the
// storefront host), 151 for oneself and other staff, the audit rows, the sessions that end at once (in
// the open tabs too), the suspended customer's next request, and the list's filters and CSV.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, billingProfiles, orders, users } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const SUSPENDED_TEXT = 'Ο λογαριασμός σας έχει ανασταλεί';
const NO_RIGHT_TEXT = 'Δεν έχετε δικαίωμα να εκτελέσετε αυτή την ενέργεια.';
const NOT_ALLOWED_TEXT = 'Η ενέργεια αυτή δεν επιτρέπεται.';

async function customerAccount(options: { prefix?: string; firstName?: string; createdAt?: Date; status?: 'active' | 'suspended' } = {}) {
  const email = `${uniqueName(options.prefix ?? 'cust')}@example.gr`;
  const at = options.createdAt ?? new Date();
  const [u] = await db
    .insert(users)
    .values({
      email,
      passwordHash: DEMO_USERS[0].passwordHash,
      firstName: options.firstName ?? 'Άννα',
      lastName: 'Πελάτισσα',
      status: options.status ?? 'active',
      suspension: options.status === 'suspended' ? 'staff' : null,
      gdprProcessingAt: at,
      emailVerifiedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: users.id });
  return { id: u!.id, email, password: DEMO_USERS[0].password };
}

/** The customer logged in on the storefront in a browser of its own. */
async function customerBrowser(c: { email: string; password: string }) {
  const b = new Browser();
  const res = await login(b, c.email, c.password);
  expect(res.status).toBe(303);
  return b;
}

const audits = (id: number, action: string) => db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id)), eq(auditLog.action, action)));

async function postStatus(b: Browser, id: number, status: string) {
  const { token } = await b.open(`${ADMIN}/admin/customers/${id}`);
  return b.fetch(`${ADMIN}/admin/customers/${id}/status`, form({ _token: token || b.csrf, status }));
}

async function connectTab(b: Browser, userId: number) {
  const res = await SELF.fetch(`http://localhost/parties/user/u-${userId}`, { headers: { Upgrade: 'websocket', Cookie: b.cookieHeader() } });
  const ws = res.webSocket!;
  expect(ws).toBeTruthy();
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  return { ws, frames };
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('customers screen: who may', () => {
  it('is refused to customers and absent on the storefront host', async () => {
    const c = await customerAccount();
    const customer = await customerBrowser(c);
    for (const path of ['/admin/customers', `/admin/customers/${c.id}`, `/admin/customers/${c.id}/status?to=suspended`, '/admin/customers/export']) {
      expect((await customer.fetch(`${ADMIN}${path}`)).headers.get('Location')).toBe('/access_denied');
      expect((await customer.fetch(path)).status).toBe(404);
    }
    // An admin on the storefront host finds no back office either.
    const { b: admin } = await staffBrowser('admin');
    expect((await admin.fetch(`/admin/customers/${c.id}`)).status).toBe(404);
  });

  it('lets support read the list and the page, without the buttons, and refuses every change (175)', async () => {
    const c = await customerAccount({ prefix: 'supp' });
    const customer = await customerBrowser(c);
    const { b } = await staffBrowser('support');
    expect((await b.fetch(`${ADMIN}/admin/customers?q=${encodeURIComponent(c.email)}`)).status).toBe(200);
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="customer-read-only"');
    expect(page.html).not.toContain('data-testid="status-change"');
    expect(page.html).not.toContain('data-testid="end-session"');
    expect(page.html).toContain('data-testid="customer-session"');
    // The confirmation page, the change and "end session": 175 each, and nothing changes.
    const confirm = await b.fetch(`${ADMIN}/admin/customers/${c.id}/status?to=suspended`);
    expect(confirm.status).toBe(403);
    expect(await confirm.text()).toContain(NO_RIGHT_TEXT);
    const change = await b.fetch(`${ADMIN}/admin/customers/${c.id}/status`, form({ _token: b.csrf, status: 'suspended' }));
    expect(change.status).toBe(403);
    expect(await change.text()).toContain(NO_RIGHT_TEXT);
    const session = /data-session="([0-9a-f]{16})"/.exec(page.html)![1]!;
    const end = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: b.csrf, intent: 'end_session', session }));
    expect(end.status).toBe(403);
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    expect(u!.status).toBe('active');
    expect((await customer.fetch('/account')).status).toBe(200);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(c.id))))).toHaveLength(0);
  });

  it('refuses (151) disabling oneself or another member of staff', async () => {
    const { b, staff } = await staffBrowser('admin');
    const { staff: other } = await staffBrowser('support');
    for (const id of [staff.id, other.id]) {
      const res = await postStatus(b, id, 'suspended');
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(NOT_ALLOWED_TEXT);
      expect((await b.fetch(`${ADMIN}/admin/customers/${id}/status?to=suspended`)).status).toBe(403);
      const [u] = await db.select().from(users).where(eq(users.id, id));
      expect(u!.status).toBe('active');
      expect(await audits(id, 'customer.suspended')).toHaveLength(0);
    }
    // Still logged in: the refused request changed nothing.
    expect((await b.fetch(`${ADMIN}/admin/customers`)).status).toBe(200);
  });
});

describe('disabling and enabling a customer', () => {
  it('asks first without JavaScript, then suspends (2011), ends every session and tab at once, once', async () => {
    const c = await customerAccount({ prefix: 'off', firstName: 'Ελένη' });
    const tabBrowser = await customerBrowser(c);
    const otherBrowser = await customerBrowser(c);
    const tab = await connectTab(tabBrowser, c.id);
    await until(() => tab.frames.length > 0); // the hello frame
    const { b } = await staffBrowser('admin');

    // The button is a GET to the confirmation page: the spec's question, the form that posts status=suspended.
    const confirm = await b.open(`${ADMIN}/admin/customers/${c.id}/status?to=suspended`);
    expect(confirm.res.status).toBe(200);
    expect(confirm.html).toContain('Είστε σίγουροι ότι θέλετε να απενεργοποιήσετε τον χρήστη Ελένη Πελάτισσα;');
    expect(confirm.html).toMatch(/name="status" value="suspended"/);

    const res = await b.fetch(`${ADMIN}/admin/customers/${c.id}/status`, form({ _token: confirm.token, status: 'suspended' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/admin/customers/${c.id}?done=suspended`);
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    expect(u!.status).toBe('suspended');
    expect(u!.suspension).toBe('staff');
    const [row] = await audits(c.id, 'customer.suspended');
    expect(row!.detail).toMatchObject({ from: 'active', to: 'suspended', email: c.email });

    // The open tab heard it at once (it reloads, logged out).
    await until(() => tab.frames.some((f) => f.includes('UserHasLoggedOut')));
    tab.ws.close();
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    expect(page.html).toContain('data-testid="customer-sessions-empty"');

    // The other browser's next request: logged out, with the suspension's alert, once.
    const home = await otherBrowser.fetch('/');
    const html = await home.text();
    expect(html).toContain(SUSPENDED_TEXT);
    expect(otherBrowser.cookies.has('sid')).toBe(false);
    expect(await (await otherBrowser.fetch('/')).text()).not.toContain(SUSPENDED_TEXT);
    // A logged-in page sends the first browser to the login, which says why.
    const account = await tabBrowser.fetch('/account');
    expect(account.status).toBe(303);
    expect(await (await tabBrowser.fetch(account.headers.get('Location')!)).text()).toContain(SUSPENDED_TEXT);
    // And logging in again is refused with 2011.
    const again = await login(new Browser(), c.email, c.password);
    expect(await again.text()).toContain(SUSPENDED_TEXT);

    // Disabling twice writes once.
    const twice = await postStatus(b, c.id, 'suspended');
    expect(twice.headers.get('Location')).toBe(`/admin/customers/${c.id}?done=unchanged`);
    expect(await audits(c.id, 'customer.suspended')).toHaveLength(1);
  });

  it('writes one change and one audit row when twenty requests disable the same customer at once', async () => {
    const c = await customerAccount({ prefix: 'race' });
    const { staff } = await staffBrowser('admin');
    const results = await Promise.all(Array.from({ length: 20 }, () => servicesAt().staffCustomers.setCustomerStatus({ userId: staff.id, ip: '192.0.2.9' }, c.id, 'suspended')));
    expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await audits(c.id, 'customer.suspended')).toHaveLength(1);
  });

  it("enables with the trigger value 'active', once, and the customer can log in again", async () => {
    const c = await customerAccount({ status: 'suspended' });
    const { b } = await staffBrowser('admin');
    const confirm = await b.open(`${ADMIN}/admin/customers/${c.id}/status?to=active`);
    expect(confirm.html).toContain('Είστε σίγουροι ότι θέλετε να ενεργοποιήσετε τον χρήστη Άννα Πελάτισσα;');
    expect(confirm.html).toMatch(/name="status" value="active"/);
    expect((await postStatus(b, c.id, 'inactive')).status).toBe(400);
    expect((await postStatus(b, c.id, 'active')).headers.get('Location')).toBe(`/admin/customers/${c.id}?done=active`);
    expect((await postStatus(b, c.id, 'active')).headers.get('Location')).toBe(`/admin/customers/${c.id}?done=unchanged`);
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    expect(u!.status).toBe('active');
    expect(u!.suspension).toBeNull();
    expect(await audits(c.id, 'customer.activated')).toHaveLength(1);
    expect((await login(new Browser(), c.email, c.password)).status).toBe(303);
  });

  it('ends one session of the customer, whose browser is logged out while the other stays', async () => {
    const c = await customerAccount({ prefix: 'sess' });
    const first = await customerBrowser(c);
    const second = await customerBrowser(c);
    const { b } = await staffBrowser('admin');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    const ids = [...page.html.matchAll(/data-session="([0-9a-f]{16})"/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    // The newest session (the second browser's) is listed first.
    const res = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent: 'end_session', session: ids[0]! }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/admin/customers/${c.id}?done=session_ended#sessions`);
    expect((await second.fetch('/account')).status).toBe(303);
    expect((await first.fetch('/account')).status).toBe(200);
    const [row] = await audits(c.id, 'customer.session_ended');
    expect(row!.detail).toMatchObject({ session: ids[0] });
    // Ending it again ends nothing and writes nothing.
    const again = await b.fetch(`${ADMIN}/admin/customers/${c.id}`, form({ _token: page.token, intent: 'end_session', session: ids[0]! }));
    expect(again.headers.get('Location')).toContain('done=session_gone');
    expect(await audits(c.id, 'customer.session_ended')).toHaveLength(1);
  });
});

describe('customer list', () => {
  it('filters by status, registration, orders and searches name, e-mail and ΑΦΜ', async () => {
    const tag = uniqueName('lst');
    const early = await customerAccount({ prefix: tag, createdAt: new Date('2025-03-10T10:00:00Z') });
    const late = await customerAccount({ prefix: tag, createdAt: new Date('2025-06-20T10:00:00Z'), status: 'suspended' });
    const buyer = await customerAccount({ prefix: tag, createdAt: new Date('2025-06-21T10:00:00Z') });
    const afm = `09${Date.now().toString().slice(-7)}`;
    const now = new Date();
    const [profile] = await db
      .insert(billingProfiles)
      .values({ userId: buyer.id, type: 'INV', name: 'Εταιρεία ΑΕ', vatNumber: afm, taxOffice: 'Α΄ Αθηνών', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR', isDefault: true, createdAt: now })
      .returning({ id: billingProfiles.id });
    await db.insert(orders).values({ userId: buyer.id, idempotencyKey: crypto.randomUUID(), paymentMethod: 'bank_transfer', billingProfileId: profile!.id, billing: {}, subTotalCents: 1000, vatCents: 240, grandTotalCents: 1240, vatRateBp: 2400, createdAt: now });
    const { b } = await staffBrowser('support');
    const ids = async (query: string) => {
      const res = await b.fetch(`${ADMIN}/admin/customers?q=${encodeURIComponent(tag)}&${query}`);
      expect(res.status).toBe(200);
      return [...(await res.text()).matchAll(/data-customer-id="(\d+)"/g)].map((m) => Number(m[1]));
    };
    expect(await ids('sort=registered&dir=asc')).toEqual([early.id, late.id, buyer.id]);
    expect(await ids('status=suspended')).toEqual([late.id]);
    expect(await ids('ordered=yes')).toEqual([buyer.id]);
    expect((await ids('ordered=no&sort=registered&dir=asc'))).toEqual([early.id, late.id]);
    expect(await ids('from=2025-06-01&to=2025-06-20&sort=registered&dir=asc')).toEqual([late.id]);
    // The ΑΦΜ of a billing profile finds its customer (the search box alone, with or without EL).
    for (const q of [afm, `EL${afm}`]) {
      const res = await b.fetch(`${ADMIN}/admin/customers?q=${q}`);
      expect([...(await res.text()).matchAll(/data-customer-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([buyer.id]);
    }
    // The default profile on the customer page: marked, with the spec's tooltip as its description.
    const page = await b.open(`${ADMIN}/admin/customers/${buyer.id}`);
    expect(page.html).toMatch(/aria-describedby="default-profile-\d+"[^>]*data-testid="default-profile"/);
    expect(page.html).toMatch(/role="tooltip" id="default-profile-\d+"[^>]*>το προεπιλεγμένο προφίλ του χρήστη</);
    expect(page.html).toContain('data-testid="customer-order"');
  });

  it('exports the filtered list as streamed CSV with every row', async () => {
    const tag = uniqueName('csv');
    const a = await customerAccount({ prefix: tag, firstName: '=HYPERLINK("x")' });
    const s = await customerAccount({ prefix: tag, status: 'suspended' });
    const { b } = await staffBrowser('support');
    const res = await b.fetch(`${ADMIN}/admin/customers/export?q=${encodeURIComponent(tag)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Α/Α,Όνομα,E-mail,Κατάσταση,Εγγραφή,Τελευταία σύνδεση,Domains,Παραγγελίες');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${a.id},"'=HYPERLINK\\(""x""\\) Πελάτισσα",${a.email},Ενεργός,\\d{4}-.*Z,,0,0$`));
    expect(lines[2]).toMatch(new RegExp(`^${s.id},Άννα Πελάτισσα,${s.email},Σε αναστολή,`));
    // Keyset pages: two at a time, every row once, in id order, until a short page.
    const more = [a.id, s.id, (await customerAccount({ prefix: tag })).id, (await customerAccount({ prefix: tag })).id, (await customerAccount({ prefix: tag })).id];
    const service = servicesAt().staffCustomers;
    const seen: number[] = [];
    let after: number | null = null;
    let pages = 0;
    do {
      const page = await service.exportPage(tag, {}, after, 2);
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
      pages++;
    } while (after !== null);
    expect(seen).toEqual(more);
    expect(pages).toBe(3);
    const filtered = await b.fetch(`${ADMIN}/admin/customers/export?q=${encodeURIComponent(tag)}&status=suspended`);
    expect((await filtered.text()).trimEnd().split('\r\n')).toHaveLength(2);
  });
});
