// A short-lived, per-isolate cache for catalog reference data (countries, TLDs and their prices,
// products, banners): it changes when staff edit the catalog, not per request, and re-reading it on
// every page cost most of a page's time (docs/decisions/008). Keyed by the D1 binding, so two
// databases (tests, previews) never share entries. Promotion rows are kept 30 s; whether one runs is
// worked out per request from the clock.

// Only settled values are kept. A pending load belongs to the I/O of the request that started it:
// workerd cancels every other request awaiting it as "hung" when that request ends first (the
// mixed-load bench's 500s on /domains/search, four at one millisecond). So a reader that finds no
// value loads for itself; when the TTL lapses under load, a few requests load at once, which is cheap.
// (Awaiting here also runs a Drizzle query once: a query builder handed back un-awaited is a lazy
// thenable that ran its SQL again at every await, so the countries and promotions were never cached.)
// A shared version (decision 094): each isolate keeps its own entries, so a staff change emptied only
// the cache of the isolate that made it, and the others showed old prices for up to the TTL. A reader
// that passes the data set's version (read once per request from D1, read_cache_versions) gets an
// entry only if it was loaded under that version; the TTL stays as a floor for changes made outside
// the services (a hand-run SQL statement bumps nothing).
type Entry = { at: number; value: unknown; version: number | undefined };
type Cache = { entries: Map<string, Entry>; generation: number };
let caches = new WeakMap<object, Cache>();

export const CATALOG_TTL_MS = 60_000;

/** The shared version of the catalogue's cached reads (products, TLDs, countries, banners, counts). */
export const CATALOG_VERSION = 'catalog';

export async function cachedRead<T>(scope: object, key: string, load: () => Promise<T>, ttlMs = CATALOG_TTL_MS, now = Date.now(), version?: number): Promise<T> {
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = { entries: new Map(), generation: 0 }));
  const hit = cache.entries.get(key);
  if (hit && now - hit.at < ttlMs && hit.version === version) return hit.value as T;
  const generation = cache.generation;
  // A failed load throws to its reader and leaves nothing behind for the next one.
  const value = await load();
  // A staff change while this load ran (invalidateReads) wins: what was read before it is not kept.
  if (cache.generation === generation) cache.entries.set(key, { at: now, value, version });
  return value;
}

/**
 * The statement that moves a shared version on: put it in the change's own batch, so no isolate can
 * see the new version with the old rows or the new rows under the old version. It creates the row if
 * it is missing (a database restored from before the migration's seed row).
 */
export function versionBump(name: string): { sql: string; params: unknown[] } {
  return { sql: 'INSERT INTO read_cache_versions (name, version) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET version = version + 1', params: [name] };
}

/** Staff changes to the catalog call this so the isolate that made them shows them at once. */
export function invalidateReads(scope: object, prefix = ''): void {
  const cache = caches.get(scope);
  if (!cache) return;
  cache.generation++;
  for (const key of [...cache.entries.keys()]) if (key.startsWith(prefix)) cache.entries.delete(key);
}

/**
 * Forgets every entry of this isolate. The worker tests run every file in one isolate and give each
 * file fresh storage (decision 055): a catalog or blacklist read by the previous file must not be
 * served from here for up to a minute.
 */
export function forgetAllReads(): void {
  caches = new WeakMap();
}
