// Idempotent seeding of the catalog: every row is keyed on its natural key and inserted with
// INSERT … ON CONFLICT DO NOTHING, so a second run inserts nothing and changes nothing (not even the
// promotion's dates). Two round-trips: parents plus the id look-ups in one batch, children in a second.
import { asc, eq, getTableColumns, sql, type Table } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { COUNTRIES } from '../../core/countries';
import type { Db } from '../client';
import { banners, countries, productOptions, productPrices, products, promotions, settings, tldPrices, tlds } from '../schema';
import {
  BANNERS,
  PRODUCT_OPTIONS,
  PRODUCT_PRICES,
  PRODUCTS,
  PROMOTION_NAME,
  promotionSeed,
  SETTINGS,
  TLD_PRICES,
  TLDS,
} from './catalog-data';

/** D1 binds at most 100 parameters per statement. */
const D1_MAX_BOUND_PARAMS = 100;

/** Rows per multi-row INSERT: drizzle binds one parameter per column per row at most. */
export function rowsPerInsert(table: Table): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(D1_MAX_BOUND_PARAMS / columns));
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

type Step = { query: BatchItem<'sqlite'>; counts?: string };
type NonEmpty<T> = [T, ...T[]];

/** Inserted rows of a step: RETURNING rows for inserts, `meta.changes` for raw statements. */
function insertedBy(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const changes = (result as { meta?: { changes?: number } } | null)?.meta?.changes;
  return typeof changes === 'number' ? changes : 0;
}

async function runBatch(db: Db, steps: Step[], inserted: Record<string, number>): Promise<unknown[]> {
  if (steps.length === 0) return [];
  const results = (await db.batch(steps.map((s) => s.query) as NonEmpty<BatchItem<'sqlite'>>)) as unknown[];
  steps.forEach((s, i) => {
    if (s.counts) inserted[s.counts] = (inserted[s.counts] ?? 0) + insertedBy(results[i]);
  });
  return results;
}

export async function seedCatalog(db: Db, now: Date = new Date()): Promise<{ inserted: Record<string, number> }> {
  const inserted: Record<string, number> = {
    countries: 0,
    tlds: 0,
    tld_prices: 0,
    products: 0,
    product_prices: 0,
    product_options: 0,
    promotions: 0,
    banners: 0,
    settings: 0,
  };

  // ── round-trip 1: parents, then read back the ids of every parent (new or old) ──
  const parents: Step[] = [];

  const countryRows: (typeof countries.$inferInsert)[] = COUNTRIES.map((c, i) => ({ ...c, sortOrder: (i + 1) * 10 }));
  for (const part of chunks(countryRows, rowsPerInsert(countries))) {
    parents.push({ query: db.insert(countries).values(part).onConflictDoNothing().returning({ k: countries.iso2 }), counts: 'countries' });
  }

  const tldRows: (typeof tlds.$inferInsert)[] = TLDS.map((t) => ({ ...t, active: true }));
  for (const part of chunks(tldRows, rowsPerInsert(tlds))) {
    parents.push({ query: db.insert(tlds).values(part).onConflictDoNothing().returning({ k: tlds.id }), counts: 'tlds' });
  }

  const productRows: (typeof products.$inferInsert)[] = PRODUCTS.map((p) => ({
    sku: p.sku,
    family: p.family,
    type: p.type,
    configSet: p.configSet,
    nameEl: p.nameEl,
    nameEn: p.nameEn,
    summaryEl: p.summaryEl,
    summaryEn: p.summaryEn,
    monthlyFeeCents: p.monthlyFeeCents,
    setupFeeCents: p.setupFeeCents,
    features: p.features,
    settings: p.settings,
    highlighted: p.highlighted,
    sortOrder: p.sortOrder,
    active: true,
  }));
  for (const part of chunks(productRows, rowsPerInsert(products))) {
    parents.push({ query: db.insert(products).values(part).onConflictDoNothing().returning({ k: products.id }), counts: 'products' });
  }

  // promotions has no unique column: insert only when no promotion of that name exists, in one
  // conditional INSERT … SELECT … WHERE NOT EXISTS (D1 has no interactive transactions), so the
  // dates are written once and a second run leaves them alone. The select list follows the table's
  // column order; values go through each column's encoder (Date → ms, string[] → JSON).
  const promo = promotionSeed(now);
  const promoValues: Record<string, unknown> = { ...promo };
  const promoSelect = sql.join(
    Object.entries(getTableColumns(promotions)).map(([key, column]) => (key in promoValues ? sql.param(promoValues[key], column) : sql`null`)),
    sql`, `,
  );
  parents.push({
    query: db
      .insert(promotions)
      .select(sql`select ${promoSelect} where not exists (select 1 from ${promotions} where ${promotions.name} = ${promo.name})`)
      .returning({ k: promotions.id }),
    counts: 'promotions',
  });

  for (const part of chunks(BANNERS, rowsPerInsert(banners))) {
    parents.push({
      query: db
        .insert(banners)
        .values(part.map((b) => ({ ...b, active: true })))
        .onConflictDoNothing()
        .returning({ k: banners.id }),
      counts: 'banners',
    });
  }
  for (const part of chunks(SETTINGS, rowsPerInsert(settings))) {
    parents.push({ query: db.insert(settings).values(part).onConflictDoNothing().returning({ k: settings.key }), counts: 'settings' });
  }

  const lookupsFrom = parents.length;
  parents.push({ query: db.select({ id: tlds.id, tld: tlds.tld }).from(tlds) });
  parents.push({ query: db.select({ id: products.id, sku: products.sku }).from(products) });
  parents.push({
    query: db.select({ id: promotions.id }).from(promotions).where(eq(promotions.name, PROMOTION_NAME)).orderBy(asc(promotions.id)).limit(1),
  });

  const results = await runBatch(db, parents, inserted);
  const tldIds = new Map((results[lookupsFrom] as { id: number; tld: string }[]).map((r) => [r.tld, r.id]));
  const productIds = new Map((results[lookupsFrom + 1] as { id: number; sku: string }[]).map((r) => [r.sku, r.id]));
  const promotionId = (results[lookupsFrom + 2] as { id: number }[])[0]?.id ?? null;

  const tldId = (tld: string): number => {
    const id = tldIds.get(tld);
    if (id === undefined) throw new Error(`seedCatalog: TLD '${tld}' missing after insert`);
    return id;
  };
  const productId = (sku: string): number => {
    const id = productIds.get(sku);
    if (id === undefined) throw new Error(`seedCatalog: product '${sku}' missing after insert`);
    return id;
  };
  const promoLink = (promotion: string | null, promoCents: number | null) =>
    promotion === PROMOTION_NAME && promotionId !== null && promoCents !== null ? { promoCents, promotionId } : { promoCents: null, promotionId: null };

  // ── round-trip 2: children keyed on their parents' ids ──
  const children: Step[] = [];

  const tldPriceRows: (typeof tldPrices.$inferInsert)[] = TLD_PRICES.map((p) => ({
    tldId: tldId(p.tld),
    action: p.action,
    lengthMonths: p.lengthMonths,
    priceCents: p.priceCents,
    setupFeeCents: p.setupFeeCents,
    ...promoLink(p.promotion, p.promoCents),
  }));
  for (const part of chunks(tldPriceRows, rowsPerInsert(tldPrices))) {
    children.push({
      query: db.insert(tldPrices).values(part).onConflictDoNothing().returning({ k: tldPrices.tldId }),
      counts: 'tld_prices',
    });
  }

  const productPriceRows: (typeof productPrices.$inferInsert)[] = PRODUCT_PRICES.map((p) => ({
    productId: productId(p.sku),
    lengthMonths: p.lengthMonths,
    priceCents: p.priceCents,
    ...promoLink(p.promotion, p.promoCents),
  }));
  for (const part of chunks(productPriceRows, rowsPerInsert(productPrices))) {
    children.push({
      query: db.insert(productPrices).values(part).onConflictDoNothing().returning({ k: productPrices.productId }),
      counts: 'product_prices',
    });
  }

  const optionRows: (typeof productOptions.$inferInsert)[] = PRODUCT_OPTIONS.map((o) => ({
    productId: productId(o.sku),
    category: o.category,
    name: o.name,
    value: o.value,
    labelEl: o.labelEl,
    labelEn: o.labelEn,
    storageType: o.storageType,
    monthlyCents: o.monthlyCents,
    isDefault: o.isDefault,
    sortOrder: o.sortOrder,
  }));
  for (const part of chunks(optionRows, rowsPerInsert(productOptions))) {
    children.push({
      query: db.insert(productOptions).values(part).onConflictDoNothing().returning({ k: productOptions.id }),
      counts: 'product_options',
    });
  }

  await runBatch(db, children, inserted);
  return { inserted };
}
