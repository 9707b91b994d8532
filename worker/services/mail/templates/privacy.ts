// The personal-data messages (issue #24 §3, issue #33 §1): the archive ready to download, and the last
// message to an address whose account was closed and erased.
import { z } from 'zod';
import { defineTemplate } from '../define';

export const privacyTemplates = {
  /** The ZIP of the customer's data is built: download it (with the password again) before it goes. */
  archive_ready: defineTemplate({
    category: 'security',
    params: z.object({ expiresAt: z.date(), days: z.number().int().positive() }),
    example: { expiresAt: new Date('2026-12-09T10:15:00Z'), days: 7 },
    subject: (_p, c) => c.t('mail:archive_ready.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:archive_ready.subject') },
      { kind: 'paragraph', text: c.t('mail:archive_ready.body') },
      { kind: 'button', label: c.t('mail:archive_ready.button'), href: c.url('/account/privacy#archive') },
      { kind: 'note', text: c.t('mail:archive_ready.expires', { date: c.date(p.expiresAt), count: p.days }) },
      { kind: 'note', tone: 'warning', text: c.t('mail:archive_ready.not_you') },
    ],
  }),

  /** Sent before the erasure, to the address about to be erased: nothing of the person in it. */
  account_closed: defineTemplate({
    category: 'security',
    params: z.object({}),
    example: {},
    subject: (_p, c) => c.t('mail:account_closed.subject'),
    body: (_p, c) => [
      { kind: 'heading', text: c.t('mail:account_closed.subject') },
      { kind: 'paragraph', text: c.t('mail:account_closed.body') },
      { kind: 'paragraph', text: c.t('mail:account_closed.last') },
    ],
  }),
};
