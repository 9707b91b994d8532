// Server-side translation for API messages (the envelope's `msg`) and cron texts. Remix pages use
// the same resources through remix-i18next (app/i18n.server.ts).
import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, type Language } from './config';
import { resources } from './resources';

const cache = new Map<Language, TFunction>();

// Resources are static data, not env: one initialised instance per language per isolate is safe.
export function getServerT(lang: Language = DEFAULT_LANGUAGE): TFunction {
  const hit = cache.get(lang);
  if (hit) return hit;
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    initImmediate: false,
    interpolation: { escapeValue: false },
  });
  const t = instance.t.bind(instance) as TFunction;
  cache.set(lang, t);
  return t;
}
