// The seed catalog: TLDs with per-action prices, hosting/server/SSL/add-on products with per-length
// prices and options, one running promotion, storefront banners and shop settings.
// Every amount is integer euro cents WITHOUT VAT (DESIGN.md); every price row is the total for its
// whole length. Rows name their parents by natural key (tld, sku, promotion name); seed-catalog.ts
// resolves those to ids.
import { GR_REGISTRATION_MONTHS } from '../../core/lengths';
import type { DomainAction, ProductFamily, RegistryFamily } from '../schema/catalog';

// ───────────────────────────── promotion ─────────────────────────────

/** Spec §3 Promotion: the name carries a numeric id (12). */
export const PROMOTION_NAME = 'Black Friday 2026 #12';

export type PromotionSeed = {
  name: string;
  titleEl: string;
  titleEn: string;
  skus: string[];
  startsAt: Date;
  softEndAt: Date;
  hardEndAt: Date;
  renewDays: number;
  status: 'scheduled' | 'active' | 'ended';
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Promo totals per SKU / 'tld:<tld>' entry, applied to the first length only (register for TLDs). */
export const PROMO_PRICES: Readonly<Record<string, number>> = {
  'tld:gr': 990, // .gr 2 years: 16,00 € → 9,90 €
  'tld:com': 690, // .com 1 year: 10,90 € → 6,90 €
  sha_lin_plus: 299, // 1 month: 5,99 € → 2,99 €
  sha_wp_business_m: 449, // 1 month: 8,99 € → 4,49 €
  vps_lin_m: 999, // 1 month: 14,99 € → 9,99 €
  ssl_dv_basic: 590, // 1 year: 9,90 € → 5,90 €
};

/**
 * The running promotion, dated relative to `now` so that a freshly seeded demo always shows one:
 * started 3 days ago, advertised end in 4 days, hard end in 11 days, moved by 2 days at a time.
 */
export function promotionSeed(now: Date): PromotionSeed {
  const t = now.getTime();
  return {
    name: PROMOTION_NAME,
    titleEl: 'Black Friday: έως -50% σε .gr, .com, φιλοξενία και SSL',
    titleEn: 'Black Friday: up to 50% off .gr, .com, hosting and SSL',
    skus: Object.keys(PROMO_PRICES),
    startsAt: new Date(t - 3 * DAY_MS),
    softEndAt: new Date(t + 4 * DAY_MS),
    hardEndAt: new Date(t + 11 * DAY_MS),
    renewDays: 2,
    status: 'active',
  };
}

// ───────────────────────────── TLDs ─────────────────────────────

export const TLD_CATEGORIES = ['greek', 'european', 'generic', 'new', 'country', 'adult'] as const;
export type TldCategory = (typeof TLD_CATEGORIES)[number];

export type TldSeed = {
  tld: string; // as shown, without the dot
  asciiTld: string; // punycode form for registries
  registry: RegistryFamily;
  category: TldCategory;
  countryIso2: string | null;
  featured: boolean;
  sortOrder: number;
};

export type TldPriceSeed = {
  tld: string;
  action: DomainAction;
  lengthMonths: number;
  priceCents: number;
  promoCents: number | null;
  promotion: string | null; // promotion name, resolved to promotionId
  setupFeeCents: number;
};

type TldPricing = {
  tld: string;
  asciiTld?: string;
  registry: RegistryFamily;
  category: TldCategory;
  country?: string;
  featured?: boolean;
  /** Allowed register/renew lengths in months. */
  lengths: readonly number[];
  /** Price per year of register and renew. */
  registerPerYear: number;
  renewPerYear: number;
  /** Transfer price and the renewal it bundles (gTLDs: 'transfer' with one year; .gr: 'transfer_renew' 24 months). */
  transfer: { action: 'transfer' | 'transfer_renew'; months: number; cents: number };
  /** Registrant change (.gr, .eu, generic gTLDs); undefined where the registry offers none. */
  trade?: { months: number; cents: number };
  /** RGP restore setup fee; the restore itself is charged as a renewal of the first length. */
  rgpFeeCents: number;
};

const YEARS_1_10: readonly number[] = [12, 24, 36, 48, 60, 72, 84, 96, 108, 120];
const ONE_YEAR: readonly number[] = [12];

function greek(tld: string, perYear: number, extra: Partial<TldPricing> = {}): TldPricing {
  const twoYears = perYear * 2;
  return {
    tld,
    registry: 'gr',
    category: 'greek',
    country: 'GR',
    lengths: GR_REGISTRATION_MONTHS,
    registerPerYear: perYear,
    renewPerYear: perYear,
    transfer: { action: 'transfer_renew', months: 24, cents: twoYears },
    trade: { months: 24, cents: 1200 },
    rgpFeeCents: 2500,
    ...extra,
  };
}

function gtld(tld: string, category: TldCategory, register: number, renew: number, extra: Partial<TldPricing> = {}): TldPricing {
  return {
    tld,
    registry: 'generic',
    category,
    lengths: YEARS_1_10,
    registerPerYear: register,
    renewPerYear: renew,
    transfer: { action: 'transfer', months: 12, cents: renew },
    trade: { months: 12, cents: 490 },
    rgpFeeCents: 7900,
    ...extra,
  };
}

function cctld(tld: string, country: string | null, register: number, renew: number, lengths: readonly number[]): TldPricing {
  const pricing: TldPricing = {
    tld,
    registry: 'generic',
    category: 'country',
    lengths,
    registerPerYear: register,
    renewPerYear: renew,
    transfer: { action: 'transfer', months: 12, cents: renew },
    rgpFeeCents: 4900,
  };
  if (country) pricing.country = country;
  return pricing;
}

// Order is the storefront order: Greek first, then European, the big generics, new gTLDs, ccTLDs, adult.
const TLD_PRICING: readonly TldPricing[] = [
  greek('gr', 800, { featured: true }), // 16,00 € per 2 years
  greek('ελ', 250, { asciiTld: 'xn--qxam', featured: true, trade: { months: 24, cents: 500 }, rgpFeeCents: 1500 }),
  greek('com.gr', 600, { featured: true }),
  greek('net.gr', 600),
  greek('org.gr', 600),
  greek('edu.gr', 600),
  {
    tld: 'eu',
    registry: 'eurid',
    category: 'european',
    featured: true,
    lengths: YEARS_1_10,
    registerPerYear: 690,
    renewPerYear: 890,
    transfer: { action: 'transfer', months: 12, cents: 690 },
    trade: { months: 12, cents: 690 },
    rgpFeeCents: 3000,
  },
  {
    tld: 'ευ',
    asciiTld: 'xn--qxa6a',
    registry: 'eurid',
    category: 'european',
    lengths: YEARS_1_10,
    registerPerYear: 690,
    renewPerYear: 890,
    transfer: { action: 'transfer', months: 12, cents: 690 },
    trade: { months: 12, cents: 690 },
    rgpFeeCents: 3000,
  },
  cctld('cy', 'CY', 3990, 3990, ONE_YEAR),
  gtld('com', 'generic', 1090, 1290, { featured: true }),
  gtld('net', 'generic', 1290, 1490, { featured: true }),
  gtld('org', 'generic', 1190, 1390, { featured: true }),
  gtld('info', 'generic', 1590, 1990),
  gtld('biz', 'generic', 1490, 1790),
  gtld('io', 'generic', 3990, 4490, { featured: true, rgpFeeCents: 9900 }),
  gtld('co', 'generic', 2490, 2890),
  gtld('me', 'generic', 1590, 1890),
  gtld('tv', 'generic', 2990, 3290),
  gtld('cc', 'generic', 1190, 1290),
  gtld('online', 'new', 2990, 3290),
  gtld('store', 'new', 3990, 4490),
  gtld('shop', 'new', 2690, 2990),
  gtld('site', 'new', 2490, 2790),
  gtld('tech', 'new', 3990, 4490),
  gtld('app', 'new', 1490, 1690),
  gtld('dev', 'new', 1290, 1490),
  gtld('cloud', 'new', 1990, 2290),
  cctld('de', 'DE', 690, 690, ONE_YEAR),
  cctld('it', 'IT', 790, 790, ONE_YEAR),
  cctld('fr', 'FR', 790, 990, YEARS_1_10),
  cctld('es', 'ES', 790, 990, YEARS_1_10),
  cctld('nl', 'NL', 790, 790, ONE_YEAR),
  cctld('be', 'BE', 790, 790, ONE_YEAR),
  cctld('at', 'AT', 1190, 1190, ONE_YEAR),
  cctld('uk', 'GB', 790, 890, YEARS_1_10),
  {
    tld: 'xxx',
    registry: 'icm',
    category: 'adult',
    lengths: YEARS_1_10,
    registerPerYear: 8900,
    renewPerYear: 8900,
    transfer: { action: 'transfer', months: 12, cents: 8900 },
    rgpFeeCents: 9900,
  },
];

export const TLDS: readonly TldSeed[] = TLD_PRICING.map((p, i) => ({
  tld: p.tld,
  asciiTld: p.asciiTld ?? p.tld,
  registry: p.registry,
  category: p.category,
  countryIso2: p.country ?? null,
  featured: p.featured ?? false,
  sortOrder: (i + 1) * 10,
}));

function tldPriceRows(p: TldPricing): TldPriceSeed[] {
  const rows: TldPriceSeed[] = [];
  const row = (action: DomainAction, lengthMonths: number, priceCents: number, setupFeeCents = 0): TldPriceSeed => ({
    tld: p.tld,
    action,
    lengthMonths,
    priceCents,
    promoCents: null,
    promotion: null,
    setupFeeCents,
  });
  const promo = PROMO_PRICES[`tld:${p.tld}`];
  p.lengths.forEach((months, i) => {
    const r = row('register', months, (p.registerPerYear * months) / 12);
    if (i === 0 && promo !== undefined) {
      r.promoCents = promo;
      r.promotion = PROMOTION_NAME;
    }
    rows.push(r);
  });
  for (const months of p.lengths) rows.push(row('renew', months, (p.renewPerYear * months) / 12));
  rows.push(row(p.transfer.action, p.transfer.months, p.transfer.cents));
  if (p.trade) rows.push(row('trade', p.trade.months, p.trade.cents));
  const first = p.lengths[0]!;
  rows.push(row('rgp_restore', first, (p.renewPerYear * first) / 12, p.rgpFeeCents));
  return rows;
}

export const TLD_PRICES: readonly TldPriceSeed[] = TLD_PRICING.flatMap(tldPriceRows);

// ───────────────────────────── products ─────────────────────────────

/** Keys of the `catalog` i18n namespace under "features."; each may interpolate {{value}}. */
export const FEATURE_KEYS = [
  'disk_gb',
  'disks',
  'traffic_gb',
  'traffic_tb',
  'traffic_unlimited',
  'port_gbps',
  'websites',
  'mailboxes',
  'databases',
  'mssql_databases',
  'asp_net',
  'entry_processes',
  'free_ssl',
  'daily_backup',
  'cpu_cores',
  'cpu_model',
  'ram_gb',
  'ip',
  'control_panel',
  'root_access',
  'windows_license',
  'litespeed_cache',
  'staging',
  'ddos_protection',
  'remote_console',
  'datacenter_greece',
  'datacenter_germany',
  'datacenter_france',
  'setup_hours',
  'support',
  'ssl_validation',
  'ssl_wildcard',
  'ssl_san_domains',
  'ssl_site_seal',
  'ssl_browser_support',
  'id_protect',
  'ssl_installation',
  'ssl_monitoring',
  'ssl_bundled',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
export type Feature = { key: `features.${FeatureKey}`; value: string | number | boolean };

function f(key: FeatureKey, value: string | number | boolean = true): Feature {
  return { key: `features.${key}`, value };
}

export type ProductSeed = {
  sku: string;
  family: ProductFamily;
  /** Cart item type of spec §3. */
  type: string;
  configSet: 'linux' | 'windows' | 'greece' | 'germany' | 'france' | null;
  nameEl: string;
  nameEn: string;
  summaryEl: string;
  summaryEn: string;
  /** The plan's list price per month; 0 for products not billed monthly (SSL, add-ons). */
  monthlyFeeCents: number;
  setupFeeCents: number;
  features: Feature[];
  settings: Record<string, unknown>;
  highlighted: boolean;
  sortOrder: number;
  /** Allowed lengths in months; prices are built from these. */
  lengths: readonly number[];
  /** Explicit totals per length for products not priced from a monthly fee. */
  fixedPrices?: Readonly<Record<number, number>>;
};

export type ProductPriceSeed = {
  sku: string;
  lengthMonths: number;
  priceCents: number;
  promoCents: number | null;
  promotion: string | null;
};

const HOSTING_LENGTHS: readonly number[] = [1, 3, 6, 12, 24, 36];
const SERVER_LENGTHS: readonly number[] = [1, 3, 6, 12];
const SEMI_LENGTHS: readonly number[] = [1, 3, 6, 12, 24];
const MONTH_ONLY: readonly number[] = [1];
const SSL_LENGTHS: readonly number[] = [12, 24];

/** Term discount in percent: paying for longer gets cheaper per month. */
export const TERM_DISCOUNT_PERCENT: Readonly<Record<number, number>> = { 1: 0, 3: 5, 6: 10, 12: 15, 24: 20, 36: 25 };

export function termTotal(monthlyCents: number, months: number): number {
  const pct = TERM_DISCOUNT_PERCENT[months] ?? 0;
  return Math.round((monthlyCents * months * (100 - pct)) / 100);
}

type P = Omit<ProductSeed, 'settings' | 'highlighted' | 'setupFeeCents' | 'configSet'> &
  Partial<Pick<ProductSeed, 'settings' | 'highlighted' | 'setupFeeCents' | 'configSet'>>;

function product(p: P): ProductSeed {
  return { settings: {}, highlighted: false, setupFeeCents: 0, configSet: null, ...p };
}

const sharedCommon = [f('free_ssl'), f('support', '24/7')];

export const PRODUCTS: readonly ProductSeed[] = [
  // Shared Linux
  product({
    sku: 'sha_lin_start',
    family: 'shared_linux',
    type: 'hosting-shared-linux',
    nameEl: 'Linux Start',
    nameEn: 'Linux Start',
    summaryEl: 'Για την πρώτη σας ιστοσελίδα ή το προσωπικό σας blog.',
    summaryEn: 'For your first website or personal blog.',
    monthlyFeeCents: 299,
    features: [f('disk_gb', 10), f('websites', 1), f('mailboxes', 10), f('databases', 5), f('traffic_gb', 100), f('control_panel', 'cPanel'), f('daily_backup', 14), ...sharedCommon],
    sortOrder: 10,
    lengths: HOSTING_LENGTHS,
  }),
  product({
    sku: 'sha_lin_plus',
    family: 'shared_linux',
    type: 'hosting-shared-linux',
    nameEl: 'Linux Plus',
    nameEn: 'Linux Plus',
    summaryEl: 'Η δημοφιλέστερη επιλογή για επιχειρήσεις και e-shop.',
    summaryEn: 'The most popular choice for businesses and online shops.',
    monthlyFeeCents: 599,
    features: [f('disk_gb', 30), f('websites', 5), f('mailboxes', 50), f('databases', 20), f('traffic_unlimited'), f('entry_processes', 30), f('control_panel', 'cPanel'), f('daily_backup', 14), ...sharedCommon],
    highlighted: true,
    sortOrder: 20,
    lengths: HOSTING_LENGTHS,
  }),
  product({
    sku: 'sha_lin_pro',
    family: 'shared_linux',
    type: 'hosting-shared-linux',
    nameEl: 'Linux Pro',
    nameEn: 'Linux Pro',
    summaryEl: 'Περισσότεροι πόροι για απαιτητικούς ιστότοπους, με μηνιαία χρέωση.',
    summaryEn: 'More resources for demanding websites, billed monthly.',
    monthlyFeeCents: 999,
    features: [f('disk_gb', 75), f('websites', 100), f('mailboxes', 500), f('databases', 100), f('traffic_unlimited'), f('entry_processes', 60), f('control_panel', 'cPanel'), f('daily_backup', 30), ...sharedCommon],
    sortOrder: 30,
    lengths: MONTH_ONLY, // spec §9: sha_lin_pro offers only the 1-month length
  }),
  // Shared Windows
  product({
    sku: 'sha_win_start',
    family: 'shared_windows',
    type: 'hosting-shared-windows',
    nameEl: 'Windows Start',
    nameEn: 'Windows Start',
    summaryEl: 'Φιλοξενία ASP.NET με MS SQL για μικρές εφαρμογές.',
    summaryEn: 'ASP.NET hosting with MS SQL for small applications.',
    monthlyFeeCents: 499,
    features: [f('disk_gb', 10), f('websites', 1), f('mailboxes', 10), f('mssql_databases', 1), f('databases', 5), f('asp_net'), f('control_panel', 'Plesk'), f('daily_backup', 14), ...sharedCommon],
    highlighted: true,
    sortOrder: 10,
    lengths: HOSTING_LENGTHS,
  }),
  product({
    sku: 'sha_win_pro',
    family: 'shared_windows',
    type: 'hosting-shared-windows',
    nameEl: 'Windows Pro',
    nameEn: 'Windows Pro',
    summaryEl: 'Για πολλαπλές εφαρμογές .NET, με μηνιαία χρέωση.',
    summaryEn: 'For several .NET applications, billed monthly.',
    monthlyFeeCents: 1299,
    features: [f('disk_gb', 50), f('websites', 10), f('mailboxes', 100), f('mssql_databases', 10), f('databases', 20), f('asp_net'), f('control_panel', 'Plesk'), f('daily_backup', 30), ...sharedCommon],
    sortOrder: 20,
    lengths: MONTH_ONLY, // spec §9: sha_win_pro offers only the 1-month length
  }),
  // WordPress business
  ...(
    [
      ['s', 'S', 599, 15, 1, 'Για ένα site WordPress που μόλις ξεκινά.', 'For one WordPress site that is just starting.'],
      ['m', 'M', 899, 30, 3, 'Για επαγγελματικά sites και WooCommerce.', 'For business sites and WooCommerce.'],
      ['l', 'L', 1299, 60, 10, 'Για agencies και πολλά sites WordPress.', 'For agencies and many WordPress sites.'],
    ] as const
  ).map(([size, label, monthly, disk, sites, el, en], i) =>
    product({
      sku: `sha_wp_business_${size}`,
      family: 'wordpress',
      type: 'hosting-wp-business',
      nameEl: `WordPress Business ${label}`,
      nameEn: `WordPress Business ${label}`,
      summaryEl: el,
      summaryEn: en,
      monthlyFeeCents: monthly,
      features: [f('disk_gb', disk), f('websites', sites), f('mailboxes', sites * 10), f('litespeed_cache'), f('staging'), f('daily_backup', 14), ...sharedCommon],
      highlighted: size === 'm',
      sortOrder: (i + 1) * 10,
      lengths: HOSTING_LENGTHS,
    }),
  ),
  // WordPress enterprise
  ...(
    [
      ['m', 'M', 2499, 4, 8, 100, 25],
      ['l', 'L', 3999, 8, 16, 200, 50],
    ] as const
  ).map(([size, label, monthly, cores, ram, disk, sites], i) =>
    product({
      sku: `sha_wp_enterprise_${size}`,
      family: 'wordpress',
      type: 'hosting-wp-enterprise',
      nameEl: `WordPress Enterprise ${label}`,
      nameEn: `WordPress Enterprise ${label}`,
      summaryEl: 'Αποκλειστικοί πόροι και διαχείριση για sites με μεγάλη κίνηση.',
      summaryEn: 'Dedicated resources and management for high-traffic sites.',
      monthlyFeeCents: monthly,
      features: [f('cpu_cores', cores), f('ram_gb', ram), f('disk_gb', disk), f('websites', sites), f('ip', 1), f('litespeed_cache'), f('staging'), f('daily_backup', 30), f('ssl_bundled', 'SSL OV Business'), ...sharedCommon],
      // A business-validated certificate comes with the plan (a bundle child in the cart, spec §3).
      settings: { bundles: ['ssl_ov'] },
      sortOrder: 100 + (i + 1) * 10,
      lengths: SEMI_LENGTHS,
    }),
  ),
  // Semi-dedicated (France)
  ...(
    [
      ['1', 1999, 4, 8, 150, 50],
      ['2', 2999, 8, 16, 300, 100],
    ] as const
  ).map(([n, monthly, cores, ram, disk, sites], i) =>
    product({
      sku: `semi_fr_${n}`,
      family: 'semi_dedicated',
      type: 'hosting-semi',
      configSet: 'france',
      nameEl: `Semi-Dedicated ${n === '1' ? 'Start' : 'Pro'}`,
      nameEn: `Semi-Dedicated ${n === '1' ? 'Start' : 'Pro'}`,
      summaryEl: 'Λίγοι λογαριασμοί ανά server, εγγυημένοι πόροι, πλήρης διαχείριση.',
      summaryEn: 'Few accounts per server, guaranteed resources, fully managed.',
      monthlyFeeCents: monthly,
      features: [f('cpu_cores', cores), f('ram_gb', ram), f('disk_gb', disk), f('websites', sites), f('traffic_unlimited'), f('control_panel', 'cPanel'), f('daily_backup', 30), f('datacenter_france'), ...sharedCommon],
      highlighted: n === '1',
      sortOrder: (i + 1) * 10,
      lengths: SEMI_LENGTHS,
    }),
  ),
  // Cloud VPS
  ...(
    [
      ['vps_lin_s', 'linux', 'Cloud VPS Linux S', 799, 2, 4, 60, 2],
      ['vps_lin_m', 'linux', 'Cloud VPS Linux M', 1499, 4, 8, 120, 4],
      ['vps_lin_l', 'linux', 'Cloud VPS Linux L', 2799, 8, 16, 240, 8],
      ['vps_win_m', 'windows', 'Cloud VPS Windows M', 2199, 4, 8, 120, 4],
      ['vps_win_l', 'windows', 'Cloud VPS Windows L', 3499, 8, 16, 240, 8],
    ] as const
  ).map(([sku, os, name, monthly, cores, ram, disk, tb], i) =>
    product({
      sku,
      family: 'cloud_vps',
      type: `hosting-vps-${os}`,
      configSet: os,
      nameEl: name,
      nameEn: name,
      summaryEl: os === 'linux' ? 'Δικός σας server με root πρόσβαση και δίσκους NVMe.' : 'Windows Server με άδεια και πρόσβαση Administrator.',
      summaryEn: os === 'linux' ? 'Your own server with root access and NVMe disks.' : 'Licensed Windows Server with Administrator access.',
      monthlyFeeCents: monthly,
      features: [
        f('cpu_cores', cores),
        f('ram_gb', ram),
        f('disk_gb', disk),
        f('traffic_tb', tb),
        f('ip', 1),
        f('root_access'),
        ...(os === 'windows' ? [f('windows_license')] : []),
        f('ddos_protection'),
        f('datacenter_greece'),
      ],
      highlighted: sku === 'vps_lin_m',
      sortOrder: (i + 1) * 10,
      lengths: SERVER_LENGTHS,
    }),
  ),
  // Dedicated servers
  ...(
    [
      ['dedi_gr_e3', 'greece', 'Dedicated GR Xeon E', 'Intel Xeon E-2388G', 8, 32, '2 × 960 GB SSD', 1, 20, 8900, 9900],
      ['dedi_gr_epyc', 'greece', 'Dedicated GR EPYC', 'AMD EPYC 7313P', 16, 128, '2 × 1920 GB NVMe', 10, 50, 18900, 14900],
      ['dedi_de_ryzen', 'germany', 'Dedicated DE Ryzen', 'AMD Ryzen 9 7950X3D', 16, 128, '2 × 1920 GB NVMe', 1, 0, 6900, 4900],
      ['dedi_de_xeon', 'germany', 'Dedicated DE Xeon Gold', 'Intel Xeon Gold 5412U', 24, 256, '2 × 3840 GB NVMe', 1, 0, 11900, 9900],
    ] as const
  ).map(([sku, where, name, cpu, cores, ram, disks, gbps, tb, monthly, setup], i) =>
    product({
      sku,
      family: 'dedicated',
      type: where === 'greece' ? 'hosting-dedi-greece' : 'hosting-dedi',
      configSet: where,
      nameEl: name,
      nameEn: name,
      summaryEl: where === 'greece' ? 'Αποκλειστικός server σε κέντρο δεδομένων στην Αθήνα.' : 'Αποκλειστικός server σε κέντρο δεδομένων στη Γερμανία.',
      summaryEn: where === 'greece' ? 'A dedicated server in a data centre in Athens.' : 'A dedicated server in a data centre in Germany.',
      monthlyFeeCents: monthly,
      setupFeeCents: setup,
      features: [
        f('cpu_model', cpu),
        f('cpu_cores', cores),
        f('ram_gb', ram),
        f('disks', disks),
        f('port_gbps', gbps),
        tb > 0 ? f('traffic_tb', tb) : f('traffic_unlimited'),
        f('ip', 1),
        f('remote_console'),
        f('ddos_protection'),
        f(where === 'greece' ? 'datacenter_greece' : 'datacenter_germany'),
        f('setup_hours', where === 'greece' ? 48 : 24),
      ],
      highlighted: sku === 'dedi_gr_e3',
      sortOrder: (i + 1) * 10,
      lengths: SERVER_LENGTHS,
    }),
  ),
  // SSL certificates
  ...(
    [
      ['ssl_dv_basic', 'SSL DV Basic', 'DV', false, 1, 990, 1790, 'Κρυπτογράφηση και λουκέτο για ένα domain, έκδοση σε λίγα λεπτά.', 'Encryption and the padlock for one domain, issued in minutes.'],
      ['ssl_dv_wildcard', 'SSL DV Wildcard', 'DV', true, 1, 6900, 12900, 'Ένα πιστοποιητικό για το domain και όλα τα subdomains του.', 'One certificate for the domain and all its subdomains.'],
      ['ssl_dv_multi', 'SSL DV Multi-Domain', 'DV', false, 3, 2990, 5490, 'Πολλά domains σε ένα πιστοποιητικό, με επιπλέον domains σε πακέτα.', 'Many domains on one certificate, extra domains in packs.'],
      ['ssl_ov', 'SSL OV Business', 'OV', false, 1, 4900, 8900, 'Επικύρωση της επιχείρησής σας από την αρχή πιστοποίησης.', 'The certificate authority validates your organisation.'],
      ['ssl_ev', 'SSL EV Premium', 'EV', false, 1, 9900, 18900, 'Η υψηλότερη επικύρωση, για τράπεζες και e-shop.', 'The highest validation, for banks and online shops.'],
    ] as const
  ).map(([sku, name, validation, wildcard, sans, y1, y2, el, en], i) => {
    const settings: Record<string, unknown> = { validation_type: validation, wildcard, san_domains: sans };
    // Spec §5 SSL: extra domains are chosen in steps of domains_per_pack from max(min_quantity_required, minimum) to maximum.
    if (sku === 'ssl_dv_multi') settings.vendor_settings = { minimum: 0, maximum: 100, domains_per_pack: 5 };
    if (sku === 'ssl_dv_multi') settings.pack_price_cents_per_year = 1490;
    return product({
      sku,
      family: 'ssl',
      type: 'ssl',
      nameEl: name,
      nameEn: name,
      summaryEl: el,
      summaryEn: en,
      monthlyFeeCents: 0,
      features: [
        f('ssl_validation', validation),
        ...(wildcard ? [f('ssl_wildcard')] : []),
        f('ssl_san_domains', sans),
        ...(validation === 'DV' ? [] : [f('ssl_site_seal')]),
        f('ssl_browser_support'),
      ],
      settings,
      highlighted: sku === 'ssl_dv_basic',
      sortOrder: (i + 1) * 10,
      lengths: SSL_LENGTHS,
      fixedPrices: { 12: y1, 24: y2 },
    });
  }),
  // Add-ons
  product({
    sku: 'id_protect',
    family: 'addon',
    type: 'id_protect',
    nameEl: 'ID Protect',
    nameEn: 'ID Protect',
    summaryEl: 'Κρύβει τα στοιχεία σας από τις δημόσιες αναζητήσεις WHOIS.',
    summaryEn: 'Hides your details from public WHOIS lookups.',
    monthlyFeeCents: 0,
    features: [f('id_protect')],
    highlighted: true,
    sortOrder: 10,
    lengths: [12], // spec §9: its duration cannot be changed
    fixedPrices: { 12: 590 },
  }),
  product({
    sku: 'ssl_install_basic',
    family: 'addon',
    type: 'ssl_installation',
    nameEl: 'Εγκατάσταση SSL',
    nameEn: 'SSL installation',
    summaryEl: 'Εγκαθιστούμε το πιστοποιητικό στον server σας (εφάπαξ).',
    summaryEn: 'We install the certificate on your server (one-off).',
    monthlyFeeCents: 0,
    features: [f('ssl_installation')],
    sortOrder: 20,
    lengths: [12], // one-off service, modelled as a 12-month price
    fixedPrices: { 12: 1900 },
  }),
  product({
    sku: 'ssl_install_wildcard',
    family: 'addon',
    type: 'ssl_installation',
    nameEl: 'Εγκατάσταση SSL Wildcard',
    nameEn: 'Wildcard SSL installation',
    summaryEl: 'Εγκατάσταση wildcard πιστοποιητικού σε όλα τα subdomains (εφάπαξ).',
    summaryEn: 'Installs a wildcard certificate on all subdomains (one-off).',
    monthlyFeeCents: 0,
    features: [f('ssl_installation')],
    sortOrder: 30,
    lengths: [12],
    fixedPrices: { 12: 2900 },
  }),
  product({
    sku: 'ssl_maintenance_basic',
    family: 'addon',
    type: 'ssl_maintenance',
    nameEl: 'Συντήρηση SSL',
    nameEn: 'SSL maintenance',
    summaryEl: 'Παρακολουθούμε, ανανεώνουμε και επανεγκαθιστούμε το πιστοποιητικό κάθε χρόνο.',
    summaryEn: 'We monitor, renew and reinstall the certificate every year.',
    monthlyFeeCents: 0,
    features: [f('ssl_monitoring')],
    sortOrder: 40,
    lengths: [12],
    fixedPrices: { 12: 2400 },
  }),
];

export const PRODUCT_PRICES: readonly ProductPriceSeed[] = PRODUCTS.flatMap((p) =>
  p.lengths.map((months, i) => {
    const priceCents = p.fixedPrices?.[months] ?? termTotal(p.monthlyFeeCents, months);
    const promo = i === 0 ? PROMO_PRICES[p.sku] : undefined;
    return {
      sku: p.sku,
      lengthMonths: months,
      priceCents,
      promoCents: promo ?? null,
      promotion: promo === undefined ? null : PROMOTION_NAME,
    };
  }),
);

// ───────────────────────────── options ─────────────────────────────

export const OPTION_CATEGORIES = ['hardware', 'software', 'management', 'network'] as const;
export type OptionCategory = (typeof OPTION_CATEGORIES)[number];
export type StorageType = 'SSD' | 'NVMe' | 'HDD';

/** Spec §3 "Hosting/server option names", in snake_case. */
export const OPTION_NAMES = [
  'hostname',
  'cpu',
  'additional_cpu',
  'ram',
  'additional_ram',
  'disks',
  'ftp_backup',
  'storage_box',
  'os',
  'control_panel',
  'web_server',
  'raid',
  'bandwidth',
  'private_ipv4',
  'traffic',
  'manufacturer',
  'gpu',
  'datacenter',
  'remote_console',
  'ddos_protection',
  'support',
  'network_ports',
  'io',
  'entry_processes',
  'exclusive_ip',
  'caching_option',
  'domain_name',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

export type ProductOptionSeed = {
  sku: string;
  category: OptionCategory;
  name: OptionName;
  value: string;
  labelEl: string;
  labelEn: string;
  storageType: StorageType | null;
  monthlyCents: number;
  isDefault: boolean;
  sortOrder: number;
};

type Choice = { value: string; el: string; en?: string; cents?: number; storage?: StorageType };

/** One option group: the first choice is the default. */
function group(sku: string, category: OptionCategory, name: OptionName, choices: readonly Choice[]): ProductOptionSeed[] {
  return choices.map((c, i) => ({
    sku,
    category,
    name,
    value: c.value,
    labelEl: c.el,
    labelEn: c.en ?? c.el,
    storageType: c.storage ?? null,
    monthlyCents: c.cents ?? 0,
    isDefault: i === 0,
    sortOrder: (i + 1) * 10,
  }));
}

const NONE: Choice = { value: 'none', el: 'Χωρίς', en: 'None' };

const LINUX_OS: readonly Choice[] = [
  { value: 'debian-12', el: 'Debian 12' },
  { value: 'ubuntu-24.04', el: 'Ubuntu 24.04 LTS' },
  { value: 'almalinux-9', el: 'AlmaLinux 9' },
  { value: 'rocky-9', el: 'Rocky Linux 9' },
];

const SUPPORT = (managedCents: number): Choice[] => [
  { value: 'self', el: 'Αυτοδιαχείριση', en: 'Self-managed' },
  { value: 'managed', el: 'Πλήρης διαχείριση από την ομάδα μας', en: 'Fully managed by our team', cents: managedCents },
];

const FTP_BACKUP: readonly Choice[] = [
  NONE,
  { value: '100', el: '100 GB χώρος FTP backup', en: '100 GB FTP backup space', cents: 300 },
  { value: '500', el: '500 GB χώρος FTP backup', en: '500 GB FTP backup space', cents: 990 },
];

const DDOS = (advancedCents: number): Choice[] => [
  { value: 'basic', el: 'Βασική προστασία DDoS', en: 'Basic DDoS protection' },
  { value: 'advanced', el: 'Προηγμένη προστασία DDoS (L7)', en: 'Advanced DDoS protection (L7)', cents: advancedCents },
];

function vpsOptions(sku: string, os: 'linux' | 'windows', cores: number, ram: number, disk: number, tb: number): ProductOptionSeed[] {
  return [
    ...group(sku, 'hardware', 'cpu', [{ value: String(cores), el: `${cores} vCPU` }]),
    ...group(sku, 'hardware', 'additional_cpu', [
      { value: '0', el: 'Χωρίς επιπλέον', en: 'No extra' },
      { value: '2', el: '+2 vCPU', cents: 600 },
      { value: '4', el: '+4 vCPU', cents: 1100 },
    ]),
    ...group(sku, 'hardware', 'ram', [{ value: String(ram), el: `${ram} GB RAM` }]),
    ...group(sku, 'hardware', 'additional_ram', [
      { value: '0', el: 'Χωρίς επιπλέον', en: 'No extra' },
      { value: '4', el: '+4 GB RAM', cents: 500 },
      { value: '8', el: '+8 GB RAM', cents: 900 },
    ]),
    ...group(sku, 'hardware', 'disks', [
      { value: `nvme-${disk}`, el: `${disk} GB NVMe`, storage: 'NVMe' },
      { value: `nvme-${disk * 2}`, el: `${disk * 2} GB NVMe`, storage: 'NVMe', cents: Math.round(disk * 5) },
      { value: `ssd-${disk * 4}`, el: `${disk * 4} GB SSD`, storage: 'SSD', cents: Math.round(disk * 6) },
    ]),
    ...group(sku, 'hardware', 'storage_box', [
      NONE,
      { value: 'hdd-500', el: 'Storage box 500 GB HDD', storage: 'HDD', cents: 390 },
      { value: 'hdd-1000', el: 'Storage box 1 TB HDD', storage: 'HDD', cents: 690 },
    ]),
    ...group(sku, 'hardware', 'ftp_backup', FTP_BACKUP),
    ...group(
      sku,
      'software',
      'os',
      os === 'linux'
        ? LINUX_OS
        : [
            { value: 'windows-server-2022', el: 'Windows Server 2022 Standard' },
            { value: 'windows-server-2025', el: 'Windows Server 2025 Standard' },
          ],
    ),
    ...group(
      sku,
      'software',
      'control_panel',
      os === 'linux'
        ? [NONE, { value: 'cpanel', el: 'cPanel & WHM', cents: 1690 }, { value: 'plesk', el: 'Plesk Web Admin', cents: 1190 }, { value: 'directadmin', el: 'DirectAdmin', cents: 590 }]
        : [NONE, { value: 'plesk', el: 'Plesk Web Admin', cents: 1190 }],
    ),
    ...group(
      sku,
      'software',
      'web_server',
      os === 'linux'
        ? [{ value: 'apache', el: 'Apache' }, { value: 'nginx', el: 'Nginx' }, { value: 'litespeed', el: 'LiteSpeed Enterprise', cents: 990 }]
        : [{ value: 'iis', el: 'IIS 10' }],
    ),
    ...group(sku, 'management', 'support', SUPPORT(2900)),
    ...group(sku, 'network', 'datacenter', [
      { value: 'athens', el: 'Αθήνα', en: 'Athens' },
      { value: 'frankfurt', el: 'Φρανκφούρτη', en: 'Frankfurt' },
    ]),
    ...group(sku, 'network', 'traffic', [
      { value: `${tb}tb`, el: `${tb} TB μηνιαία κίνηση`, en: `${tb} TB monthly traffic` },
      { value: 'unmetered', el: 'Απεριόριστη κίνηση', en: 'Unmetered traffic', cents: 990 },
    ]),
    ...group(sku, 'network', 'exclusive_ip', [
      { value: '1', el: '1 διεύθυνση IPv4', en: '1 IPv4 address' },
      { value: '2', el: '2 διευθύνσεις IPv4', en: '2 IPv4 addresses', cents: 300 },
      { value: '4', el: '4 διευθύνσεις IPv4', en: '4 IPv4 addresses', cents: 900 },
    ]),
    ...group(sku, 'network', 'private_ipv4', [
      NONE,
      { value: 'vlan', el: 'Ιδιωτικό δίκτυο (VLAN)', en: 'Private network (VLAN)', cents: 200 },
    ]),
    ...group(sku, 'network', 'ddos_protection', DDOS(990)),
  ];
}

type DediSpec = {
  sku: string;
  where: 'greece' | 'germany';
  cpu: string;
  manufacturer: Choice;
  /** [GB, extra cents per month]; the first is the default. */
  ram: readonly (readonly [number, number])[];
  disks: { value: string; el: string; storage: StorageType };
  traffic: Choice;
  gpu: boolean;
};

function dediOptions(d: DediSpec): ProductOptionSeed[] {
  const { sku } = d;
  return [
    ...group(sku, 'hardware', 'cpu', [{ value: d.cpu.toLowerCase().replace(/\s+/g, '-'), el: d.cpu }]),
    ...group(sku, 'hardware', 'manufacturer', [d.manufacturer]),
    ...group(
      sku,
      'hardware',
      'ram',
      d.ram.map(([gb, cents]) => ({ value: String(gb), el: `${gb} GB RAM ECC`, en: `${gb} GB ECC RAM`, cents })),
    ),
    ...group(sku, 'hardware', 'disks', ([
      d.disks,
      { value: '2x3840-nvme', el: '2 × 3840 GB NVMe', storage: 'NVMe', cents: 3500 },
      { value: '2x960-ssd', el: '2 × 960 GB SSD', storage: 'SSD', cents: 0 },
      { value: '2x8000-hdd', el: '2 × 8 TB HDD', storage: 'HDD', cents: 2500 },
    ] as Choice[]).filter((c, i, all) => all.findIndex((x) => x.value === c.value) === i)),
    ...group(sku, 'hardware', 'raid', [
      { value: 'raid1', el: 'RAID 1 (καθρέφτης)', en: 'RAID 1 (mirror)' },
      { value: 'raid0', el: 'RAID 0 (χωρίς πλεονασμό)', en: 'RAID 0 (no redundancy)' },
      { value: 'none', el: 'Χωρίς RAID', en: 'No RAID' },
    ]),
    ...(d.gpu ? group(sku, 'hardware', 'gpu', [NONE, { value: 'nvidia-rtx-4000-ada', el: 'NVIDIA RTX 4000 SFF Ada', cents: 18900 }]) : []),
    ...group(sku, 'hardware', 'storage_box', [
      NONE,
      { value: 'hdd-1000', el: 'Storage box 1 TB HDD', storage: 'HDD', cents: 690 },
      { value: 'hdd-5000', el: 'Storage box 5 TB HDD', storage: 'HDD', cents: 1990 },
    ]),
    ...group(sku, 'hardware', 'ftp_backup', FTP_BACKUP),
    ...group(sku, 'software', 'os', [
      ...LINUX_OS,
      { value: 'proxmox-8', el: 'Proxmox VE 8' },
      { value: 'windows-server-2022', el: 'Windows Server 2022 Standard', cents: 2900 },
    ]),
    ...group(sku, 'software', 'control_panel', [
      NONE,
      { value: 'cpanel', el: 'cPanel & WHM', cents: 3490 },
      { value: 'plesk', el: 'Plesk Web Pro', cents: 2390 },
    ]),
    ...group(sku, 'management', 'support', SUPPORT(4900)),
    ...group(sku, 'management', 'remote_console', [
      { value: 'ipmi', el: 'Κονσόλα IPMI/KVM (περιλαμβάνεται)', en: 'IPMI/KVM console (included)' },
    ]),
    ...group(
      sku,
      'network',
      'datacenter',
      d.where === 'greece'
        ? [{ value: 'athens', el: 'Αθήνα', en: 'Athens' }, { value: 'thessaloniki', el: 'Θεσσαλονίκη', en: 'Thessaloniki' }]
        : [{ value: 'falkenstein', el: 'Φάλκενσταϊν', en: 'Falkenstein' }, { value: 'nuremberg', el: 'Νυρεμβέργη', en: 'Nuremberg' }],
    ),
    ...group(sku, 'network', 'bandwidth', [
      { value: '1gbps', el: '1 Gbps' },
      { value: '10gbps', el: '10 Gbps', cents: 4900 },
    ]),
    ...group(sku, 'network', 'network_ports', [
      { value: '1x1g', el: '1 θύρα 1 Gbps', en: '1 × 1 Gbps port' },
      { value: '2x1g', el: '2 θύρες 1 Gbps', en: '2 × 1 Gbps ports', cents: 1000 },
    ]),
    ...group(sku, 'network', 'traffic', [d.traffic, { value: 'unmetered', el: 'Απεριόριστη κίνηση', en: 'Unmetered traffic', cents: d.traffic.value === 'unmetered' ? 0 : 2900 }].filter((c, i, all) => all.findIndex((x) => x.value === c.value) === i)),
    ...group(sku, 'network', 'exclusive_ip', [
      { value: '1', el: '1 διεύθυνση IPv4', en: '1 IPv4 address' },
      { value: '8', el: 'Υποδίκτυο /29 (8 διευθύνσεις IPv4)', en: '/29 subnet (8 IPv4 addresses)', cents: 1500 },
    ]),
    ...group(sku, 'network', 'private_ipv4', [
      NONE,
      { value: 'vlan', el: 'Ιδιωτικό δίκτυο (VLAN)', en: 'Private network (VLAN)', cents: 500 },
    ]),
    ...group(sku, 'network', 'ddos_protection', DDOS(1990)),
  ];
}

function semiOptions(sku: string): ProductOptionSeed[] {
  return [
    ...group(sku, 'management', 'support', [
      { value: 'standard', el: 'Τυπική υποστήριξη', en: 'Standard support' },
      { value: 'priority', el: 'Υποστήριξη προτεραιότητας', en: 'Priority support', cents: 990 },
    ]),
    ...group(sku, 'hardware', 'ftp_backup', FTP_BACKUP),
    ...group(sku, 'network', 'datacenter', [
      { value: 'gravelines', el: 'Γκραβλίν', en: 'Gravelines' },
      { value: 'roubaix', el: 'Ρουμπαί', en: 'Roubaix' },
    ]),
    ...group(sku, 'network', 'exclusive_ip', [
      { value: '0', el: 'Κοινόχρηστη IPv4', en: 'Shared IPv4' },
      { value: '1', el: '1 αποκλειστική IPv4', en: '1 dedicated IPv4', cents: 300 },
    ]),
  ];
}

const DELL: Choice = { value: 'dell', el: 'Dell PowerEdge' };
const SUPERMICRO: Choice = { value: 'supermicro', el: 'Supermicro' };
const ASUS: Choice = { value: 'asus', el: 'ASUS Server' };

export const PRODUCT_OPTIONS: readonly ProductOptionSeed[] = [
  ...semiOptions('semi_fr_1'),
  ...semiOptions('semi_fr_2'),
  ...vpsOptions('vps_lin_s', 'linux', 2, 4, 60, 2),
  ...vpsOptions('vps_lin_m', 'linux', 4, 8, 120, 4),
  ...vpsOptions('vps_lin_l', 'linux', 8, 16, 240, 8),
  ...vpsOptions('vps_win_m', 'windows', 4, 8, 120, 4),
  ...vpsOptions('vps_win_l', 'windows', 8, 16, 240, 8),
  ...dediOptions({
    sku: 'dedi_gr_e3',
    where: 'greece',
    cpu: 'Intel Xeon E-2388G',
    manufacturer: DELL,
    ram: [[32, 0], [64, 1500], [128, 4500]],
    disks: { value: '2x960-ssd', el: '2 × 960 GB SSD', storage: 'SSD' },
    traffic: { value: '20tb', el: '20 TB μηνιαία κίνηση', en: '20 TB monthly traffic' },
    gpu: false,
  }),
  ...dediOptions({
    sku: 'dedi_gr_epyc',
    where: 'greece',
    cpu: 'AMD EPYC 7313P',
    manufacturer: DELL,
    ram: [[128, 0], [256, 5900], [512, 16900]],
    disks: { value: '2x1920-nvme', el: '2 × 1920 GB NVMe', storage: 'NVMe' },
    traffic: { value: '50tb', el: '50 TB μηνιαία κίνηση', en: '50 TB monthly traffic' },
    gpu: false,
  }),
  ...dediOptions({
    sku: 'dedi_de_ryzen',
    where: 'germany',
    cpu: 'AMD Ryzen 9 7950X3D',
    manufacturer: ASUS,
    ram: [[128, 0], [192, 2900]],
    disks: { value: '2x1920-nvme', el: '2 × 1920 GB NVMe', storage: 'NVMe' },
    traffic: { value: 'unmetered', el: 'Απεριόριστη κίνηση', en: 'Unmetered traffic' },
    gpu: false,
  }),
  ...dediOptions({
    sku: 'dedi_de_xeon',
    where: 'germany',
    cpu: 'Intel Xeon Gold 5412U',
    manufacturer: SUPERMICRO,
    ram: [[256, 0], [512, 9900], [1024, 27900]],
    disks: { value: '2x3840-nvme', el: '2 × 3840 GB NVMe', storage: 'NVMe' },
    traffic: { value: 'unmetered', el: 'Απεριόριστη κίνηση', en: 'Unmetered traffic' },
    gpu: true,
  }),
];

// ───────────────────────────── banners and settings ─────────────────────────────

export type BannerSeed = {
  slug: string;
  textEl: string;
  textEn: string;
  href: string;
  tone: 'info' | 'offer' | 'warning';
  sortOrder: number;
};

export const BANNERS: readonly BannerSeed[] = [
  {
    slug: 'black-friday-domains',
    textEl: 'Black Friday: μεγάλες εκπτώσεις σε .gr και .com, μόνο για λίγες μέρες ακόμη',
    textEn: 'Black Friday: big discounts on .gr and .com, only for a few more days',
    href: '/domains/prices',
    tone: 'offer',
    sortOrder: 10,
  },
  {
    slug: 'wordpress-business',
    textEl: 'WordPress Business φιλοξενία με LiteSpeed, staging και δωρεάν SSL',
    textEn: 'WordPress Business hosting with LiteSpeed, staging and free SSL',
    href: '/hosting/wordpress',
    tone: 'info',
    sortOrder: 20,
  },
  {
    slug: 'ssl-padlock',
    textEl: 'Λείπει το λουκέτο από τον ιστότοπό σας; Πιστοποιητικά SSL με έκδοση σε λίγα λεπτά',
    textEn: 'No padlock on your website? SSL certificates issued in minutes',
    href: '/ssl',
    tone: 'info',
    sortOrder: 30,
  },
];

export type SettingSeed = { key: string; value: string };

export const SETTINGS: readonly SettingSeed[] = [
  { key: 'banner_interval_ms', value: '7000' },
  // Spec §3 Checkout settings (credit_adjustment_box_show): customers with credit may use it at checkout.
  { key: 'checkout_credit_box', value: '1' },
];
