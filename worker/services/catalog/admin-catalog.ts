// The back office's catalogue (issue #22 §2, spec §5 "Admin catalog"): staff create, edit, hide and
// delete hosting products and keep the attribute set. Each change is ONE D1 batch with its audit row,
// so a change and its record are kept or lost together. Children rows (prices, options, attribute
// values) reach their product through its SKU inside the batch, so a new product needs no second
// round trip. Order lines keep their own prices (order_items.price_cents), so no change here can
// alter an order already placed. After a change, the storefront's read cache of this isolate is
// emptied of products (docs/decisions/064).
import { productTypeFor, type ProductInput } from '../../../core/catalog-admin';
import { ErrorCode } from '../../../core/errors';
import { auditStatement, rawBatch, type Raw } from '../../../db/raw-batch';
import type { ServiceDeps } from '../deps';
import { CATALOG_VERSION, invalidateReads, versionBump } from '../platform';
import { createCatalogAdminReads } from './admin-reads';

export type StaffActor = { userId: number; ip: string | null };
export type CatalogChange = { ok: true; id: number } | { ok: false; code: number; field?: string; params?: Record<string, string> };

/** A UNIQUE index refused the row: the SKU or the name was taken between the check and the save. */
function isUniqueViolation(e: unknown, index: string): boolean {
  const text = String((e as { message?: string; cause?: { message?: string } })?.cause?.message ?? (e as Error)?.message ?? e);
  return text.includes('UNIQUE') && text.includes(index);
}

const PRODUCT_BY_SKU = 'SELECT id FROM products WHERE sku = ?';

/** The rows under a product, written after its own row in the same batch (by SKU). */
function childStatements(input: ProductInput, productId: number | null): Raw[] {
  const out: Raw[] = [];
  if (productId !== null) {
    out.push({ sql: 'DELETE FROM product_prices WHERE product_id = ?', params: [productId] });
    out.push({ sql: 'DELETE FROM product_attributes WHERE product_id = ?', params: [productId] });
    // Options keep their ids (a cart line may name one): upserted below, the ones left out removed.
    const kept = JSON.stringify(input.options.map((o) => `${o.name}|${o.value}`));
    out.push({ sql: "DELETE FROM product_options WHERE product_id = ? AND (name || '|' || value) NOT IN (SELECT value FROM json_each(?))", params: [productId, kept] });
  }
  const hasOffer = input.prices.some((p) => p.promoCents !== null);
  for (const p of input.prices) {
    out.push({
      sql: `INSERT INTO product_prices (product_id, length_months, price_cents, promo_cents, promotion_id) SELECT id, ?, ?, ?, ? FROM products WHERE sku = ?`,
      params: [p.months, p.priceCents, p.promoCents, p.promoCents !== null && hasOffer ? input.promotionId : null, input.sku],
    });
  }
  input.options.forEach((o, i) => {
    out.push({
      sql: `INSERT INTO product_options (product_id, category, name, value, label_el, label_en, monthly_cents, is_default, sort_order)
            SELECT id, ?, ?, ?, ?, ?, ?, 0, ? FROM products WHERE sku = ?
            ON CONFLICT (product_id, name, value) DO UPDATE SET category = excluded.category, label_el = excluded.label_el,
              label_en = excluded.label_en, monthly_cents = excluded.monthly_cents, sort_order = excluded.sort_order`,
      params: [o.category, o.name, o.value, o.labelEl, o.labelEn, o.monthlyCents, i, input.sku],
    });
  });
  for (const [attributeId, value] of input.attributes) {
    out.push({ sql: `INSERT INTO product_attributes (product_id, attribute_id, value) SELECT id, ?, ? FROM products WHERE sku = ?`, params: [attributeId, value, input.sku] });
  }
  return out;
}

/**
 * A promotion lists the SKUs it applies to (the cart's "offer yes/no", spec §4): the SKU leaves every
 * other promotion's list and joins the chosen one when a length has an offer price.
 */
function promotionStatements(sku: string, oldSku: string | null, promotionId: number | null): Raw[] {
  const out: Raw[] = [];
  for (const s of new Set([sku, oldSku ?? sku])) {
    out.push({
      sql: `UPDATE promotions SET skus = (SELECT json_group_array(value) FROM json_each(promotions.skus) WHERE value <> ?)
            WHERE (id IS NOT ? OR ? <> ?) AND EXISTS (SELECT 1 FROM json_each(promotions.skus) WHERE value = ?)`,
      params: [s, promotionId, s, sku, s],
    });
  }
  if (promotionId !== null) {
    out.push({
      sql: `UPDATE promotions SET skus = json_insert(skus, '$[#]', ?) WHERE id = ? AND NOT EXISTS (SELECT 1 FROM json_each(promotions.skus) WHERE value = ?)`,
      params: [sku, promotionId, sku],
    });
  }
  return out;
}

export function createCatalogAdminService({ db, env, now }: ServiceDeps) {
  const reads = createCatalogAdminReads(db);
  const scope = env.DB as object;
  /** The storefront reads products, their counts and the offer lists through the read cache. */
  // The other isolates (decision 094): the shared version moves in the change's own batch, last, so
  // the statements' results keep their places.
  const storefrontBatch = (statements: Raw[]) => rawBatch(db, [...statements, versionBump(CATALOG_VERSION)]);
  const refreshStorefront = () => {
    invalidateReads(scope, 'products:');
    invalidateReads(scope, 'stats');
    invalidateReads(scope, 'promotions:');
  };
  const audit = (actor: StaffActor, action: string, targetId: string | number, detail: Record<string, unknown>, onlyIf?: Raw) =>
    auditStatement({ actorUserId: actor.userId, ip: actor.ip, action, targetType: 'product', targetId, detail, at: now }, onlyIf);

  async function checkPromotion(input: ProductInput): Promise<CatalogChange | null> {
    if (input.promotionId === null) return null;
    const known = (await reads.promotions()).some((p) => p.id === input.promotionId);
    return known ? null : { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'promotion_id' };
  }

  async function attributeIdsKnown(input: ProductInput): Promise<boolean> {
    if (input.attributes.size === 0) return true;
    const ids = new Set((await reads.attributes()).map((a) => a.id));
    return [...input.attributes.keys()].every((id) => ids.has(id));
  }

  return {
    ...reads,

    async createProduct(input: ProductInput, actor: StaffActor): Promise<CatalogChange> {
      if (!(await reads.skuAvailable(input.sku))) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'sku', params: { sku: input.sku } };
      const bad = await checkPromotion(input);
      if (bad) return bad;
      if (!(await attributeIdsKnown(input))) return { ok: false, code: ErrorCode.VALIDATION_ERROR };
      const statements: Raw[] = [
        {
          sql: `INSERT INTO products (sku, family, type, name_el, name_en, summary_el, summary_en, setup_fee_cents, active, sort_order)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(sort_order), 0) + 1 FROM products WHERE family = ?))`,
          params: [input.sku, input.family, productTypeFor(input.family), input.nameEl, input.nameEn, input.summaryEl, input.summaryEn, input.setupFeeCents, input.active ? 1 : 0, input.family],
        },
        ...childStatements(input, null),
        ...promotionStatements(input.sku, null, input.prices.some((p) => p.promoCents !== null) ? input.promotionId : null),
      ];
      statements.push({
        sql: `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, detail, ip, created_at) SELECT ?, 'catalog.product_created', 'product', id, ?, ?, ? FROM products WHERE sku = ?`,
        params: [actor.userId, JSON.stringify(detailOf(input)), actor.ip, now.getTime(), input.sku],
      });
      try {
        await storefrontBatch(statements);
      } catch (e) {
        if (isUniqueViolation(e, 'products.sku')) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'sku', params: { sku: input.sku } };
        throw e;
      }
      refreshStorefront();
      const [row] = await db.$client.prepare(PRODUCT_BY_SKU).bind(input.sku).all<{ id: number }>().then((r) => r.results);
      return { ok: true, id: row!.id };
    },

    async updateProduct(id: number, input: ProductInput, actor: StaffActor): Promise<CatalogChange> {
      const current = await reads.product(id);
      if (!current) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION };
      if (input.sku !== current.sku) {
        // Order lines name the product by SKU: a sold product keeps its SKU.
        if (current.sold > 0) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED_ON_PRODUCT, field: 'sku' };
        if (!(await reads.skuAvailable(input.sku, id))) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'sku', params: { sku: input.sku } };
      }
      const bad = await checkPromotion(input);
      if (bad) return bad;
      if (!(await attributeIdsKnown(input))) return { ok: false, code: ErrorCode.VALIDATION_ERROR };
      const statements: Raw[] = [
        {
          sql: `UPDATE products SET sku = ?, family = ?, type = ?, name_el = ?, name_en = ?, summary_el = ?, summary_en = ?, setup_fee_cents = ?, active = ? WHERE id = ?`,
          params: [input.sku, input.family, productTypeFor(input.family), input.nameEl, input.nameEn, input.summaryEl, input.summaryEn, input.setupFeeCents, input.active ? 1 : 0, id],
        },
        ...childStatements(input, id),
        ...promotionStatements(input.sku, current.sku, input.prices.some((p) => p.promoCents !== null) ? input.promotionId : null),
        audit(actor, 'catalog.product_updated', id, {
          ...detailOf(input),
          before: { sku: current.sku, active: current.active, setupFeeCents: current.setupFeeCents, prices: current.prices.map((p) => ({ months: p.lengthMonths, priceCents: p.priceCents, promoCents: p.promoCents })) },
        }),
      ];
      try {
        await storefrontBatch(statements);
      } catch (e) {
        if (isUniqueViolation(e, 'products.sku')) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'sku', params: { sku: input.sku } };
        throw e;
      }
      refreshStorefront();
      return { ok: true, id };
    },

    /** Hide (any product, sold or not) or show again (only a configured one: 10005). */
    async setActive(id: number, active: boolean, actor: StaffActor): Promise<CatalogChange> {
      const current = await reads.product(id);
      if (!current) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION };
      const priced = 'EXISTS (SELECT 1 FROM product_prices WHERE product_id = ? AND price_cents > 0)';
      const [changed] = await storefrontBatch([
        active
          ? { sql: `UPDATE products SET active = 1 WHERE id = ? AND active = 0 AND ${priced}`, params: [id, id] }
          : { sql: 'UPDATE products SET active = 0 WHERE id = ? AND active = 1', params: [id] },
        audit(actor, active ? 'catalog.product_shown' : 'catalog.product_hidden', id, { sku: current.sku }, { sql: 'changes() > 0', params: [] }),
      ]);
      if (!changed?.meta.changes) {
        if (active && !current.active) return { ok: false, code: ErrorCode.CATALOG_PRODUCT_REQUIRES_CONFIGURATION };
        return { ok: true, id };
      }
      refreshStorefront();
      return { ok: true, id };
    },

    /** Only a product never sold: order lines and documents name it (10019 otherwise; hide it instead). */
    async deleteProduct(id: number, actor: StaffActor): Promise<CatalogChange> {
      const current = await reads.product(id);
      if (!current) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION };
      if (current.sold > 0) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED_ON_PRODUCT };
      const gone = { sql: 'NOT EXISTS (SELECT 1 FROM products WHERE id = ?)', params: [id] };
      const [deleted] = await storefrontBatch([
        // Conditional again in the statement: an order placed since the read keeps its product.
        { sql: 'DELETE FROM products WHERE id = ? AND NOT EXISTS (SELECT 1 FROM order_items WHERE order_items.sku = products.sku)', params: [id] },
        ...promotionStatements(current.sku, null, null).map((s) => ({ sql: `${s.sql} AND ${gone.sql}`, params: [...s.params, id] })),
        audit(actor, 'catalog.product_deleted', id, { sku: current.sku }, gone),
      ]);
      if (!deleted?.meta.changes) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED_ON_PRODUCT };
      refreshStorefront();
      return { ok: true, id };
    },

    async createAttribute(input: { name: string; labelEl: string; labelEn: string }, actor: StaffActor): Promise<CatalogChange> {
      if (!(await reads.attributeNameAvailable(input.name))) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'name', params: { name: input.name } };
      try {
        await rawBatch(db, [
          {
            sql: 'INSERT INTO catalog_attributes (name, label_el, label_en, sort_order) VALUES (?, ?, ?, (SELECT coalesce(max(sort_order), 0) + 1 FROM catalog_attributes))',
            params: [input.name, input.labelEl, input.labelEn],
          },
          {
            sql: `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, detail, ip, created_at) SELECT ?, 'catalog.attribute_created', 'attribute', id, ?, ?, ? FROM catalog_attributes WHERE name = ?`,
            params: [actor.userId, JSON.stringify(input), actor.ip, now.getTime(), input.name],
          },
        ]);
      } catch (e) {
        if (isUniqueViolation(e, 'catalog_attributes.name')) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'name', params: { name: input.name } };
        throw e;
      }
      const [row] = (await db.$client.prepare('SELECT id FROM catalog_attributes WHERE name = ?').bind(input.name).all<{ id: number }>()).results;
      return { ok: true, id: row!.id };
    },

    /** 10013 while a product has a value for it: the statement itself checks, so a race cannot orphan values. */
    async deleteAttribute(id: number, actor: StaffActor): Promise<CatalogChange> {
      const attribute = (await reads.attributes()).find((a) => a.id === id);
      if (!attribute) return { ok: false, code: ErrorCode.UNRECOGNIZED_ACTION };
      const [deleted] = await storefrontBatch([
        { sql: 'DELETE FROM catalog_attributes WHERE id = ? AND NOT EXISTS (SELECT 1 FROM product_attributes WHERE attribute_id = ?)', params: [id, id] },
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'catalog.attribute_deleted', targetType: 'attribute', targetId: id, detail: { name: attribute.name }, at: now },
          { sql: 'NOT EXISTS (SELECT 1 FROM catalog_attributes WHERE id = ?)', params: [id] },
        ),
      ]);
      if (!deleted?.meta.changes) return { ok: false, code: ErrorCode.ATTRIBUTE_DELETE_FAILED_ATTACH_PRODUCTS, params: { name: attribute.name } };
      refreshStorefront();
      return { ok: true, id };
    },
  };
}

function detailOf(input: ProductInput): Record<string, unknown> {
  return {
    sku: input.sku,
    family: input.family,
    active: input.active,
    setupFeeCents: input.setupFeeCents,
    prices: input.prices,
    promotionId: input.promotionId,
    options: input.options.map((o) => `${o.category}:${o.name}=${o.value}+${o.monthlyCents}`),
    attributes: Object.fromEntries(input.attributes),
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
