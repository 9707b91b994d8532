// Turns a template and its parameters into a message's subject, HTML and text in one language: the
// context (money, dates, links) and the frame (brand, why it was sent, the seller's details).
import type { Seller } from '../../../core/config';
import { athensFormat } from '../../../core/date-format';
import { formatMoney } from '../../../core/money';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import type { MailContext, MailTemplate } from './define';
import { renderHtml, renderText } from './render';

export type Composed = { subject: string; html: string; text: string };

/** A template was handed parameters that do not fit it: a programming error, caught by the tests. */
export class MailParamsError extends Error {
  constructor(template: string, issues: string) {
    super(`mail template ${template}: ${issues}`);
    this.name = 'MailParamsError';
  }
}

export function mailContext(lang: Language, seller: Seller, origin: string): MailContext {
  const t = getServerT(lang);
  return {
    lang,
    t,
    seller,
    money: (cents) => formatMoney(cents, lang),
    date: (value) => athensFormat(lang, { dateStyle: 'long' }).format(value),
    dateTime: (value) => athensFormat(lang, { dateStyle: 'long', timeStyle: 'short' }).format(value),
    url: (path) => {
      if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`mail: not a same-site path: ${path}`);
      return `${origin}${path}`;
    },
  };
}

// Not generic over the schema: the registry's union of templates is passed in, and parse decides.
export function compose(key: string, template: MailTemplate, params: unknown, c: MailContext, unsubscribeUrl?: string): Composed {
  const parsed = template.params.safeParse(params);
  if (!parsed.success) throw new MailParamsError(key, parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; '));
  const p = parsed.data;
  const subject = template.subject(p, c);
  const blocks = template.body(p, c);
  const s = c.seller;
  const frame = {
    lang: c.lang,
    subject,
    preheader: template.preheader ? template.preheader(p, c) : subject,
    brand: s.name,
    reason: c.t(`mail:reason.${template.category}`),
    signature: [s.name, `${s.address}, ${s.postcode} ${s.city}`, `${c.t('mail:signature.vat')} ${s.vatNumber}`, `${s.email} · ${s.phone}`, c.url('/')],
    ...(unsubscribeUrl ? { unsubscribe: { label: c.t('mail:signature.unsubscribe'), href: unsubscribeUrl } } : {}),
  };
  return { subject, html: renderHtml(blocks, frame), text: renderText(blocks, frame) };
}
