// Issue #22 §1: the back office's own frame on the admin host (staff header with name and group, the
// side menu per group, no storefront chrome), refusals and 404s drawn inside it, and who reaches it:
// customers are sent to /access_denied, the storefront host has no /admin, support reads the
// dashboard and orders but gets 175 on money actions and on the audit log.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed';
import { Browser, form, login } from './helpers';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';

/** The storefront's chrome, by the test ids its components draw. */
const STOREFRONT_CHROME = ['site-header', 'site-footer', 'cookie-notice', 'header-cart', 'vat-chip', 'toolbox', 'mobile-cart-bar', 'side-cart', 'banner-carousel'];
const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);
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

  it('builds the side menu per group: every screen for an admin, the read views for support', async () => {
    const admin = await staffBrowser('admin');
    const a = (await admin.b.open(`${ADMIN}/admin/orders`)).html;
    for (const key of ['dashboard', 'customers', 'domains', 'orders', 'documents', 'mydata', 'coupons', 'catalog', 'legal_files', 'audit', 'staff']) expect(has(a, `staff-menu-${key}`), key).toBe(true);
    // The phone's disclosure holds the same list and opens without JavaScript.
    expect(a).toMatch(/<details[^>]*data-testid="staff-menu-drawer"/);
    const support = await staffBrowser('support');
    const s = (await support.b.open(`${ADMIN}/admin`)).html;
    expect(s).toMatch(/data-testid="staff-group">Υποστήριξη</);
    for (const key of ['dashboard', 'customers', 'domains', 'orders']) expect(has(s, `staff-menu-${key}`), key).toBe(true);
    for (const key of ['documents', 'mydata', 'coupons', 'catalog', 'legal_files', 'audit', 'staff']) expect(has(s, `staff-menu-${key}`), key).toBe(false);
  });

  it('shows a refusal (175) and an unknown address (404) inside the staff frame', async () => {
    const { b } = await staffBrowser('support');
    const audit = await b.fetch(`${ADMIN}/admin/audit`);
    expect(audit.status).toBe(403);
    const auditHtml = await audit.text();
    expect(auditHtml).toContain(INSUFFICIENT);
    expect(has(auditHtml, 'staff-header')).toBe(true);
    expect(has(auditHtml, 'staff-menu-orders')).toBe(true);
    for (const id of STOREFRONT_CHROME) expect(has(auditHtml, id), id).toBe(false);
    const missing = await b.fetch(`${ADMIN}/admin/no-such-screen`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(has(missingHtml, 'error-page')).toBe(true);
    expect(has(missingHtml, 'staff-header')).toBe(true);
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
    const money = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: orders.token, intent: 'bank_received', order_id: '1', view: 'bank' }));
    expect(money.status).toBe(403);
    expect(await money.text()).toContain(INSUFFICIENT);
    const audit = await b.fetch(`${ADMIN}/admin/audit`);
    expect(audit.status).toBe(403);
    for (const path of ['/admin/documents', '/admin/mydata', '/admin/legal-files']) expect((await b.fetch(`${ADMIN}${path}`)).status, path).toBe(403);
  });
});
