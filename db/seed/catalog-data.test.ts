import { GR_REGION_IDS } from '../../core/greek-regions';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../core/countries';
import elCatalog from '../../i18n/el/catalog.json';
import enCatalog from '../../i18n/en/catalog.json';
import elCountries from '../../i18n/el/countries.json';
import enCountries from '../../i18n/en/countries.json';
import {
  BANNERS,
  FEATURE_KEYS,
  OPTION_NAMES,
  PRODUCT_OPTIONS,
  PRODUCT_PRICES,
  PRODUCTS,
  PROMO_PRICES,
  PROMOTION_NAME,
  promotionSeed,
  SETTINGS,
  TLD_CATEGORIES,
  TLD_PRICES,
  TLDS,
} from './catalog-data';
import { rowsPerInsert } from './seed-catalog';
import { productOptions, products, tldPrices } from '../schema';

const EXPECTED_TLDS: Record<string, string[]> = {
  gr: ['gr', 'com.gr', 'net.gr', 'org.gr', 'edu.gr', 'ελ'],
  eurid: ['eu', 'ευ'],
  icm: ['xxx'],
  generic: [
    'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'online', 'store', 'shop', 'site', 'tech', 'app', 'dev', 'cloud',
    'me', 'tv', 'cc', 'de', 'it', 'fr', 'es', 'nl', 'be', 'at', 'cy', 'uk',
  ],
};
const GR_FAMILY = EXPECTED_TLDS.gr!;

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

const bySku = new Map(PRODUCTS.map((p) => [p.sku, p]));
const pricesOf = (sku: string) => PRODUCT_PRICES.filter((p) => p.sku === sku);

describe('TLDs', () => {
  it('holds every TLD of the list with its registry family, once', () => {
    for (const [registry, list] of Object.entries(EXPECTED_TLDS)) {
      for (const tld of list) expect(TLDS.find((t) => t.tld === tld)?.registry, tld).toBe(registry);
    }
    expect(TLDS).toHaveLength(Object.values(EXPECTED_TLDS).flat().length);
    expect(new Set(TLDS.map((t) => t.tld)).size).toBe(TLDS.length);
    expect(new Set(TLDS.map((t) => t.asciiTld)).size).toBe(TLDS.length);
  });

  it('uses punycode for the Greek-script TLDs and ASCII elsewhere', () => {
    expect(TLDS.find((t) => t.tld === 'ελ')?.asciiTld).toBe('xn--qxam');
    expect(TLDS.find((t) => t.tld === 'ευ')?.asciiTld).toBe('xn--qxa6a');
    for (const t of TLDS) expect(t.asciiTld).toMatch(/^[a-z0-9.-]+$/);
  });

  it('maps ccTLDs to countries of the VAT list only', () => {
    const isos = new Set(COUNTRIES.map((c) => c.iso2));
    const country = (tld: string) => TLDS.find((t) => t.tld === tld)?.countryIso2;
    expect(country('gr')).toBe('GR');
    expect(country('ελ')).toBe('GR');
    expect(country('uk')).toBe('GB');
    expect(country('cy')).toBe('CY');
    expect(country('eu')).toBeNull();
    for (const tld of ['io', 'co', 'me', 'tv', 'cc', 'com']) expect(country(tld), tld).toBeNull();
    for (const t of TLDS) if (t.countryIso2) expect(isos.has(t.countryIso2), t.tld).toBe(true);
  });

  it('uses known categories and lists the Greek TLDs first', () => {
    for (const t of TLDS) expect(TLD_CATEGORIES).toContain(t.category);
    const sorted = [...TLDS].sort((a, b) => a.sortOrder - b.sortOrder);
    expect(sorted.slice(0, GR_FAMILY.length).every((t) => t.category === 'greek')).toBe(true);
    expect(sorted[0]!.tld).toBe('gr');
    expect(TLDS.find((t) => t.tld === 'xxx')?.category).toBe('adult');
    for (const tld of ['gr', 'ελ', 'com', 'eu', 'com.gr']) expect(TLDS.find((t) => t.tld === tld)?.featured, tld).toBe(true);
  });

  it('offers the .gr family in even years only, 2 to 10, for register and renew', () => {
    for (const tld of GR_FAMILY) {
      for (const action of ['register', 'renew'] as const) {
        const lengths = TLD_PRICES.filter((p) => p.tld === tld && p.action === action).map((p) => p.lengthMonths);
        expect(lengths, `${tld} ${action}`).toEqual([24, 48, 72, 96, 120]);
      }
      expect(TLD_PRICES.some((p) => p.tld === tld && p.action === 'transfer_renew' && p.lengthMonths === 24), tld).toBe(true);
      expect(TLD_PRICES.some((p) => p.tld === tld && p.action === 'transfer'), tld).toBe(false);
    }
  });

  it('gives every TLD register, renew, a transfer and an RGP restore at the first length', () => {
    for (const t of TLDS) {
      const rows = TLD_PRICES.filter((p) => p.tld === t.tld);
      const register = rows.filter((p) => p.action === 'register');
      expect(register.length, t.tld).toBeGreaterThan(0);
      expect(rows.filter((p) => p.action === 'renew').map((p) => p.lengthMonths)).toEqual(register.map((p) => p.lengthMonths));
      expect(rows.filter((p) => p.action === 'transfer' || p.action === 'transfer_renew'), t.tld).toHaveLength(1);
      const rgp = rows.filter((p) => p.action === 'rgp_restore');
      expect(rgp, t.tld).toHaveLength(1);
      expect(rgp[0]!.lengthMonths).toBe(register[0]!.lengthMonths);
      expect(rgp[0]!.setupFeeCents).toBeGreaterThan(0);
      for (const p of rows) if (p.action !== 'rgp_restore') expect(p.setupFeeCents).toBe(0);
      for (const p of rows) if (p.lengthMonths >= 12) expect(p.lengthMonths % 12, t.tld).toBe(0);
    }
  });

  it('offers generic gTLD transfers with one bundled year and trades for .gr, .eu and gTLDs', () => {
    const com = TLD_PRICES.filter((p) => p.tld === 'com');
    expect(com.find((p) => p.action === 'transfer')?.lengthMonths).toBe(12);
    for (const tld of ['gr', 'eu', 'com']) expect(TLD_PRICES.some((p) => p.tld === tld && p.action === 'trade'), tld).toBe(true);
    expect(TLD_PRICES.some((p) => p.tld === 'xxx' && p.action === 'trade')).toBe(false);
  });

  it('has no duplicate (tld, action, length) rows', () => {
    const keys = TLD_PRICES.map((p) => `${p.tld}|${p.action}|${p.lengthMonths}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('prices in plausible net ranges', () => {
    const price = (tld: string, action: string, months: number) =>
      TLD_PRICES.find((p) => p.tld === tld && p.action === action && p.lengthMonths === months)?.priceCents;
    expect(price('gr', 'register', 24)).toBeGreaterThanOrEqual(1500);
    expect(price('gr', 'register', 24)).toBeLessThanOrEqual(1800);
    expect(price('com.gr', 'register', 24)).toBeLessThan(price('gr', 'register', 24)!);
    expect(price('com', 'register', 12)).toBe(1090);
    expect(price('io', 'register', 12)).toBe(3990);
    expect(price('xxx', 'register', 12)).toBe(8900);
    expect(price('ελ', 'register', 24)).toBe(500);
    expect(price('com', 'register', 120)).toBe(10900);
  });
});

describe('products', () => {
  it('holds the listed SKUs', () => {
    const expected = [
      'sha_lin_start', 'sha_lin_plus', 'sha_lin_pro', 'sha_win_start', 'sha_win_pro',
      'sha_wp_business_s', 'sha_wp_business_m', 'sha_wp_business_l', 'sha_wp_enterprise_m', 'sha_wp_enterprise_l',
      'semi_fr_1', 'semi_fr_2', 'vps_lin_s', 'vps_lin_m', 'vps_lin_l', 'vps_win_m', 'vps_win_l',
      'dedi_gr_e3', 'dedi_gr_epyc', 'dedi_de_ryzen', 'dedi_de_xeon',
      'ssl_dv_basic', 'ssl_dv_wildcard', 'ssl_ov', 'ssl_ev', 'ssl_dv_multi',
      'id_protect', 'ssl_install_basic', 'ssl_install_wildcard', 'ssl_maintenance_basic',
    ];
    expect([...PRODUCTS.map((p) => p.sku)].sort()).toEqual([...expected].sort());
  });

  it('offers sha_lin_pro and sha_win_pro for 1 month only', () => {
    expect(pricesOf('sha_lin_pro').map((p) => p.lengthMonths)).toEqual([1]);
    expect(pricesOf('sha_win_pro').map((p) => p.lengthMonths)).toEqual([1]);
    expect(pricesOf('sha_lin_start').map((p) => p.lengthMonths)).toEqual([1, 3, 6, 12, 24, 36]);
  });

  it('gives every product at least one price and whole years from 12 months', () => {
    for (const p of PRODUCTS) {
      const rows = pricesOf(p.sku);
      expect(rows.length, p.sku).toBeGreaterThan(0);
      for (const r of rows) if (r.lengthMonths >= 12) expect(r.lengthMonths % 12, p.sku).toBe(0);
    }
    expect(pricesOf('id_protect').map((p) => p.lengthMonths)).toEqual([12]);
    expect(pricesOf('ssl_maintenance_basic').map((p) => p.lengthMonths)).toEqual([12]);
    for (const p of PRODUCTS.filter((x) => x.family === 'ssl')) expect(pricesOf(p.sku).map((r) => r.lengthMonths)).toEqual([12, 24]);
  });

  it('makes longer terms cheaper per month', () => {
    for (const p of PRODUCTS.filter((x) => x.monthlyFeeCents > 0)) {
      const rows = pricesOf(p.sku);
      expect(rows[0]!.priceCents, p.sku).toBe(p.monthlyFeeCents * rows[0]!.lengthMonths);
      for (let i = 1; i < rows.length; i++) {
        expect(rows[i]!.priceCents / rows[i]!.lengthMonths, p.sku).toBeLessThan(rows[i - 1]!.priceCents / rows[i - 1]!.lengthMonths);
      }
    }
  });

  it('uses cart item types of spec §3 and the configuration sets of spec §9', () => {
    for (const p of PRODUCTS.filter((x) => x.family === 'cloud_vps')) {
      expect(p.type, p.sku).toContain('vps');
      expect(['linux', 'windows']).toContain(p.configSet);
    }
    for (const p of PRODUCTS.filter((x) => x.family === 'dedicated')) {
      expect(p.type, p.sku).toContain('dedi');
      expect(['greece', 'germany']).toContain(p.configSet);
      expect(p.setupFeeCents, p.sku).toBeGreaterThan(0);
    }
    for (const p of PRODUCTS.filter((x) => x.family === 'semi_dedicated')) {
      expect(p.type).toContain('semi');
      expect(p.configSet).toBe('france');
    }
    expect(bySku.get('sha_wp_business_l')?.type).toBe('hosting-wp-business');
    expect(bySku.get('sha_wp_enterprise_m')?.type).toBe('hosting-wp-enterprise');
    expect(bySku.get('id_protect')?.type).toBe('id_protect');
    expect(bySku.get('ssl_install_basic')?.type).toBe('ssl_installation');
    expect(bySku.get('ssl_maintenance_basic')?.type).toBe('ssl_maintenance');
  });

  it('highlights exactly one product per family', () => {
    const families = new Set(PRODUCTS.map((p) => p.family));
    for (const family of families) {
      expect(PRODUCTS.filter((p) => p.family === family && p.highlighted), family).toHaveLength(1);
    }
  });

  it('describes SSL validation in settings', () => {
    for (const p of PRODUCTS.filter((x) => x.family === 'ssl')) {
      expect(['DV', 'OV', 'EV']).toContain(p.settings.validation_type);
      expect(typeof p.settings.wildcard).toBe('boolean');
      expect(typeof p.settings.san_domains).toBe('number');
    }
    expect(bySku.get('ssl_dv_wildcard')?.settings.wildcard).toBe(true);
    expect(bySku.get('ssl_dv_multi')?.settings).toMatchObject({
      validation_type: 'DV',
      vendor_settings: { minimum: expect.any(Number), maximum: expect.any(Number), domains_per_pack: expect.any(Number) },
    });
  });

  it('has Greek and English names', () => {
    for (const p of PRODUCTS) {
      expect(p.nameEl.length, p.sku).toBeGreaterThan(0);
      expect(p.nameEn.length, p.sku).toBeGreaterThan(0);
      expect(p.summaryEl.length, p.sku).toBeGreaterThan(0);
      expect(p.summaryEn.length, p.sku).toBeGreaterThan(0);
    }
  });
});

describe('amounts', () => {
  it('are non-negative integer cents everywhere', () => {
    const amounts = [
      ...TLD_PRICES.flatMap((p) => [p.priceCents, p.setupFeeCents, p.promoCents ?? 0]),
      ...PRODUCT_PRICES.flatMap((p) => [p.priceCents, p.promoCents ?? 0]),
      ...PRODUCTS.flatMap((p) => [p.monthlyFeeCents, p.setupFeeCents]),
      ...PRODUCT_OPTIONS.map((o) => o.monthlyCents),
    ];
    for (const a of amounts) {
      expect(Number.isSafeInteger(a), String(a)).toBe(true);
      expect(a).toBeGreaterThanOrEqual(0);
    }
    for (const p of [...TLD_PRICES, ...PRODUCT_PRICES]) expect(p.lengthMonths).toBeGreaterThan(0);
  });
});

describe('i18n', () => {
  it('has every feature key in both catalog.json files', () => {
    const used = new Set(PRODUCTS.flatMap((p) => p.features.map((f) => f.key)));
    for (const key of [...used, ...FEATURE_KEYS.map((k) => `features.${k}`)]) {
      expect(typeof lookup(elCatalog, key), `el ${key}`).toBe('string');
      expect(typeof lookup(enCatalog, key), `en ${key}`).toBe('string');
    }
  });

  it('has every option name and category in both catalog.json files', () => {
    for (const name of [...OPTION_NAMES, ...PRODUCT_OPTIONS.map((o) => o.name)]) {
      expect(typeof lookup(elCatalog, `options.${name}`), `el ${name}`).toBe('string');
      expect(typeof lookup(enCatalog, `options.${name}`), `en ${name}`).toBe('string');
    }
    for (const category of new Set(PRODUCT_OPTIONS.map((o) => o.category))) {
      expect(typeof lookup(elCatalog, `categories.${category}`)).toBe('string');
      expect(typeof lookup(enCatalog, `categories.${category}`)).toBe('string');
    }
  });

  it('names registries, TLD categories, families, storage types and validation types in both languages', () => {
    const keys = [
      ...Object.keys(EXPECTED_TLDS).map((r) => `registries.${r}`),
      ...TLD_CATEGORIES.map((c) => `categories_tld.${c}`),
      ...new Set(PRODUCTS.flatMap((p) => [`families.${p.family}.title`, `families.${p.family}.description`])),
      'storage_types.SSD', 'storage_types.NVMe', 'storage_types.HDD',
      'ssl_validation.DV.title', 'ssl_validation.OV.title', 'ssl_validation.EV.title', 'promotion.badge',
    ];
    for (const key of keys) {
      expect(typeof lookup(elCatalog, key), `el ${key}`).toBe('string');
      expect(typeof lookup(enCatalog, key), `en ${key}`).toBe('string');
    }
  });

  it('names every country in both countries.json files', () => {
    for (const c of COUNTRIES) {
      expect(typeof (elCountries as unknown as Record<string, string>)[c.iso2], c.iso2).toBe('string');
      expect(typeof (enCountries as unknown as Record<string, string>)[c.iso2], c.iso2).toBe('string');
    }
    expect(elCountries.OTHER).toBe('Άλλη χώρα (χωρίς ΦΠΑ)');
    expect(enCountries.OTHER).toBe('Other country (no VAT)');
  });

  it('names every region of Greece in both languages', () => {
    for (const id of GR_REGION_IDS) {
      expect(elCountries.gr_regions[id], id).toBeTruthy();
      expect(enCountries.gr_regions[id], id).toBeTruthy();
    }
  });
});

describe('options', () => {
  it('has exactly one default per (product, option name)', () => {
    const groups = new Map<string, number>();
    for (const o of PRODUCT_OPTIONS) {
      const k = `${o.sku}|${o.name}`;
      groups.set(k, (groups.get(k) ?? 0) + (o.isDefault ? 1 : 0));
    }
    for (const [k, defaults] of groups) expect(defaults, k).toBe(1);
  });

  it('is unique per (product, name, value) and belongs to known products', () => {
    const keys = PRODUCT_OPTIONS.map((o) => `${o.sku}|${o.name}|${o.value}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const o of PRODUCT_OPTIONS) expect(bySku.has(o.sku), o.sku).toBe(true);
  });

  it('configures every cloud VPS and dedicated server, with storage types on disks', () => {
    for (const p of PRODUCTS.filter((x) => x.family === 'cloud_vps' || x.family === 'dedicated')) {
      const names = new Set(PRODUCT_OPTIONS.filter((o) => o.sku === p.sku).map((o) => o.name));
      for (const n of ['cpu', 'ram', 'disks', 'os', 'datacenter', 'support']) expect(names.has(n as never), `${p.sku} ${n}`).toBe(true);
    }
    for (const o of PRODUCT_OPTIONS.filter((x) => x.name === 'disks')) expect(['SSD', 'NVMe', 'HDD']).toContain(o.storageType);
    expect(PRODUCT_OPTIONS.some((o) => o.category === 'management')).toBe(true);
    expect(PRODUCT_OPTIONS.some((o) => o.sku.startsWith('semi_'))).toBe(true);
  });
});

describe('promotion', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const day = 24 * 60 * 60 * 1000;

  it('is dated relative to now and running', () => {
    const p = promotionSeed(now);
    expect(p.startsAt.getTime()).toBe(now.getTime() - 3 * day);
    expect(p.softEndAt.getTime()).toBe(now.getTime() + 4 * day);
    expect(p.hardEndAt.getTime()).toBe(now.getTime() + 11 * day);
    expect(p.renewDays).toBe(2);
    expect(p.status).toBe('active');
    const later = promotionSeed(new Date(now.getTime() + 30 * day));
    expect(later.startsAt.getTime() - p.startsAt.getTime()).toBe(30 * day);
  });

  it('carries a numeric id in its name and lists SKUs and tld: entries', () => {
    expect(PROMOTION_NAME).toMatch(/\d+/);
    const { skus } = promotionSeed(now);
    expect(skus).toContain('tld:gr');
    expect(skus).toContain('tld:com');
    for (const s of skus) {
      if (s.startsWith('tld:')) expect(TLDS.some((t) => t.tld === s.slice(4)), s).toBe(true);
      else expect(bySku.has(s), s).toBe(true);
    }
  });

  it('puts promo prices below the list price on the first length of each offered item only', () => {
    const promoted = [...TLD_PRICES, ...PRODUCT_PRICES].filter((p) => p.promoCents !== null);
    expect(promoted).toHaveLength(Object.keys(PROMO_PRICES).length);
    for (const p of promoted) {
      expect(p.promotion).toBe(PROMOTION_NAME);
      expect(p.promoCents!).toBeLessThan(p.priceCents);
    }
    const gr = TLD_PRICES.find((p) => p.tld === 'gr' && p.action === 'register' && p.lengthMonths === 24);
    expect(gr?.promoCents).toBe(PROMO_PRICES['tld:gr']);
    expect(pricesOf('sha_lin_plus')[0]!.promoCents).toBe(PROMO_PRICES.sha_lin_plus);
    expect(pricesOf('sha_lin_plus')[1]!.promoCents).toBeNull();
  });
});

describe('banners and settings', () => {
  it('links to existing pages and sets the rotation interval', () => {
    expect(BANNERS).toHaveLength(3);
    expect(BANNERS.map((b) => b.href).sort()).toEqual(['/domains/prices', '/hosting/wordpress', '/ssl']);
    expect(new Set(BANNERS.map((b) => b.slug)).size).toBe(3);
    expect(SETTINGS.find((s) => s.key === 'banner_interval_ms')?.value).toBe('7000');
  });
});

describe('seedCatalog statements (recording D1, no database)', () => {
  type Recorded = { sql: string; params: unknown[] };

  /** Answers the id look-ups from the seed data; records every statement of every batch. */
  function recordingD1() {
    const batches: Recorded[][] = [];
    const rowsFor = (query: string): Record<string, unknown>[] => {
      if (/^select .* from "tlds"/.test(query)) return TLDS.map((t, i) => ({ id: i + 1, tld: t.tld }));
      if (/^select .* from "products"/.test(query)) return PRODUCTS.map((p, i) => ({ id: i + 1, sku: p.sku }));
      if (/^select .* from "promotions"/.test(query)) return [{ id: 7 }];
      return [];
    };
    const statement = (query: string, params: unknown[] = []) => ({
      sql: query,
      params,
      bind: (...p: unknown[]) => statement(query, p),
    });
    const d1 = {
      prepare: (query: string) => statement(query),
      batch: async (stmts: Recorded[]) => {
        batches.push(stmts.map((s) => ({ sql: s.sql, params: s.params })));
        return stmts.map((s) => ({ results: rowsFor(s.sql), success: true, meta: { changes: 0 } }));
      },
    };
    return { d1, batches };
  }

  it('uses two batches, at most 100 bound parameters per statement, and conflict-free inserts', async () => {
    const { createDb } = await import('../client');
    const { seedCatalog } = await import('./seed-catalog');
    const { d1, batches } = recordingD1();
    const now = new Date('2026-11-27T10:00:00Z');
    const { inserted } = await seedCatalog(createDb(d1 as unknown as D1Database), now);

    expect(batches).toHaveLength(2);
    const all = batches.flat();
    for (const s of all) expect(s.params.length, s.sql.slice(0, 60)).toBeLessThanOrEqual(100);
    for (const s of all.filter((x) => x.sql.startsWith('insert'))) {
      expect(/on conflict do nothing|where not exists/.test(s.sql), s.sql.slice(0, 60)).toBe(true);
    }
    // Every data row reaches an insert: count rows by the tuples in each VALUES list.
    const rowsInto = (table: string) =>
      all
        .filter((s) => s.sql.startsWith(`insert into "${table}"`))
        .reduce((n, s) => n + (s.sql.match(/\), \(/g)?.length ?? 0) + 1, 0);
    expect(rowsInto('countries')).toBe(COUNTRIES.length);
    expect(rowsInto('tlds')).toBe(TLDS.length);
    expect(rowsInto('tld_prices')).toBe(TLD_PRICES.length);
    expect(rowsInto('products')).toBe(PRODUCTS.length);
    expect(rowsInto('product_prices')).toBe(PRODUCT_PRICES.length);
    expect(rowsInto('product_options')).toBe(PRODUCT_OPTIONS.length);

    // The promotion is inserted once, dated from `now`, and linked to the promo prices.
    const promo = all.find((s) => s.sql.startsWith('insert into "promotions"'))!;
    expect(promo.params).toContain(now.getTime() - 3 * 24 * 60 * 60 * 1000);
    expect(promo.params).toContain(PROMOTION_NAME);
    expect(Object.keys(inserted).sort()).toEqual(
      ['banners', 'countries', 'product_options', 'product_prices', 'products', 'promotions', 'settings', 'tld_prices', 'tlds'],
    );
    expect(rowsPerInsert(tldPrices)).toBe(Math.floor(100 / 7));
    expect(rowsPerInsert(productOptions)).toBeGreaterThan(1);
    expect(rowsPerInsert(products)).toBeGreaterThan(1);
  });
});
