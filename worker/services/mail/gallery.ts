// Every template drawn with its `example` (issue #33 §4): the development mailbox's preview of each
// message in both languages, and the words staff read for a template in the e-mail log (the staff
// namespace's name when it has one, else the example's subject: a template added later is named too).
import { configOf } from '../../config';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import { compose, mailContext, type Composed } from './compose';
import { mailTemplates, type MailTemplateKey } from './templates';

const FALLBACK_ORIGIN = 'http://localhost:8787';

export const mailTemplateKeys = Object.keys(mailTemplates) as MailTemplateKey[];

export type TemplatePreview = Composed & { template: MailTemplateKey; lang: Language; category: string; sensitive: boolean };

export function previewTemplates(env: Env, lang: Language): TemplatePreview[] {
  const config = configOf(env);
  const c = mailContext(lang, config.seller, config.publicOrigin ?? FALLBACK_ORIGIN);
  return mailTemplateKeys.map((key) => {
    const template = mailTemplates[key];
    return { template: key, lang, category: template.category, sensitive: Boolean(template.sensitive), ...compose(key, template, template.example, c) };
  });
}

/** The template's name in words, in `lang`, for every template. */
export function templateNames(env: Env, lang: Language): Record<string, string> {
  const t = getServerT(lang);
  const config = configOf(env);
  const c = mailContext(lang, config.seller, config.publicOrigin ?? FALLBACK_ORIGIN);
  return Object.fromEntries(
    mailTemplateKeys.map((key) => {
      const named = `staff:mail_log.template_names.${key}`;
      if (t(named) !== named) return [key, t(named)];
      const template = mailTemplates[key];
      return [key, template.subject(template.params.parse(template.example) as never, c)];
    }),
  );
}

export function isSensitiveTemplate(key: string): boolean {
  return Boolean((mailTemplates as Record<string, { sensitive?: boolean }>)[key]?.sensitive);
}
