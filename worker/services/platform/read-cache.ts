// A short-lived, per-isolate cache for catalog reference data (countries, TLDs and their prices,
// products, banners): it changes when staff edit the catalog, not per request, and re-reading it on
// every page cost most of a page's time (docs/decisions/008). Keyed by the D1 binding, so two
// databases (tests, previews) never share entries. Promotion state is never cached here.

type Entry = { at: number; value: Promise<unknown> };
const caches = new WeakMap<object, Map<string, Entry>>();

export const CATALOG_TTL_MS = 60_000;

export function cachedRead<T>(scope: object, key: string, load: () => Promise<T>, ttlMs = CATALOG_TTL_MS, now = Date.now()): Promise<T> {
  let map = caches.get(scope);
  if (!map) caches.set(scope, (map = new Map()));
  const hit = map.get(key);
  if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  map.set(key, { at: now, value });
  // A failed read must not be served from the cache to the next request.
  value.catch(() => {
    if (map.get(key)?.value === value) map.delete(key);
  });
  return value;
}

/** Staff changes to the catalog call this so the isolate that made them shows them at once. */
export function invalidateReads(scope: object, prefix = ''): void {
  const map = caches.get(scope);
  if (!map) return;
  for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
}
