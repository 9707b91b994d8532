// The back office's orders screen: staff confirm a bank transfer (once), try failed items now, and
// grant credit; customers cannot reach it and the storefront host does not have it.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, orderItems, orders, registrySettings, saleDocuments } from '../../db/schema';
import { readyCart, servicesAt } from './customers';
import { Browser, form, login } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);
const ADMIN = 'http://admin.localhost';

// Staff must have two-factor (issue #10 §4): a fresh administrator with an app, logged in with its code.
async function staff() {
  return (await staffBrowser()).b;
}

async function bankOrder(prefix: string) {
  const c = await readyCart(prefix);
  const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  return { ...c, orderId: placed.orderId };
}

describe('admin orders', () => {
  it('lists a bank transfer waiting for its money; staff mark it received once, and the order is paid and carried out', async () => {
    const c = await bankOrder('bankq');
    const b = await staff();
    const page = await b.open(`${ADMIN}/admin/orders`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`data-testid="admin-order-${c.orderId}"`);
    expect(page.html).toContain(`ORD-${c.orderId}`);
    expect(page.html).toContain(c.email);

    const done = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'bank_received', order_id: String(c.orderId), view: 'bank' }));
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(`/admin/orders?view=bank&done=paid&order=${c.orderId}`);
    const [o] = await db.select().from(orders).where(eq(orders.id, c.orderId));
    expect(o!.status).toBe('completed');
    const docs = await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, c.orderId));
    expect(docs.filter((d) => d.kind === 'receipt' && d.status === 'PAID')).toHaveLength(1);

    // A second click (a second member of staff) is refused and pays nothing twice.
    const again = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'bank_received', order_id: String(c.orderId), view: 'bank' }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('data-testid="admin-alert"');
    expect((await db.select().from(saleDocuments).where(eq(saleDocuments.orderId, c.orderId))).filter((d) => d.kind === 'receipt')).toHaveLength(1);
    // The queue no longer shows it.
    expect((await b.open(`${ADMIN}/admin/orders?view=bank`)).html).not.toContain(`data-testid="admin-order-${c.orderId}"`);
  });

  it('is refused to customers, and does not exist on the storefront host', async () => {
    const c = await bankOrder('bankc');
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    const refused = await customer.fetch(`${ADMIN}/admin/orders`);
    expect(refused.headers.get('Location')).toBe('/access_denied');
    const { token } = await customer.open('/');
    const post = await customer.fetch(`${ADMIN}/admin/orders`, form({ _token: token, intent: 'bank_received', order_id: String(c.orderId) }));
    expect(post.status).toBe(303);
    expect(post.headers.get('Location')).toBe('/access_denied');
    expect((await db.select().from(orders).where(eq(orders.id, c.orderId)))[0]!.status).toBe('pending');
    const admin = await staff();
    expect((await admin.fetch('/admin/orders')).status).toBe(404);
  });

  it('shows an item the registry failed with its error, and tries it now on request', async () => {
    const c = await bankOrder('retryq');
    await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'gr'));
    try {
      expect(await servicesAt().orders.confirmBankTransfer(c.orderId)).toBe(true);
    } finally {
      await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'gr'));
    }
    const [failed] = await db.select().from(orderItems).where(eq(orderItems.orderId, c.orderId));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    const b = await staff();
    const page = await b.open(`${ADMIN}/admin/orders?view=attention`);
    expect(page.html).toContain(`data-testid="admin-item-${failed!.id}" data-status="failed"`);
    expect(page.html).toContain(`data-testid="retry-now-${c.orderId}"`);
    const retried = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'retry_now', order_id: String(c.orderId) }));
    expect(retried.headers.get('Location')).toBe(`/admin/orders?view=attention&done=retried&order=${c.orderId}`);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, c.orderId));
    expect(item).toMatchObject({ status: 'completed', attempts: 2 });
    // Nothing left to try: a second request is refused.
    expect((await b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'retry_now', order_id: String(c.orderId) }))).status).toBe(409);
  });

  it('grants credit in euros typed the Greek way; a bad amount or an unknown customer changes nothing', async () => {
    const c = await bankOrder('grant');
    const before = await servicesAt().orders.creditBalance(c.id);
    const b = await staff();
    const { token, html } = await b.open(`${ADMIN}/admin/orders`);
    const key = formKey(html);
    const post = (fields: Record<string, string>) => b.fetch(`${ADMIN}/admin/orders`, form({ _token: token, intent: 'grant_credit', view: 'bank', key, ...fields }));

    const typo = await post({ email: c.email, amount: '12,505', note: 'x' });
    expect(typo.status).toBe(400);
    const typoHtml = await typo.text();
    expect(typoHtml).toContain('credit-grant-amount');
    // The typed values stay in the form.
    expect(typoHtml).toContain('value="12,505"');
    expect((await post({ email: 'nobody-here@example.gr', amount: '10' })).status).toBe(404);
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(before);

    const ok = await post({ email: c.email.toUpperCase(), amount: '12,50', note: 'Καθυστέρηση ενεργοποίησης' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('Location')).toBe('/admin/orders?view=bank&done=credited');
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(before + 1250);
  });

  it('three parallel submits of one credit grant form give one credit note; a new page view grants again (issue #20 §2)', async () => {
    const c = await bankOrder('grant3');
    const b = await staff();
    const page = await b.open(`${ADMIN}/admin/orders`);
    const key = formKey(page.html);
    const submit = () => b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'grant_credit', view: 'bank', key, email: c.email, amount: '7,00', note: 'goodwill' }));
    const answers = await Promise.all([submit(), submit(), submit()]);
    expect(answers.map((r) => r.status)).toEqual([303, 303, 303]);
    const notes = async () => (await db.select().from(saleDocuments).where(eq(saleDocuments.userId, c.id))).filter((d) => d.kind === 'credit');
    expect(await notes()).toHaveLength(1);
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(700);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.action, 'credit.grant'), eq(auditLog.targetId, String(c.id))));
    expect(audit).toHaveLength(1);

    // The same sum again is a new grant only from a new view of the page (a new key).
    const next = await b.open(`${ADMIN}/admin/orders`);
    expect(formKey(next.html)).not.toBe(key);
    const again = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: next.token, intent: 'grant_credit', view: 'bank', key: formKey(next.html), email: c.email, amount: '7,00' }));
    expect(again.status).toBe(303);
    expect(await notes()).toHaveLength(2);

    // A form without its key grants nothing.
    const keyless = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: next.token, intent: 'grant_credit', view: 'bank', email: c.email, amount: '7,00' }));
    expect(keyless.status).toBe(400);
    expect(await notes()).toHaveLength(2);
  });

  it('refuses 1.234 as a credit grant: it reads as 1.234,00 € in Greek and 1,234 € in English (issue #20 §2)', async () => {
    const c = await bankOrder('grantamb');
    const b = await staff();
    const page = await b.open(`${ADMIN}/admin/orders`);
    const res = await b.fetch(`${ADMIN}/admin/orders`, form({ _token: page.token, intent: 'grant_credit', view: 'bank', key: formKey(page.html), email: c.email, amount: '1.234' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('δύο τρόπους');
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(0);
  });
});

/** The credit grant form's idempotency key, as the page rendered it. */
function formKey(html: string): string {
  const m = /data-testid="credit-grant"[\s\S]*?name="key" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no key in the credit grant form');
  return m[1]!;
}
