// Expiry and renewal notices (issue #12 §6, decision 036; issue #25's auto-renew notices). They are
// service messages that cannot be turned off (decision 099): an expiry nobody hears of loses the name,
// and ICANN's ERRP makes the gTLD notices the registrar's duty. So their foot says why they were sent
// and there is no List-Unsubscribe (issue #33 §2: only on what one may unsubscribe from).
import { z } from 'zod';
import { defineTemplate } from '../define';

const fqdn = z.string().min(3);
const ascii = z.string().regex(/^[a-z0-9.-]+$/);

export const reminderTemplates = {
  /** 30, 7 and 1 days before a name's expiry (and on the day), with what auto-renew will do. */
  domain_expiry_reminder: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, asciiFqdn: ascii, expiresAt: z.date(), count: z.number().int().min(0), autoRenew: z.boolean() }),
    example: { fqdn: 'kafeneio.gr', asciiFqdn: 'kafeneio.gr', expiresAt: new Date('2027-03-17T10:00:00Z'), count: 7, autoRenew: false },
    subject: (p, c) => c.t(p.count === 0 ? 'mail:domain_expiry_reminder.subject_zero' : 'mail:domain_expiry_reminder.subject', { name: p.fqdn, count: p.count }),
    body: (p, c) => [
      { kind: 'heading', text: c.t(p.count === 0 ? 'mail:domain_expiry_reminder.subject_zero' : 'mail:domain_expiry_reminder.subject', { name: p.fqdn, count: p.count }) },
      { kind: 'paragraph', text: c.t(p.count === 0 ? 'mail:domain_expiry_reminder.body_zero' : 'mail:domain_expiry_reminder.body', { name: p.fqdn, count: p.count, date: c.date(p.expiresAt) }) },
      { kind: 'note', text: c.t(p.autoRenew ? 'mail:domain_expiry_reminder.auto_renew_on' : 'mail:domain_expiry_reminder.auto_renew_off') },
      { kind: 'button', label: c.t('mail:domain_expiry_reminder.renew'), href: c.url(`/account/domains/${p.asciiFqdn}`) },
    ],
  }),

  /** The paid ID protect of a name ends soon: after it the holder is public in WHOIS again. */
  id_protect_ending: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, asciiFqdn: ascii, until: z.date() }),
    example: { fqdn: 'kafeneio.eu', asciiFqdn: 'kafeneio.eu', until: new Date('2027-03-17T10:00:00Z') },
    subject: (p, c) => c.t('mail:id_protect_ending.subject', { name: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:id_protect_ending.subject', { name: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:id_protect_ending.body', { name: p.fqdn, date: c.date(p.until) }) },
      { kind: 'button', label: c.t('mail:id_protect_ending.extend'), href: c.url(`/account/domains/${p.asciiFqdn}`) },
    ],
  }),

  /**
   * Auto-renew's notices (worker/services/renewals/renewal-payments.ts): renewed from credit or the
   * card, the renewal document to pay and its recalls. The words are the in-app notice's own, so the
   * message and the notification centre say the same thing.
   */
  renewal_notice: defineTemplate({
    category: 'order',
    params: z.object({
      name: z.string().min(1),
      messageKey: z.string().regex(/^(renewals|hosting)\.[a-z_.]+$/),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      link: z.string().regex(/^\/(?!\/)/),
    }),
    example: { name: 'kafeneio.gr', messageKey: 'renewals.paid_card', params: { name: 'kafeneio.gr', amount: '14,88 €', card: 'Visa •••• 4242' }, link: '/account/domains/kafeneio.gr' },
    subject: (p, c) => c.t('mail:renewal_notice.subject', { name: p.name }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:renewal_notice.subject', { name: p.name }) },
      { kind: 'paragraph', text: c.t(`notifications:${p.messageKey}`, p.params) },
      { kind: 'button', label: c.t('mail:renewal_notice.open'), href: c.url(p.link) },
    ],
  }),
};
