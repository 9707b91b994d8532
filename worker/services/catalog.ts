// Read side of the catalog for the storefront: countries with VAT, TLD prices, products per family,
// the running promotion and the banners. Prices leave here as integer cents without VAT, already
// resolved against the running promotions (core/promotions.ts).
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { resolvePrice, isPromotionRunning, type ResolvedPrice } from '../../core/promotions';
import {
  banners,
  countries,
  productOptions,
  productPrices,
  products,
  promotions,
  settings,
  tldPrices,
  tlds,
  type DomainAction,
  type ProductFamily,
  type RegistryFamily,
} from '../../db/schema';
import type { ServiceDeps } from '.';

export type CountryRow = typeof countries.$inferSelect;
export type LengthPrice = ResolvedPrice & { months: number; setupFeeCents: number };

export type TldPricing = {
  tld: string;
  asciiTld: string;
  registry: RegistryFamily;
  category: string;
  countryIso2: string | null;
  featured: boolean;
  actions: Partial<Record<DomainAction, LengthPrice[]>>;
};

export type ProductOption = {
  id: number;
  category: string;
  name: string;
  value: string;
  label: string;
  storageType: string | null;
  monthlyCents: number;
  isDefault: boolean;
};

export type ProductCard = {
  id: number;
  sku: string;
  family: ProductFamily;
  type: string;
  configSet: string | null;
  name: string;
  summary: string;
  monthlyFeeCents: number;
  setupFeeCents: number;
  features: { key: string; value: string | number | boolean }[];
  settings: Record<string, unknown>;
  highlighted: boolean;
  prices: LengthPrice[];
  options: ProductOption[];
};

export type RunningPromotion = { id: number; name: string; title: string; softEndAt: string; skus: string[] };

type Lang = 'el' | 'en';

export function createCatalogService({ db, now }: ServiceDeps) {
  async function runningPromotions(): Promise<(typeof promotions.$inferSelect)[]> {
    const rows = await db.select().from(promotions).where(ne(promotions.status, 'ended'));
    return rows.filter((p) => isPromotionRunning(p, now));
  }

  return {
    async countries(): Promise<CountryRow[]> {
      return db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.iso2));
    },

    async runningPromotion(lang: Lang): Promise<RunningPromotion | null> {
      const [p] = await runningPromotions();
      if (!p) return null;
      return { id: p.id, name: p.name, title: lang === 'el' ? p.titleEl : p.titleEn, softEndAt: p.softEndAt.toISOString(), skus: p.skus };
    },

    async tldPricing(filter: { featuredOnly?: boolean } = {}): Promise<TldPricing[]> {
      const [tldRows, priceRows, running] = await Promise.all([
        db
          .select()
          .from(tlds)
          .where(filter.featuredOnly ? and(eq(tlds.active, true), eq(tlds.featured, true)) : eq(tlds.active, true))
          .orderBy(asc(tlds.sortOrder), asc(tlds.tld)),
        db.select().from(tldPrices).orderBy(asc(tldPrices.lengthMonths)),
        runningPromotions(),
      ]);
      const runningIds = new Set(running.map((p) => p.id));
      const byTld = new Map<number, TldPricing>();
      for (const t of tldRows) {
        byTld.set(t.id, {
          tld: t.tld,
          asciiTld: t.asciiTld,
          registry: t.registry,
          category: t.category,
          countryIso2: t.countryIso2,
          featured: t.featured,
          actions: {},
        });
      }
      for (const p of priceRows) {
        const entry = byTld.get(p.tldId);
        if (!entry) continue;
        (entry.actions[p.action] ??= []).push({ months: p.lengthMonths, setupFeeCents: p.setupFeeCents, ...resolvePrice(p, runningIds) });
      }
      return [...byTld.values()];
    },

    async productsByFamily(familyList: readonly ProductFamily[], lang: Lang): Promise<ProductCard[]> {
      const rows = await db
        .select()
        .from(products)
        .where(and(inArray(products.family, [...familyList]), eq(products.active, true)))
        .orderBy(asc(products.sortOrder), asc(products.id));
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [priceRows, optionRows, running] = await Promise.all([
        db.select().from(productPrices).where(inArray(productPrices.productId, ids)).orderBy(asc(productPrices.lengthMonths)),
        db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
        runningPromotions(),
      ]);
      const runningIds = new Set(running.map((p) => p.id));
      return rows.map((r) => ({
        id: r.id,
        sku: r.sku,
        family: r.family,
        type: r.type,
        configSet: r.configSet,
        name: lang === 'el' ? r.nameEl : r.nameEn,
        summary: lang === 'el' ? r.summaryEl : r.summaryEn,
        monthlyFeeCents: r.monthlyFeeCents,
        setupFeeCents: r.setupFeeCents,
        features: r.features,
        settings: r.settings,
        highlighted: r.highlighted,
        prices: priceRows
          .filter((p) => p.productId === r.id)
          .map((p) => ({ months: p.lengthMonths, setupFeeCents: r.setupFeeCents, ...resolvePrice(p, runningIds) })),
        options: optionRows
          .filter((o) => o.productId === r.id)
          .map((o) => ({
            id: o.id,
            category: o.category,
            name: o.name,
            value: o.value,
            label: lang === 'el' ? o.labelEl : o.labelEn,
            storageType: o.storageType,
            monthlyCents: o.monthlyCents,
            isDefault: o.isDefault,
          })),
      }));
    },

    /** Real counts for the home page's number counters. */
    async stats(): Promise<{ tlds: number; plans: number; countries: number }> {
      const [[t], [p], [c]] = await Promise.all([
        db.select({ n: count() }).from(tlds).where(eq(tlds.active, true)),
        db.select({ n: count() }).from(products).where(and(eq(products.active, true), ne(products.family, 'addon'))),
        db.select({ n: count() }).from(countries).where(eq(countries.eu, true)),
      ]);
      return { tlds: t?.n ?? 0, plans: p?.n ?? 0, countries: c?.n ?? 0 };
    },

    async banners(lang: Lang): Promise<{ banners: { id: number; slug: string; text: string; href: string; tone: string }[]; intervalMs: number }> {
      const [rows, interval] = await Promise.all([
        db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sortOrder)),
        db.select().from(settings).where(eq(settings.key, 'banner_interval_ms')),
      ]);
      const ms = Number(interval[0]?.value);
      return {
        banners: rows.map((b) => ({ id: b.id, slug: b.slug, text: lang === 'el' ? b.textEl : b.textEn, href: b.href, tone: b.tone })),
        intervalMs: Number.isFinite(ms) && ms >= 2000 ? ms : 7000,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
