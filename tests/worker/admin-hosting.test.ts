// All hosting in the back office (issue #23 §2): who may see it and act (customers refused, the
// storefront host has none of it, support reads and gets 175), the list's filters and CSV, a service's
// page, suspend with a required reason and unsuspend through the panel with the audit row written in
// the same batch as the status (once), the confirmation step without JavaScript, a panel failure
// changing nothing, and the customer's back-office page listing their services.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, notifications } from '../../db/schema';
import { sandboxHostingAccounts } from '../../db/schema/fulfilment-sandboxes';
import { Browser, form, login } from './helpers';
import { clearProvisionerSwitch, hostedCustomer, serviceRow, setProvisionerSwitch } from './hosting-cron-fixtures';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const START = Date.now() - 30 * 86_400_000;
const auditOf = (id: number) => db.select().from(auditLog).where(and(eq(auditLog.targetType, 'hosting'), eq(auditLog.targetId, String(id))));
const panelStatus = async (accountId: string) => (await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, accountId)))[0]!.status;
const rowIds = (html: string) => [...html.matchAll(/data-testid="hosting-row" data-id="(\d+)"/g)].map((m) => Number(m[1]));

afterEach(clearProvisionerSwitch);

describe('who reaches all hosting', () => {
  it('refuses customers on the list, a service, the export and the actions; the storefront host has none of it', async () => {
    const c = await hostedCustomer('ahref', { startedAt: START });
    const b = new Browser();
    await login(b, DEMO_USERS[0].email, DEMO_USERS[0].password);
    for (const path of ['/admin/hosting', `/admin/hosting/${c.serviceId}`, '/admin/hosting/export']) {
      const res = await b.fetch(`${ADMIN}${path}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location')).toBe('/access_denied');
    }
    const { token } = await b.open('/');
    const post = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: token, intent: 'suspend', confirmed: 'yes', reason: 'customer tries' }));
    expect(post.headers.get('Location')).toBe('/access_denied');
    const { b: admin } = await staffBrowser();
    for (const path of ['/admin/hosting', `/admin/hosting/${c.serviceId}`, '/admin/hosting/export']) expect((await admin.fetch(path)).status, path).toBe(404);
    expect((await serviceRow(c.serviceId)).status).toBe('active');
  });

  it('lets support read the list and a service without buttons, and answers 175 to its actions with nothing changed', async () => {
    const c = await hostedCustomer('ahsup', { startedAt: START });
    const { b } = await staffBrowser('support');
    const list = await b.open(`${ADMIN}/admin/hosting?q=${encodeURIComponent(c.email)}`);
    expect(list.res.status).toBe(200);
    expect(rowIds(list.html)).toEqual([c.serviceId]);
    expect(list.html).toContain('href="/admin/hosting"');
    const page = await b.open(`${ADMIN}/admin/hosting/${c.serviceId}?confirm=suspend`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="read-only-note"');
    expect(page.html).not.toContain('confirm-suspend-form');
    for (const intent of ['suspend', 'unsuspend']) {
      const res = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent, confirmed: 'yes', reason: 'support tries' }));
      expect(res.status, intent).toBe(403);
      expect(await res.text(), intent).toContain('175');
    }
    expect((await serviceRow(c.serviceId)).status).toBe('active');
    expect(await panelStatus(c.account.accountId)).toBe('active');
    expect(await auditOf(c.serviceId)).toHaveLength(0);
  });
});

describe('the list', () => {
  it('filters by status, kind and text, and exports the same rows as CSV', async () => {
    const a = await hostedCustomer('ahlista', { startedAt: START });
    const v = await hostedCustomer('ahlistv', { startedAt: START, sku: 'vps_lin_s', productType: 'hosting-vps-linux' });
    const { b } = await staffBrowser();
    const both = `q=${encodeURIComponent('ahlist')}`;
    expect(rowIds((await b.open(`${ADMIN}/admin/hosting?${both}`)).html).sort()).toEqual([a.serviceId, v.serviceId].sort());
    expect(rowIds((await b.open(`${ADMIN}/admin/hosting?${both}&kind=vps`)).html)).toEqual([v.serviceId]);
    expect(rowIds((await b.open(`${ADMIN}/admin/hosting?${both}&status=suspended`)).html)).toEqual([]);
    const csv = await (await b.fetch(`${ADMIN}/admin/hosting/export?${both}&kind=shared`)).text();
    expect(csv).toContain(a.email);
    expect(csv).not.toContain(v.email);
  });

  it('lists the customer’s services on their back-office page with links', async () => {
    const c = await hostedCustomer('ahcust', { startedAt: START });
    const { b } = await staffBrowser('support');
    const page = await b.open(`${ADMIN}/admin/customers/${c.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="customer-hosting-row"');
    expect(page.html).toContain(`href="/admin/hosting/${c.serviceId}"`);
  });
});

describe('suspending and unsuspending', () => {
  it('asks for confirmation and a reason, suspends at the panel with one audit row, and unsuspends', async () => {
    const c = await hostedCustomer('ahsusp', { startedAt: START });
    const { b, staff } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/hosting/${c.serviceId}`);
    expect(page.html).toContain('data-testid="action-suspend"');
    // Without the confirmation (no JavaScript, a button posted directly): sent to the confirmation page.
    const skipped = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'suspend' }));
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get('Location')).toBe(`/admin/hosting/${c.serviceId}?confirm=suspend`);
    expect((await b.open(`${ADMIN}/admin/hosting/${c.serviceId}?confirm=suspend`)).html).toContain('confirm-suspend-form');
    // The reason is required: nothing is sent to the panel without it.
    const noReason = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'suspend', confirmed: 'yes', reason: ' ' }));
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('data-testid="reason-error"');
    expect(await panelStatus(c.account.accountId)).toBe('active');
    const done = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'suspend', confirmed: 'yes', reason: 'Αναφορά κατάχρησης' }));
    expect(done.headers.get('Location')).toBe(`/admin/hosting/${c.serviceId}?done=suspend`);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'suspended', suspendReason: 'Αναφορά κατάχρησης' });
    expect(await panelStatus(c.account.accountId)).toBe('suspended');
    // A second click changes nothing and writes no second row.
    const again = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'suspend', confirmed: 'yes', reason: 'Αναφορά κατάχρησης' }));
    expect(again.headers.get('Location')).toBe(`/admin/hosting/${c.serviceId}?done=unchanged`);
    let audit = await auditOf(c.serviceId);
    expect(audit.map((a) => [a.action, a.actorUserId, a.detail.reason])).toEqual([['hosting.suspended', staff.id, 'Αναφορά κατάχρησης']]);
    const shown = await b.open(`${ADMIN}/admin/hosting/${c.serviceId}`);
    expect(shown.html).toContain('data-testid="hosting-history"');
    expect(shown.html).toContain('data-testid="action-unsuspend"');
    const lifted = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'unsuspend', confirmed: 'yes' }));
    expect(lifted.headers.get('Location')).toBe(`/admin/hosting/${c.serviceId}?done=unsuspend`);
    expect(await serviceRow(c.serviceId)).toMatchObject({ status: 'active', suspendReason: null, suspendedAt: null });
    expect(await panelStatus(c.account.accountId)).toBe('active');
    audit = await auditOf(c.serviceId);
    expect(audit.map((a) => a.action)).toEqual(['hosting.suspended', 'hosting.unsuspended']);
    const notices = (await db.select().from(notifications).where(eq(notifications.userId, c.id))).map((n) => n.messageKey);
    expect(notices.sort()).toEqual(['hosting.suspended_staff', 'hosting.unsuspended']);
  });

  it('changes nothing when the panel fails, and says so', async () => {
    const c = await hostedCustomer('ahfail', { startedAt: START });
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/hosting/${c.serviceId}`);
    await setProvisionerSwitch({ failing: true });
    const res = await b.fetch(`${ADMIN}/admin/hosting/${c.serviceId}`, form({ _token: page.token, intent: 'suspend', confirmed: 'yes', reason: 'Αναφορά κατάχρησης' }));
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('data-testid="hosting-alert"');
    expect((await serviceRow(c.serviceId)).status).toBe('active');
    expect(await auditOf(c.serviceId)).toHaveLength(0);
  });
});
