// Issue #3 services end to end inside workerd: registration with the captcha port and the OTP,
// one-time code rules in time, password-reset tokens (single use, expiry), two-factor login, e-mail
// verification, and the admin area's errorCode cookie on suspension.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { OTP_RESEND_AFTER_MS, OTP_TTL_MS } from '../../core/otp';
import { totp } from '../../core/totp';
import { createDb } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { createSandboxCaptcha } from '../../worker/adapters/captcha/sandbox';
import { createServices } from '../../worker/services';
import { staffBrowser } from './staff';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const at = (ms: number) => createServices({ db, env, now: new Date(ms) });
const PASSWORD = 'Kalimera-Thalassa-42!';
let seq = 0;
const freshEmail = (p: string) => `${p}.${Date.now().toString(36)}${seq++}@example.gr`;

async function newestCode(to: string): Promise<string> {
  const [m] = await at(Date.now()).outbox.list({ to });
  return /\b(\d{6})\b/.exec(m?.body ?? '')?.[1] ?? '';
}

function registrationForm(token: string, email: string, extra: Record<string, string> = {}) {
  return form({
    _token: token,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    first_name: 'Νίκος',
    last_name: 'Ιωάννου',
    country: 'GR',
    state_id: 'Central Macedonia',
    city: 'Θεσσαλονίκη',
    address: 'Τσιμισκή 10',
    postcode: '54622',
    otp_channel: 'email',
    gdpr_processing: 'on',
    gdpr_validity: 'on',
    terms: 'on',
    intent: 'register',
    ...extra,
  });
}

function captchaOf(html: string) {
  const a = Number(/data-a="(\d)"/.exec(html)?.[1]);
  const b = Number(/data-b="(\d)"/.exec(html)?.[1]);
  const id = /name="captcha_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { id, answer: String(a + b) };
}

describe('registration', () => {
  it('creates nothing until the OTP is verified, then logs the visitor in with a verified address', async () => {
    const b = new Browser();
    const email = freshEmail('reg');
    const { html, token } = await b.open('/auth/register');
    const captcha = captchaOf(html);
    // A wrong captcha answer: validation error, a new challenge, no account, nothing sent.
    const wrong = await b.fetch('/auth/register', registrationForm(token, email, { captcha_id: captcha.id, captcha_response: '99' }));
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    // Issue #25 §5: a wrong answer says so, at the captcha field, and the error summary links to it.
    expect(wrongHtml).toContain('Η απάντηση στην πράξη δεν είναι σωστή');
    // (The old check, toContain('ρομπότ'), matched the captcha's own question and could not fail.)
    expect(wrongHtml).not.toContain('Παρακαλούμε επιβεβαιώστε ότι δεν είστε ρομπότ');
    expect(wrongHtml).toMatch(/data-testid="error-summary"[\s\S]*?href="#captcha_response"/);
    expect(wrongHtml).toMatch(/id="captcha-error"[^>]*>[^<]*Η απάντηση στην πράξη δεν είναι σωστή/);
    // The captcha and the required consents are marked as required.
    expect(wrongHtml).toMatch(/<input[^>]*name="captcha_response"[^>]*required=""[^>]*aria-required="true"|<input[^>]*aria-required="true"[^>]*name="captcha_response"/);
    for (const name of ['gdpr_processing', 'gdpr_validity', 'terms']) expect(wrongHtml, name).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*required=""|<input[^>]*required=""[^>]*name="${name}"`));
    expect(wrongHtml).toContain('data-testid="required-mark-terms"');
    expect(wrongHtml).toContain('data-testid="required-mark-captcha"');
    expect(captchaOf(wrongHtml).id).not.toBe(captcha.id);
    // No answer at all: the "not a robot" message.
    const empty = await b.fetch('/auth/register', registrationForm(token, email, { captcha_id: 'none', captcha_response: '' }));
    expect(await empty.text()).toMatch(/id="captcha-error"[^>]*>Παρακαλούμε επιβεβαιώστε ότι δεν είστε ρομπότ/);
    // The used-up challenge cannot be replayed with the right answer either.
    const replay = await b.fetch('/auth/register', registrationForm(token, email, { captcha_id: captcha.id, captcha_response: captcha.answer }));
    expect(replay.status).toBe(400);

    const fresh = captchaOf(wrongHtml);
    const ok = await b.fetch('/auth/register', registrationForm(token, email, { captcha_id: fresh.id, captcha_response: fresh.answer }));
    expect(ok.status).toBe(303);
    const location = ok.headers.get('Location')!;
    expect(location).toMatch(/^\/auth\/register\?verify=/);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The region was sent by its English name and is stored by its id.
    const otpPage = await b.open(location);
    expect(otpPage.html).toContain('data-testid="otp-block"');

    const verifyToken = new URL(location, 'http://x').searchParams.get('verify')!;
    const bad = await b.fetch(location, form({ _token: otpPage.token, intent: 'verify_otp', registration: verifyToken, code: '000000' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('data-code="90105"');
    const good = await b.fetch(location, form({ _token: otpPage.token, intent: 'verify_otp', registration: verifyToken, code: await newestCode(email) }));
    expect(good.status).toBe(303);
    expect(b.cookies.get('sid')).toBeTruthy();
    const [u] = await db.select().from(users).where(eq(users.email, email));
    expect(u!.emailVerifiedAt).not.toBeNull();
    expect(u!.state).toBe('B');
    expect(u!.gdprProcessingAt).not.toBeNull();
    expect((await b.open('/account')).html).toContain(email);
    // The same code cannot be used again.
    const again = await new Browser().fetch('/auth/register', form({ _token: 'x', intent: 'verify_otp', registration: verifyToken, code: '123456' }));
    expect(again.status).toBe(403);
  });

  it('from the dialog (dialog=1) answers the OTP step and the login as data, never redirecting away from the page', async () => {
    const b = new Browser();
    const email = freshEmail('dlg');
    const { token } = await b.open('/auth/register');
    // Step 2 as the page shows it after a wrong captcha answer: it carries a fresh challenge.
    const retry = await b.fetch('/auth/register', registrationForm(token, email, { captcha_id: 'none', captcha_response: '0' }));
    const captcha = captchaOf(await retry.text());
    // A fetcher's post (Remix single fetch): the OTP block's data comes back, the page stays where it is.
    const registered = await b.fetch('/auth/register.data', registrationForm(token, email, { captcha_id: captcha.id, captcha_response: captcha.answer, dialog: '1', redirectTo: '/cart' }));
    const body = await registered.text();
    expect(registered.status).toBe(200);
    expect(registered.headers.get('Location')).toBeNull();
    expect(body).toContain('"otp"');
    expect(body).toContain('"pending"');
    const verifyToken = /"token","([^"]+)"/.exec(body)?.[1] ?? '';
    expect(verifyToken.length).toBeGreaterThan(10);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const verified = await b.fetch('/auth/register.data', form({ _token: token, intent: 'verify_otp', registration: verifyToken, code: await newestCode(email), dialog: '1', redirectTo: '/cart' }));
    expect(verified.status).toBe(200);
    expect(verified.headers.get('Location')).toBeNull();
    expect(await verified.text()).toContain('"done"');
    expect(b.cookies.get('sid')).toBeTruthy();
    expect((await b.open('/account')).html).toContain(email);

    // The login dialog likewise: a success is data with the new session cookie.
    const other = new Browser();
    const page = await other.open('/auth/login');
    const loggedIn = await other.fetch('/auth/login.data', form({ _token: page.token, email, password: PASSWORD, dialog: '1', redirectTo: '/cart' }));
    expect(loggedIn.status).toBe(200);
    expect(await loggedIn.text()).toContain('"done"');
    expect(other.cookies.get('sid')).toBeTruthy();
  });

  it('refuses an address that exists, a disposable one (80033) and a common password', async () => {
    const s = at(Date.now());
    const taken = await s.registration.checkStep1({ email: 'Demo@Example.gr', password: PASSWORD });
    expect(taken).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR });
    expect(JSON.stringify(taken)).toContain('validation:email_taken');
    expect(await s.registration.checkStep1({ email: 'x@mailinator.com', password: PASSWORD })).toMatchObject({ code: ErrorCode.UNACCEPTABLE_EMAIL_FOR_AUTH_REGISTER });
    expect(JSON.stringify(await s.registration.checkStep1({ email: freshEmail('c'), password: 'Password1' }))).toContain('validation:password_common');
  });

  it('refuses an SMS code to a mobile of another country (80041)', async () => {
    const s = at(Date.now());
    const widget = await s.registration.captcha();
    if (widget.kind !== 'sandbox') throw new Error('sandbox expected');
    const r = await s.registration.register(
      {
        email: freshEmail('sms'), password: PASSWORD, password_confirmation: PASSWORD, first_name: 'Άννα', last_name: 'Μαρκου', mobile: '+49 1512 3456789', country: 'GR',
        state_id: 'Αττική', city: 'Αθήνα', address: 'Οδός 1', postcode: '10431', otp_channel: 'sms', gdpr_processing: true, gdpr_validity: true, terms: true,
      },
      { captchaResponse: String(widget.a + widget.b), captchaId: widget.id, ip: '203.0.113.9', locale: 'el' },
    );
    expect(r).toMatchObject({ ok: false, code: ErrorCode.PHONE_NUMBER_DOES_NOT_MATCH_COUNTRY });
  });

  it('limits registrations per address (429)', async () => {
    const s = at(Date.now());
    let last: { ok: boolean; code?: number } = { ok: true };
    for (let i = 0; i < 11; i++) last = await s.registration.register({} as never, { captchaResponse: '', ip: '203.0.113.77', locale: 'el' });
    expect(last).toMatchObject({ ok: false, code: 429 });
  });
});

describe('one-time codes in time', () => {
  it('expire (90103), throttle resends (90106) and count attempts down (90105 → 90102)', async () => {
    const t0 = Date.now();
    const target = freshEmail('otp');
    const send = (ms: number) => at(ms).otp.send({ purpose: 'register', channel: 'email', target, ip: '203.0.113.20', locale: 'el' });
    expect(await send(t0)).toMatchObject({ ok: true, resendIn: 60 });
    expect(await send(t0 + 5_000)).toMatchObject({ ok: false, code: ErrorCode.OTP_ALREADY_SENT, seconds: 55 });
    const code = await newestCode(target);
    expect(await at(t0 + OTP_TTL_MS + 1).otp.verify({ purpose: 'register', target, code })).toMatchObject({ ok: false, code: ErrorCode.OTP_HAS_EXPIRED });
    // A new code after the countdown; four wrong guesses, then the fifth while resend still waits.
    const t1 = t0 + OTP_TTL_MS + 2;
    expect(await send(t1)).toMatchObject({ ok: true });
    for (let i = 4; i >= 1; i--) expect(await at(t1 + 1000).otp.verify({ purpose: 'register', target, code: '000000' })).toMatchObject({ code: ErrorCode.OTP_MISMATCH, attemptsLeft: i });
    expect(await at(t1 + 2000).otp.verify({ purpose: 'register', target, code: '000000' })).toMatchObject({ code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED });
    // Even the right code is refused now; a new code after the countdown works.
    expect((await at(t1 + 3000).otp.verify({ purpose: 'register', target, code: await newestCode(target) })).ok).toBe(false);
    expect(await send(t1 + OTP_RESEND_AFTER_MS)).toMatchObject({ ok: true });
    expect(await at(t1 + OTP_RESEND_AFTER_MS + 1).otp.verify({ purpose: 'register', target, code: await newestCode(target) })).toEqual({ ok: true });
    expect(await at(t1 + OTP_RESEND_AFTER_MS + 2).otp.verify({ purpose: 'register', target, code: '000000' })).toMatchObject({ code: ErrorCode.OTP_ALREADY_VERIFIED });
  });
});

describe('password reset', () => {
  // Issue #10 §3 (decision 023): the e-mail is proven first; the methods are shown only after it.
  async function account(extra: Partial<typeof users.$inferInsert> = {}) {
    const email = freshEmail('reset');
    const [u] = await db
      .insert(users)
      .values({ email, emailVerifiedAt: new Date(), passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Α', lastName: 'Β', createdAt: new Date(), updatedAt: new Date(), ...extra })
      .returning({ id: users.id });
    return { id: u!.id, email };
  }
  const withQuestion = { securityQuestion: 'birth_city', securityAnswerHash: DEMO_USERS[0].security.answerHash, birthDate: '1985-03-14' };
  const start = (s: ReturnType<typeof at>, email: string, ip: string) => s.passwordReset.start({ email, ip, locale: 'el', origin: 'http://localhost' });

  it('answers every address alike (2160) and shows the question and the masked verified mobile only after the e-mail code', async () => {
    const s = at(Date.now());
    const { email } = await account({ ...withQuestion, mobile: '+306900000011', mobileVerifiedAt: new Date() });
    const known = await start(s, email, '203.0.113.30');
    expect(known).toEqual({ ok: true, code: ErrorCode.EMAIL_SENT, resendIn: 60 });
    expect(await start(s, 'nobody@example.gr', '203.0.113.30')).toEqual(known);
    expect(await start(s, DEMO_USERS[3].email, '203.0.113.30')).toEqual(known);
    // Nothing went to the staff-suspended account.
    expect((await s.outbox.list({ to: DEMO_USERS[3].email })).filter((m) => m.tag === 'otp:reset_email')).toHaveLength(0);
    expect(await s.passwordReset.verifyEmailCode({ email, code: '000000', ip: '203.0.113.30' })).toMatchObject({ ok: false, code: ErrorCode.OTP_MISMATCH_NO_PARAMS });
    expect(await s.passwordReset.verifyEmailCode({ email: 'nobody@example.gr', code: '000000', ip: '203.0.113.30' })).toMatchObject({ ok: false, code: ErrorCode.OTP_MISMATCH_NO_PARAMS });
    const proven = await s.passwordReset.verifyEmailCode({ email, code: await newestCode(email), ip: '203.0.113.30' });
    if (!proven.ok) throw new Error('expected a recovery token');
    expect(proven.code).toBe(ErrorCode.PASSWORD_RESET_EMAIL_VERIFIED);
    expect(await s.passwordReset.recovery(proven.token)).toEqual({ ok: true, stage: 'factor', question: 'birth_city', smsTarget: '+30 69•• •••011' });
  });

  it('needs the answer and birth date after the e-mail; the token is single-use and expires after 30 minutes', async () => {
    const t0 = Date.now();
    const s = at(t0);
    const { email } = await account(withQuestion);
    await start(s, email, '203.0.113.31');
    const proven = await s.passwordReset.verifyEmailCode({ email, code: await newestCode(email), ip: '203.0.113.31' });
    if (!proven.ok) throw new Error('expected a recovery token');
    const token = proven.token;
    // Not ready yet: the e-mail alone does not set the password of an account with a question.
    expect(await s.passwordReset.setPassword({ token, password: 'Unused-Pass-2026!', locale: 'el' })).toMatchObject({ code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID });
    expect(await s.passwordReset.answerQuestion({ token, answer: 'Θεσσαλονίκη', birthDate: '1985/03/14', ip: '203.0.113.31' })).toMatchObject({ code: ErrorCode.TWO_FACTOR_FAIL, attemptsLeft: 4 });
    expect(await s.passwordReset.answerQuestion({ token, answer: 'ΑΘΗΝΑ', birthDate: '1985/03/15', ip: '203.0.113.31' })).toMatchObject({ code: ErrorCode.TWO_FACTOR_FAIL, attemptsLeft: 3 });
    expect(await s.passwordReset.answerQuestion({ token, answer: ' αθήνα ', birthDate: '1985/03/14', ip: '203.0.113.31' })).toEqual({ ok: true });
    expect(await at(t0 + 31 * 60_000).passwordReset.setPassword({ token, password: 'Unused-Pass-2026!', locale: 'el' })).toMatchObject({ code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID });
    expect(await s.passwordReset.setPassword({ token, password: 'password123', locale: 'el' })).toMatchObject({ field: 'password' });
    expect(await s.passwordReset.setPassword({ token, password: 'Unused-Pass-2026!', locale: 'el' })).toMatchObject({ ok: true, email });
    expect(await s.passwordReset.setPassword({ token, password: 'Unused-Pass-2026!', locale: 'el' })).toMatchObject({ code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID });
  });

  it('sends the SMS only to a verified mobile (2101 otherwise) and no e-mail to an unverified address', async () => {
    const s = at(Date.now());
    const unverified = await account({ emailVerifiedAt: null, mobile: '+306900000001', mobileVerifiedAt: new Date() });
    await start(s, unverified.email, '203.0.113.32');
    expect(await s.outbox.list({ to: unverified.email })).toHaveLength(0);

    const { email } = await account({ ...withQuestion, mobile: '+306900000002' });
    await start(s, email, '203.0.113.32');
    const proven = await s.passwordReset.verifyEmailCode({ email, code: await newestCode(email), ip: '203.0.113.32' });
    if (!proven.ok) throw new Error('expected a recovery token');
    expect(await s.passwordReset.sendSms({ token: proven.token, ip: '203.0.113.32', locale: 'el' })).toMatchObject({ code: ErrorCode.NO_MOBILE_TO_RESET_BY });
    await db.update(users).set({ mobileVerifiedAt: new Date() }).where(eq(users.email, email));
    expect(await s.passwordReset.sendSms({ token: proven.token, ip: '203.0.113.32', locale: 'el' })).toMatchObject({ ok: true, code: ErrorCode.SMS_SENT });
    expect(await s.passwordReset.verifySms({ token: proven.token, code: await newestCode('+306900000002') })).toMatchObject({ ok: true });
    expect(await s.passwordReset.tokenValid(proven.token)).toBe(true);
  });
});

describe('two-factor login', () => {
  it('asks for the app code (2004), refuses a wrong one (2005) and logs in with the right one', async () => {
    const b = new Browser();
    const email = freshEmail('2fa');
    const now = Date.now();
    const [u] = await db
      .insert(users)
      .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Α', lastName: 'Β', emailVerifiedAt: new Date(), gdprProcessingAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: users.id });
    const account = at(now).account;
    await account.startTotp(u!.id);
    const [{ totpPendingSecret: secret }] = (await db.select({ totpPendingSecret: users.totpPendingSecret }).from(users).where(eq(users.id, u!.id))) as [{ totpPendingSecret: string }];
    expect(await account.confirmTotp(u!.id, '000000')).toMatchObject({ code: ErrorCode.TWO_FACTOR_FAIL });
    expect(await account.confirmTotp(u!.id, await totp(secret, now))).toEqual({ ok: true });

    const first = await login(b, email, DEMO_USERS[0].password);
    expect(first.status).toBe(401);
    const html = await first.text();
    expect(html).toContain('data-code="2004"');
    expect(b.cookies.get('sid')).toBeUndefined();
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const token = b.csrf;
    const wrong = await b.fetch('/auth/login', form({ _token: token, intent: 'two_factor', challenge, method: 'totp', code: '000000' }));
    expect(await wrong.text()).toContain('data-code="2005"');
    // The code of the next step (this one was used to confirm the enrolment: one use per step).
    const right = await b.fetch('/auth/login', form({ _token: token, intent: 'two_factor', challenge, method: 'totp', code: await totp(secret, Date.now() + 30_000), redirectTo: '/account' }));
    expect(right.status).toBe(303);
    expect(b.cookies.get('sid')).toBeTruthy();
    // The challenge is spent.
    const replay = await new Browser().fetch('/auth/login', form({ _token: token, intent: 'two_factor', challenge, code: '123456' }));
    expect(replay.status).toBe(403);
  });

  it('with e-mail codes sends one at login and accepts it', async () => {
    const b = new Browser();
    const email = freshEmail('mail2fa');
    await db.insert(users).values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Α', lastName: 'Β', emailVerifiedAt: new Date(), emailTwoFactor: true, gdprProcessingAt: new Date(), createdAt: new Date(), updatedAt: new Date() });
    const first = await login(b, email, DEMO_USERS[0].password);
    const html = await first.text();
    expect(html).toContain('data-code="2004"');
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)![1]!;
    const res = await b.fetch('/auth/login', form({ _token: b.csrf, intent: 'two_factor', challenge, method: 'email', code: await newestCode(email) }));
    expect(res.status).toBe(303);
  });
});

describe('e-mail verification', () => {
  it('verifies by a single-use link', async () => {
    const email = freshEmail('verify');
    const [u] = await db.insert(users).values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Α', lastName: 'Β', createdAt: new Date(), updatedAt: new Date() }).returning({ id: users.id });
    const s = at(Date.now());
    expect(await s.account.sendVerificationEmail(u!.id, { origin: 'http://localhost', locale: 'el' })).toEqual({ ok: true, resent: false });
    const [m] = await s.outbox.list({ to: email });
    const link = /http:\/\/localhost\/auth\/verify-email\?token=(\S+)/.exec(m!.body)!;
    const b = new Browser();
    const page = await b.open(link[0].replace('http://localhost', ''));
    const ok = await b.fetch('/auth/verify-email', form({ _token: page.token, token: decodeURIComponent(link[1]!) }));
    expect(await ok.text()).toContain('data-testid="verify-done"');
    const [after] = await db.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.id, u!.id));
    expect(after!.v).not.toBeNull();
    const again = await b.fetch('/auth/verify-email', form({ _token: page.token, token: decodeURIComponent(link[1]!) }));
    expect(again.status).toBe(400);
  });
});

describe('sandbox captcha', () => {
  it('answers like Turnstile: single use, expiring, wrong answers refused', async () => {
    let now = Date.now();
    const captcha = createSandboxCaptcha(db, () => new Date(now));
    expect(await captcha.verify({ response: '', ip: '' })).toEqual({ success: false, errorCodes: ['missing-input-response'] });
    expect(await captcha.verify({ response: '3', challengeId: 'nope', ip: '' })).toEqual({ success: false, errorCodes: ['invalid-input-response'] });
    const w = await captcha.widget();
    if (w.kind !== 'sandbox') throw new Error('sandbox expected');
    expect(await captcha.verify({ response: String(w.a + w.b), challengeId: w.id, ip: '' })).toEqual({ success: true, errorCodes: [] });
    expect(await captcha.verify({ response: String(w.a + w.b), challengeId: w.id, ip: '' })).toEqual({ success: false, errorCodes: ['timeout-or-duplicate'] });
    const late = await captcha.widget();
    if (late.kind !== 'sandbox') throw new Error('sandbox expected');
    now += 5 * 60_000 + 1;
    expect(await captcha.verify({ response: String(late.a + late.b), challengeId: late.id, ip: '' })).toEqual({ success: false, errorCodes: ['timeout-or-duplicate'] });
  });
});

describe('admin area and suspension', () => {
  it('sets the errorCode cookie when the admin behind a live session is suspended', async () => {
    const admin = 'admin.localhost';
    const { b, staff } = await staffBrowser();
    await db.update(users).set({ status: 'suspended', suspension: 'staff' }).where(eq(users.email, staff.email));
    const denied = await b.fetch(`http://${admin}/admin`);
    expect(denied.status).toBe(303);
    expect(denied.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fadmin');
    expect(denied.headers.getSetCookie().join()).toContain('errorCode=account_suspended%3Afalse');
    const loginPage = await b.open(`http://${admin}/auth/login?redirectTo=%2Fadmin`);
    expect(loginPage.html).toContain('Ο λογαριασμός σας έχει ανασταλεί');
  });
});

describe('cleanup cron', () => {
  it('forgets expired pending registrations, codes, tokens and challenges a day after they expire', async () => {
    const { accountsCleanupCron } = await import('../../worker/cron/accounts-cleanup');
    const { pendingRegistrations, oneTimeCodes } = await import('../../db/schema');
    const old = new Date(Date.now() - 3 * 24 * 60 * 60_000);
    await db.insert(pendingRegistrations).values({ tokenHash: `old-${seq++}`, email: 'old@example.gr', data: {}, channel: 'email', createdAt: old, expiresAt: old });
    await db.insert(oneTimeCodes).values({ purpose: 'register', target: 'old@example.gr', channel: 'email', codeHash: 'x', sentAt: old, expiresAt: old });
    const recent = new Date();
    await db.insert(oneTimeCodes).values({ purpose: 'register', target: 'recent@example.gr', channel: 'email', codeHash: 'y', sentAt: recent, expiresAt: recent });
    const result = await accountsCleanupCron(env, new Date());
    expect(result.pendingRegistrations).toBeGreaterThanOrEqual(1);
    expect(result.oneTimeCodes).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, 'recent@example.gr'))).toHaveLength(1);
    expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, 'old@example.gr'))).toHaveLength(0);
  });

  it('forgets login delays nobody has added to for a day (decision 022), and keeps running ones', async () => {
    const { accountsCleanupCron } = await import('../../worker/cron/accounts-cleanup');
    const { loginThrottles } = await import('../../db/schema');
    const oldKey = `cleanup-old-${seq++}`;
    const liveKey = `cleanup-live-${seq++}`;
    await db.insert(loginThrottles).values([
      { key: oldKey, failures: 9, lastFailureAt: new Date(Date.now() - 25 * 60 * 60_000) },
      { key: liveKey, failures: 9, lastFailureAt: new Date() },
    ]);
    const result = await accountsCleanupCron(env, new Date());
    expect(result.loginThrottles).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(loginThrottles).where(eq(loginThrottles.key, oldKey))).toHaveLength(0);
    expect(await db.select().from(loginThrottles).where(eq(loginThrottles.key, liveKey))).toHaveLength(1);
  });
});
