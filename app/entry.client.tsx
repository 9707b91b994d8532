import { RemixBrowser } from '@remix-run/react';
import { createInstance } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, isLanguage } from '../i18n/config';

// Only the page's language is downloaded: each language is its own chunk.
const loaders = {
  el: () => import('../i18n/el/index').then((m) => m.bundle),
  en: () => import('../i18n/en/index').then((m) => m.bundle),
};

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  const bundle = await loaders[lng]();
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [lng]: bundle },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={instance}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
