import type { TFunction } from 'i18next';
import { i18nServer } from '../i18n.server';

export async function pageT(request: Request): Promise<{ t: TFunction; lang: 'el' | 'en' }> {
  const locale = await i18nServer.getLocale(request);
  const lang = locale === 'en' ? 'en' : 'el';
  return { t: await i18nServer.getFixedT(lang), lang };
}
