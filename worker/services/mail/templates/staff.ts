// The staff invitation (issue #22): its link lets the invitee into the back office, so it is
// `sensitive` (the body is cleared once sent; a new invitation replaces a lost one). Its links point to
// the admin host: the caller passes that origin to the queue.
import { z } from 'zod';
import { defineTemplate } from '../define';

export const staffTemplates = {
  staff_invitation: defineTemplate({
    category: 'security',
    sensitive: true,
    params: z.object({ token: z.string().min(1), group: z.enum(['admin', 'support']), existingAccount: z.boolean(), days: z.number().int().positive() }),
    example: { token: 'example-invitation-token', group: 'support', existingAccount: false, days: 7 },
    subject: (_p, c) => c.t('mail:staff_invitation.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:staff_invitation.subject') },
      { kind: 'paragraph', text: c.t('mail:staff_invitation.body', { group: c.t(`staff:members.groups.${p.group}`) }) },
      { kind: 'paragraph', text: c.t(p.existingAccount ? 'mail:staff_invitation.existing' : 'mail:staff_invitation.new') },
      // INVITATION_PATH of services/staff (not imported: the staff area sends through this registry).
      { kind: 'button', label: c.t('mail:staff_invitation.button'), href: c.url(`/admin/invitation?t=${encodeURIComponent(p.token)}`) },
      { kind: 'note', text: c.t(p.existingAccount ? 'mail:staff_invitation.once_existing' : 'mail:staff_invitation.once_new', { days: p.days }) },
    ],
  }),
};
