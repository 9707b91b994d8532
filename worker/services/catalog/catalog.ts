// Read side of the catalog for the storefront: countries with VAT, TLD prices, products per family,
// the running promotion and the banners. Prices leave here as integer cents without VAT, already
// resolved against the running promotions (core/promotions.ts).
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { resolvePrice, isPromotionRunning, type ResolvedPrice } from '../../../core/promotions';
import { domainRenewal, type RenewalQuote } from '../../../core/renewal-price';
import {
  banners,
  catalogAttributes,
  countries,
  productAttributes,
  productOptions,
  productPrices,
  products,
  promotions,
  readCacheVersions,
  settings,
  tldPrices,
  tlds,
  type DomainAction,
  type ProductFamily,
  type RegistryFamily,
} from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { CATALOG_VERSION, cachedRead } from '../platform';
import { athensFormat } from '../../../core/date-format';

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
  /** The staff catalogue's attribute values (issue #22): disk, bandwidth, mailboxes … with their label. */
  attributes: { name: string; label: string; value: string }[];
};

export type RunningPromotion = { id: number; name: string; title: string; softEndAt: string; softEndText: string; skus: string[] };

type Lang = 'el' | 'en';

// One formatter per language per isolate (docs/decisions/030), from the one date helper (24-hour clock).
const softEndFormat = (lang: Lang): Intl.DateTimeFormat => athensFormat(lang, { dateStyle: 'long', timeStyle: 'short' });

type PromotionRow = typeof promotions.$inferSelect;
type RequestState = { running: PromotionRow[]; version: number };

// Per request (its ServiceDeps, as request-reads.ts), however many catalog services its loaders and
// services make: the running promotions and the catalogue's shared version, in ONE round trip. Every
// page reads the promotions anyway (the root's offer banner), so the version costs no trip of its own
// (decision 094).
const requestStates = new WeakMap<object, Promise<RequestState>>();

export function createCatalogService(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const scope = env.DB as object;
  function requestState(): Promise<RequestState> {
    let state = requestStates.get(deps);
    if (!state) {
      state = db
        .batch([
          db.select().from(promotions).where(ne(promotions.status, 'ended')),
          db.select({ version: readCacheVersions.version }).from(readCacheVersions).where(eq(readCacheVersions.name, CATALOG_VERSION)),
        ])
        .then(([rows, [v]]) => ({ running: rows.filter((p) => isPromotionRunning(p, now)), version: v?.version ?? 0 }));
      // A failed read is not kept for the request's other readers (they try again).
      state.catch(() => requestStates.delete(deps));
      requestStates.set(deps, state);
    }
    return state;
  }
  const runningPromotions = (): Promise<PromotionRow[]> => requestState().then((s) => s.running);
  /** A read of the shared cache, valid only under the version this request read. */
  async function cached<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T> {
    const { version } = await requestState();
    return cachedRead(scope, key, load, ttlMs, undefined, version);
  }

  const service = {
    async countries(): Promise<CountryRow[]> {
      return cached('countries', () => db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.iso2)));
    },

    async runningPromotion(lang: Lang): Promise<RunningPromotion | null> {
      const [p] = await runningPromotions();
      if (!p) return null;
      const softEndText = softEndFormat(lang).format(p.softEndAt);
      return { id: p.id, name: p.name, title: lang === 'el' ? p.titleEl : p.titleEn, softEndAt: p.softEndAt.toISOString(), softEndText, skus: p.skus };
    },

    /**
     * Spec §4 Promotions: per offer, its conditions list (SKUs or 'tld:<tld>') and whether it runs now.
     * A promotion that exists but does not run shows 'offer no' and base prices in the cart.
     */
    async promotionStates(): Promise<{ skus: string[]; running: boolean }[]> {
      const rows = await cached('promotions:all', () => db.select().from(promotions).where(ne(promotions.status, 'ended')), 30_000);
      return rows.map((p) => ({ skus: p.skus, running: isPromotionRunning(p, now) }));
    },

    async tldPricing(filter: { featuredOnly?: boolean; actions?: DomainAction[] } = {}): Promise<TldPricing[]> {
      const tldWhere = filter.featuredOnly ? and(eq(tlds.active, true), eq(tlds.featured, true)) : eq(tlds.active, true);
      const priceWhere = and(
        filter.featuredOnly ? inArray(tldPrices.tldId, db.select({ id: tlds.id }).from(tlds).where(tldWhere)) : undefined,
        filter.actions ? inArray(tldPrices.action, filter.actions) : undefined,
      );
      const key = `tlds:${filter.featuredOnly ? 'featured' : 'all'}:${(filter.actions ?? []).join(',')}`;
      const [[tldRows, priceRows], running] = await Promise.all([
        cached(key, () =>
          db.batch([
            db.select().from(tlds).where(tldWhere).orderBy(asc(tlds.sortOrder), asc(tlds.tld)),
            db.select().from(tldPrices).where(priceWhere).orderBy(asc(tldPrices.lengthMonths)),
          ]),
        ),
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

    /**
     * What a name under `tld` (display form) renews at, by the one rule of core/renewal-price.ts: the
     * domain page's "renewal price" (issue #25 §1). Null for a TLD not sold or without a renewal price.
     */
    async domainRenewal(tld: string): Promise<RenewalQuote | null> {
      const list = await service.tldPricing({ actions: ['renew'] });
      const entry = list.find((t) => t.tld === tld);
      return entry ? domainRenewal(entry.actions.renew ?? []) : null;
    },

    async productsByFamily(familyList: readonly ProductFamily[], lang: Lang, options: { withOptions?: boolean } = {}): Promise<ProductCard[]> {
      const withOptions = options.withOptions !== false;
      const ofFamilies = db.select({ id: products.id }).from(products).where(inArray(products.family, [...familyList]));
      const key = `products:${[...familyList].sort().join(',')}:${withOptions ? 'options' : 'plain'}`;
      const [[rows, priceRows, optionRows, attributeRows], running] = await Promise.all([
        cached(key, () =>
          db.batch([
            db
              .select()
              .from(products)
              .where(and(inArray(products.family, [...familyList]), eq(products.active, true)))
              .orderBy(asc(products.sortOrder), asc(products.id)),
            db.select().from(productPrices).where(inArray(productPrices.productId, ofFamilies)).orderBy(asc(productPrices.lengthMonths)),
            db
              .select()
              .from(productOptions)
              .where(and(inArray(productOptions.productId, ofFamilies), withOptions ? undefined : sql`0`))
              .orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
            db
              .select({ productId: productAttributes.productId, name: catalogAttributes.name, labelEl: catalogAttributes.labelEl, labelEn: catalogAttributes.labelEn, value: productAttributes.value })
              .from(productAttributes)
              .innerJoin(catalogAttributes, eq(catalogAttributes.id, productAttributes.attributeId))
              .where(inArray(productAttributes.productId, ofFamilies))
              .orderBy(asc(catalogAttributes.sortOrder), asc(catalogAttributes.id)),
          ]),
        ),
        runningPromotions(),
      ]);
      if (rows.length === 0) return [];
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
        attributes: attributeRows.filter((a) => a.productId === r.id).map((a) => ({ name: a.name, label: lang === 'el' ? a.labelEl : a.labelEn, value: a.value })),
      }));
    },

    /** Real counts for the home page's number counters. */
    async stats(): Promise<{ tlds: number; plans: number; countries: number }> {
      const [[t], [p], [c]] = await cached('stats', () =>
        db.batch([
          db.select({ n: count() }).from(tlds).where(eq(tlds.active, true)),
          db.select({ n: count() }).from(products).where(and(eq(products.active, true), ne(products.family, 'addon'))),
          db.select({ n: count() }).from(countries).where(eq(countries.eu, true)),
        ]),
      );
      return { tlds: t?.n ?? 0, plans: p?.n ?? 0, countries: c?.n ?? 0 };
    },

    async banners(lang: Lang): Promise<{ banners: { id: number; slug: string; text: string; href: string; tone: string }[]; intervalMs: number }> {
      const [rows, interval] = await cached('banners', () =>
        db.batch([db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sortOrder)), db.select().from(settings).where(eq(settings.key, 'banner_interval_ms'))]),
      );
      const ms = Number(interval[0]?.value);
      return {
        banners: rows.map((b) => ({ id: b.id, slug: b.slug, text: lang === 'el' ? b.textEl : b.textEn, href: b.href, tone: b.tone })),
        intervalMs: Number.isFinite(ms) && ms >= 2000 ? ms : 7000,
      };
    },
  };
  return service;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
