// The account's security messages through the mail queue (issue #33 §1, decision 099): each event sends
// exactly one message with its template, in the account's language; codes and links that grant
// something are cleared from the queue once sent (the provider's copy, the sandbox outbox, keeps them
// for the tests); a provider that is down leaves the action done and the message to the cron; only what
// one may unsubscribe from carries List-Unsubscribe.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domains, mailMessages, outbox, tokens, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createAdapters } from '../../worker/adapters';
import type { MailPort } from '../../worker/adapters/mail/port';
import { configOf } from '../../worker/config';
import { runScheduled } from '../../worker/cron';
import { createServices } from '../../worker/services';
import { uniqueName } from './customers';
import { Browser, form } from './helpers';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
const DAY = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

function servicesWith(now: Date, port?: MailPort) {
  const adapters = createAdapters(configOf(env), db, 'http://localhost', env.FILES);
  return createServices({ db, env, now, origin: 'http://localhost', adapters: port ? { ...adapters, mail: port } : adapters });
}
const down: MailPort = {
  async send() {
    throw new Error('provider answered 503');
  },
};

/** An account made `ageDays` ago, with the demo password (and the policy approved). */
async function account(prefix: string, opts: { ageDays?: number; locale?: 'el' | 'en' } = {}) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const made = new Date(Date.now() - (opts.ageDays ?? 30) * DAY);
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', locale: opts.locale ?? 'el', emailVerifiedAt: now, gdprProcessingAt: now, gdprValidityAt: now, createdAt: made, updatedAt: made })
    .returning({ id: users.id });
  return { id: u!.id, email };
}

const rowsOf = (userId: number, template: string) => db.select().from(mailMessages).where(and(eq(mailMessages.userId, userId), eq(mailMessages.template, template)));
const outboxOf = (to: string, tag: string) => db.select().from(outbox).where(eq(outbox.to, to)).then((rows) => rows.filter((r) => (r.meta as { tag?: string }).tag === tag));

async function loginFrom(b: Browser, email: string, userAgent = FIREFOX) {
  const { token } = await b.open('/auth/login');
  const res = await b.fetch('/auth/login', { ...form({ _token: token, email, password: demo.password, redirectTo: '/account' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent } });
  expect(res.status).toBe(303);
}

describe('a login from a browser the account does not know', () => {
  it('is told once per new browser, in the account’s language, with the browser, the system and the IP; a known browser is not', async () => {
    const u = await account('newdev', { locale: 'en' });
    const first = new Browser();
    await loginFrom(first, u.email);
    let rows = await rowsOf(u.id, 'new_device_login');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lang: 'en', status: 'sent', toAddress: u.email });
    const [sent] = await outboxOf(u.email, 'security:new_device');
    expect(sent!.subject).toBe('New login to your account');
    expect(sent!.body).toContain('Firefox on Windows');
    expect(sent!.body).toContain(first.ip);
    expect(sent!.body).toContain('http://localhost/account/security');
    // Security notices are not something to unsubscribe from.
    expect(rows[0]!.headers['List-Unsubscribe']).toBeUndefined();
    expect(sent!.body).not.toContain('/unsubscribe');

    // The same browser again (its known-device cookie): nothing new.
    await first.fetch('/auth/logout', form({ _token: first.csrf }));
    await loginFrom(first, u.email);
    expect(await rowsOf(u.id, 'new_device_login')).toHaveLength(1);

    // Another browser: told again.
    await loginFrom(new Browser(), u.email, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    rows = await rowsOf(u.id, 'new_device_login');
    expect(rows).toHaveLength(2);
    expect((await outboxOf(u.email, 'security:new_device')).some((m) => m.body.includes('Safari on iOS'))).toBe(true);
  });

  it('is not news for the first browser of an account made today, and is for its second', async () => {
    const u = await account('newdev-fresh', { ageDays: 0 });
    await loginFrom(new Browser(), u.email);
    expect(await rowsOf(u.id, 'new_device_login')).toHaveLength(0);
    await loginFrom(new Browser(), u.email);
    const rows = await rowsOf(u.id, 'new_device_login');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Νέα σύνδεση στον λογαριασμό σας');
  });
});

describe('codes and links that grant something', () => {
  it('are sent once per code, and their body is cleared from the queue once sent (the code reached the provider)', async () => {
    const u = await account('otp-redact');
    await db.update(users).set({ emailTwoFactor: true }).where(eq(users.id, u.id));
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    await b.fetch('/auth/login', form({ _token: token, email: u.email, password: demo.password, redirectTo: '/account' }));
    const rows = await rowsOf(u.id, 'otp_code');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', redacted: true, html: '', text: '' });
    expect(rows[0]!.dedupeKey).toMatch(/^otp:\d+$/);
    // The subject holds no more than the provider was given; the code is in the sent message.
    const [sent] = await outboxOf(u.email, 'otp:login_2fa');
    expect(/\b(\d{6})\b/.exec(sent!.body)?.[1]).toMatch(/^\d{6}$/);
    expect(sent!.html).toContain(/\b(\d{6})\b/.exec(sent!.body)![1]!);
  });

  it('an e-mail change: the link to the new address (cleared once sent) and a notice to the old one; the confirmation tells both, once', async () => {
    const u = await account('change', { locale: 'en' });
    const s = servicesWith(new Date());
    const next = `${uniqueName('changed')}@example.gr`;
    expect(await s.account.requestEmailChange(u.id, { email: next, current: demo.password, origin: 'http://localhost', locale: 'en' })).toEqual({ ok: true });
    const [link] = await db.select().from(mailMessages).where(and(eq(mailMessages.toAddress, next), eq(mailMessages.template, 'verify_email')));
    expect(link).toMatchObject({ status: 'sent', redacted: true, lang: 'en' });
    expect(await rowsOf(u.id, 'email_change_requested')).toMatchObject([{ toAddress: u.email, status: 'sent' }]);
    const [mail] = await outboxOf(next, 'verify_email');
    expect(mail!.subject).toBe('Confirm your new e-mail address');
    const tokenOf = /\/auth\/verify-email\?token=(\S+)/.exec(mail!.body)![1]!;

    expect(await s.account.confirmEmail(decodeURIComponent(tokenOf))).toEqual({ ok: true, email: next });
    expect(await s.account.confirmEmail(decodeURIComponent(tokenOf))).toMatchObject({ ok: false });
    const told = await db.select().from(mailMessages).where(and(eq(mailMessages.userId, u.id), eq(mailMessages.lang, 'en')));
    expect(told.filter((m) => m.template === 'email_changed').map((m) => m.toAddress)).toEqual([u.email]);
    expect(told.filter((m) => m.template === 'email_change_done').map((m) => m.toAddress)).toEqual([next]);
    expect((await outboxOf(u.email, 'email_changed'))[0]!.body).toContain(next);
  });
});

describe('two-factor turned on or off', () => {
  it('sends one message per change, and a provider that is down leaves the change made and the message to the cron', async () => {
    const u = await account('twofactor');
    const t0 = new Date('2026-12-05T10:00:00Z');
    expect(await servicesWith(t0).account.setEmailTwoFactor(u.id, { enabled: true, current: demo.password })).toEqual({ ok: true });
    let rows = await rowsOf(u.id, 'two_factor_changed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', lang: 'el', subject: 'Ο έλεγχος δύο βημάτων ενεργοποιήθηκε' });
    // The same answer again is no change (1005): no message.
    await servicesWith(t0).account.setEmailTwoFactor(u.id, { enabled: true, current: demo.password });
    expect(await rowsOf(u.id, 'two_factor_changed')).toHaveLength(1);

    const t1 = new Date(t0.getTime() + 60_000);
    expect(await servicesWith(t1, down).account.setEmailTwoFactor(u.id, { enabled: false, current: demo.password })).toEqual({ ok: true });
    expect((await db.select({ on: users.emailTwoFactor }).from(users).where(eq(users.id, u.id)))[0]!.on).toBe(false);
    rows = await rowsOf(u.id, 'two_factor_changed');
    const off = rows.find((r) => r.subject === 'Ο έλεγχος δύο βημάτων απενεργοποιήθηκε')!;
    expect(off).toMatchObject({ status: 'failed', attempts: 1 });
    await runScheduled('*/5 * * * *', env, new Date(t1.getTime() + 2 * 60_000));
    await runScheduled('*/5 * * * *', env, new Date(t1.getTime() + 3 * 60_000));
    const [after] = await db.select().from(mailMessages).where(eq(mailMessages.id, off.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outboxOf(u.email, 'two_factor_changed')).toHaveLength(2);
  });
});

describe('List-Unsubscribe', () => {
  it('is on the newsletter’s confirmation, and not on the expiry reminders, which cannot be turned off', async () => {
    const email = `${uniqueName('lu')}@example.gr`;
    const s = servicesWith(new Date());
    expect(await s.newsletter.subscribe({ email, source: 'form', publicForm: true, ip: '203.0.113.7', origin: 'http://localhost', locale: 'el' })).toMatchObject({ ok: true });
    const [confirm] = await db.select().from(mailMessages).where(and(eq(mailMessages.toAddress, email), eq(mailMessages.template, 'newsletter_confirm')));
    expect(confirm!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost\/newsletter\/unsubscribe\?token=.+>$/);
    expect(confirm!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(confirm!.text).toContain('http://localhost/newsletter/unsubscribe?token=');

    const u = await account('lu-remind');
    const at = Date.UTC(2031, 2, 10, 7, 0);
    const ascii = `${uniqueName('lu')}.gr`;
    const [d] = await db
      .insert(domains)
      .values({ userId: u.id, fqdn: ascii, asciiFqdn: ascii, registryKey: ascii, tld: 'gr', registry: 'gr', status: 'active', autoRenew: false, expiresAt: new Date(at + 7 * DAY + 3 * 3600_000), createdAt: new Date(at - 300 * DAY), updatedAt: new Date(at - 300 * DAY) })
      .returning();
    await servicesWith(new Date(at)).reminders.run();
    await servicesWith(new Date(at + 3600_000)).reminders.run();
    const reminders = await rowsOf(u.id, 'domain_expiry_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.dedupeKey).toMatch(/^domain-reminder:\d+$/);
    expect(reminders[0]!.headers['List-Unsubscribe']).toBeUndefined();
    expect(reminders[0]!.text).toContain(`/account/domains/${d!.asciiFqdn}`);
    expect(reminders[0]!.text).toContain('επειδή αφορά μια υπηρεσία');
  });
});

describe('a login that failed', () => {
  it('remembers no device and tells nobody', async () => {
    const u = await account('nodevice');
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    await b.fetch('/auth/login', form({ _token: token, email: u.email, password: 'wrong-password-1', redirectTo: '/account' }));
    expect(await db.select().from(tokens).where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'known_device')))).toHaveLength(0);
    expect(await rowsOf(u.id, 'new_device_login')).toHaveLength(0);
  });
});
