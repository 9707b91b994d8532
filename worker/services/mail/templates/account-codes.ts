// Messages that carry a secret (issue #33 §1): one-time codes and links that prove an address. They are
// `sensitive`: the queue clears their body once sent, staff see only that they went, nobody resends
// one (a fresh code or link is asked for instead). The code comes first in the text part: the first
// six-digit number of the message is the code (the tests and the dev mailbox read it so).
import { z } from 'zod';
import { defineTemplate } from '../define';

export const OTP_MAIL_PURPOSES = ['register', 'verify_email', 'verify_mobile', 'login_2fa', 'reset_email', 'reset_sms'] as const;

/** A same-site path with its query ("/auth/reset?t=…"): the origin is the queue's. */
const sitePath = z.string().regex(/^\/(?!\/)/, 'a same-site path');

export const accountCodeTemplates = {
  /** A one-time code by e-mail (registration, the login's second step, a password reset …). */
  otp_code: defineTemplate({
    category: 'security',
    sensitive: true,
    params: z.object({ purpose: z.enum(OTP_MAIL_PURPOSES), code: z.string().regex(/^\d{4,8}$/), minutes: z.number().int().positive(), link: sitePath.optional() }),
    example: { purpose: 'reset_email', code: '482913', minutes: 10, link: '/auth/reset?t=example-link-token' },
    subject: (p, c) => c.t(`mail:otp_code.subject.${p.purpose}`, { code: p.code }),
    preheader: (p, c) => c.t(`mail:otp_code.body.${p.purpose}`, { code: p.code, minutes: p.minutes }),
    body: (p, c) => [
      { kind: 'paragraph', text: c.t(`mail:otp_code.body.${p.purpose}`, { code: p.code, minutes: p.minutes }) },
      { kind: 'code', label: c.t('mail:otp_code.label'), value: p.code },
      ...(p.link ? [{ kind: 'button' as const, label: c.t('mail:otp_code.link'), href: c.url(p.link) }] : []),
      { kind: 'note', text: c.t('mail:otp_code.ignore') },
    ],
  }),

  /** The link that proves an address: the account's own, or the new one of an e-mail change. */
  verify_email: defineTemplate({
    category: 'security',
    sensitive: true,
    params: z.object({ token: z.string().min(1), change: z.boolean() }),
    example: { token: 'example-verification-token', change: false },
    subject: (p, c) => c.t(p.change ? 'mail:verify_email.subject_change' : 'mail:verify_email.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t(p.change ? 'mail:verify_email.subject_change' : 'mail:verify_email.subject') },
      { kind: 'paragraph', text: c.t(p.change ? 'mail:verify_email.body_change' : 'mail:verify_email.body') },
      { kind: 'button', label: c.t('mail:verify_email.button'), href: c.url(`/auth/verify-email?token=${encodeURIComponent(p.token)}`) },
      { kind: 'note', text: c.t('mail:verify_email.ignore') },
    ],
  }),
};
