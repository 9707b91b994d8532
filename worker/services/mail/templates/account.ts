// Account-security messages (issue #33 §1): sent for the account's safety, never turned off. Each says
// what changed and when, and what to do if it was not the account's owner.
import { z } from 'zod';
import { defineTemplate, type MailContext } from '../define';

const at = z.date();
/** "Not you?": change the password (the security page also holds two-factor and the other sessions). */
const notYou = (c: MailContext, key: string) => [
  { kind: 'note' as const, tone: 'warning' as const, text: c.t(key) },
  { kind: 'button' as const, label: c.t('mail:security.change_password'), href: c.url('/account/security') },
];

export const accountTemplates = {
  /** The password was changed (in the account, or by a reset): if it was not them, what to do. */
  password_changed: defineTemplate({
    category: 'security',
    params: z.object({ at }),
    example: { at: new Date('2026-12-02T10:15:00Z') },
    subject: (_p, c) => c.t('mail:password_changed.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:password_changed.heading') },
      { kind: 'paragraph', text: c.t('mail:password_changed.body', { when: c.dateTime(p.at) }) },
      { kind: 'note', tone: 'warning', text: c.t('mail:password_changed.not_you') },
      { kind: 'button', label: c.t('mail:password_changed.reset'), href: c.url('/auth/reset') },
    ],
  }),

  /**
   * A login completed from a browser the account does not know (no known-device cookie of its own):
   * the browser and system in words, about when, and the address it came from.
   */
  new_device_login: defineTemplate({
    category: 'security',
    params: z.object({ at, browser: z.string(), os: z.string(), ip: z.string() }),
    example: { at: new Date('2026-12-02T18:40:00Z'), browser: 'Firefox', os: 'Windows', ip: '203.0.113.24' },
    subject: (_p, c) => c.t('mail:new_device_login.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:new_device_login.heading') },
      { kind: 'paragraph', text: c.t('mail:new_device_login.body') },
      {
        kind: 'facts',
        rows: [
          { label: c.t('mail:new_device_login.when'), value: c.dateTime(p.at) },
          {
            label: c.t('mail:new_device_login.device'),
            value: c.t('mail:new_device_login.device_value', {
              browser: p.browser === 'other' ? c.t('mail:new_device_login.other_browser') : p.browser,
              os: p.os === 'other' ? c.t('mail:new_device_login.other_os') : p.os,
            }),
          },
          { label: c.t('mail:new_device_login.ip'), value: p.ip || '—' },
        ],
      },
      { kind: 'paragraph', text: c.t('mail:new_device_login.if_you') },
      ...notYou(c, 'mail:new_device_login.not_you'),
      { kind: 'link', label: c.t('mail:new_device_login.sessions'), href: c.url('/account/sessions') },
    ],
  }),

  /** To the current address: someone asked to move the account to another one (not done until confirmed). */
  email_change_requested: defineTemplate({
    category: 'security',
    params: z.object({ at, newEmail: z.string().email() }),
    example: { at: new Date('2026-12-02T10:15:00Z'), newEmail: 'maria.new@example.gr' },
    subject: (_p, c) => c.t('mail:email_change_requested.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:email_change_requested.subject') },
      { kind: 'paragraph', text: c.t('mail:email_change_requested.body', { when: c.dateTime(p.at), email: p.newEmail }) },
      ...notYou(c, 'mail:email_change_requested.not_you'),
    ],
  }),

  /** To the old address, once the new one is confirmed: the account's mail goes elsewhere from now on. */
  email_changed: defineTemplate({
    category: 'security',
    params: z.object({ at, newEmail: z.string().email() }),
    example: { at: new Date('2026-12-02T10:15:00Z'), newEmail: 'maria.new@example.gr' },
    subject: (_p, c) => c.t('mail:email_changed.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:email_changed.subject') },
      { kind: 'paragraph', text: c.t('mail:email_changed.body', { when: c.dateTime(p.at), email: p.newEmail }) },
      // The old address may no longer log in: the way back is to write or call us.
      { kind: 'note', tone: 'warning', text: c.t('mail:email_changed.not_you', { email: c.seller.email, phone: c.seller.phone }) },
    ],
  }),

  /** To the new address, once confirmed: it is the account's address now. */
  email_change_done: defineTemplate({
    category: 'security',
    params: z.object({ at, newEmail: z.string().email() }),
    example: { at: new Date('2026-12-02T10:15:00Z'), newEmail: 'maria.new@example.gr' },
    subject: (_p, c) => c.t('mail:email_change_done.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:email_change_done.subject') },
      { kind: 'paragraph', text: c.t('mail:email_change_done.body', { when: c.dateTime(p.at), email: p.newEmail }) },
      { kind: 'button', label: c.t('mail:email_change_done.account'), href: c.url('/account') },
    ],
  }),

  /** Two-factor turned on or off: the authenticator app or the e-mail codes. */
  two_factor_changed: defineTemplate({
    category: 'security',
    params: z.object({ at, method: z.enum(['totp', 'email']), enabled: z.boolean() }),
    example: { at: new Date('2026-12-02T10:15:00Z'), method: 'totp', enabled: false },
    subject: (p, c) => c.t(`mail:two_factor_changed.subject_${p.enabled ? 'on' : 'off'}`),
    body: (p, c) => [
      { kind: 'heading', text: c.t(`mail:two_factor_changed.subject_${p.enabled ? 'on' : 'off'}`) },
      { kind: 'paragraph', text: c.t(`mail:two_factor_changed.${p.method}_${p.enabled ? 'on' : 'off'}`, { when: c.dateTime(p.at) }) },
      ...notYou(c, `mail:two_factor_changed.not_you_${p.enabled ? 'on' : 'off'}`),
    ],
  }),

  /** The account's mobile changed or was removed (it can receive the reset SMS once verified). */
  mobile_changed: defineTemplate({
    category: 'security',
    params: z.object({ at, mobile: z.string().nullable() }),
    example: { at: new Date('2026-12-02T10:15:00Z'), mobile: '+306912345678' },
    subject: (_p, c) => c.t('mail:mobile_changed.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:mobile_changed.subject') },
      { kind: 'paragraph', text: p.mobile ? c.t('mail:mobile_changed.body', { when: c.dateTime(p.at), mobile: p.mobile }) : c.t('mail:mobile_changed.removed', { when: c.dateTime(p.at) }) },
      ...notYou(c, 'mail:mobile_changed.not_you'),
    ],
  }),

  /** Someone with the right password keeps typing wrong second-step codes. */
  second_factor_alert: defineTemplate({
    category: 'security',
    params: z.object({ failures: z.number().int().positive() }),
    example: { failures: 5 },
    subject: (_p, c) => c.t('mail:second_factor_alert.subject'),
    body: (p, c) => [
      { kind: 'heading', text: c.t('mail:second_factor_alert.subject') },
      { kind: 'paragraph', text: c.t('mail:second_factor_alert.body', { count: p.failures }) },
      ...notYou(c, 'mail:second_factor_alert.not_you'),
    ],
  }),
};
