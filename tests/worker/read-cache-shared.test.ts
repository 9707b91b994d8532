// Issue #32 §5 (decision 094): the catalogue's read cache is per isolate, and a staff change emptied only
// the cache of the isolate that made it. Here the change is made by services whose D1 binding is another
// object than the storefront's: the read cache is keyed by the binding, so those services have a cache
// of their own and empty only it, exactly as a change served by another isolate does. The storefront's
// cache is warm; the next page must still show the new price (before the shared version: the old one
// for up to a minute).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductInput } from '../../core/catalog-admin';
import { createDb } from '../../db/client';
import { products, readCacheVersions } from '../../db/schema';
import { createServices } from '../../worker/services';
import { ADMIN, formPairs, freshSku, productPairs } from './admin-catalog-helpers';
import { Browser } from './helpers';
import { staffBrowser } from './staff';

/** The same database behind another binding object: another isolate's view of the read cache. */
function otherIsolate() {
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as D1Database;
  return createServices({ db: createDb(DB), env: { ...env, DB }, now: new Date(), origin: 'http://localhost' });
}

const priceOf = (html: string, sku: string) => html.match(new RegExp(`data-sku="${sku}"[\\s\\S]*?data-testid="plan-price"[\\s\\S]*?data-price-net="(\\d+)"`))?.[1];

function input(sku: string, monthlyCents: number, active = true): ProductInput {
  return {
    sku,
    family: 'cloud_vps',
    nameEl: `Δοκιμή ${sku}`,
    nameEn: `Test ${sku}`,
    summaryEl: '',
    summaryEn: '',
    setupFeeCents: 1500,
    active,
    prices: [
      { months: 1, priceCents: monthlyCents, promoCents: null },
      { months: 12, priceCents: 9900, promoCents: null },
    ],
    promotionId: null,
    options: [],
    attributes: new Map(),
  };
}

async function catalogVersion(): Promise<number> {
  const [row] = await createDb(env.DB).select().from(readCacheVersions).where(eq(readCacheVersions.name, 'catalog'));
  return row?.version ?? -1;
}

describe('the catalogue read cache across isolates', () => {
  it('shows a price changed by staff in another isolate at the next request, with this isolate’s cache warm', async () => {
    const { b, staff } = await staffBrowser('admin');
    const sku = freshSku('iso');
    const { token } = await b.open(`${ADMIN}/admin/catalog/new`);
    expect((await b.fetch(`${ADMIN}/admin/catalog/new`, formPairs(productPairs(token, sku)))).status).toBe(303);

    const shop = new Browser();
    expect(priceOf((await shop.open('/hosting/cloud-vps')).html, sku)).toBe('990');
    // Warm: the second view is served from this isolate's cache.
    expect(priceOf((await shop.open('/hosting/cloud-vps')).html, sku)).toBe('990');

    const other = otherIsolate();
    const [product] = await createDb(env.DB).select().from(products).where(eq(products.sku, sku));
    expect(product?.sku).toBe(sku);
    const before = await catalogVersion();
    const changed = await other.catalogAdmin.updateProduct(product!.id, input(sku, 1230), { userId: staff.id, ip: null });
    expect(changed).toEqual({ ok: true, id: product!.id });
    expect(await catalogVersion()).toBe(before + 1);

    expect(priceOf((await shop.open('/hosting/cloud-vps')).html, sku)).toBe('1230');

    // Hidden in the other isolate: gone from this one's next page too.
    expect(await other.catalogAdmin.setActive(product!.id, false, { userId: staff.id, ip: null })).toEqual({ ok: true, id: product!.id });
    expect((await shop.open('/hosting/cloud-vps')).html).not.toContain(`data-sku="${sku}"`);
  });

  it('keeps serving this isolate’s cache while nothing changed, reading the version once per request', async () => {
    const shop = new Browser();
    await shop.open('/hosting/cloud-vps');
    const db = env.DB as D1Database;
    const prepared: string[] = [];
    const original = db.prepare;
    db.prepare = function (this: D1Database, sql: string) {
      prepared.push(sql);
      return original.call(this, sql);
    } as typeof db.prepare;
    try {
      expect((await shop.open('/hosting/cloud-vps')).res.status).toBe(200);
    } finally {
      db.prepare = original;
    }
    const catalogue = prepared.filter((q) => /from "(products|product_prices|product_options|tlds|tld_prices|countries|banners)"/i.test(q));
    expect(prepared.filter((q) => q.includes('"read_cache_versions"')), prepared.join('\n')).toHaveLength(1);
    expect(catalogue, prepared.join('\n')).toEqual([]);
  });
});
