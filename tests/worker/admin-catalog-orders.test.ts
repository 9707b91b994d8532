// The catalogue and what was sold (issue #22 §2): an order placed before a price change keeps its
// amounts; a sold product can be hidden but not deleted nor renamed (10019). The attribute set: names
// unique ('attribute name {name} unavailable'), values shown on the storefront, and an attribute a
// product uses cannot be deleted (10013).
import { env } from 'cloudflare:workers';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { auditLog, catalogAttributes, orderItems, orders, productAttributes, productPrices, products, promotions, sandboxHostingAccounts } from '../../db/schema';
import { ADMIN, formPairs, freshSku, productPairs } from './admin-catalog-helpers';
import { newCustomer, servicesAt } from './customers';
import { Browser, form } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);

async function create(b: Browser, token: string, sku: string, extra: [string, string][] = []) {
  const res = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, sku, { extra })));
  if (res.status !== 303) throw new Error(`create ${res.status}`);
  const [p] = await db.select().from(products).where(eq(products.sku, sku));
  return p!;
}

describe('admin catalogue and orders', () => {
  it('never changes an order placed before a price change; a sold product is hidden, not deleted nor renamed (10019)', async () => {
    const { b } = await staffBrowser('admin');
    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    const sku = freshSku('sold');
    const product = await create(b, token, sku);

    const c = await newCustomer('catbuyer');
    const s = servicesAt();
    const added = await s.cart.addProduct(c.owner, { sku, months: 12, uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [orderBefore] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [lineBefore] = await db.select().from(orderItems).where(and(eq(orderItems.orderId, placed.orderId), eq(orderItems.sku, sku)));
    // The line carries the year and the set-up fee as they were when ordered.
    expect(lineBefore).toMatchObject({ priceCents: 9900 + 1500, setupFeeCents: 1500, lengthMonths: 12 });

    // Staff raise the yearly price and the set-up fee.
    const edited = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, formPairs(productPairs(token, sku, { yearly: '149,00', extra: [['setup_fee', '40']] }).filter(([k, v]) => !(k === 'setup_fee' && v === '15'))));
    expect(edited.status).toBe(303);
    const view = await servicesAt().catalog.productsByFamily(['cloud_vps'], 'el');
    expect(view.find((p) => p.sku === sku)!.prices.find((l) => l.months === 12)!.totalCents).toBe(14900);

    const [orderAfter] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    const [lineAfter] = await db.select().from(orderItems).where(eq(orderItems.id, lineBefore!.id));
    expect(orderAfter).toEqual(orderBefore);
    expect(lineAfter).toEqual(lineBefore);
    // The customer's order page shows the amounts of the order, not of the catalogue.
    expect(orderAfter!.grandTotalCents).toBe(orderBefore!.grandTotalCents);

    // Sold: deleting and renaming are refused, hiding is allowed.
    const page = await b.open(`${ADMIN}/admin/catalog/${product.id}`);
    expect(page.html).toContain('data-testid="product-sold"');
    expect(page.html).not.toContain('data-testid="product-delete"');
    const del = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, form({ _token: token, intent: 'delete' }));
    expect(del.status).toBe(403);
    expect(await del.text()).toMatch(/data-code="10019"/);
    const rename = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, formPairs(productPairs(token, freshSku('renamed'))));
    expect(rename.status).toBe(403);
    expect(await rename.text()).toMatch(/data-code="10019"/);
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]!.sku).toBe(sku);
    const hide = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, form({ _token: token, intent: 'hide' }));
    expect(hide.status).toBe(303);
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]!.active).toBe(false);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_deleted'), eq(auditLog.targetId, String(product.id))))).toHaveLength(0);

    // Paid after the product was hidden: the order is still fulfilled as what was sold (a cloud VPS,
    // with its own address), not as a shared hosting account.
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [account] = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.reference, `oi-${lineBefore!.id}`));
    expect(account).toMatchObject({ sku, productType: product.type, kind: 'vps' });
  });
});

describe('admin catalogue: attributes', () => {
  it('keeps names unique, shows values on the storefront, and refuses to delete one in use (10013) until no product uses it', async () => {
    const { b, staff } = await staffBrowser('admin');
    const name = freshSku('disk').replace(/-/g, '_');
    const { token } = await b.open(`${ADMIN}/admin/catalog/attributes`);
    const created = await b.fetch(`${ADMIN}/admin/catalog/attributes`, form({ _token: token, intent: 'create', name, label_el: 'Χώρος δίσκου', label_en: 'Disk space' }));
    expect(created.headers.get('Location')).toBe('/admin/catalog/attributes?done=created');
    const [attr] = await db.select().from(catalogAttributes).where(eq(catalogAttributes.name, name));
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.attribute_created'), eq(auditLog.targetId, String(attr!.id))))).toMatchObject([{ actorUserId: staff.id }]);

    const again = await b.fetch(`${ADMIN}/admin/catalog/attributes`, form({ _token: token, intent: 'create', name, label_el: 'Άλλο', label_en: 'Other' }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Το όνομα χαρακτηριστικού ${name} δεν είναι διαθέσιμο`);
    expect(await db.select().from(catalogAttributes).where(eq(catalogAttributes.name, name))).toHaveLength(1);
    expect(await (await b.fetch(`${ADMIN}/admin/catalog/check?attribute=${name}`)).json()).toEqual({ name, valid: true, available: false });

    const sku = freshSku('attr');
    const product = await create(b, token, sku, [[`attr_${attr!.id}`, '40 GB NVMe']]);
    expect(await db.select().from(productAttributes).where(eq(productAttributes.productId, product.id))).toEqual([{ productId: product.id, attributeId: attr!.id, value: '40 GB NVMe' }]);
    const shop = await new Browser().open('/hosting/cloud-vps');
    expect(shop.html).toMatch(new RegExp(`data-testid="plan-attribute-${name}"[^>]*>[\\s\\S]*?Χώρος δίσκου<!-- -->: <!-- -->40 GB NVMe`));

    const refused = await b.fetch(`${ADMIN}/admin/catalog/attributes`, form({ _token: token, intent: 'delete', id: String(attr!.id) }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/data-code="10013"/);
    expect(await db.select().from(catalogAttributes).where(eq(catalogAttributes.id, attr!.id))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.attribute_deleted'), eq(auditLog.targetId, String(attr!.id))))).toHaveLength(0);

    // The product no longer gives a value: now it can go.
    expect((await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, formPairs(productPairs(token, sku)))).status).toBe(303);
    const deleted = await b.fetch(`${ADMIN}/admin/catalog/attributes`, form({ _token: token, intent: 'delete', id: String(attr!.id) }));
    expect(deleted.headers.get('Location')).toBe('/admin/catalog/attributes?done=deleted');
    expect(await db.select().from(catalogAttributes).where(eq(catalogAttributes.id, attr!.id))).toHaveLength(0);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.attribute_deleted'), eq(auditLog.targetId, String(attr!.id))))).toHaveLength(1);
  });
});

describe('admin catalogue: promotions', () => {
  it('puts an offer price under a running promotion (its countdown on the form), on the storefront at once, and takes it off again', async () => {
    const { b } = await staffBrowser('admin');
    const [promo] = await db.select().from(promotions).where(ne(promotions.status, 'ended'));
    const { token, html } = await b.open(`${ADMIN}/admin/catalog/new`);
    expect(html).toContain('data-testid="promotion-countdown"');
    const sku = freshSku('offer');
    const offer = productPairs(token, sku, { extra: [] }).map(([k, v], i, all): [string, string] => {
      // The 1-month line gets an offer price; the promotion is chosen.
      if (k === 'price_promo' && all[i - 2]?.[1] === '1') return [k, '7,90'];
      if (k === 'promotion_id') return [k, String(promo!.id)];
      return [k, v];
    });
    const product = await create(b, token, sku);
    const res = await b.fetch(`${ADMIN}/admin/catalog/${product!.id}`, formPairs(offer));
    expect(res.status).toBe(303);
    expect(await db.select().from(productPrices).where(and(eq(productPrices.productId, product!.id), eq(productPrices.lengthMonths, 1)))).toMatchObject([{ priceCents: 990, promoCents: 790, promotionId: promo!.id }]);
    expect((await db.select().from(promotions).where(eq(promotions.id, promo!.id)))[0]!.skus).toContain(sku);
    const shop = await new Browser().open('/hosting/cloud-vps');
    expect(shop.html).toMatch(new RegExp(`data-sku="${sku}"[\\s\\S]*?data-testid="plan-price"><s[^>]*data-price-net="990"[\\s\\S]*?data-price-net="790"`));

    // Without offer prices the SKU leaves the promotion's list.
    expect((await b.fetch(`${ADMIN}/admin/catalog/${product!.id}`, formPairs(productPairs(token, sku)))).status).toBe(303);
    expect((await db.select().from(promotions).where(eq(promotions.id, promo!.id)))[0]!.skus).not.toContain(sku);
    expect((await db.select().from(promotions).where(eq(promotions.id, promo!.id)))[0]!.skus.length).toBeGreaterThan(0);
  });
});
