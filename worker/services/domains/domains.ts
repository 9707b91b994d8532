// Domain search, availability, favourites and transfer checks (issue #4 §4–5). A search is planned in
// core/domains (keyword → names per TLD and suggestions), then checked with one registry call per
// family, in parallel, with a minute-long cache of answers (domainSearchCache) in front. Each family's
// answer is a promise of its own, so the page streams results as each registry answers.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { RegistryFamily } from '../../../core/catalog';
import { ErrorCode } from '../../../core/errors';
import { asciiFqdnFor, registryKeyFor } from '../../../core/domains/keys';
import { domainToAscii, domainToUnicode } from '../../../core/domains/punycode';
import { displayLabel, labelAllowedForTld, parseDomain, parseKeyword } from '../../../core/domains/names';
import { elRequirement } from '../../../core/domains/registry-rules';
import { suggestLabels } from '../../../core/domains/suggestions';
import { domainRenewal, type RenewalQuote } from '../../../core/renewal-price';
import { domainFavourites, domains, domainSearchCache, registrySettings } from '../../../db/schema';
import { RegistryError, type CheckAnswer, type RegistryPort } from '../../adapters/registry/port';
import { WhoisError, type WhoisRecord } from '../../adapters/whois/port';
import { createSandboxWhois } from '../../adapters/whois/sandbox';
import type { ServiceDeps } from '../deps';
import { createCatalogService, type LengthPrice, type TldPricing } from '../catalog';
import { createRateLimitService } from '../platform';

/** domainSearchCache: an answer is reused for a minute; anything sold is checked again first. */
export const SEARCH_CACHE_MS = 60_000;
/** Suggested names are checked under these TLDs (the busiest), besides the searched one. */
export const SUGGESTION_TLDS = ['gr', 'com', 'eu'] as const;
export const MAX_SUGGESTIONS = 6;
const CACHE_READ_CHUNK = 90;

export type ResultStatus = 'available' | 'registered' | 'reserved' | 'redemption' | 'error';

export type SearchResult = {
  fqdn: string;
  asciiFqdn: string;
  label: string;
  tld: string;
  family: RegistryFamily;
  category: string;
  countryIso2: string | null;
  kind: 'exact' | 'tld' | 'suggestion';
  status: ResultStatus;
  /** 26000 maintenance or 30010 check failed, when status is 'error'. */
  errorCode?: number;
  premium: boolean;
  /** The first allowed length's registration price (cents without VAT), or the premium quote. */
  price: { months: number; totalCents: number; baseCents: number; onPromo: boolean } | null;
  /** What it renews at after the first period (core/renewal-price.ts), shown beside the price (issue #25 §1). */
  renewal: RenewalQuote | null;
  /** .ελ: the customer does not hold the matching .gr (spec §5 ".ελ domains"). */
  requiresGr: boolean;
};

type Candidate = Omit<SearchResult, 'status' | 'errorCode' | 'premium' | 'price' | 'renewal' | 'requiresGr'> & { key: string; registerPrices: LengthPrice[]; renewPrices: LengthPrice[] };

export type SearchPlan = {
  keyword: string;
  label: string;
  tld: string | null;
  exact: string | null;
  total: number;
  families: RegistryFamily[];
};

/** 429: the visitor's (or everyone's) quota towards the registries or WHOIS is used up (issue #10 §4). */
export type QuotaRefusal = { ok: false; code: 429; retryAfter: number };

/**
 * Who a call is made for: a caller acting for a visitor (a page, the API) passes the visitor's address,
 * which the upstream quotas count; internal callers (tests, cron) pass nothing and are not counted.
 */
export type QuotaSubject = { ip?: string | null };

export type TransferCheck =
  | QuotaRefusal
  | { ok: false; code: number; fqdn?: string }
  | {
      ok: true;
      fqdn: string;
      asciiFqdn: string;
      family: RegistryFamily;
      locked: boolean;
      redemption: boolean;
      expiresAt: string;
      action: 'transfer' | 'transfer_renew';
      price: { months: number; totalCents: number; baseCents: number; onPromo: boolean };
    };

export type SearchOutcome =
  | QuotaRefusal
  | { ok: false; code: number }
  | { ok: true; plan: SearchPlan; byFamily: Record<string, Promise<SearchResult[]>>; calls: () => number };

function cachedAnswer(value: Record<string, unknown>): CheckAnswer | null {
  return typeof value.available === 'boolean' && typeof value.name === 'string' ? (value as unknown as CheckAnswer) : null;
}

export function createDomainService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const catalog = createCatalogService(deps);
  const limits = createRateLimitService(deps);

  async function quota(kind: 'domain_search' | 'domain_check' | 'whois', who: QuotaSubject): Promise<QuotaRefusal | null> {
    if (!who.ip) return null;
    const hit = await limits.quota(kind, who.ip);
    return hit.allowed ? null : { ok: false, code: 429, retryAfter: hit.retryAfter };
  }

  async function pricing(): Promise<TldPricing[]> {
    return (await catalog.tldPricing({ actions: ['register', 'renew', 'transfer', 'transfer_renew'] })).filter((t) => (t.actions.register?.length ?? 0) > 0);
  }

  async function ownedGrKeys(userId: number | null): Promise<string[]> {
    if (!userId) return [];
    const rows = await db.select({ key: domains.registryKey, tld: domains.tld }).from(domains).where(and(eq(domains.userId, userId), eq(domains.tld, 'gr')));
    return rows.map((r) => r.key.slice(0, -'.gr'.length));
  }

  async function readCache(names: string[]): Promise<Map<string, CheckAnswer>> {
    const out = new Map<string, CheckAnswer>();
    const fresh = new Date(now.getTime() - SEARCH_CACHE_MS);
    for (let i = 0; i < names.length; i += CACHE_READ_CHUNK) {
      const rows = await db
        .select()
        .from(domainSearchCache)
        .where(and(inArray(domainSearchCache.asciiFqdn, names.slice(i, i + CACHE_READ_CHUNK)), gt(domainSearchCache.checkedAt, fresh)));
      for (const r of rows) {
        const a = cachedAnswer(r.result);
        if (a) out.set(r.asciiFqdn, a);
      }
    }
    return out;
  }

  async function writeCache(answers: CheckAnswer[]) {
    if (!answers.length) return;
    const rows = answers.map((a) => ({ asciiFqdn: a.name, result: a as unknown as Record<string, unknown>, checkedAt: now }));
    for (let i = 0; i < rows.length; i += 30) {
      await db
        .insert(domainSearchCache)
        .values(rows.slice(i, i + 30))
        .onConflictDoUpdate({ target: domainSearchCache.asciiFqdn, set: { result: sql`excluded.result`, checkedAt: sql`excluded.checked_at` } });
    }
  }

  function toResult(c: Candidate, answer: CheckAnswer | undefined, error: number | null, owned: string[]): SearchResult {
    const { key: _key, registerPrices, renewPrices, ...base } = c;
    const first = registerPrices[0];
    const requiresGr = c.tld === 'ελ' && elRequirement(c.label, owned) !== null;
    if (error !== null || !answer) return { ...base, status: 'error', errorCode: error ?? ErrorCode.DOMAIN_CHECK_FAILED, premium: false, price: null, renewal: null, requiresGr };
    const status: ResultStatus = answer.available ? 'available' : (answer.reason ?? 'registered');
    // A name that cannot be bought has no price to show (nor to sort or filter by).
    if (!answer.available) return { ...base, status, premium: false, price: null, renewal: null, requiresGr };
    const renewal = domainRenewal(renewPrices, { premiumRenewYearCents: answer.premium?.renewCents ?? null });
    if (answer.premium) {
      // A premium quote is per year; the first allowed length is charged at that rate.
      const months = first?.months ?? 12;
      const total = Math.round((answer.premium.registerCents * months) / 12);
      return { ...base, status, premium: true, price: { months, totalCents: total, baseCents: total, onPromo: false }, renewal, requiresGr };
    }
    return {
      ...base,
      status,
      premium: false,
      price: first ? { months: first.months, totalCents: first.totalCents, baseCents: first.baseCents, onPromo: first.onPromo } : null,
      renewal,
      requiresGr,
    };
  }

  return {
    /**
     * Plans and starts a search. The registry calls begin at once, one per family; the caller awaits
     * each family's promise (streamed to the page) or all of them.
     */
    async search(input: string, options: { userId?: number | null; suggestions?: boolean } & QuotaSubject = {}): Promise<SearchOutcome> {
      const tldList = await pricing();
      const known = tldList.map((t) => t.tld);
      const parsed = parseKeyword(input, known);
      if (!parsed.ok) return { ok: false, code: parsed.code };
      const label = displayLabel(parsed.label);
      const byTld = new Map(tldList.map((t) => [t.tld, t]));
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      const add = (l: string, t: TldPricing, kind: Candidate['kind']) => {
        if (labelAllowedForTld(l, t.tld) !== null) return;
        const ascii = asciiFqdnFor(l, t.tld);
        if (seen.has(ascii)) return;
        seen.add(ascii);
        candidates.push({
          fqdn: `${displayLabel(l)}.${t.tld}`,
          asciiFqdn: ascii,
          label: displayLabel(l),
          tld: t.tld,
          family: t.registry,
          category: t.category,
          countryIso2: t.countryIso2,
          kind,
          key: registryKeyFor(l, t.tld),
          registerPrices: t.actions.register ?? [],
          renewPrices: t.actions.renew ?? [],
        });
      };
      if (parsed.tld) {
        const exactTld = byTld.get(parsed.tld);
        if (!exactTld) return { ok: false, code: ErrorCode.NO_TLD };
        // A name typed in full must be a valid registrable name under its TLD.
        const full = parseDomain(`${parsed.label}.${parsed.tld}`, known);
        if (!full.ok) return { ok: false, code: full.code };
        const scriptError = labelAllowedForTld(parsed.label, parsed.tld);
        if (scriptError !== null) return { ok: false, code: scriptError };
        add(parsed.label, exactTld, 'exact');
      }
      for (const t of tldList) add(parsed.label, t, 'tld');
      if (options.suggestions !== false) {
        for (const s of suggestLabels(parsed.label, { max: MAX_SUGGESTIONS })) {
          const wanted = new Set<string>([...(parsed.tld ? [parsed.tld] : []), ...SUGGESTION_TLDS]);
          for (const tld of wanted) {
            const t = byTld.get(tld);
            if (t) add(s, t, 'suggestion');
          }
        }
      }
      if (candidates.length === 0) return { ok: false, code: ErrorCode.DOMAIN_KEYWORD_NOT_VALID };
      // Only a search that would ask the registries counts (a typo costs nothing).
      const refused = await quota('domain_search', options);
      if (refused) return refused;

      let calls = 0;
      const owned = ownedGrKeys(options.userId ?? null);
      const cache = readCache(candidates.map((c) => c.asciiFqdn));
      const families = [...new Set(candidates.map((c) => c.family))];
      const byFamily: Record<string, Promise<SearchResult[]>> = {};
      for (const family of families) {
        const group = candidates.filter((c) => c.family === family);
        byFamily[family] = (async () => {
          const [cached, ownedKeys] = await Promise.all([cache, owned]);
          const missing = group.filter((c) => !cached.has(c.asciiFqdn));
          let error: number | null = null;
          const answers = new Map<string, CheckAnswer>();
          for (const c of group) {
            const hit = cached.get(c.asciiFqdn);
            if (hit) answers.set(c.asciiFqdn, hit);
          }
          if (missing.length) {
            const registry: RegistryPort = adapters.registries[family];
            try {
              calls += 1;
              const fresh = await registry.check(missing.map((c) => ({ name: c.asciiFqdn, key: c.key })));
              for (const a of fresh) answers.set(a.name, a);
              await writeCache(fresh);
            } catch (e) {
              error = e instanceof RegistryError ? e.code : ErrorCode.DOMAIN_CHECK_FAILED;
            }
          }
          return group.map((c) => toResult(c, answers.get(c.asciiFqdn), answers.has(c.asciiFqdn) ? null : error, ownedKeys));
        })();
      }
      const exact = candidates.find((c) => c.kind === 'exact')?.fqdn ?? null;
      return { ok: true, plan: { keyword: input.trim(), label, tld: parsed.tld, exact, total: candidates.length, families }, byFamily, calls: () => calls };
    },

    /**
     * WHOIS for any name (spec §2 WHOIS modal): names under our TLDs are answered by the sandbox
     * registries, others through the real client when it is configured (RDAP, port 43), else 27000.
     */
    async whois(input: string, who: QuotaSubject = {}): Promise<{ ok: true; record: WhoisRecord } | QuotaRefusal | { ok: false; code: number }> {
      const text = input.trim().toLowerCase().replace(/\.$/, '');
      if (!text) return { ok: false, code: ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN };
      if (!text.includes('.')) return { ok: false, code: ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN };
      const tldList = await pricing();
      const known = tldList.map((t) => t.tld);
      const parsed = parseDomain(domainToUnicode(text), known);
      const sandbox = createSandboxWhois({
        resolve: () => {
          if (!parsed.ok) return null;
          const t = tldList.find((x) => x.tld === parsed.tld);
          return t ? { registry: adapters.registries[t.registry], name: { name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) } } : null;
        },
      });
      const port = parsed.ok || !adapters.whois ? sandbox : adapters.whois;
      const refused = await quota('whois', who);
      if (refused) return refused;
      try {
        return { ok: true, record: await port.lookup(parsed.ok ? parsed.asciiFqdn : domainToAscii(text)) };
      } catch (e) {
        if (e instanceof WhoisError) return { ok: false, code: e.code };
        return { ok: false, code: ErrorCode.WHOIS_COMMUNICATIONS_FAILED };
      }
    },

    /**
     * Can this name be transferred in (issue #4 §5)? The registry's info answers: not registered (30023),
     * already ours (30021), locked at the current registrar (a warning: the transfer would be refused),
     * in redemption (only its owner can restore it there). The price is the transfer, or the transfer
     * with its bundled renewal where the registry sells them together (.gr: transfer_renew).
     */
    async transferCheck(input: string, who: QuotaSubject = {}): Promise<TransferCheck> {
      const tldList = await pricing();
      const known = tldList.map((t) => t.tld);
      const parsed = parseDomain(input, known);
      if (!parsed.ok) {
        const code = parsed.code === ErrorCode.NO_TLD ? ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_TLD_UNSUPPORTED : parsed.code === ErrorCode.EMPTY_SEARCH ? ErrorCode.EMPTY_SEARCH : ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_SYNTAX_ERROR;
        return { ok: false, code };
      }
      const t = tldList.find((x) => x.tld === parsed.tld)!;
      const offer = (t.actions.transfer_renew?.[0] ? { action: 'transfer_renew' as const, price: t.actions.transfer_renew[0] } : null) ?? (t.actions.transfer?.[0] ? { action: 'transfer' as const, price: t.actions.transfer[0] } : null);
      if (!offer) return { ok: false, code: ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_TLD_UNSUPPORTED };
      const refused = await quota('domain_check', who);
      if (refused) return refused;
      try {
        const info = await adapters.registries[t.registry].info({ name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) });
        if (info.sponsoredByUs) return { ok: false, code: ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER, fqdn: parsed.fqdn };
        return {
          ok: true,
          fqdn: parsed.fqdn,
          asciiFqdn: parsed.asciiFqdn,
          family: t.registry,
          locked: info.locked,
          redemption: info.statuses.includes('redemptionPeriod'),
          expiresAt: info.expiresAt.toISOString(),
          action: offer.action,
          price: { months: offer.price.months, totalCents: offer.price.totalCents, baseCents: offer.price.baseCents, onPromo: offer.price.onPromo },
        };
      } catch (e) {
        if (e instanceof RegistryError && e.code === ErrorCode.DOMAIN_DOES_NOT_EXIST) return { ok: false, code: ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED, fqdn: parsed.fqdn };
        return { ok: false, code: e instanceof RegistryError ? e.code : ErrorCode.DOMAIN_INFO_FAILED, fqdn: parsed.fqdn };
      }
    },

    /** Development only (the API checks): the sandbox registry's maintenance/latency/failure switches. */
    async setSandboxSwitches(family: RegistryFamily, patch: { maintenance?: boolean; latencyMs?: number; failing?: boolean }) {
      const [row] = await db.update(registrySettings).set(patch).where(eq(registrySettings.registry, family)).returning();
      // Cached answers would hide the switch from the next search.
      await db.delete(domainSearchCache);
      return row ?? null;
    },

    /**
     * Development and tests only (the dev API): someone else registers `name` at its registry now, as
     * happens between a customer's cart and checkout. False for a name we cannot parse or that is taken.
     */
    async registerElsewhere(name: string): Promise<boolean> {
      const tldList = await pricing();
      const parsed = parseDomain(name, tldList.map((t) => t.tld));
      if (!parsed.ok) return false;
      const t = tldList.find((x) => x.tld === parsed.tld)!;
      const registry = adapters.registries[t.registry];
      const { nameserversMin } = await registry.settings();
      try {
        await registry.register({
          name: { name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) },
          periodMonths: 12,
          registrant: { name: 'Other Holder', email: 'holder@example.net', country: 'GR' },
          nameservers: ['ns1.example.net', 'ns2.example.net', 'ns3.example.net'].slice(0, Math.max(nameserversMin, 2)),
        });
      } catch (e) {
        if (e instanceof RegistryError) return false;
        throw e;
      }
      await db.delete(domainSearchCache).where(eq(domainSearchCache.asciiFqdn, parsed.asciiFqdn));
      return true;
    },

    async favourites(userId: number): Promise<string[]> {
      const rows = await db.select({ a: domainFavourites.asciiFqdn }).from(domainFavourites).where(eq(domainFavourites.userId, userId));
      return rows.map((r) => r.a);
    },

    /** Stars or un-stars a name; returns whether it is starred now. */
    async toggleFavourite(userId: number, asciiFqdn: string): Promise<boolean> {
      const removed = await db
        .delete(domainFavourites)
        .where(and(eq(domainFavourites.userId, userId), eq(domainFavourites.asciiFqdn, asciiFqdn)))
        .returning({ a: domainFavourites.asciiFqdn });
      if (removed.length) return false;
      await db.insert(domainFavourites).values({ userId, asciiFqdn, createdAt: now }).onConflictDoNothing();
      return true;
    },
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
