// A mail template (issue #33 §2): its parameters are a zod schema, so a message cannot be queued with
// a parameter missing or of the wrong kind (typed at the call, checked again at run time), and its
// words are keys of the `mail` namespace drawn in the recipient's language.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Seller } from '../../../core/config';
import type { Language } from '../../../i18n/config';
import type { MailBlock } from './blocks';

/**
 * What the message is, which decides what its foot says and whether one may unsubscribe:
 * - order: about an order, a payment or a sale document (sent because the customer bought);
 * - service: about something they hold (a name, a hosting plan, a certificate);
 * - security: about their account's access (cannot be turned off);
 * - reminder: renewal and expiry notices (turned off in the preferences);
 * - newsletter: the newsletter's own messages.
 */
export type MailCategory = 'order' | 'service' | 'security' | 'reminder' | 'newsletter';

export type MailContext = {
  lang: Language;
  /** The server translator in the recipient's language; `mail:` keys and any other namespace. */
  t: TFunction;
  seller: Seller;
  /** Integer cents → "1.234,56 €" through the one money helper. */
  money(cents: number): string;
  /** A date as the recipient reads it, in Athens time ("12 Μαρτίου 2027"). */
  date(value: Date | number): string;
  /** Date and time, 24-hour clock, Athens time. */
  dateTime(value: Date | number): string;
  /** A same-site path made absolute with the public origin. */
  url(path: string): string;
};

export type MailTemplate<S extends z.ZodType = z.ZodType> = {
  category: MailCategory;
  /**
   * The message holds a secret (a one-time code, a link that grants access): its body is cleared once
   * sent, staff see only that it went, and it cannot be resent (a fresh one must be asked for).
   */
  sensitive?: boolean;
  params: S;
  /**
   * Parameters a real message could have: every template is rendered with them in both languages by
   * the HTML-checker test, the snapshot gallery (scripts/mail-gallery.mjs) and the dev mailbox's preview.
   */
  example: z.input<S>;
  subject(p: z.infer<S>, c: MailContext): string;
  /** The inbox preview line; the subject when not given. */
  preheader?(p: z.infer<S>, c: MailContext): string;
  body(p: z.infer<S>, c: MailContext): MailBlock[];
};

export function defineTemplate<S extends z.ZodType>(template: MailTemplate<S>): MailTemplate<S> {
  return template;
}
