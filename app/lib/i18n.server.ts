import type { TFunction } from 'i18next';
import { getServerT } from '../../i18n/server';
import { i18nServer } from '../i18n.server';

/** The page's language and a translator for loaders (titles, meta); cached per language. */
export async function pageT(request: Request): Promise<{ t: TFunction; lang: 'el' | 'en' }> {
  const locale = await i18nServer.getLocale(request);
  const lang = locale === 'en' ? 'en' : 'el';
  return { t: getServerT(lang), lang };
}
