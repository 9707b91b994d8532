// The back office's reads of the catalogue (issue #22 §2): the hosting products list with its filters,
// sort and pages, one product with everything its edit form shows, the attribute set with how many
// products use each attribute, the promotions a product may join, and the availability checks of a
// SKU and of an attribute name. Never cached: staff must see what is in D1 now.
import { and, asc, count, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { HOSTING_FAMILIES, type HostingFamily, type ProductSort } from '../../../core/catalog-admin';
import type { ListQuery } from '../../../core/staff/list-query';
import { catalogAttributes, productAttributes, productOptions, productPrices, products, promotions } from '../../../db/schema';
import type { Db } from '../../../db/client';

export type ProductFilters = { family: HostingFamily | null; state: 'active' | 'hidden' | null };

export type ProductRow = { id: number; sku: string; family: string; nameEl: string; nameEn: string; active: boolean; fromCents: number | null; lengths: number; sold: number };

/**
 * Order lines that sold the SKU: such a product can be hidden, never deleted or renamed (10019). The
 * outer column is written out with its table: drizzle renders a column bare ("sku"), which inside the
 * subquery would name order_items.sku and count every line.
 */
const soldCount = sql<number>`(SELECT count(*) FROM order_items WHERE order_items.sku = products.sku)`;

const rowColumns = {
  id: products.id,
  sku: products.sku,
  family: products.family,
  nameEl: products.nameEl,
  nameEn: products.nameEn,
  active: products.active,
  fromCents: sql<number | null>`(SELECT min(price_cents) FROM product_prices WHERE product_prices.product_id = products.id)`,
  lengths: sql<number>`(SELECT count(*) FROM product_prices WHERE product_prices.product_id = products.id)`,
  sold: soldCount,
};

function whereOf(text: string, filters: ProductFilters) {
  // The text is matched as typed: % and _ are escaped (SKUs contain underscores).
  const q = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const contains = (col: typeof products.sku | typeof products.nameEl | typeof products.nameEn) => sql`${col} LIKE ${`%${q}%`} ESCAPE '\\'`;
  return and(
    inArray(products.family, [...HOSTING_FAMILIES]),
    filters.family ? eq(products.family, filters.family) : undefined,
    filters.state ? eq(products.active, filters.state === 'active') : undefined,
    q ? or(contains(products.sku), contains(products.nameEl), contains(products.nameEn)) : undefined,
  );
}

export function createCatalogAdminReads(db: Db) {
  return {
    async listProducts(query: ListQuery<ProductSort>, filters: ProductFilters): Promise<{ rows: ProductRow[]; total: number }> {
      const where = whereOf(query.q, filters);
      const column = query.sort === 'sku' ? products.sku : query.sort === 'name' ? products.nameEl : query.sort === 'family' ? products.family : products.id;
      const order = query.dir === 'asc' ? asc(column) : desc(column);
      const [rows, [total]] = await db.batch([
        db
          .select(rowColumns)
          .from(products)
          .where(where)
          .orderBy(order, asc(products.id))
          .limit(query.perPage)
          .offset(query.offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One page of the CSV export, by id after `afterId` (keyset: no OFFSET however far it goes). */
    async exportPage(text: string, filters: ProductFilters, afterId: number | null, limit = 500): Promise<ProductRow[]> {
      return db
        .select(rowColumns)
        .from(products)
        .where(and(whereOf(text, filters), afterId !== null ? gt(products.id, afterId) : undefined))
        .orderBy(asc(products.id))
        .limit(limit);
    },

    async product(id: number) {
      const [[p], prices, options, attributes] = await db.batch([
        db.select({ product: products, sold: soldCount }).from(products).where(and(eq(products.id, id), inArray(products.family, [...HOSTING_FAMILIES]))),
        db.select().from(productPrices).where(eq(productPrices.productId, id)).orderBy(asc(productPrices.lengthMonths)),
        db.select().from(productOptions).where(eq(productOptions.productId, id)).orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
        db.select().from(productAttributes).where(eq(productAttributes.productId, id)),
      ]);
      if (!p) return null;
      return {
        ...p.product,
        sold: p.sold,
        prices,
        options,
        attributes: Object.fromEntries(attributes.map((a) => [a.attributeId, a.value])) as Record<number, string>,
        promotionId: prices.find((r) => r.promotionId !== null)?.promotionId ?? null,
      };
    },

    async skuAvailable(sku: string, exceptId: number | null = null): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.sku, sku), exceptId ? ne(products.id, exceptId) : undefined))
        .limit(1);
      return !row;
    },

    async attributeNameAvailable(name: string): Promise<boolean> {
      const [row] = await db.select({ id: catalogAttributes.id }).from(catalogAttributes).where(eq(catalogAttributes.name, name)).limit(1);
      return !row;
    },

    async attributes(): Promise<{ id: number; name: string; labelEl: string; labelEn: string; used: number }[]> {
      return db
        .select({
          id: catalogAttributes.id,
          name: catalogAttributes.name,
          labelEl: catalogAttributes.labelEl,
          labelEn: catalogAttributes.labelEn,
          used: sql<number>`(SELECT count(*) FROM product_attributes WHERE product_attributes.attribute_id = catalog_attributes.id)`,
        })
        .from(catalogAttributes)
        .orderBy(asc(catalogAttributes.sortOrder), asc(catalogAttributes.name));
    },

    /** Promotions not ended, with their window: the product form shows each one's countdown. */
    async promotions(): Promise<{ id: number; name: string; titleEl: string; titleEn: string; startsAt: number; softEndAt: number; hardEndAt: number | null; status: string }[]> {
      const rows = await db.select().from(promotions).where(ne(promotions.status, 'ended')).orderBy(asc(promotions.startsAt));
      return rows.map((p) => ({ id: p.id, name: p.name, titleEl: p.titleEl, titleEn: p.titleEn, startsAt: p.startsAt.getTime(), softEndAt: p.softEndAt.getTime(), hardEndAt: p.hardEndAt?.getTime() ?? null, status: p.status }));
    },
  };
}
