// Issue #22 §1: the back office's own frame on the admin host (staff header with name and group, the
// side menu per group, no storefront chrome), refusals and 404s drawn inside it, and who reaches it:
// customers are sent to /access_denied, the storefront host has no /admin, support reads the
// dashboard and orders but gets 175 on money actions and on the audit log.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { orderItems } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { BANNERS } from '../../db/seed/catalog-data';
import { readyCart, servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';

/** The storefront's chrome, by the test ids its components draw. */
const STOREFRONT_CHROME = ['site-header', 'site-footer', 'cookie-notice', 'header-cart', 'vat-chip', 'toolbox', 'mobile-cart-bar', 'side-cart', 'banner-carousel'];
const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);
const db = createDb(env.DB);
const INSUFFICIENT = 'Δεν έχετε δικαίωμα να εκτελέσετε αυτή την ενέργεια.';

describe('the back office frame', () => {
  it('says who is signed in and in which group, offers the search and logout, and draws no storefront chrome', async () => {
    const { b } = await staffBrowser('admin');
    const { res, html } = await b.open(`${ADMIN}/admin`);
    expect(res.status).toBe(200);
    expect(has(html, 'staff-header')).toBe(true);
    expect(html).toMatch(/data-testid="staff-name">Νίκος Προσωπικό</);
    expect(html).toMatch(/data-testid="staff-group">Διαχειριστής</);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin\/search"/);
    expect(html).toContain('name="q"');
    expect(has(html, 'staff-logout')).toBe(true);
    for (const id of STOREFRONT_CHROME) expect(has(html, id), id).toBe(false);
    // The storefront itself on the same host keeps its chrome.
    const home = await b.open(`${ADMIN}/`);
    expect(has(home.html, 'site-header')).toBe(true);
    expect(has(home.html, 'staff-header')).toBe(false);
  });

  it('sends no cart and no banners in a staff page\'s data: the frame never draws them (issue #32 §5)', async () => {
    const { b, staff } = await staffBrowser('admin');
    const name = `${uniqueName('staffcart')}.gr`;
    const added = await servicesAt().cart.addDomain({ room: `u-${staff.id}`, userId: staff.id }, { name, action: 'register', uniqueId: null });
    expect(added.ok).toBe(true);
    const banner = BANNERS[0]!.slug;
    // The storefront on the same host draws both, so their absence below is the staff frame's.
    const home = (await b.open(`${ADMIN}/`)).html;
    expect(home).toContain(name);
    expect(home).toContain(banner);
    const page = (await b.open(`${ADMIN}/admin/orders`)).html;
    expect(has(page, 'staff-header')).toBe(true);
    // Remix's own fetch of a client-side navigation carries the root's data too.
    const data = await (await b.fetch(`${ADMIN}/admin/orders.data`)).text();
    expect(data).toContain('isAdminHost');
    for (const [where, text] of [['page', page], ['data', data]] as const) {
      expect([where, text.includes(name)]).toEqual([where, false]);
      expect([where, text.includes(banner)]).toEqual([where, false]);
    }
  });

  it('builds the side menu per group: every screen for an admin, the read views for support', async () => {
    const admin = await staffBrowser('admin');
    const a = (await admin.b.open(`${ADMIN}/admin/orders`)).html;
    for (const key of ['dashboard', 'customers', 'domains', 'hosting', 'orders', 'documents', 'mydata', 'coupons', 'catalog', 'legal_files', 'audit', 'staff']) expect(has(a, `staff-menu-${key}`), key).toBe(true);
    // The phone's disclosure holds the same list and opens without JavaScript.
    expect(a).toMatch(/<details[^>]*data-testid="staff-menu-drawer"/);
    const support = await staffBrowser('support');
    const s = (await support.b.open(`${ADMIN}/admin`)).html;
    expect(s).toMatch(/data-testid="staff-group">Υποστήριξη</);
    // Coupons read-only for support (issue #22 §2: it sees the list, 175 on creating or editing).
    for (const key of ['dashboard', 'customers', 'domains', 'hosting', 'orders', 'coupons']) expect(has(s, `staff-menu-${key}`), key).toBe(true);
    for (const key of ['documents', 'mydata', 'catalog', 'legal_files', 'audit', 'staff']) expect(has(s, `staff-menu-${key}`), key).toBe(false);
  });

  it('shows a refusal (175) and an unknown address (404) inside the staff frame', async () => {
    const { b } = await staffBrowser('support');
    const audit = await b.fetch(`${ADMIN}/admin/audit`);
    expect(audit.status).toBe(403);
    const auditHtml = await audit.text();
    expect(auditHtml).toContain(INSUFFICIENT);
    // The document is titled by the refusal (the layout's meta; the root titles only its own errors).
    expect(auditHtml).toContain(`<title>${INSUFFICIENT} | Διαχείριση</title>`);
    expect(has(auditHtml, 'staff-header')).toBe(true);
    expect(has(auditHtml, 'staff-menu-orders')).toBe(true);
    for (const id of STOREFRONT_CHROME) expect(has(auditHtml, id), id).toBe(false);
    const missing = await b.fetch(`${ADMIN}/admin/no-such-screen`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(has(missingHtml, 'error-page')).toBe(true);
    expect(has(missingHtml, 'staff-header')).toBe(true);
    expect(missingHtml).toContain('<title>Η σελίδα δεν βρέθηκε | Διαχείριση</title>');
    expect(has(missingHtml, 'site-footer')).toBe(false);
  });

  it('opens the two-factor enrolment without the menu for staff who have not enrolled', async () => {
    const staff = await newStaff({ totp: false });
    const b = new Browser();
    const res = await staffLogin(b, staff);
    expect(res.headers.get('Location')).toBe('/admin');
    const home = await b.fetch(`${ADMIN}/admin`);
    expect(home.headers.get('Location')).toBe('/admin/two-factor?redirectTo=%2Fadmin');
    const { res: page, html } = await b.open(`${ADMIN}/admin/two-factor`);
    expect(page.status).toBe(200);
    expect(has(html, 'admin-two-factor')).toBe(true);
    expect(has(html, 'staff-header')).toBe(true);
    expect(has(html, 'staff-menu-orders')).toBe(false);
    expect(has(html, 'staff-search')).toBe(false);
    expect(has(html, 'site-footer')).toBe(false);
  });
});

describe('who reaches the back office', () => {
  it('sends a customer to /access_denied, and the storefront host has no /admin', async () => {
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    for (const path of ['/admin', '/admin/orders', '/admin/no-such-screen']) {
      const res = await customer.fetch(`${ADMIN}${path}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location'), path).toBe('/access_denied');
    }
    const { b } = await staffBrowser('admin');
    for (const path of ['/admin', '/admin/orders', '/admin/audit']) {
      const res = await b.fetch(path);
      expect(res.status, path).toBe(404);
      // The storefront's own 404, not the back office's.
      const html = await res.text();
      expect(has(html, 'staff-header'), path).toBe(false);
    }
  });

  it('lets support read the dashboard and the orders, and refuses it money actions and the audit log (175)', async () => {
    const { b } = await staffBrowser('support');
    expect((await b.fetch(`${ADMIN}/admin`)).status).toBe(200);
    const orders = await b.open(`${ADMIN}/admin/orders`);
    expect(orders.res.status).toBe(200);
    expect(has(orders.html, 'admin-orders')).toBe(true);
    // Read-only for support: no form that moves money is drawn (the admin's page has the credit grant).
    expect(orders.html).not.toContain('value="grant_credit"');
    expect(orders.html).not.toContain('value="bank_received"');
    const admin = await staffBrowser('admin');
    expect((await admin.b.open(`${ADMIN}/admin/orders`)).html).toContain('value="grant_credit"');
    const money = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: orders.token, intent: 'bank_received', order_id: '1', view: 'bank' }));
    expect(money.status).toBe(403);
    expect(await money.text()).toContain(INSUFFICIENT);
    const audit = await b.fetch(`${ADMIN}/admin/audit`);
    expect(audit.status).toBe(403);
    for (const path of ['/admin/documents', '/admin/mydata', '/admin/legal-files']) expect((await b.fetch(`${ADMIN}${path}`)).status, path).toBe(403);
  });
});

describe('the dashboard', () => {
  it('counts each work queue and links to the screen that works it; support sees only the queues it may open', async () => {
    const dashboard = () => servicesAt().staffDashboard.workQueues();
    const before = await dashboard();
    const c = await readyCart('dashq');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    // A new bank transfer waits for its money; one of its items failing joins the failed queue.
    await db.update(orderItems).set({ status: 'failed', lastError: 'registry down' }).where(eq(orderItems.orderId, placed.orderId));
    const after = await dashboard();
    expect(after.bankTransfers).toBeGreaterThanOrEqual(before.bankTransfers + 1);
    expect(after.failedItems).toBeGreaterThanOrEqual(before.failedItems + 1);

    const admin = await staffBrowser('admin');
    const html = (await admin.b.open(`${ADMIN}/admin`)).html;
    const count = (key: string) => Number(new RegExp(`data-testid="queue-${key}" data-count="(\\d+)"`).exec(html)?.[1]);
    expect(count('bank')).toBeGreaterThanOrEqual(after.bankTransfers);
    expect(count('failed')).toBeGreaterThanOrEqual(after.failedItems);
    const link = (key: string) => new RegExp(`<a[^>]*data-testid="queue-${key}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(link('bank')).toContain('href="/admin/orders?view=bank"');
    expect(link('failed')).toContain('href="/admin/orders?view=attention"');
    expect(link('mydata')).toContain('href="/admin/mydata"');
    expect(link('refunds')).toContain('href="/admin/orders?view=refunds"');
    // The marketing counters of the old page are gone.
    expect(html).not.toContain('καταλήξεις domain');

    const support = await staffBrowser('support');
    const s = (await support.b.open(`${ADMIN}/admin`)).html;
    for (const key of ['bank', 'failed', 'refunds']) expect(has(s, `queue-${key}`), key).toBe(true);
    expect(has(s, 'queue-mydata')).toBe(false);
  });
});
