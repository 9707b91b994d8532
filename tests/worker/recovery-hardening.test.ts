// Issue #10 §3, account recovery: /auth/reset reveals nothing before the e-mail code proves control
// of the address; the security question and the SMS code are extra factors after it, the SMS only to a
// verified mobile; two-factor survives a reset; a stranger cannot use up the owner's reset; changing
// the mobile needs the password and tells the old address; an address registered by SMS and never
// proven can be reclaimed by whoever proves it by e-mail code.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { maskMobile } from '../../core/otp';
import { totp } from '../../core/totp';
import { createDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createServices } from '../../worker/services';
import { Browser, form, login } from './helpers';

// Dozens of requests per test on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const at = (ms = Date.now()) => createServices({ db, env, now: new Date(ms), origin: 'http://localhost' });
const demo = DEMO_USERS[0];
const PASSWORD = 'Kalimera-Thalassa-42!';
let seq = 0;
const freshEmail = (p: string) => `${p}.${Date.now().toString(36)}${seq++}@example.gr`;
const freshMobile = () => `+3069${String(Date.now() + seq++).slice(-8)}`;

type Mail = { to: string; body: string; tag?: string | null; subject?: string };
async function mails(to: string): Promise<Mail[]> {
  return (await at().outbox.list({ to })) as Mail[];
}
/** The newest message to `to` with `tag`, waiting a little: the reset sends after the response. */
async function newest(to: string, tag: string): Promise<Mail | null> {
  for (let i = 0; i < 40; i++) {
    const m = (await mails(to)).find((x) => x.tag === tag);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 25));
  }
  return null;
}
const codeOf = (m: Mail | null) => /\b(\d{6})\b/.exec(m?.body ?? '')?.[1] ?? '';

async function newAccount(options: { question?: boolean; mobile?: 'verified' | 'unverified'; totpSecret?: string; emailVerified?: boolean } = {}) {
  const email = freshEmail('rec');
  const mobile = options.mobile ? freshMobile() : null;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({
      email,
      emailVerifiedAt: options.emailVerified === false ? null : now,
      passwordHash: demo.passwordHash,
      firstName: 'Άννα',
      lastName: 'Κ',
      mobile,
      mobileVerifiedAt: options.mobile === 'verified' ? now : null,
      gdprProcessingAt: now,
      gdprValidityAt: now,
      ...(options.question ? { securityQuestion: demo.security.question, securityAnswerHash: demo.security.answerHash, birthDate: demo.security.birthDate } : {}),
      ...(options.totpSecret ? { totpSecret: options.totpSecret, totpEnabledAt: now } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  return { id: u!.id, email, mobile };
}

const viewOf = (html: string) => /data-testid="reset" data-view="(\d)"/.exec(html)?.[1];
const alertOf = (html: string) => /data-testid="reset-alert"[^>]*data-code="(\d+)"/.exec(html)?.[1] ?? /data-code="(\d+)"[^>]*data-testid="reset-alert"/.exec(html)?.[1];
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function post(b: Browser, fields: Record<string, string>) {
  if (!b.csrf) await b.open('/auth/reset');
  const res = await b.fetch('/auth/reset', form({ _token: b.csrf, ...fields }));
  return { res, html: await res.text() };
}

/** Step 1 and the e-mail code: the page after the code was accepted. */
async function proveEmail(b: Browser, email: string) {
  const first = await post(b, { intent: 'options', email });
  expect(first.res.status).toBe(200);
  const code = codeOf(await newest(email, 'otp:reset_email'));
  expect(code).toMatch(/^\d{6}$/);
  return post(b, { intent: 'verify_email', email, code });
}

describe('/auth/reset before the e-mail is proven', () => {
  it('answers a known and an unknown address alike and shows neither the question nor the masked targets', async () => {
    const known = await newAccount({ question: true, mobile: 'verified' });
    const unknown = freshEmail('nobody');
    const b = new Browser();
    const a = await post(b, { intent: 'options', email: known.email });
    const c = await post(b, { intent: 'options', email: unknown });
    expect(a.res.status).toBe(c.res.status);
    expect(viewOf(a.html)).toBe(viewOf(c.html));
    expect(alertOf(a.html)).toBe(alertOf(c.html));
    expect(alertOf(a.html)).not.toBe(String(ErrorCode.UNAUTHORISED_EMAIL));
    // The same page, apart from the address typed (and per-response nonces and clock readings).
    const norm = (h: string, email: string) =>
      h.replaceAll(email, 'E').replace(/nonce="[^"]*"/g, '').replace(/\\"nonce\\",\\"[^"\\]*\\"/g, '').replace(/\b1\d{12}\b/g, 'T');
    expect(norm(a.html, known.email)).toBe(norm(c.html, unknown));
    for (const secret of ['reset-question', 'Σε ποια πόλη', maskMobile(known.mobile!), known.mobile!, 'security_question']) expect(a.html).not.toContain(secret);
    // Only the owner's mailbox hears of it.
    expect(await newest(known.email, 'otp:reset_email')).not.toBeNull();
    expect(await mails(unknown)).toHaveLength(0);
  });

  it('does the account lookup and the sending after the answer, so a known address costs no extra time', async () => {
    const known = await newAccount();
    const deferred: Promise<unknown>[] = [];
    const r = await at().passwordReset.start({ email: known.email, ip: '203.0.113.140', locale: 'el', origin: 'http://localhost', defer: (p) => deferred.push(p) });
    const u = await at().passwordReset.start({ email: freshEmail('ghost'), ip: '203.0.113.140', locale: 'el', origin: 'http://localhost', defer: (p) => deferred.push(p) });
    expect(r).toEqual(u);
    expect(await mails(known.email)).toHaveLength(0);
    await Promise.all(deferred);
    expect((await mails(known.email)).some((m) => m.tag === 'otp:reset_email')).toBe(true);
  });

  it('never takes the security answer, or an SMS, without the e-mail code first', async () => {
    const acc = await newAccount({ question: true, mobile: 'verified' });
    const b = new Browser();
    const q = await post(b, { intent: 'question', email: acc.email, answer: demo.security.answer, birth_date: '14/03/1985' });
    expect(viewOf(q.html)).not.toBe('6');
    expect(q.html).not.toContain('name="password"');
    const s = await post(b, { intent: 'send_sms', email: acc.email });
    expect(viewOf(s.html)).not.toBe('4');
    expect(await mails(acc.mobile!)).toHaveLength(0);
  });
});

describe('recovery as strong as login', () => {
  it('asks the security question after the e-mail code, then sets the password', async () => {
    const acc = await newAccount({ question: true, mobile: 'verified' });
    const b = new Browser();
    const proven = await proveEmail(b, acc.email);
    expect(viewOf(proven.html)).toBe('2');
    expect(proven.html).toContain('data-testid="reset-question"');
    const token = tokenOf(proven.html);
    // The e-mail proof alone does not open the password form for an account with a question.
    const early = await post(b, { intent: 'set_password', token, password: 'Brand-New-Pass-2026!', password_confirmation: 'Brand-New-Pass-2026!' });
    expect(viewOf(early.html)).not.toBe('7');
    const wrong = await post(b, { intent: 'question', token, answer: 'Πάτρα', birth_date: '14/03/1985' });
    expect(alertOf(wrong.html)).toBe(String(ErrorCode.TWO_FACTOR_FAIL));
    const right = await post(b, { intent: 'question', token, answer: ' αθηνα ', birth_date: '14/03/1985' });
    expect(viewOf(right.html)).toBe('6');
    const done = await post(b, { intent: 'set_password', token: tokenOf(right.html), password: 'Brand-New-Pass-2026!', password_confirmation: 'Brand-New-Pass-2026!' });
    expect(viewOf(done.html)).toBe('7');
    expect((await login(new Browser(), acc.email, 'Brand-New-Pass-2026!')).status).toBe(303);
  });

  it('offers the SMS instead of a forgotten answer only to a verified mobile', async () => {
    const unverified = await newAccount({ question: true, mobile: 'unverified' });
    const b = new Browser();
    const proven = await proveEmail(b, unverified.email);
    const token = tokenOf(proven.html);
    expect(proven.html).not.toContain(maskMobile(unverified.mobile!));
    const forgot = await post(b, { intent: 'goto', token, to: 'sms' });
    expect(viewOf(forgot.html)).toBe('5');
    const refused = await post(b, { intent: 'send_sms', token });
    expect(alertOf(refused.html)).toBe(String(ErrorCode.NO_MOBILE_TO_RESET_BY));
    expect(await mails(unverified.mobile!)).toHaveLength(0);

    const verified = await newAccount({ question: true, mobile: 'verified' });
    const b2 = new Browser();
    const t2 = tokenOf((await proveEmail(b2, verified.email)).html);
    const sms = await post(b2, { intent: 'goto', token: t2, to: 'sms' });
    expect(viewOf(sms.html)).toBe('4');
    const sent = await post(b2, { intent: 'send_sms', token: t2 });
    expect(alertOf(sent.html)).toBe(String(ErrorCode.SMS_SENT));
    const ok = await post(b2, { intent: 'verify_sms', token: t2, code: codeOf(await newest(verified.mobile!, 'otp:reset_sms')) });
    expect(viewOf(ok.html)).toBe('6');
  });

  it('keeps the authenticator-app second factor on after a reset', async () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const acc = await newAccount({ totpSecret: secret });
    const b = new Browser();
    const proven = await proveEmail(b, acc.email);
    expect(viewOf(proven.html)).toBe('6');
    const done = await post(b, { intent: 'set_password', token: tokenOf(proven.html), password: 'Brand-New-Pass-2026!', password_confirmation: 'Brand-New-Pass-2026!' });
    expect(viewOf(done.html)).toBe('7');
    const res = await login(new Browser(), acc.email, 'Brand-New-Pass-2026!');
    expect(await res.text()).toContain('data-code="2004"');
    expect(await totp(secret, Date.now())).toMatch(/^\d{6}$/);
  });

  it('sends nothing to an address nobody has proven (it can be reclaimed by registering)', async () => {
    const acc = await newAccount({ emailVerified: false, mobile: 'verified' });
    const r = await post(new Browser(), { intent: 'options', email: acc.email });
    expect(r.res.status).toBe(200);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await mails(acc.email)).toHaveLength(0);
  });
});

describe('the reset throttle', () => {
  it('a stranger hammering one address from many IPs leaves the owner able to reset with what reached the mailbox', async () => {
    const acc = await newAccount();
    // 15 addresses × 3 requests, and wrong codes that use up the six-digit code's attempts.
    for (let i = 0; i < 15; i++) {
      const attacker = new Browser();
      for (let j = 0; j < 3; j++) await post(attacker, { intent: 'options', email: acc.email });
      await post(attacker, { intent: 'verify_email', email: acc.email, code: String(100000 + i) });
    }
    const owner = new Browser();
    const asked = await post(owner, { intent: 'options', email: acc.email });
    expect(asked.res.status).toBe(200);
    expect(alertOf(asked.html)).toBe(String(ErrorCode.EMAIL_SENT));
    // The link in the mail is not a guessable code: no stranger can use it up.
    const mail = await newest(acc.email, 'otp:reset_email');
    const link = /https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link).toContain('/auth/reset?');
    const page = await owner.open(link.replace(/^https?:\/\/[^/]+/, ''));
    const linkToken = /name="link" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    expect(linkToken).not.toBe('');
    const opened = await post(owner, { intent: 'link', link: linkToken });
    expect(viewOf(opened.html)).toBe('6');
  });

  it('limits one visitor per IP with 429', async () => {
    const b = new Browser();
    let last = 200;
    for (let i = 0; i < 31; i++) last = (await post(b, { intent: 'options', email: freshEmail('spray') })).res.status;
    expect(last).toBe(429);
  });
});

describe('changing the mobile in the account', () => {
  const profileFields = (mobile: string, extra: Record<string, string> = {}) => ({
    intent: 'update_profile',
    first_name: 'Άννα',
    last_name: 'Κώστα',
    mobile,
    country: 'GR',
    state_id: 'Central Macedonia',
    city: 'Θεσσαλονίκη',
    address: 'Τσιμισκή 10',
    postcode: '54622',
    ...extra,
  });

  it('needs the current password, keeps the form on a wrong one and tells the old address', async () => {
    const acc = await newAccount({ mobile: 'verified' });
    const b = new Browser();
    expect((await login(b, acc.email, demo.password)).status).toBe(303);
    const { token } = await b.open('/account');
    const next = freshMobile();
    const wrong = await b.fetch('/account?index', form({ _token: token, ...profileFields(next, { current_password: 'Not-The-Password-1' }) }));
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain(next);
    expect(html).toMatch(/id="[^"]*current_password[^"]*-error"/);
    const missing = await b.fetch('/account?index', form({ _token: token, ...profileFields(next) }));
    expect(missing.status).toBe(400);
    const [same] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(same!.mobile).toBe(acc.mobile);
    expect(same!.mobileVerifiedAt).not.toBeNull();

    const ok = await b.fetch('/account?index', form({ _token: token, ...profileFields(next, { current_password: demo.password }) }));
    expect(ok.status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(after!.mobile).toBe(next);
    expect(after!.mobileVerifiedAt).toBeNull();
    expect((await mails(acc.email)).some((m) => m.tag === 'mobile_changed')).toBe(true);

    // The new number is verified by its own SMS code, so it can serve a reset again.
    expect(await (await b.fetch('/account')).text()).toContain('data-testid="mobile-verify-link"');
    const page = await b.open('/account/mobile');
    expect(page.html).toContain('data-verified="false"');
    const sent = await b.fetch('/account/mobile', form({ _token: page.token, intent: 'send' }));
    expect(await sent.text()).toContain(`data-code="${ErrorCode.SMS_SENT}"`);
    const wrongCode = await b.fetch('/account/mobile', form({ _token: page.token, intent: 'verify', code: '000000' }));
    expect(wrongCode.status).toBe(400);
    const verified = await b.fetch('/account/mobile', form({ _token: page.token, intent: 'verify', code: codeOf(await newest(next, 'otp:verify_mobile')) }));
    expect(await verified.text()).toContain(`data-code="${ErrorCode.MOBILE_VERIFIED_SUCCESSFULLY}"`);
    const [done] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(done!.mobileVerifiedAt).not.toBeNull();
  });

  it('other details change without the password', async () => {
    const acc = await newAccount({ mobile: 'verified' });
    const b = new Browser();
    expect((await login(b, acc.email, demo.password)).status).toBe(303);
    const { token } = await b.open('/account');
    const ok = await b.fetch('/account?index', form({ _token: token, ...profileFields(acc.mobile!, { city: 'Λάρισα' }) }));
    expect(ok.status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(after!.city).toBe('Λάρισα');
  });
});

describe('changing the e-mail in the account', () => {
  it('needs the current password, tells the old address, and changes only when the new one confirms', async () => {
    const acc = await newAccount();
    const b = new Browser();
    expect((await login(b, acc.email, demo.password)).status).toBe(303);
    const { token } = await b.open('/account/email');
    const next = freshEmail('moved');
    const wrong = await b.fetch('/account/email', form({ _token: token, email: next, current_password: 'Not-The-Password-1' }));
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain(`value="${next}"`);
    expect(html).toMatch(/id="[^"]*current_password[^"]*-error"/);
    expect(await mails(next)).toHaveLength(0);
    const taken = await b.fetch('/account/email', form({ _token: token, email: demo.email, current_password: demo.password }));
    expect(taken.status).toBe(400);

    const ok = await b.fetch('/account/email', form({ _token: token, email: next, current_password: demo.password }));
    expect(ok.status).toBe(200);
    expect((await mails(acc.email)).some((m) => m.tag === 'email_change_requested')).toBe(true);
    const [still] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(still!.email).toBe(acc.email);
    const link = /\/auth\/verify-email\?token=(\S+)/.exec((await newest(next, 'verify_email'))?.body ?? '')!;
    const confirm = await b.open(link[0]);
    const done = await b.fetch('/auth/verify-email', form({ _token: confirm.token, token: decodeURIComponent(link[1]!) }));
    expect(await done.text()).toContain('data-testid="verify-done"');
    const [moved] = await db.select().from(users).where(eq(users.id, acc.id));
    expect(moved!.email).toBe(next);
    expect(moved!.emailVerifiedAt).not.toBeNull();
    expect((await mails(acc.email)).some((m) => m.tag === 'email_changed')).toBe(true);
    expect((await login(new Browser(), next, demo.password)).status).toBe(303);
  });
});

describe('registration by SMS does not prove the e-mail', () => {
  const values = (email: string, channel: 'email' | 'sms', mobile: string) => ({
    email, password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Άννα', last_name: 'Μαρκου', mobile, country: 'GR',
    state_id: 'Αττική', city: 'Αθήνα', address: 'Οδός 1', postcode: '10431', otp_channel: channel, gdpr_processing: true, gdpr_validity: true, terms: true,
  });
  async function registerVia(email: string, channel: 'email' | 'sms', mobile: string, ip: string) {
    const s = at();
    const widget = await s.registration.captcha();
    if (widget.kind !== 'sandbox') throw new Error('sandbox expected');
    return s.registration.register(values(email, channel, mobile) as never, { captchaResponse: String(widget.a + widget.b), captchaId: widget.id, ip, locale: 'el' });
  }

  it('so the owner of the address reclaims it by registering with an e-mail code', async () => {
    const email = freshEmail('squat');
    const squatterMobile = freshMobile();
    const squat = await registerVia(email, 'sms', squatterMobile, '203.0.113.150');
    if (!squat.ok) throw new Error(`sms registration failed ${squat.code}`);
    const made = await at().registration.verify(squat.pending.token, codeOf(await newest(squatterMobile, 'otp:register')));
    if (!made.ok) throw new Error('sms verify failed');
    const [squatter] = await db.select().from(users).where(eq(users.id, made.userId));
    expect(squatter!.emailVerifiedAt).toBeNull();

    // Another SMS registration cannot take it; an e-mail one can, once its code proves the address.
    const bySms = await registerVia(email, 'sms', freshMobile(), '203.0.113.151');
    expect(bySms).toMatchObject({ ok: false });
    expect(await at().registration.checkStep1({ email, password: PASSWORD })).toEqual({ ok: true });
    const owner = await registerVia(email, 'email', freshMobile(), '203.0.113.152');
    if (!owner.ok) throw new Error(`e-mail registration refused ${owner.code}`);
    const claimed = await at().registration.verify(owner.pending.token, codeOf(await newest(email, 'otp:register')));
    if (!claimed.ok) throw new Error(`claim failed ${claimed.code}`);
    const [now] = await db.select().from(users).where(eq(users.email, email));
    expect(now!.id).toBe(claimed.userId);
    expect(now!.emailVerifiedAt).not.toBeNull();
    const [old] = await db.select().from(users).where(eq(users.id, made.userId));
    expect(old!.email).not.toBe(email);
    // The squatter hears of it by SMS.
    expect((await mails(squatterMobile)).some((m) => m.tag === 'email_reclaimed')).toBe(true);
  });

  it('a verified address stays taken', async () => {
    expect(await at().registration.checkStep1({ email: demo.email, password: PASSWORD })).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR });
  });
});
