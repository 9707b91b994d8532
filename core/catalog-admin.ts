// The back office's catalogue rules (issue #22 §2, spec §5 "Admin catalog", §8 10005–10019): what a
// SKU and an attribute name look like, which lengths and prices a hosting product may have, and what
// makes a product "configured" (sellable). The staff form is read here into one input, so the route,
// the service and the tests share one reading of it. Prices are typed in euros and kept as cents.
import { readEuroAmount } from './amounts';
import type { ProductFamily } from './catalog';
import { ErrorCode } from './errors';

/** The families a hosting product of the staff catalogue may be in (the storefront's hosting pages). */
export const HOSTING_FAMILIES = ['shared_linux', 'shared_windows', 'wordpress', 'semi_dedicated', 'cloud_vps', 'dedicated'] as const satisfies readonly ProductFamily[];
export type HostingFamily = (typeof HOSTING_FAMILIES)[number];

/** The cart item type (spec §3) of a family's products; the provisioner reads it. */
const TYPE_OF_FAMILY: Record<HostingFamily, string> = {
  shared_linux: 'hosting-shared-linux',
  shared_windows: 'hosting-shared-windows',
  wordpress: 'hosting-wp-business',
  semi_dedicated: 'hosting-semi',
  cloud_vps: 'hosting-vps-linux',
  dedicated: 'hosting-dedicated',
};

export function isHostingFamily(value: string): value is HostingFamily {
  return (HOSTING_FAMILIES as readonly string[]).includes(value);
}

export function productTypeFor(family: HostingFamily): string {
  return TYPE_OF_FAMILY[family];
}

/** The lengths a hosting product may be sold for (spec §9): months below a year, then whole years. */
export const PRODUCT_LENGTHS = [1, 3, 6, 12, 24, 36, 48, 60, 120] as const;
/** The columns the staff products list sorts by. */
export const PRODUCT_SORTS = ['sku', 'name', 'family', 'id'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The products list's own filters (the list and its CSV export read the same address). */
export function parseProductFilters(params: URLSearchParams): { family: HostingFamily | null; state: 'active' | 'hidden' | null } {
  const family = params.get('family') ?? '';
  const state = params.get('state');
  return { family: isHostingFamily(family) ? family : null, state: state === 'active' || state === 'hidden' ? state : null };
}

export const OPTION_CATEGORIES = ['hardware', 'software', 'management', 'network'] as const;

/**
 * A SKU: lower-case Latin letters, digits, '_' and '-', starting with a letter, 3 to 40 characters.
 * It travels in cart items, order lines and promotion lists, so it is kept to what URLs and CSV carry
 * without escaping, and one case only (two SKUs differing in case would look taken to a person).
 */
export const SKU_PATTERN = /^[a-z][a-z0-9_-]{2,39}$/;
export function isValidSku(sku: string): boolean {
  return SKU_PATTERN.test(sku);
}

/** An attribute name: a machine word (disk, bandwidth, mailboxes), 2 to 40 characters. */
export const ATTRIBUTE_NAME_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export function isValidAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME_PATTERN.test(name);
}

/** The most one length of a product may cost (a dedicated server for ten years stays well below). */
export const MAX_PRICE_CENTS = 10_000_000;

export type PriceLine = { months: number; priceCents: number; promoCents: number | null };
export type OptionLine = { category: (typeof OPTION_CATEGORIES)[number]; name: string; value: string; labelEl: string; labelEn: string; monthlyCents: number };
export type ProductInput = {
  sku: string;
  family: HostingFamily;
  nameEl: string;
  nameEn: string;
  summaryEl: string;
  summaryEn: string;
  setupFeeCents: number;
  active: boolean;
  prices: PriceLine[];
  promotionId: number | null;
  options: OptionLine[];
  /** Attribute id → value; an empty value means "not set" and is left out. */
  attributes: Map<number, string>;
};

/** A message of the admincatalog namespace with its parameters, shown next to its field. */
export type FieldError = { key: string; params?: Record<string, string | number> };
export type ProductFormResult = { ok: true; value: ProductInput } | { ok: false; errors: Record<string, FieldError>; code: number };

/** A product can be sold once it has at least one length with a price (spec §8 10005). */
export function isConfigured(p: Pick<ProductInput, 'prices'>): boolean {
  return p.prices.some((l) => l.priceCents > 0);
}

/**
 * The form as posted: repeated fields (price_months, price_amount, price_promo; opt_*) are read in
 * order; a row left wholly blank is ignored. Field errors are keyed by the field name, a repeated
 * field's by `name.index`. The code is 10009 for an unknown family, 10005 for a product to be shown
 * with no price, 10010 for an option listed twice, otherwise 1001-style validation (VALIDATION_ERROR).
 */
export function readProductForm(form: { get(name: string): unknown; getAll(name: string): unknown[] }, attributeIds: readonly number[]): ProductFormResult {
  const text = (name: string, max = 200) => String(form.get(name) ?? '').trim().slice(0, max);
  const all = (name: string) => form.getAll(name).map((v) => String(v ?? '').trim());
  const errors: Record<string, FieldError> = {};
  let code: number = ErrorCode.VALIDATION_ERROR;

  const sku = text('sku', 60);
  if (!sku) errors.sku = { key: 'errors.required' };
  else if (!isValidSku(sku)) errors.sku = { key: 'errors.sku_format' };
  const familyRaw = text('family', 40);
  if (!isHostingFamily(familyRaw)) {
    errors.family = { key: 'errors.family_unknown' };
    code = ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND;
  }
  const nameEl = text('name_el', 120);
  const nameEn = text('name_en', 120);
  if (!nameEl) errors.name_el = { key: 'errors.required' };
  if (!nameEn) errors.name_en = { key: 'errors.required' };
  const money = (field: string, raw: string, allowZero: boolean): number | null => {
    const r = readEuroAmount(raw);
    if (!r.ok || r.cents < (allowZero ? 0 : 1) || r.cents > MAX_PRICE_CENTS) {
      errors[field] = { key: 'errors.amount' };
      return null;
    }
    return r.cents;
  };
  const setupRaw = text('setup_fee', 20);
  const setupFeeCents = setupRaw ? (money('setup_fee', setupRaw, true) ?? 0) : 0;

  const months = all('price_months');
  const amounts = all('price_amount');
  const promos = all('price_promo');
  const prices: PriceLine[] = [];
  const seenMonths = new Set<number>();
  for (let i = 0; i < Math.max(months.length, amounts.length); i++) {
    const m = months[i] ?? '';
    const a = amounts[i] ?? '';
    const pr = promos[i] ?? '';
    if (!a && !pr) continue;
    const length = Number(m);
    if (!(PRODUCT_LENGTHS as readonly number[]).includes(length)) {
      errors[`price_months.${i}`] = { key: 'errors.length' };
      continue;
    }
    if (seenMonths.has(length)) {
      errors[`price_months.${i}`] = { key: 'errors.length_twice' };
      continue;
    }
    seenMonths.add(length);
    const priceCents = money(`price_amount.${i}`, a, false);
    const promoCents = pr ? money(`price_promo.${i}`, pr, false) : null;
    if (priceCents === null) continue;
    // An offer is a lower price: a "promotion" at or above the base price would show a struck-out
    // price lower than the one charged.
    if (promoCents !== null && promoCents >= priceCents) {
      errors[`price_promo.${i}`] = { key: 'errors.promo_not_lower' };
      continue;
    }
    prices.push({ months: length, priceCents, promoCents });
  }
  prices.sort((x, y) => x.months - y.months);

  const promotionRaw = text('promotion_id', 12);
  const promotionId = promotionRaw ? Number(promotionRaw) : null;
  if (promotionId !== null && !(Number.isInteger(promotionId) && promotionId > 0)) errors.promotion_id = { key: 'errors.promotion_unknown' };
  if (promotionId === null && prices.some((p) => p.promoCents !== null)) errors.promotion_id = { key: 'errors.promotion_needed' };

  const options: OptionLine[] = [];
  const cats = all('opt_category');
  const names = all('opt_name');
  const values = all('opt_value');
  const labelsEl = all('opt_label_el');
  const labelsEn = all('opt_label_en');
  const optPrices = all('opt_price');
  const seenOptions = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const [name, value, labelEl, labelEn, priceRaw] = [names[i] ?? '', values[i] ?? '', labelsEl[i] ?? '', labelsEn[i] ?? '', optPrices[i] ?? ''];
    if (!name && !value && !labelEl && !labelEn && !priceRaw) continue;
    const category = cats[i] ?? '';
    if (!(OPTION_CATEGORIES as readonly string[]).includes(category)) {
      errors[`opt_category.${i}`] = { key: 'errors.option_category' };
      code = ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND;
      continue;
    }
    if (!isValidAttributeName(name)) errors[`opt_name.${i}`] = { key: 'errors.option_name' };
    if (!value || value.length > 60) errors[`opt_value.${i}`] = { key: 'errors.required' };
    if (!labelEl || !labelEn) errors[`opt_label_el.${i}`] = { key: 'errors.required' };
    const monthlyCents = priceRaw ? money(`opt_price.${i}`, priceRaw, true) : 0;
    const key = `${name}\u0000${value}`;
    if (seenOptions.has(key)) {
      errors[`opt_value.${i}`] = { key: 'errors.option_twice' };
      code = ErrorCode.DEDICATED_EXTRA_DETAIL_ALREADY_EXISTS;
    }
    seenOptions.add(key);
    if (monthlyCents === null) continue;
    options.push({ category: category as OptionLine['category'], name, value, labelEl: labelEl.slice(0, 120), labelEn: labelEn.slice(0, 120), monthlyCents });
  }

  const attributes = new Map<number, string>();
  for (const id of attributeIds) {
    const v = text(`attr_${id}`, 120);
    if (v) attributes.set(id, v);
  }
  const active = form.get('active') === 'on' || form.get('active') === '1';

  if (Object.keys(errors).length > 0) return { ok: false, errors, code };
  const value: ProductInput = {
    sku,
    family: familyRaw as HostingFamily,
    nameEl,
    nameEn,
    summaryEl: text('summary_el', 300),
    summaryEn: text('summary_en', 300),
    setupFeeCents,
    active,
    prices,
    promotionId,
    options,
    attributes,
  };
  // A product shown on the storefront must be sellable: with no price it cannot go in a cart.
  if (active && !isConfigured(value)) return { ok: false, errors: { price_amount: { key: 'errors.needs_price' } }, code: ErrorCode.CATALOG_PRODUCT_REQUIRES_CONFIGURATION };
  return { ok: true, value };
}
