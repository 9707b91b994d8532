// The browser's translator: the part of i18next this app's texts use, for react-i18next, in about a
// tenth of i18next's 14.7 KB gzipped (issue #11 §2: the home page's JavaScript budget; decision 030).
// The server keeps i18next; i18n/client-translator.test.ts checks that every key of both languages
// reads the same here as there (with counts, values, nesting and missing keys), so hydration matches.
// What it does: `ns:key` and dotted paths, a keyPrefix, fallback key lists, plurals by Intl.PluralRules
// with `_zero` for 0, `{{name}}` / `{{- name}}` values (not escaped: React escapes), `$t(ns:key)` nesting,
// defaultValue, returnObjects. One language per page: switching languages loads the page anew.

type Resources = Record<string, Record<string, unknown>>;
type Options = Record<string, unknown> & { count?: number; defaultValue?: unknown; ns?: string | readonly string[]; keyPrefix?: string; returnObjects?: boolean; replace?: Record<string, unknown> };
type Listener = (...args: unknown[]) => void;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const NESTING = /\$t\(([^()]*?)\)/g;
const INTERPOLATION = /\{\{(-?)\s*([^{}]+?)\s*\}\}/g;

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(KEY_SEPARATOR)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function valueOf(options: Options, name: string): unknown {
  const path = name.split(KEY_SEPARATOR);
  for (const source of [options.replace, options]) {
    let node: unknown = source;
    for (const part of path) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (node !== undefined) return node;
  }
  return undefined;
}

export type ClientTranslator = ReturnType<typeof createClientTranslator>;

export function createClientTranslator(init: { lng: string; resources: Resources; defaultNS: string; ns: readonly string[] }) {
  const { lng, resources, defaultNS } = init;
  const plurals = new Intl.PluralRules(lng);
  const listeners = new Map<string, Set<Listener>>();

  function split(key: string, options: Options): { ns: string; path: string } {
    const at = key.indexOf(NS_SEPARATOR);
    if (at > 0) return { ns: key.slice(0, at), path: key.slice(at + 1) };
    const ns = Array.isArray(options.ns) ? options.ns[0] : options.ns;
    return { ns: typeof ns === 'string' && ns ? ns : defaultNS, path: key };
  }

  function interpolate(text: string, options: Options): string {
    return text.replace(INTERPOLATION, (_m, _raw: string, name: string) => {
      const value = valueOf(options, name);
      // As i18next (skipOnVariables): a value not given leaves its placeholder in the text.
      return value === undefined ? _m : value === null ? '' : String(value);
    });
  }

  function nest(text: string, options: Options): string {
    if (!text.includes('$t(')) return text;
    return text.replace(NESTING, (_m, inner: string) => {
      const comma = inner.indexOf(',');
      const key = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      let extra: Options = {};
      if (comma >= 0) {
        try {
          extra = JSON.parse(inner.slice(comma + 1));
        } catch {
          extra = {};
        }
      }
      const found = translate(key, { ...options, ...extra, defaultValue: undefined, count: extra.count as number | undefined });
      return typeof found === 'string' ? found : key;
    });
  }

  /** The raw entry for one key (plural forms tried first), or undefined. */
  function find(key: string, options: Options): { value: unknown } | undefined {
    const { ns, path } = split(key, options);
    const tree = resources[ns];
    if (typeof options.count === 'number') {
      const candidates = [...(options.count === 0 ? [`${path}_zero`] : []), `${path}_${plurals.select(options.count)}`];
      for (const c of candidates) {
        const v = lookup(tree, c);
        if (v !== undefined) return { value: v };
      }
    }
    const v = lookup(tree, path);
    return v === undefined ? undefined : { value: v };
  }

  function translate(keys: string | readonly string[], options: Options = {}): unknown {
    const list = (Array.isArray(keys) ? keys : [keys]).map(String);
    for (const key of list) {
      const hit = find(key, options);
      if (!hit) continue;
      if (typeof hit.value === 'string') return nest(interpolate(hit.value, options), options);
      if (hit.value !== null && typeof hit.value === 'object') {
        if (options.returnObjects) return hit.value;
        return `key '${split(key, options).path} (${lng})' returned an object instead of string.`;
      }
      return hit.value;
    }
    if (typeof options.defaultValue === 'string') return nest(interpolate(options.defaultValue, options), options);
    // Missing: i18next answers the last key without its namespace.
    const last = list[list.length - 1] ?? '';
    const at = last.indexOf(NS_SEPARATOR);
    return at > 0 ? last.slice(at + 1) : last;
  }

  const instance = {
    language: lng,
    languages: [lng],
    resolvedLanguage: lng,
    isInitialized: true,
    initializedStoreOnce: true,
    options: { defaultNS, ns: [...init.ns], fallbackLng: false as const, react: {} as Record<string, unknown> },
    services: { backendConnector: {} },
    store: { on() {}, off() {} },
    reportNamespaces: undefined as unknown,
    t(keys: string | readonly string[], options?: Options | string): unknown {
      return translate(keys, typeof options === 'string' ? { defaultValue: options } : (options ?? {}));
    },
    getFixedT(_lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) {
      return (keys: string | readonly string[], options?: Options | string) => {
        const o: Options = typeof options === 'string' ? { defaultValue: options } : { ...(options ?? {}) };
        if (o.ns === undefined && ns) o.ns = ns;
        const prefix = o.keyPrefix ?? keyPrefix;
        const prefixed = (k: string) => (prefix ? `${prefix}${KEY_SEPARATOR}${k}` : k);
        return translate(typeof keys === 'string' ? prefixed(keys) : keys.map(prefixed), o);
      };
    },
    exists(key: string, options: Options = {}): boolean {
      return find(key, options) !== undefined;
    },
    hasLoadedNamespace(): boolean {
      return true;
    },
    loadNamespaces(_ns: unknown, callback?: () => void): Promise<void> {
      callback?.();
      return Promise.resolve();
    },
    loadLanguages(_lng: unknown, callback?: () => void): Promise<void> {
      callback?.();
      return Promise.resolve();
    },
    /** The page holds one language; another one comes with a new document (LanguageSwitch). */
    changeLanguage(next?: string): Promise<unknown> {
      if (next && next !== lng) console.warn(`i18n: ${next} needs a page load; the page holds ${lng}`);
      return Promise.resolve(instance.t);
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    dir(): 'ltr' {
      return 'ltr';
    },
  };
  return instance;
}
