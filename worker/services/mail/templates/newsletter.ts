// The newsletter's double opt-in (issue #24 §2): the one message sent before anyone subscribed. It
// carries the RFC 8058 one-click headers (the sender's) and the same way out at its foot.
import { z } from 'zod';
import { defineTemplate } from '../define';

const token = z.string().min(1);

export const newsletterTemplates = {
  newsletter_confirm: defineTemplate({
    category: 'newsletter',
    params: z.object({ confirmToken: token, linkToken: token, hours: z.number().int().positive() }),
    example: { confirmToken: 'example-confirm-token', linkToken: '12.example-link-token', hours: 48 },
    subject: (_p, c) => c.t('mail:newsletter_confirm.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:newsletter_confirm.subject') },
      { kind: 'paragraph', text: c.t('mail:newsletter_confirm.body', { hours: p.hours }) },
      { kind: 'button', label: c.t('mail:newsletter_confirm.button'), href: c.url(`/newsletter/confirm?token=${encodeURIComponent(p.confirmToken)}`) },
      { kind: 'paragraph', text: c.t('mail:newsletter_confirm.status') },
      { kind: 'link', label: c.t('mail:newsletter_confirm.status_link'), href: c.url(`/newsletter/status?token=${encodeURIComponent(p.linkToken)}`) },
      { kind: 'note', text: c.t('mail:newsletter_confirm.ignore') },
    ],
  }),
};
