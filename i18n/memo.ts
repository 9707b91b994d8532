import type { i18n } from 'i18next';

// A server render calls t() hundreds of times (a 60-line cart: over a thousand), and i18next resolves
// each call from scratch (key parsing, namespace and plural lookup, interpolation): a tenth of a big
// page's render time. The server's instances hold static resources and never change language, so a
// call's text depends on its key and options alone and can be remembered (docs/decisions/030).
// Only calls whose options are plain values are remembered (no objects to interpolate, no functions),
// and only string answers; the map is emptied when it grows past MAX_ENTRIES.
const MAX_ENTRIES = 20_000;

function plain(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function memoizeTranslations(instance: i18n): void {
  const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, string>();
  const t = (...args: unknown[]) => {
    const [key, options] = args;
    if (args.length > 2 || !(typeof key === 'string' || (Array.isArray(key) && key.every((k) => typeof k === 'string')))) return original(...args);
    if (options !== undefined && (options === null || typeof options !== 'object' || !Object.values(options).every(plain))) return original(...args);
    const id = JSON.stringify([key, options ?? null]);
    const hit = memo.get(id);
    if (hit !== undefined) return hit;
    const text = original(...args);
    if (typeof text === 'string') {
      if (memo.size >= MAX_ENTRIES) memo.clear();
      memo.set(id, text);
    }
    return text;
  };
  (instance as unknown as { t: typeof t }).t = t;

  // Components translate through getFixedT (useTranslation): i18next's fixed T hands every call an
  // options object (lng, ns, keyPrefix), so each memo lookup above paid a JSON.stringify. One fixed T
  // per language/namespace/prefix, remembering its plain-key calls by the key alone, skips that.
  const originalFixed = instance.getFixedT.bind(instance) as unknown as (lng: string | null, ns?: unknown, keyPrefix?: string) => (...args: unknown[]) => unknown;
  const fixedTs = new Map<string, unknown>();
  const getFixedT = (lng: string | null, ns?: unknown, keyPrefix?: string) => {
    if (typeof lng === 'string' || !(ns == null || typeof ns === 'string') || !(keyPrefix == null || typeof keyPrefix === 'string')) return originalFixed(lng, ns, keyPrefix);
    const id = `${ns ?? ''}\u0000${keyPrefix ?? ''}`;
    const known = fixedTs.get(id);
    if (known) return known;
    const fixed = originalFixed(null, ns, keyPrefix);
    const texts = new Map<string, string>();
    const fast = Object.assign((...args: unknown[]) => {
      const key = args[0];
      if (args.length > 2 || args[1] !== undefined || typeof key !== 'string') return fixed(...args);
      const hit = texts.get(key);
      if (hit !== undefined) return hit;
      const text = fixed(key);
      if (typeof text === 'string') {
        if (texts.size >= MAX_ENTRIES) texts.clear();
        texts.set(key, text);
      }
      return text;
    }, fixed);
    fixedTs.set(id, fast);
    return fast;
  };
  (instance as unknown as { getFixedT: typeof getFixedT }).getFixedT = getFixedT;
}
