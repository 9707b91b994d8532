// Issue #10 §2: an order cannot change after it is priced. Two submissions with the same idempotency
// key, with an item added to the cart in between, must not attach that item to the first order (whose
// totals are fixed); the order's items always sum to its subtotal.
import { env } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { getServerByName } from 'partyserver';
import { ErrorCode } from '../../core/errors';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, orderItems, orders, registryObjects, users } from '../../db/schema';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import type { User } from '../../party/user';
import { addReadyDomain, gatedServices, newCustomer, readyCart, servicesAt } from './customers';
import { Browser, form } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);


describe('placing an order with a key already being placed', () => {
  it('does not attach items added meanwhile to the order whose totals are fixed', async () => {
    const c = await readyCart('race');
    const key = crypto.randomUUID();
    const input = { profileId: c.profileId, method: 'bank_transfer' as const, idempotencyKey: key, lang: 'el' as const, uniqueId: null };
    // A reads the cart (one name) and waits at the availability check.
    const a = gatedServices();
    const placingA = a.s.orders.placeOrder(c.owner, input);
    await a.arrived;
    // Meanwhile a second name joins the cart, and a second submission of the same page reads it.
    const second = await addReadyDomain(c.id, c.owner);
    const b = gatedServices();
    const placingB = b.s.orders.placeOrder(c.owner, input);
    await b.arrived;
    // A places its order first; then B's batch runs against the same key.
    a.open();
    const ra = await placingA;
    b.open();
    const rb = await placingB;
    expect(ra.ok).toBe(true);
    if (!ra.ok) return;
    // B finds A's order (same key), it does not change it.
    expect(rb).toMatchObject({ ok: true, orderId: ra.orderId, reused: true });
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => i.name)).toEqual([c.name]);
    expect(items.reduce((sum, i) => sum + i.priceCents, 0)).toBe(order!.subTotalCents);
    // The name added meanwhile was not ordered: it is still in the cart.
    expect((await servicesAt().cart.items(c.owner)).map((i) => i.id)).toEqual([second.itemId]);
  });

  it("every order's items sum to its subtotal", async () => {
    const c = await readyCart('sum');
    await addReadyDomain(c.id, c.owner);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [row] = await db.all<{ items: number; sub: number }>(
      sql`SELECT (SELECT SUM(price_cents) FROM order_items WHERE order_id = ${placed.orderId}) AS items, sub_total_cents AS sub FROM orders WHERE id = ${placed.orderId}`,
    );
    expect(row!.items).toBe(row!.sub);
    expect(row!.items).toBeGreaterThan(0);
  });
});

// Issue #10 §4: every staff action on orders leaves one audit row, written in the action's own batch.
describe('the audit log of staff actions on orders', () => {
  const rowsFor = (action: string, targetId: string | number) => db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

  async function bankOrder(prefix: string) {
    const c = await readyCart(prefix);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    return { ...c, orderId: placed.orderId };
  }

  it('a confirmed bank transfer writes exactly one row; a repeated confirmation writes none', async () => {
    const c = await bankOrder('audit-bank');
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[1].email));
    const actor = { userId: admin!.id, ip: '203.0.113.9' };
    expect(await servicesAt().orders.confirmBankTransfer(c.orderId, actor)).toBe(true);
    expect(await servicesAt().orders.confirmBankTransfer(c.orderId, actor)).toBe(false);
    const rows = await rowsFor('order.bank_transfer_confirmed', c.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: admin!.id, ip: '203.0.113.9', targetType: 'order' });
    // Two members of staff at the same moment: one payment, one row.
    const d = await bankOrder('audit-race');
    const both = await Promise.all([servicesAt().orders.confirmBankTransfer(d.orderId, actor), servicesAt().orders.confirmBankTransfer(d.orderId, actor)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await rowsFor('order.bank_transfer_confirmed', d.orderId)).toHaveLength(1);
  });

  it('a credit grant writes one row with the amount; the development API acts as nobody (null)', async () => {
    const c = await newCustomer('audit-grant');
    const granted = await servicesAt().orders.grantCredit(c.email, 1234, 'goodwill', { userId: 1, ip: '203.0.113.10' });
    expect(granted).toEqual({ balanceCents: 1234 });
    const rows = await rowsFor('credit.grant', c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: 1, ip: '203.0.113.10', targetType: 'user' });
    expect(rows[0]!.detail).toMatchObject({ amountCents: 1234, note: 'goodwill' });
    expect(await servicesAt().orders.grantCredit('nobody-here@example.gr', 100, '', null)).toBeNull();
    await servicesAt().orders.grantCredit(c.email, 100, 'script', null);
    const all = await rowsFor('credit.grant', c.id);
    expect(all).toHaveLength(2);
    expect(all.find((r) => (r.detail as { note?: string }).note === 'script')!.actorUserId).toBeNull();
  });

  it('"retry now" with nothing waiting writes no row', async () => {
    const c = await bankOrder('audit-retry');
    expect(await servicesAt().orders.retryNow(c.orderId, { userId: 1, ip: null })).toBe(false);
    expect(await rowsFor('order.retry', c.orderId)).toHaveLength(0);
  });

  it('the back office passes the staff member and their address', async () => {
    const c = await bankOrder('audit-page');
    // Staff have two-factor (decision 024): a fresh administrator with an app, logged in with its code.
    const { b, staff } = await staffBrowser();
    const page = await b.open('http://admin.localhost/admin/orders');
    const done = await b.fetch('http://admin.localhost/admin/orders', form({ _token: page.token, intent: 'bank_received', order_id: String(c.orderId), view: 'bank' }));
    expect(done.status).toBe(303);
    const rows = await rowsFor('order.bank_transfer_confirmed', c.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: staff.id, ip: b.ip });
  });
});

// Issue #10 §2: every cart change is checked against the catalogue, and nothing changes when refused.
describe('cart updates', () => {
  const stub = (room: string) => getServerByName(env.User as unknown as DurableObjectNamespace<User>, room);

  async function enterprise(prefix: string) {
    const c = await newCustomer(prefix);
    const added = await servicesAt().cart.addProduct(c.owner, { sku: 'sha_wp_enterprise_m', months: 12, uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    await servicesAt().cart.updateSettings(c.owner, added.items[0]!.id, { domain: 'wp-length.gr' }, null);
    return { ...c, plan: added.items[0]!, cert: added.items[1]! };
  }

  it('months=9999 on a WordPress Enterprise plan is refused (100, length) and changes nothing', async () => {
    const c = await enterprise('len9999');
    const s = servicesAt();
    expect(await s.cart.update(c.owner, c.plan.id, { lengthMonths: 9999 }, null)).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'length' });
    expect(await s.cart.update(c.owner, c.plan.id, { lengthMonths: 7 }, null)).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR });
    expect((await s.cart.items(c.owner)).find((i) => i.id === c.plan.id)!.lengthMonths).toBe(12);
    const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines.find((l) => l.id === c.cert.id)!.lengthMonths).toBe(12);
    // A bundle follows its plan: its own length cannot be set.
    expect(await s.cart.update(c.owner, c.cert.id, { lengthMonths: 24 }, null)).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'length' });
  });

  it('the cart form (no JavaScript) answers 100 to a length not offered, and the line keeps its length', async () => {
    const b = new Browser();
    const page = await b.open('/hosting/wordpress');
    const add = await b.fetch('/cart', form({ _token: page.token, intent: 'add', type: 'product', sku: 'sha_wp_enterprise_m', months: '12' }));
    expect(add.status).toBe(303);
    const cart = await b.open('/cart');
    const id = /data-testid="cart-line" data-kind="hosting" data-name="sha_wp_enterprise_m" data-id="([^"]+)"/.exec(cart.html)?.[1];
    expect(id).toBeTruthy();
    const res = await b.fetch('/cart', form({ _token: page.token, intent: 'length', id: id!, months: '9999' }));
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().join(';')).toContain('errorCode=validation_error');
    const after = await b.open('/cart');
    expect(after.html).not.toContain('data-testid="length-not-offered"');
    expect(after.html).toMatch(/<option value="12" selected=""/);
  });

  it('the configure page refuses a value the server does not offer, under that option (35006), and keeps the choice', async () => {
    const b = new Browser();
    const page = await b.open('/hosting/cloud-vps');
    await b.fetch('/cart', form({ _token: page.token, intent: 'add', type: 'product', sku: 'vps_lin_m', months: '12' }));
    const cart = await b.open('/cart');
    const id = /data-name="vps_lin_m" data-id="([^"]+)"/.exec(cart.html)?.[1];
    expect(id).toBeTruthy();
    const res = await b.fetch(`/cart/configure/${id}`, form({ _token: page.token, 'option.additional_ram': '999' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('data-testid="option-error-additional_ram"');
  });

  it('a length stored before these checks is never priced: the plan is not ready and its bundle waits', async () => {
    const c = await enterprise('lenstored');
    // Straight into the object, as an old cart (or a bypass) would hold it.
    await (await stub(c.owner.room)).cartUpdate(c.plan.id, { lengthMonths: 9999 }, null);
    const view = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.ready).toBe(false);
    expect(view.lines.some((l) => l.id === c.cert.id)).toBe(false);
    const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    expect(await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS });
  });

  it('options, attributes, extensions and quantities are checked too', async () => {
    const c = await readyCart('attrs');
    const s = servicesAt();
    // Registry extensions only where the registry has them (.xxx).
    expect(await s.cart.update(c.owner, c.itemId, { config: { xxx: { resolve: true, token: 'x' } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_EXTENSION_ERROR });
    // Attributes a domain does not have.
    expect(await s.cart.update(c.owner, c.itemId, { config: { options: { cpu: '64' } } } as never, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
    // A certificate's extra domains only in the select's steps; its domain a host name.
    const ssl = await s.cart.addProduct(c.owner, { sku: 'ssl_dv_multi', uniqueId: null });
    if (ssl.ok) {
      expect(await s.cart.updateSettings(c.owner, ssl.items[0]!.id, { quantity: 7777 }, null)).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'quantity' });
    }
    const cert = await s.cart.addProduct(c.owner, { sku: 'ssl_ov', uniqueId: null });
    if (!cert.ok) throw new Error('cert');
    expect(await s.cart.updateSettings(c.owner, cert.items[0]!.id, { domain: 'not a domain' }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });
    expect(await s.cart.update(c.owner, cert.items[0]!.id, { config: { options: { cpu: '64' } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_OPTION_ERROR });
    // A server's option values only from its product.
    const vps = await s.cart.addProduct(c.owner, { sku: 'vps_lin_m', uniqueId: null });
    if (vps.ok) {
      expect(await s.cart.update(c.owner, vps.items[0]!.id, { config: { options: { additional_ram: '999' } } }, null)).toMatchObject({ ok: false, code: ErrorCode.CART_OPTION_ERROR, field: 'additional_ram' });
    }
    const items = await s.cart.items(c.owner);
    expect(items.find((i) => i.id === cert.items[0]!.id)!.config.domain).toBeUndefined();
  });
});

describe('refunds of an item with a set-up fee', () => {
  it("give back the item's share of what was paid once: its price already includes the fee", async () => {
    const c = await readyCart('feerefund');
    const taken = await addReadyDomain(c.id, c.owner);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error('place');
    // The line's price includes its set-up fee (as an RGP restore's does); the fee is also recorded apart.
    const [item] = await db.select().from(orderItems).where(and(eq(orderItems.orderId, placed.orderId), eq(orderItems.name, taken.name)));
    await db.update(orderItems).set({ setupFeeCents: 500 }).where(eq(orderItems.id, item!.id));
    // Another registrar's customer takes that name before the order is paid.
    const label = taken.name.slice(0, -3);
    await createSandboxRegistry(db, 'gr').register({ name: { name: taken.name, key: `${label}.gr` }, periodMonths: 24, registrant: { name: 'X', email: 'x@example.gr', country: 'GR' }, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
    await db.update(registryObjects).set({ sponsor: 'other-registrar' }).where(eq(registryObjects.name, taken.name));
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(await servicesAt().orders.creditBalance(c.id)).toBe(Math.floor((order!.grandTotalCents * item!.priceCents) / order!.subTotalCents));
  });
});
