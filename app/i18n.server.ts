import { RemixI18Next } from 'remix-i18next/server';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LANGUAGES, isLanguage } from '../i18n/config';
import { resources } from '../i18n/resources';

// The language is the visitor's `lng` cookie (set by the switch), else Greek: a Greek shop defaults
// to Greek whatever the browser says (spec §1), and English is one click away.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ['custom'],
    async findLocale(request) {
      const match = /(?:^|;\s*)lng=([^;]+)/.exec(request.headers.get('Cookie') ?? '');
      return match && isLanguage(match[1]) ? match[1] : DEFAULT_LANGUAGE;
    },
  },
  i18next: { resources, ns: [...NAMESPACES], defaultNS: DEFAULT_NAMESPACE, fallbackLng: DEFAULT_LANGUAGE },
});
