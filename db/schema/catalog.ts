// The sellable catalog: countries with VAT, TLDs with per-action prices, products (hosting, servers,
// SSL, add-ons) with per-length prices and options, promotions and storefront banners.
// Every price is integer euro cents without VAT (DESIGN.md).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { domainActions, optionCategories, productFamilies, registryFamilies, storageTypes } from '../../core/catalog';

export { domainActions, optionCategories, productFamilies, registryFamilies, storageTypes };
export type { DomainAction, ProductFamily, RegistryFamily } from '../../core/catalog';

export const countries = sqliteTable('countries', {
  iso2: text('iso2').primaryKey(), // ISO-2, or 'OTHER' (no VAT)
  name: text('name').notNull(), // English name for staff and exports; the UI shows i18n names
  vatCode: text('vat_code').notNull(), // EL for Greece, as VIES writes it
  vatRateBp: integer('vat_rate_bp').notNull(), // 2400 = 24 %, multiplier 1.24
  eu: integer('eu', { mode: 'boolean' }).notNull(),
  phonePrefix: text('phone_prefix').notNull(), // '+30'; '' for OTHER
  sortOrder: integer('sort_order').notNull().default(0),
});


export const tlds = sqliteTable(
  'tlds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tld: text('tld').notNull(), // as shown, without the leading dot: 'gr', 'com.gr', 'ελ'
    asciiTld: text('ascii_tld').notNull(), // punycode form used with registries: 'xn--qxam'
    registry: text('registry', { enum: registryFamilies }).notNull(),
    category: text('category').notNull(), // 'greek', 'european', 'generic', 'new', 'country', 'adult'
    countryIso2: text('country_iso2'), // ccTLDs: the country whose flag the search filter shows
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('tlds_tld_unique').on(t.tld), uniqueIndex('tlds_ascii_unique').on(t.asciiTld)],
);


export const tldPrices = sqliteTable(
  'tld_prices',
  {
    tldId: integer('tld_id').notNull().references(() => tlds.id, { onDelete: 'cascade' }),
    action: text('action', { enum: domainActions }).notNull(),
    lengthMonths: integer('length_months').notNull(),
    priceCents: integer('price_cents').notNull(), // total for the whole length
    promoCents: integer('promo_cents'), // total while promotionId is running
    promotionId: integer('promotion_id').references(() => promotions.id),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0), // RGP setup fee for rgp_restore
  },
  (t) => [primaryKey({ columns: [t.tldId, t.action, t.lengthMonths] })],
);


export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sku: text('sku').notNull(),
    family: text('family', { enum: productFamilies }).notNull(),
    /** The cart item type of spec §3 ('hosting-shared', 'hosting-wp-business', 'hosting-vps-linux', 'ssl', 'id_protect' …). */
    type: text('type').notNull(),
    /** Spec §9 "Server spec configuration sets": linux/windows, greece/germany, france. */
    configSet: text('config_set'),
    nameEl: text('name_el').notNull(),
    nameEn: text('name_en').notNull(),
    summaryEl: text('summary_el').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    monthlyFeeCents: integer('monthly_fee_cents').notNull().default(0),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    /** Feature list shown on plan cards: [{key, value}] where key is an i18n key of the catalog namespace. */
    features: text('features', { mode: 'json' }).$type<{ key: string; value: string | number | boolean }[]>().notNull().default(sql`'[]'`),
    /** SSL and similar: validation type, wildcard, san_domains, vendor_settings {minimum, maximum, domains_per_pack}. */
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    highlighted: integer('highlighted', { mode: 'boolean' }).notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('products_sku_unique').on(t.sku), index('products_family_idx').on(t.family, t.sortOrder)],
);

export const productPrices = sqliteTable(
  'product_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    lengthMonths: integer('length_months').notNull(),
    priceCents: integer('price_cents').notNull(), // total for the whole length
    promoCents: integer('promo_cents'),
    promotionId: integer('promotion_id').references(() => promotions.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lengthMonths] })],
);


export const productOptions = sqliteTable(
  'product_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    category: text('category', { enum: optionCategories }).notNull(),
    /** Option name of spec §3 "Hosting/server option names": cpu, ram, disks, os, control_panel, datacenter … */
    name: text('name').notNull(),
    value: text('value').notNull(), // machine value, e.g. '4', 'debian-12', 'nvme-1tb'
    labelEl: text('label_el').notNull(),
    labelEn: text('label_en').notNull(),
    storageType: text('storage_type', { enum: storageTypes }),
    monthlyCents: integer('monthly_cents').notNull().default(0),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_options_unique').on(t.productId, t.name, t.value)],
);

/** Issue #22: the named attribute set of hosting products (disk, bandwidth, mailboxes); names are unique. */
export const catalogAttributes = sqliteTable(
  'catalog_attributes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    labelEl: text('label_el').notNull(),
    labelEn: text('label_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('catalog_attributes_name_unique').on(t.name)],
);

/** A product's value of an attribute. No cascade from the attribute: one in use cannot be deleted (10013). */
export const productAttributes = sqliteTable(
  'product_attributes',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => catalogAttributes.id),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] }), index('product_attributes_attribute_idx').on(t.attributeId)],
);

export const promotions = sqliteTable('promotions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Spec §3 Promotion: the name contains a numeric id. */
  name: text('name').notNull(),
  titleEl: text('title_el').notNull(),
  titleEn: text('title_en').notNull(),
  /** SKUs or 'tld:<tld>' entries the offer applies to (the offer-conditions list). */
  skus: text('skus', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  /** The advertised end; cron may move it (PromotionAutoRenew) until hardEndAt. */
  softEndAt: integer('soft_end_at', { mode: 'timestamp_ms' }).notNull(),
  hardEndAt: integer('hard_end_at', { mode: 'timestamp_ms' }),
  /** How far cron moves the soft end when it is reached before the hard end. */
  renewDays: integer('renew_days').notNull().default(0),
  status: text('status', { enum: ['scheduled', 'active', 'ended'] }).notNull().default('scheduled'),
});

export const banners = sqliteTable('banners', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  textEl: text('text_el').notNull(),
  textEn: text('text_en').notNull(),
  href: text('href').notNull(),
  tone: text('tone', { enum: ['info', 'offer', 'warning'] }).notNull().default('info'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
});

/**
 * One version per read-cached data set ('catalog'), shared by every isolate (decision 094): a staff
 * change bumps it in its own batch, and a cached entry read under another version is read again.
 */
export const readCacheVersions = sqliteTable('read_cache_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Small shop-wide settings (banner interval …) that staff can change without a deploy. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
