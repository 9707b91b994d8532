// Account-security messages (issue #33 §1): sent for the account's safety, never turned off.
import { z } from 'zod';
import { defineTemplate } from '../define';

export const accountTemplates = {
  /** The password was changed (in the account, or by a reset): if it was not them, what to do. */
  password_changed: defineTemplate({
    category: 'security',
    params: z.object({ at: z.date() }),
    example: { at: new Date('2026-12-02T10:15:00Z') },
    subject: (_p, c) => c.t('mail:password_changed.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:password_changed.heading') },
      { kind: 'paragraph', text: c.t('mail:password_changed.body', { when: c.dateTime(p.at) }) },
      { kind: 'note', tone: 'warning', text: c.t('mail:password_changed.not_you') },
      { kind: 'button', label: c.t('mail:password_changed.reset'), href: c.url('/auth/reset') },
    ],
  }),
};
