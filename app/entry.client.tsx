import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createClientTranslator } from '../i18n/client-translator';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, isLanguage } from '../i18n/config';

// Translations arrive as JSON (preloaded by the root layout), not as JavaScript: they are the
// largest part of what the browser needs and JSON is cheaper to parse (docs/decisions/006).
async function loadResources(): Promise<Record<string, Record<string, unknown>> | null> {
  const href = document.querySelector<HTMLLinkElement>('link#i18n-resources')?.href;
  if (!href) return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch(href, { credentials: 'same-origin' });
      if (res.ok) return (await res.json()) as Record<string, Record<string, unknown>>;
    } catch {
      /* try once more */
    }
  }
  return null;
}

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  const bundle = await loadResources();
  // Without its texts the page would hydrate into keys; it stays the working server-rendered page.
  if (!bundle) return;
  // Not i18next itself: the part of it these texts use, read the same way (i18n/client-translator.ts,
  // decision 030), for a sixth of the home page's JavaScript less.
  const instance = createClientTranslator({ lng, resources: bundle, defaultNS: DEFAULT_NAMESPACE, ns: NAMESPACES });
  initReactI18next.init(instance as never);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={instance as never}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
