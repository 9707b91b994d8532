// The back office's catalogue (issue #22 §2): who reaches it (customers refused, no such pages on the
// storefront host, support 175 on every page and action), a taken SKU refused next to its field, a
// free one saved with its audit row and on the storefront's hosting page at once (the read cache is
// emptied), the availability checks while typing, and the codes 10005 and 10009.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, productPrices, products } from '../../db/schema';
import { ADMIN, formPairs, freshSku, productPairs } from './admin-catalog-helpers';
import { Browser, form, login } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);
const INSUFFICIENT = 'Δεν έχετε δικαίωμα να εκτελέσετε αυτή την ενέργεια.';

async function productBySku(sku: string) {
  const [p] = await db.select().from(products).where(eq(products.sku, sku));
  return p;
}

async function adminWithProduct(sku = freshSku()) {
  const { b, staff } = await staffBrowser('admin');
  const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
  const res = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, sku)));
  if (res.status !== 303) throw new Error(`create ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return { b, staff, token, sku, product: (await productBySku(sku))! };
}

describe('admin catalogue: who reaches it', () => {
  it('refuses customers, does not exist on the storefront host, and gives support 175 on every page and action', async () => {
    const { product, token: adminToken } = await adminWithProduct();
    const pages = ['/admin/catalog', '/admin/catalog/new', `/admin/catalog/${product.id}`, '/admin/catalog/attributes', `/admin/catalog/check?sku=${product.sku}`, '/admin/catalog/export'];
    const posts: [string, [string, string][]][] = [
      ['/admin/catalog/new', productPairs('', freshSku())],
      [`/admin/catalog/${product.id}`, productPairs('', product.sku, { monthly: '1' })],
      [`/admin/catalog/${product.id}`, [['intent', 'hide']]],
      [`/admin/catalog/${product.id}`, [['intent', 'delete']]],
      ['/admin/catalog/attributes', [['intent', 'create'], ['name', 'support_attr'], ['label_el', 'Χ'], ['label_en', 'X']]],
    ];
    const withToken = (pairs: [string, string][], token: string) => [['_token', token], ...pairs.filter(([k]) => k !== '_token')] as [string, string][];

    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    const { token: customerToken } = await customer.open('/');
    for (const path of pages) expect((await customer.fetch(`${ADMIN}${path}`)).headers.get('Location'), path).toBe('/access_denied');
    for (const [path, pairs] of posts) expect((await customer.fetch(`${ADMIN}${path}`, formPairs(withToken(pairs, customerToken)))).headers.get('Location'), path).toBe('/access_denied');

    const { b: support } = await staffBrowser('support');
    const { token: supportToken } = await support.open(`${ADMIN}/admin`);
    for (const path of pages) {
      const res = await support.fetch(`${ADMIN}${path}`);
      expect(res.status, path).toBe(403);
      if (!path.includes('/check') && !path.includes('/export')) expect(await res.text(), path).toContain(INSUFFICIENT);
    }
    for (const [path, pairs] of posts) expect((await support.fetch(`${ADMIN}${path}`, formPairs(withToken(pairs, supportToken)))).status, path).toBe(403);

    // The storefront host has no such pages, for staff either.
    const { b: admin } = await staffBrowser('admin');
    for (const path of pages) expect((await admin.fetch(path)).status, path).toBe(404);
    expect((await admin.fetch(`/admin/catalog/${product.id}`, formPairs([['_token', adminToken], ['intent', 'hide']]))).status).toBe(404);

    // Nothing changed: still shown, still priced the same, not deleted.
    const after = await productBySku(product.sku);
    expect(after).toMatchObject({ active: true });
    expect((await db.select().from(productPrices).where(eq(productPrices.productId, product.id))).map((p) => p.priceCents).sort()).toEqual([990, 9900]);
  });
});

describe('admin catalogue: products', () => {
  it('refuses a taken SKU next to the field and writes nothing; a free one is saved with its audit row and is on the hosting page at once', async () => {
    const { b, staff } = await staffBrowser('admin');
    // The storefront page is read (and cached) before the change.
    const shop = new Browser();
    const before = await shop.open('/hosting/cloud-vps');
    expect(before.res.status).toBe(200);

    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    const taken = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, 'sha_lin_start')));
    expect(taken.status).toBe(409);
    const takenHtml = await taken.text();
    expect(takenHtml).toMatch(/data-testid="sku-error"[^>]*>Το SKU sha_lin_start δεν είναι διαθέσιμο</);
    // The form comes back with what was typed.
    expect(takenHtml).toContain('value="Δοκιμή sha_lin_start"');
    expect(await db.select().from(products).where(eq(products.nameEl, 'Δοκιμή sha_lin_start'))).toHaveLength(0);

    const sku = freshSku('vps');
    const saved = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, sku)));
    expect(saved.status).toBe(303);
    const p = (await productBySku(sku))!;
    expect(saved.headers.get('Location')).toBe(`/admin/catalog/${p.id}?done=saved`);
    expect(p).toMatchObject({ family: 'cloud_vps', type: 'hosting-vps-linux', setupFeeCents: 1500, active: true });
    expect((await db.select().from(productPrices).where(eq(productPrices.productId, p.id))).map((r) => [r.lengthMonths, r.priceCents])).toEqual([
      [1, 990],
      [12, 9900],
    ]);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_created'), eq(auditLog.targetId, String(p.id))));
    expect(audit).toMatchObject({ actorUserId: staff.id, targetType: 'product' });
    expect(audit!.detail).toMatchObject({ sku, prices: [{ months: 1, priceCents: 990, promoCents: null }, { months: 12, priceCents: 9900, promoCents: null }] });

    const after = await shop.open('/hosting/cloud-vps');
    expect(after.html).toContain(`data-sku="${sku}"`);
    expect(after.html).toContain(`Δοκιμή ${sku}`);
    // The list shows it too, and its CSV export (the list's filters, streamed).
    expect((await b.open(`${ADMIN}/admin/catalog?q=${sku}`)).html).toContain(`data-testid="catalog-row-${sku}"`);
    const csv = await b.fetch(`${ADMIN}/admin/catalog/export?family=cloud_vps&q=${sku}`);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toEqual(['id,sku,family,name_el,name_en,active,from_cents,lengths,order_lines', `${p.id},${sku},cloud_vps,Δοκιμή ${sku},Test ${sku},1,990,2,0`]);
    const other = await b.fetch(`${ADMIN}/admin/catalog/export?family=dedicated&q=${sku}`);
    expect((await other.text()).trim().split('\r\n')).toHaveLength(1);
  });

  it('a price change and hiding reach the storefront page at once', async () => {
    const { b, token, sku, product } = await adminWithProduct(freshSku('chg'));
    const shop = new Browser();
    const before = await shop.open('/hosting/cloud-vps');
    expect(before.html).toMatch(new RegExp(`data-sku="${sku}"[\\s\\S]*?data-testid="plan-price"[\\s\\S]*?data-price-net="990"`));
    const edit = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, formPairs(productPairs(token, sku, { monthly: '12,30' })));
    expect(edit.status).toBe(303);
    const changed = await shop.open('/hosting/cloud-vps');
    expect(changed.html).toMatch(new RegExp(`data-sku="${sku}"[\\s\\S]*?data-testid="plan-price"[\\s\\S]*?data-price-net="1230"`));
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_updated'), eq(auditLog.targetId, String(product.id))))).toHaveLength(1);

    const hide = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, form({ _token: token, intent: 'hide' }));
    expect(hide.headers.get('Location')).toBe(`/admin/catalog/${product.id}?done=hidden`);
    expect((await shop.open('/hosting/cloud-vps')).html).not.toContain(`data-sku="${sku}"`);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_hidden'), eq(auditLog.targetId, String(product.id))))).toHaveLength(1);
  });

  it('answers the SKU and attribute-name checks while typing', async () => {
    const { b } = await staffBrowser('admin');
    const check = async (q: string) => (await b.fetch(`${ADMIN}/admin/catalog/check?${q}`)).json();
    expect(await check('sku=sha_lin_start')).toEqual({ sku: 'sha_lin_start', valid: true, available: false });
    expect(await check(`sku=${freshSku('free')}`)).toMatchObject({ valid: true, available: true });
    expect(await check('sku=Bad%20SKU')).toMatchObject({ valid: false, available: false });
    const [own] = await db.select().from(products).where(eq(products.sku, 'sha_lin_start'));
    // A product's own SKU is not "taken" on its own edit page.
    expect(await check(`sku=sha_lin_start&except=${own!.id}`)).toMatchObject({ available: true });
    expect(await check('attribute=never_seen_attr')).toEqual({ name: 'never_seen_attr', valid: true, available: true });
  });

  it('10005: a product without a price cannot be shown; hidden it may wait, and showing it stays refused', async () => {
    const { b } = await staffBrowser('admin');
    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    const sku = freshSku('np');
    const bare = productPairs(token, sku).filter(([k]) => !k.startsWith('price_'));
    const shown = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(bare));
    expect(shown.status).toBe(409);
    expect(await shown.text()).toMatch(/data-testid="catalog-alert"[^>]*data-code="10005"/);
    expect(await productBySku(sku)).toBeUndefined();
    const hidden = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(bare.filter(([k]) => k !== 'active')));
    expect(hidden.status).toBe(303);
    const p = (await productBySku(sku))!;
    expect(p.active).toBe(false);
    const show = await b.fetch(`${ADMIN}/admin/catalog/${p.id}`, form({ _token: token, intent: 'show' }));
    expect(show.status).toBe(409);
    expect(await show.text()).toMatch(/data-code="10005"/);
    expect((await productBySku(sku))!.active).toBe(false);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_shown'), eq(auditLog.targetId, String(p.id))))).toHaveLength(0);
  });

  it('10009: a family that is not a hosting family', async () => {
    const { b } = await staffBrowser('admin');
    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    const sku = freshSku('fam');
    const res = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, sku, { family: 'ssl' })));
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/data-code="10009"/);
    expect(await productBySku(sku)).toBeUndefined();
  });

  it('10010: the same option twice is refused with nothing written', async () => {
    const { b } = await staffBrowser('admin');
    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    const sku = freshSku('opt');
    const option = (price: string): [string, string][] => [['opt_category', 'hardware'], ['opt_name', 'ram'], ['opt_value', '8'], ['opt_label_el', '8 GB'], ['opt_label_en', '8 GB'], ['opt_price', price]];
    const res = await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs([...productPairs(token, sku), ...option('5'), ...option('6')]));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toMatch(/data-code="10010"/);
    expect(html).toContain('data-testid="opt_value-1-error"');
    expect(await productBySku(sku)).toBeUndefined();
  });

  it('deletes a product never sold, after the confirmation step, with its audit row', async () => {
    const { b, token, sku, product } = await adminWithProduct(freshSku('del'));
    const confirm = await b.open(`${ADMIN}/admin/catalog/${product.id}?confirm=delete`);
    expect(confirm.html).toContain('data-testid="delete-confirm"');
    const res = await b.fetch(`${ADMIN}/admin/catalog/${product.id}`, form({ _token: token, intent: 'delete' }));
    expect(res.headers.get('Location')).toBe('/admin/catalog?done=deleted');
    expect(await productBySku(sku)).toBeUndefined();
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.product_deleted'), eq(auditLog.targetId, String(product.id))))).toHaveLength(1);
  });
});
