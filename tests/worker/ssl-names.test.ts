// An SSL certificate's extra domains (SANs) and approvers (issue #20 §2): the cart charges for SAN
// packs, so the names are asked for in the cart (validated), carried on the order item and sent at
// enrolment with the approver the customer chose; checkout refuses a certificate whose paid SANs are
// not all named, and fulfilment never enrols with fewer names than were paid for.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { orderItems } from '../../db/schema';
import { sandboxSslCertificates } from '../../db/schema/fulfilment-sandboxes';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { Browser, form } from './helpers';

const db = createDb(env.DB);

/** A customer with a multi-domain certificate for `cn` and five extra domains bought (a pack). */
async function multiCart(prefix: string) {
  const c = await newCustomer(prefix);
  const s = servicesAt();
  const added = await s.cart.addProduct(c.owner, { sku: 'ssl_dv_multi', uniqueId: null });
  if (!added.ok) throw new Error(`add ${added.code}`);
  const id = added.items[0]!.id;
  const cn = `${uniqueName('cert')}.gr`;
  const set = await s.cart.updateSettings(c.owner, id, { domain: cn, quantity: 5 }, null);
  if (!set.ok) throw new Error(`settings ${set.code}`);
  const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  return { ...c, id: c.id, itemId: id, cn, profileId: profile.id };
}

const place = (c: Awaited<ReturnType<typeof multiCart>>) => servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });

describe('SSL extra domains in the cart (issue #20 §2)', () => {
  it('checkout refuses a certificate whose paid extra domains are not all named; the line says how many are missing', async () => {
    const c = await multiCart('sanmiss');
    const view = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    const line = view.lines.find((l) => l.id === c.itemId)!;
    // Two names come with the product, five were bought on top: seven to name.
    expect(line.extraCents).toBeGreaterThan(0);
    expect(line.sslStatus).toEqual({ ready: false, problem: 'sans_missing', unnamed: 7 });
    expect(view.ready).toBe(false);
    expect(await place(c)).toMatchObject({ ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS });

    // Named but one short: still refused.
    const sans = Array.from({ length: 6 }, (_, i) => `s${i}.${c.cn}`);
    const approvers = Object.fromEntries([c.cn, ...sans].map((n) => [n, `admin@${n}`]));
    expect(await servicesAt().cart.setSslNames(c.owner, c.itemId, { sans, approvers }, null)).toEqual({ ok: true });
    const after = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(after.lines.find((l) => l.id === c.itemId)!.sslStatus).toEqual({ ready: false, problem: 'sans_missing', unnamed: 1 });
    expect(await place(c)).toMatchObject({ ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS });
  });

  it('sends every paid name and the chosen approvers at enrolment, never the first address of the list', async () => {
    const c = await multiCart('sansent');
    const sans = Array.from({ length: 7 }, (_, i) => `s${i}.${c.cn}`);
    // Webmaster, not admin (the first of the supplier's list), for every name.
    const approvers = Object.fromEntries([c.cn, ...sans].map((n) => [n, `webmaster@${c.cn}`]));
    expect(await servicesAt().cart.setSslNames(c.owner, c.itemId, { sans, approvers }, null)).toEqual({ ok: true });
    const placed = await place(c);
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.config).toMatchObject({ domain: c.cn, sans, approvers });
    await servicesAt().orders.confirmBankTransfer(placed.orderId);
    const [done] = await db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(done!.status).toBe('completed');
    const [cert] = await db.select().from(sandboxSslCertificates).where(eq(sandboxSslCertificates.reference, `oi-${item!.id}`));
    expect(cert!.commonName).toBe(c.cn);
    expect(cert!.sans).toEqual(sans);
    expect(cert!.approverEmails).toEqual(approvers);
  });

  it('fulfilment never enrols with fewer names than were paid for (an item that lost its SANs fails, nothing enrolled)', async () => {
    const c = await multiCart('sandrop');
    const sans = Array.from({ length: 7 }, (_, i) => `s${i}.${c.cn}`);
    const approvers = Object.fromEntries([c.cn, ...sans].map((n) => [n, `admin@${n}`]));
    await servicesAt().cart.setSslNames(c.owner, c.itemId, { sans, approvers }, null);
    const placed = await place(c);
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    // As an order placed before the cart asked for names holds it.
    await db.update(orderItems).set({ config: { domain: c.cn, quantity: 5 } }).where(eq(orderItems.id, item!.id));
    await servicesAt().orders.confirmBankTransfer(placed.orderId);
    const [failed] = await db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(failed!.status).not.toBe('completed');
    expect(failed!.lastError).toBe(String(ErrorCode.VALIDATION_ERROR));
    expect(await db.select().from(sandboxSslCertificates).where(eq(sandboxSslCertificates.reference, `oi-${item!.id}`))).toHaveLength(0);
  });
});

describe('the SSL names page, without JavaScript', () => {
  async function guestWithCertificate(sku: string, domain: string, quantity?: string) {
    const b = new Browser();
    const page = await b.open('/ssl');
    await b.fetch('/cart', form({ _token: page.token, intent: 'add', type: 'product', sku, months: '12' }));
    const cart = await b.open('/cart');
    const id = new RegExp(`data-name="${sku}" data-id="([^"]+)"`).exec(cart.html)?.[1];
    if (!id) throw new Error('no line');
    await b.fetch('/cart', form({ _token: page.token, intent: 'item_settings', id, domain, ...(quantity ? { quantity } : {}) }));
    return { b, id, token: page.token };
  }

  it('refuses bad names next to their fields, keeps what was typed, then asks each new name for its approver', async () => {
    const cn = `${uniqueName('page')}.gr`;
    const { b, id, token } = await guestWithCertificate('ssl_dv_multi', cn, '5');
    const cart = await b.open('/cart');
    expect(cart.html).toContain('data-testid="ssl-names-status" data-ready="false" data-problem="sans_missing"');
    const page = await b.open(`/cart/configure/${id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="ssl-names-form"');
    // Seven fields (two included, five bought) and the main name's approver list.
    expect(page.html).toContain('name="san_7"');
    expect(page.html).not.toContain('name="san_8"');
    expect(page.html).toContain(`<option value="hostmaster@${cn}">`);

    const names = { san_1: `www.${cn}`, san_2: `*.${cn}`, san_3: cn.toUpperCase(), san_4: 'not a name', san_5: `WWW.${cn}`, san_6: 'b.gr', san_7: 'c.gr' };
    const bad = await b.fetch(`/cart/configure/${id}`, form({ _token: token, ...names, [`approver.${cn}`]: `hostmaster@${cn}` }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('data-testid="ssl-error-san_2"'); // a wildcard on a certificate that is not one
    expect(html).toContain('data-testid="ssl-error-san_3"'); // the main name again
    expect(html).toContain('data-testid="ssl-error-san_4"'); // not a host name
    expect(html).toContain('data-testid="ssl-error-san_5"'); // typed twice
    expect(html).not.toContain('data-testid="ssl-error-san_1"');
    expect(html).toContain('value="not a name"');

    const sans = [`www.${cn}`, `shop.${cn}`, `mail.${cn}`, 'b.gr', 'c.gr', 'd.gr', 'e.gr'];
    const ok = await b.fetch(`/cart/configure/${id}`, form({ _token: token, ...Object.fromEntries(sans.map((n, i) => [`san_${i + 1}`, n])), [`approver.${cn}`]: `hostmaster@${cn}` }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('Location')).toBe('/cart');
    expect((await b.open('/cart')).html).toContain('data-problem="approver"');
    const next = await b.open(`/cart/configure/${id}`);
    expect(next.html).toContain('data-testid="ssl-approver-b.gr"');
    expect(next.html).toContain(`<option value="hostmaster@${cn}" selected="">`);

    // An address not on the supplier's list for that name is refused under its select.
    const all = Object.fromEntries(sans.map((n, i) => [`san_${i + 1}`, n]));
    const wrong = await b.fetch(`/cart/configure/${id}`, form({ _token: token, ...all, ...Object.fromEntries([cn, ...sans].map((n) => [`approver.${n}`, `admin@${n}`])), 'approver.b.gr': 'admin@c.gr' }));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('data-testid="ssl-error-approver-4"');

    const done = await b.fetch(`/cart/configure/${id}`, form({ _token: token, ...all, ...Object.fromEntries([cn, ...sans].map((n) => [`approver.${n}`, `admin@${n}`])) }));
    expect(done.status).toBe(303);
    expect((await b.open('/cart')).html).toContain('data-testid="ssl-names-status" data-ready="true"');
  });

  it('a wildcard certificate takes a wildcard name; a single-domain one asks only for its approver', async () => {
    const cn = `${uniqueName('wild')}.gr`;
    const wild = await guestWithCertificate('ssl_dv_wildcard', cn);
    const page = await wild.b.open(`/cart/configure/${wild.id}`);
    expect(page.html).toContain(`data-testid="ssl-main-name">*.${cn}<`);
    expect(page.html).not.toContain('name="san_1"');
    const saved = await wild.b.fetch(`/cart/configure/${wild.id}`, form({ _token: wild.token, [`approver.*.${cn}`]: `admin@${cn}` }));
    expect(saved.status).toBe(303);
    expect((await wild.b.open('/cart')).html).toContain('data-testid="ssl-names-status" data-ready="true"');
  });
});
