// Account area use cases (issue #3 §5): e-mail verification by link (with the EmailVerified live
// event), password change, the security question, two-factor enrolment (authenticator app, e-mail
// codes) and the personal details. Every change that weakens or strengthens the login asks for the
// current password.
import { clampRenewDays } from '../../../core/renewals/auto-renew';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { isAcceptableRegistrationEmail } from '../../../core/email-policy';
import { ErrorCode } from '../../../core/errors';
import { PASSWORD_THROTTLE, SECOND_FACTOR_THROTTLE } from '../../../core/login-throttle';
import { OTP_RESEND_AFTER_MS } from '../../../core/otp';
import { regionIdFromName } from '../../../core/greek-regions';
import { generateTotpSecret, otpauthUri, verifyTotp } from '../../../core/totp';
import { birthDateToWire, normalizeMobile } from '../../../core/validation/account-forms';
import { tokens, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { resources } from '../../../i18n/resources';
import { checkPassword } from '../../security/common-passwords';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { createAuthService, normalizeEmail, randomToken, userRoom, type CurrentSession } from './auth';
import { createLiveService, requestReads } from '../platform';
import { createLoginThrottle, passwordThrottleKey, secondFactorThrottleKey } from './login-throttle';
import { createConsentLog } from './consents';
import { createOtpService, sha256Hex } from './otp';
import { foldAnswer } from './registration';
import { createMailService } from '../mail';

export const VERIFY_EMAIL_TOKEN_MS = 24 * 60 * 60_000;
export const TOTP_ISSUER = 'Registrar.gr';

export type AccountFailure = { ok: false; code: number; status: number; field?: string; retryAfter?: number };

export type Profile = {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  mobile: string | null;
  mobileVerified: boolean;
  country: string;
  state: string | null;
  city: string | null;
  address: string | null;
  postcode: string | null;
  /** `mandatory`: staff keep their authenticator app (the back office needs it, decision 024). */
  twoFactor: { totp: boolean; email: boolean; pendingSecret: string | null; pendingUri: string | null; mandatory: boolean };
  securityQuestion: string | null;
};

export function createAccountService(deps: ServiceDeps) {
  const { db, env, now } = deps;
  const live = createLiveService(env);
  const auth = createAuthService(deps);
  const otp = createOtpService(deps);
  const mail = createMailService(deps);

  /** Two-factor turned on or off (either kind): told at the account's address, in its language. */
  const twoFactorChanged = (userId: number, method: 'totp' | 'email', enabled: boolean) =>
    mail.sendToUser({ template: 'two_factor_changed', params: { at: now, method, enabled }, userId, dedupeKey: `two-factor:${userId}:${method}:${enabled ? 'on' : 'off'}:${now.getTime()}`, tag: 'two_factor_changed' });

  async function load(userId: number) {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new Error('account: unknown user');
    return u;
  }

  // The current password guards every change that could keep an account (e-mail, mobile, two-factor,
  // password): guessing it here counts against the same growing per-address delay as the login
  // (decision 022), or a stolen session would guess it at full speed and skip every login limit.
  const throttle = createLoginThrottle(db, now, PASSWORD_THROTTLE);
  const secondFactorThrottle = createLoginThrottle(db, now, SECOND_FACTOR_THROTTLE);
  async function checkCurrentPassword(u: typeof users.$inferSelect, password: string): Promise<AccountFailure | null> {
    const key = await passwordThrottleKey(u.email);
    // The attempt is taken before the password is checked (issue #19): parallel guesses cannot all pass.
    const taken = await throttle.take(key);
    if (!taken.ok) return { ok: false, code: 429, status: 429, field: 'current_password', retryAfter: taken.wait };
    if (await verifyPassword(password, u.passwordHash)) {
      await throttle.clear(key);
      return null;
    }
    return { ok: false, code: ErrorCode.PASSWORD_MISMATCH, status: 400, field: 'current_password' };
  }

  return {
    async profile(userId: number): Promise<Profile> {
      // The session check of this page view read the row already (request-reads.ts, decision 056).
      const u = requestReads(deps).users.get(userId) ?? (await load(userId));
      return {
        email: u.email,
        emailVerified: u.emailVerifiedAt !== null,
        firstName: u.firstName,
        lastName: u.lastName,
        mobile: u.mobile,
        mobileVerified: u.mobile !== null && u.mobileVerifiedAt !== null,
        country: u.countryIso2,
        state: u.state,
        city: u.city,
        address: u.address,
        postcode: u.postcode,
        twoFactor: {
          totp: u.totpEnabledAt !== null,
          email: u.emailTwoFactor,
          pendingSecret: u.totpEnabledAt ? null : u.totpPendingSecret,
          pendingUri: !u.totpEnabledAt && u.totpPendingSecret ? otpauthUri(TOTP_ISSUER, u.email, u.totpPendingSecret) : null,
          mandatory: u.userGroup !== 'user',
        },
        securityQuestion: u.securityQuestion,
      };
    },

    /**
     * Sends the verification link (valid a day; a new one replaces the old). Spec §8 1060 when the
     * address is verified already, 1063 when a link went less than a minute ago: the new link is
     * taken before the mail in one statement (issue #24 §4), so parallel clicks send one mail.
     */
    async sendVerificationEmail(userId: number, input: { origin: string; locale: Language }): Promise<{ ok: true; resent: boolean } | AccountFailure> {
      const u = await load(userId);
      if (u.emailVerifiedAt) return { ok: false, code: ErrorCode.VERIFICATION_TARGET_ALREADY_VALIDATED, status: 409 };
      const token = randomToken();
      const hash = await sha256Hex(token);
      const nowMs = now.getTime();
      const recent = sql`SELECT 1 FROM tokens WHERE user_id = ${u.id} AND purpose = 'verify_email' AND json_extract(meta, '$.newEmail') IS NULL AND created_at > ${nowMs - OTP_RESEND_AFTER_MS}`;
      const taken = await db.get<{ h: string }>(sql`
        INSERT INTO tokens (token_hash, purpose, meta, user_id, created_at, expires_at)
        SELECT ${hash}, 'verify_email', '{}', ${u.id}, ${nowMs}, ${nowMs + VERIFY_EMAIL_TOKEN_MS}
        WHERE NOT EXISTS (${recent})
        RETURNING token_hash AS h`);
      if (!taken) {
        const [last] = await db.select({ at: tokens.createdAt }).from(tokens).where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'verify_email'))).orderBy(desc(tokens.createdAt)).limit(1);
        const wait = last ? Math.max(1, Math.ceil((last.at.getTime() + OTP_RESEND_AFTER_MS - nowMs) / 1000)) : 1;
        return { ok: false, code: ErrorCode.VERIFICATION_CODE_SENT_RECENTLY, status: 429, retryAfter: wait };
      }
      // The older links stop working: only the newest one verifies.
      const older = await db
        .update(tokens)
        .set({ consumedAt: now })
        .where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'verify_email'), isNull(tokens.consumedAt), ne(tokens.tokenHash, hash)))
        .returning({ h: tokens.tokenHash });
      // Each link is its own event (a resend is a new token): the key is the token's, never the token.
      await mail.send({ template: 'verify_email', params: { token, change: false }, to: u.email, lang: input.locale, userId: u.id, dedupeKey: `verify:${hash.slice(0, 24)}`, tag: 'verify_email', origin: input.origin });
      return { ok: true, resent: older.length > 0 };
    },

    /**
     * A new e-mail address (issue #10 §3, decision 023): the current password, a notice to the old
     * address, and a link to the new one; the address changes only when that link is confirmed.
     */
    async requestEmailChange(userId: number, input: { email: string; current: string; origin: string; locale: Language }): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      const email = normalizeEmail(input.email);
      if (email === u.email) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      const wrong = await checkCurrentPassword(u, input.current);
      if (wrong) return wrong;
      if (!isAcceptableRegistrationEmail(email)) return { ok: false, code: ErrorCode.UNACCEPTABLE_EMAIL_FOR_AUTH_REGISTER, status: 400, field: 'email' };
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'email' };
      const token = randomToken();
      const hash = await sha256Hex(token);
      const nowMs = now.getTime();
      // Spec §8 1064: a link to this address went a moment ago and is pending. Taken in one statement.
      const inserted = await db.get<{ h: string }>(sql`
        INSERT INTO tokens (token_hash, purpose, meta, user_id, created_at, expires_at)
        SELECT ${hash}, 'verify_email', ${JSON.stringify({ newEmail: email })}, ${u.id}, ${nowMs}, ${nowMs + VERIFY_EMAIL_TOKEN_MS}
        WHERE NOT EXISTS (SELECT 1 FROM tokens WHERE user_id = ${u.id} AND purpose = 'verify_email' AND consumed_at IS NULL AND json_extract(meta, '$.newEmail') = ${email} AND created_at > ${nowMs - OTP_RESEND_AFTER_MS})
        RETURNING token_hash AS h`);
      if (!inserted) return { ok: false, code: ErrorCode.MAIL_ALREADY_PENDING, status: 409 };
      // The link to the new address; the notice to the current one (both of this one request).
      const event = hash.slice(0, 24);
      await mail.send({ template: 'verify_email', params: { token, change: true }, to: email, lang: input.locale, userId: u.id, dedupeKey: `verify:${event}`, tag: 'verify_email', origin: input.origin });
      await mail.send({ template: 'email_change_requested', params: { at: now, newEmail: email }, to: u.email, lang: input.locale, userId: u.id, dedupeKey: `email-change-requested:${event}`, tag: 'email_change_requested', origin: input.origin });
      return { ok: true };
    },

    /** The link was opened and confirmed: the address is verified (or, for a change, replaced) and every open tab hears it. */
    async confirmEmail(token: string): Promise<{ ok: true; email: string } | AccountFailure> {
      const hash = await sha256Hex(token);
      const [row] = await db
        .update(tokens)
        .set({ consumedAt: now })
        .where(and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'verify_email'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now)))
        .returning({ userId: tokens.userId, meta: tokens.meta });
      if (!row) return { ok: false, code: ErrorCode.INVALID_VERIFICATION_CODE, status: 400 };
      const old = await load(row.userId);
      const newEmail = typeof row.meta.newEmail === 'string' ? row.meta.newEmail : null;
      if (newEmail) {
        // Taken meanwhile: the link cannot move the account onto another account's address.
        const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
        if (taken) return { ok: false, code: ErrorCode.VERIFICATION_TARGET_ALREADY_VALIDATED, status: 409 };
        await db.update(users).set({ email: newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, old.id));
        // Told at both addresses: the old one (its owner may not have asked) and the new one. The link
        // was used once (the update above), so its hash names the event.
        const lang: Language = old.locale === 'en' ? 'en' : 'el';
        const event = hash.slice(0, 24);
        await mail.send({ template: 'email_changed', params: { at: now, newEmail }, to: old.email, lang, userId: old.id, dedupeKey: `email-changed:${event}:old`, tag: 'email_changed' });
        await mail.send({ template: 'email_change_done', params: { at: now, newEmail }, to: newEmail, lang, userId: old.id, dedupeKey: `email-changed:${event}:new`, tag: 'email_changed' });
      } else await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, old.id));
      const u = await load(row.userId);
      // Spec §3 "Account e-mail verified message": notification.display and saved.display.
      await live
        .toUser(userRoom(u.id), { channel: 'account', event: 'EmailVerified', unique_id: null, data: { notification: { display: 'verified' }, saved: { display: u.email } } })
        .catch(() => undefined);
      return { ok: true, email: u.email };
    },

    async changePassword(session: CurrentSession, input: { current: string; password: string; locale: Language }): Promise<{ ok: true; endedSessions: number } | AccountFailure> {
      const u = await load(session.user.id);
      const wrong = await checkCurrentPassword(u, input.current);
      if (wrong) return wrong;
      if (!checkPassword(input.password).ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'password' };
      await db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: now }).where(eq(users.id, u.id));
      // Whoever knew the old password is logged out everywhere else.
      const ended = await auth.logoutEverywhere(session, { keepThis: true });
      // One message per change: the key holds the moment, so a second change later is told again.
      await mail.send({ template: 'password_changed', params: { at: now }, to: u.email, lang: input.locale, userId: u.id, dedupeKey: `password-changed:${u.id}:${now.getTime()}` });
      return { ok: true, endedSessions: ended };
    },

    async setSecurityQuestion(userId: number, input: { current: string; question: string; answer: string; birthDate: string }): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      const wrong = await checkCurrentPassword(u, input.current);
      if (wrong) return wrong;
      const wire = birthDateToWire(input.birthDate);
      if (!wire) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'birth_date' };
      await db
        .update(users)
        .set({ securityQuestion: input.question.trim(), securityAnswerHash: await hashPassword(foldAnswer(input.answer)), birthDate: wire.replaceAll('/', '-'), updatedAt: now })
        .where(eq(users.id, u.id));
      return { ok: true };
    },

    /** Enrolment step 1: a new secret, shown as a key and an otpauth link until a code confirms it. */
    async startTotp(userId: number): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      if (u.totpEnabledAt) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      await db.update(users).set({ totpPendingSecret: generateTotpSecret(), updatedAt: now }).where(eq(users.id, u.id));
      return { ok: true };
    },

    /** Enrolment step 2: the first code from the app proves it holds the secret. */
    async confirmTotp(userId: number, code: string): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      if (!u.totpPendingSecret) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 400, field: 'code' };
      const counter = await verifyTotp(u.totpPendingSecret, code, now.getTime());
      if (counter === null) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 400, field: 'code' };
      await db
        .update(users)
        .set({ totpSecret: u.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now, totpLastCounter: counter, updatedAt: now })
        .where(eq(users.id, u.id));
      await twoFactorChanged(u.id, 'totp', true);
      return { ok: true };
    },

    /**
     * Turning the app off needs the app (issue #32 §3): the password and a current code, so a thief of
     * the session and the password cannot remove the second factor. Staff cannot turn it off at all
     * (44120): the back office needs it, and re-enrolling there would hand it to the thief. The code's
     * attempt is taken on the account's second-factor streak before the code is looked at (the login's
     * own budget, decision 044), and the code is used up like a login's (one use per step).
     */
    async disableTotp(userId: number, input: { current: string; code: string }): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      if (u.userGroup !== 'user') return { ok: false, code: ErrorCode.STAFF_TWO_FACTOR_MANDATORY, status: 403 };
      if (!u.totpEnabledAt || !u.totpSecret) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      const wrong = await checkCurrentPassword(u, input.current);
      if (wrong) return wrong;
      const key = secondFactorThrottleKey(u.id);
      const taken = await secondFactorThrottle.take(key);
      if (!taken.ok) return { ok: false, code: 429, status: 429, field: 'code', retryAfter: taken.wait };
      const counter = await verifyTotp(u.totpSecret, input.code, now.getTime(), u.totpLastCounter);
      if (counter === null) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 400, field: 'code' };
      // One statement: of two posts with the same code only the one that moves the step forward turns it off.
      const off = await db
        .update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastCounter: null, updatedAt: now })
        .where(and(eq(users.id, u.id), eq(users.totpSecret, u.totpSecret), sql`(${users.totpLastCounter} IS NULL OR ${users.totpLastCounter} < ${counter})`))
        .returning({ id: users.id });
      if (!off.length) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 400, field: 'code' };
      await secondFactorThrottle.clear(key);
      await twoFactorChanged(u.id, 'totp', false);
      return { ok: true };
    },

    /** E-mail codes as the second factor: only to a verified address (80042 otherwise). */
    async setEmailTwoFactor(userId: number, input: { enabled: boolean; current: string }): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      const wrong = await checkCurrentPassword(u, input.current);
      if (wrong) return wrong;
      if (input.enabled && !u.emailVerifiedAt) return { ok: false, code: ErrorCode.USER_RECOVERY_EMAIL_NOT_SET, status: 400 };
      if (u.emailTwoFactor === input.enabled) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      await db.update(users).set({ emailTwoFactor: input.enabled, updatedAt: now }).where(eq(users.id, u.id));
      await twoFactorChanged(u.id, 'email', input.enabled);
      return { ok: true };
    },

    /**
     * The mobile's verification (issue #10 §3): only a verified mobile may receive a reset SMS, so a
     * changed number gets its own code here. Both steps answer with spec §8 codes (2161, 1053, 1060).
     */
    async mobileVerification(userId: number): Promise<{ mobile: string | null; verified: boolean; resendIn: number }> {
      const u = await load(userId);
      return { mobile: u.mobile, verified: u.mobile !== null && u.mobileVerifiedAt !== null, resendIn: u.mobile ? await otp.resendIn('verify_mobile', u.mobile) : 0 };
    },

    async sendMobileCode(userId: number, input: { ip: string; locale: Language }): Promise<{ ok: true; code: number; resendIn: number } | (AccountFailure & { seconds?: number })> {
      const u = await load(userId);
      if (!u.mobile) return { ok: false, code: ErrorCode.NO_MOBILE_TO_RESET_BY, status: 400 };
      if (u.mobileVerifiedAt) return { ok: false, code: ErrorCode.VERIFICATION_TARGET_ALREADY_VALIDATED, status: 409 };
      const sent = await otp.send({ purpose: 'verify_mobile', channel: 'sms', target: u.mobile, userId: u.id, ip: input.ip, locale: input.locale });
      if (!sent.ok) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
      return { ok: true, code: ErrorCode.SMS_SENT, resendIn: sent.resendIn };
    },

    async verifyMobileCode(userId: number, code: string): Promise<{ ok: true; code: number } | (AccountFailure & { attemptsLeft?: number; seconds?: number })> {
      const u = await load(userId);
      if (!u.mobile) return { ok: false, code: ErrorCode.NO_MOBILE_TO_RESET_BY, status: 400 };
      if (u.mobileVerifiedAt) return { ok: false, code: ErrorCode.VERIFICATION_TARGET_ALREADY_VALIDATED, status: 409 };
      const checked = await otp.verify({ purpose: 'verify_mobile', target: u.mobile, code });
      if (!checked.ok) return { ...checked, field: 'code' };
      // Conditional: a number changed meanwhile is not verified by the old number's code.
      await db.update(users).set({ mobileVerifiedAt: now, updatedAt: now }).where(and(eq(users.id, u.id), eq(users.mobile, u.mobile)));
      return { ok: true, code: ErrorCode.MOBILE_VERIFIED_SUCCESSFULLY };
    },

    async preferences(userId: number) {
      const u = await load(userId);
      return { locale: u.locale, newsletter: u.newsletter, communication: u.gdprCommunication, renewDaysBefore: u.renewDaysBefore };
    },

    /** The language and the communication agreement; the newsletter has its double opt-in (services/newsletter). */
    async updatePreferences(userId: number, input: { locale: Language; communication: boolean; renewDaysBefore?: number; ip?: string }): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      // Auto-renew's days (issue #25 §1): within the bounds of core/renewals/auto-renew.ts; absent: as it is.
      const renewDaysBefore = input.renewDaysBefore === undefined ? u.renewDaysBefore : clampRenewDays(input.renewDaysBefore);
      if (u.locale === input.locale && u.gdprCommunication === input.communication && u.renewDaysBefore === renewDaysBefore) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      const update = db.update(users).set({ locale: input.locale, gdprCommunication: input.communication, renewDaysBefore, updatedAt: now }).where(eq(users.id, u.id));
      if (u.gdprCommunication === input.communication) await update;
      else await db.batch([update, createConsentLog(deps).insertStatement([{ userId: u.id, email: u.email, kind: 'communication', granted: input.communication, source: 'form', ip: input.ip ?? null }])]);
      return { ok: true };
    },

    /**
     * Personal details; an unchanged form answers 1005 no_change (spec §5 NOCHANGES). A new (or removed)
     * mobile is a way into the account (the SMS reset): it needs the current password, the old address
     * is told by e-mail, and the new number stays unverified until a code proves it (issue #10 §3).
     */
    async updateProfile(
      userId: number,
      input: { first_name: string; last_name: string; mobile?: string; country: string; state_id?: string; state?: string; city: string; address: string; postcode: string; current_password?: string },
      options: { locale?: Language } = {},
    ): Promise<{ ok: true } | AccountFailure> {
      const u = await load(userId);
      let state: string | null = input.state?.trim() || null;
      if (input.country === 'GR') {
        state = regionIdFromName(input.state_id ?? '', [resources.el.countries.gr_regions, resources.en.countries.gr_regions]);
        if (!state) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'state_id' };
      }
      const mobile = input.mobile ? normalizeMobile(input.mobile) : null;
      const next = {
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        mobile,
        countryIso2: input.country,
        state,
        city: input.city.trim(),
        address: input.address.trim(),
        postcode: input.postcode.trim(),
      };
      const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => (u[k] ?? null) === next[k]);
      if (same) return { ok: false, code: ErrorCode.NO_CHANGE, status: 200 };
      const mobileChanged = mobile !== (u.mobile ?? null);
      if (mobileChanged) {
        if (!input.current_password) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'current_password' };
        const wrong = await checkCurrentPassword(u, input.current_password);
        if (wrong) return wrong;
      }
      // A new mobile number is not verified until a code proves it.
      await db.update(users).set({ ...next, ...(mobileChanged ? { mobileVerifiedAt: null } : {}), updatedAt: now }).where(eq(users.id, u.id));
      if (mobileChanged) {
        await mail.send({ template: 'mobile_changed', params: { at: now, mobile }, to: u.email, lang: options.locale ?? (u.locale === 'en' ? 'en' : 'el'), userId: u.id, dedupeKey: `mobile-changed:${u.id}:${now.getTime()}`, tag: 'mobile_changed' });
      }
      return { ok: true };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
