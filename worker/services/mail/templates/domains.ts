// A name changing hands (issue #19 handovers, decision 046 rejected transfers): the recipient's offer,
// the holder told of the answer, a move made by staff, a transfer the other side refused.
import { z } from 'zod';
import { defineTemplate } from '../define';

const fqdn = z.string().min(3);
const account = z.string().email();

export const domainTemplates = {
  /** To the address offered the name (with or without an account yet). */
  handover_offered: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, from: account, days: z.number().int().positive() }),
    example: { fqdn: 'καφενείο.gr', from: 'maria@example.gr', days: 14 },
    subject: (p, c) => c.t('mail:handover_offered.subject', { fqdn: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:handover_offered.subject', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:handover_offered.body', { fqdn: p.fqdn, from: p.from }) },
      { kind: 'button', label: c.t('mail:handover_offered.button'), href: c.url('/account/transfers') },
      { kind: 'note', text: c.t('mail:handover_offered.days', { count: p.days }) },
    ],
  }),

  /** To the holder: the recipient took the name. */
  handover_completed: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, to: account }),
    example: { fqdn: 'kafeneio.gr', to: 'nikos@example.gr' },
    subject: (p, c) => c.t('mail:handover_completed.subject', { fqdn: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:handover_completed.subject', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:handover_completed.body', { fqdn: p.fqdn, to: p.to }) },
      { kind: 'link', label: c.t('mail:handover_completed.link'), href: c.url('/account/domains') },
    ],
  }),

  /** To the holder: the recipient turned the offer down; the name stays. */
  handover_declined: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, to: account }),
    example: { fqdn: 'kafeneio.gr', to: 'nikos@example.gr' },
    subject: (p, c) => c.t('mail:handover_declined.subject', { fqdn: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:handover_declined.subject', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:handover_declined.body', { fqdn: p.fqdn, to: p.to }) },
      { kind: 'link', label: c.t('mail:handover_declined.link'), href: c.url('/account/transfers') },
    ],
  }),

  /** To the new holder of a name staff moved: the registry's change of holder is theirs to buy. Nothing of the old holder's. */
  handover_staff_moved: defineTemplate({
    category: 'service',
    params: z.object({ fqdn, asciiFqdn: z.string().regex(/^[a-z0-9.-]+$/) }),
    example: { fqdn: 'καφενείο.gr', asciiFqdn: 'xn--kxadmawuq5c.gr' },
    subject: (p, c) => c.t('mail:handover_staff_moved.subject', { fqdn: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:handover_staff_moved.subject', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:handover_staff_moved.body', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:handover_staff_moved.trade') },
      { kind: 'button', label: c.t('mail:handover_staff_moved.button'), href: c.url(`/account/domains/${p.asciiFqdn}/ownership`) },
    ],
  }),

  /** A transfer in that the losing side refused: the name stayed, the money goes back as it was paid. */
  transfer_rejected: defineTemplate({
    category: 'order',
    params: z.object({ fqdn }),
    example: { fqdn: 'kafeneio.com' },
    subject: (p, c) => c.t('mail:transfer_rejected.subject', { fqdn: p.fqdn }),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:transfer_rejected.subject', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:transfer_rejected.body', { fqdn: p.fqdn }) },
      { kind: 'paragraph', text: c.t('mail:transfer_rejected.refund') },
      { kind: 'link', label: c.t('mail:transfer_rejected.link'), href: c.url('/account/orders') },
    ],
  }),
};
