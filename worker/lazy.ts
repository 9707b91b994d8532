// Per-request objects whose parts are made only when used (services, adapters).

/**
 * An object whose members are made on first use and kept: a page uses a few of the services (and of
 * the adapters), and making all of them on every request was a large part of a small page's CPU time
 * (docs/decisions/030). Members are enumerable accessors, so spreading still sees every one, and
 * assigning one replaces it.
 */
export function lazyMembers<T extends Record<string, () => unknown>>(factories: T): { [K in keyof T]: ReturnType<T[K]> } {
  const out = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(factories) as (keyof T)[]) {
    let made = false;
    let value: ReturnType<T[typeof key]>;
    Object.defineProperty(out, key, {
      enumerable: true,
      get() {
        if (!made) {
          value = factories[key]!() as ReturnType<T[typeof key]>;
          made = true;
        }
        return value;
      },
      // A test may put its own implementation in place (a gated registry …).
      set(replacement: ReturnType<T[typeof key]>) {
        value = replacement;
        made = true;
      },
    });
  }
  return out;
}
