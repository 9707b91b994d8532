// Registration (spec §2/§4/§7 Register, issue #3 §2): step 1 and step 2 are checked here beyond the
// shared zod schemas (is the address taken or unacceptable, is the password a common one, does the
// mobile match the country), the captcha is verified through its port, and a pending registration
// waits for its one-time code. The account exists only once the code is verified.
import { GDPR_POLICY_VERSION } from '../../../core/gdpr';
import { LEGAL_DOCUMENTS } from '../../../core/legal';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { COUNTRIES } from '../../../core/countries';
import { isAcceptableRegistrationEmail } from '../../../core/email-policy';
import { ErrorCode } from '../../../core/errors';
import { regionIdFromName } from '../../../core/greek-regions';
import { maskEmail, maskMobile } from '../../../core/otp';
import { birthDateToWire, normalizeMobile, type RegisterStep2 } from '../../../core/validation/account-forms';
import { encodeMessage, message } from '../../../core/validation/messages';
import { pendingRegistrations, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { resources } from '../../../i18n/resources';
import { getServerT } from '../../../i18n/server';
import { checkPassword } from '../../security/common-passwords';
import { hashPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { createAuthService, normalizeEmail, randomToken } from './auth';
import { createOtpService, sha256Hex, type OtpChannel } from './otp';
import { createConsentLog } from './consents';
import { createRateLimitService } from '../platform';

/** A pending registration waits this long for its code (several resends fit in it). */
export const PENDING_REGISTRATION_MS = 60 * 60_000;

export type FieldErrors = Record<string, string[]>;
export type PendingView = { token: string; channel: OtpChannel; target: string; resendIn: number };

export type RegisterResult =
  | { ok: true; pending: PendingView }
  | { ok: false; code: number; status: number; fieldErrors?: FieldErrors; seconds?: number; captchaFailed?: boolean };

const fieldError = (name: string, key: Parameters<typeof message>[0]): FieldErrors => ({ [name]: [encodeMessage(message(key))] });

/** Security answers are compared folded: 'Αθήνα', 'αθηνα' and ' ΑΘΗΝΑ ' are the same answer. */
export function foldAnswer(answer: string): string {
  return answer.normalize('NFD').replace(/\p{M}/gu, '').trim().toLocaleLowerCase('el').replace(/\s+/g, ' ');
}

export function createRegistrationService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const otp = createOtpService(deps);
  const limits = createRateLimitService(deps);

  async function pendingByToken(token: string) {
    const [row] = await db
      .select()
      .from(pendingRegistrations)
      .where(and(eq(pendingRegistrations.tokenHash, await sha256Hex(token)), gt(pendingRegistrations.expiresAt, now)));
    return row ?? null;
  }

  const otpTarget = (row: typeof pendingRegistrations.$inferSelect) => (row.channel === 'sms' ? String(row.data.mobile) : row.email);

  return {
    /** Step 1's server checks: an address already registered (UNIQUE) or unacceptable (80033), a common password. */
    async checkStep1(values: { email: string; password: string }): Promise<{ ok: true } | { ok: false; code: number; status: number; fieldErrors?: FieldErrors }> {
      const email = normalizeEmail(values.email);
      if (!isAcceptableRegistrationEmail(email)) return { ok: false, code: ErrorCode.UNACCEPTABLE_EMAIL_FOR_AUTH_REGISTER, status: 400, fieldErrors: fieldError('email', 'EMAIL') };
      const errors: FieldErrors = {};
      // An address nobody proved (an account registered by SMS) can be reclaimed by registering with an
      // e-mail code (decision 023); step 2 refuses it to another SMS registration.
      const [taken] = await db.select({ id: users.id, verified: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
      if (taken?.verified) Object.assign(errors, fieldError('email', 'EMAIL_TAKEN'));
      if (!checkPassword(values.password).ok) Object.assign(errors, fieldError('password', 'PASSWORD_COMMON'));
      return Object.keys(errors).length ? { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, fieldErrors: errors } : { ok: true };
    },

    /** The captcha widget for the page (a fresh sandbox challenge, or Turnstile's site key). */
    captcha: () => adapters.captcha.widget(),

    /** Step 2 ("Register"): everything again, the captcha, then a pending registration and its code. */
    async register(values: RegisterStep2, input: { captchaResponse: string; captchaId?: string; ip: string; locale: Language }): Promise<RegisterResult> {
      const limit = await limits.hit('register:ip', input.ip);
      if (!limit.allowed) return { ok: false, code: 429, status: 429, seconds: limit.retryAfter };
      const verdict = await adapters.captcha.verify({ response: input.captchaResponse, challengeId: input.captchaId, ip: input.ip });
      // An answer that is wrong says so (issue #25 §5); "confirm you are not a robot" is for no answer at all.
      if (!verdict.success) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, captchaFailed: true, fieldErrors: fieldError('captcha_response', input.captchaResponse.trim() ? 'CAPTCHA_WRONG' : 'NO_CAPTCHA') };

      const step1 = await this.checkStep1(values);
      if (!step1.ok) return step1;
      if (values.otp_channel === 'sms') {
        // An SMS code does not prove the address: it cannot take one over from an unverified account.
        const [held] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(values.email)));
        if (held) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, fieldErrors: fieldError('email', 'EMAIL_TAKEN') };
      }

      let state: string | null = values.state?.trim() || null;
      if (values.country === 'GR') {
        state = regionIdFromName(values.state_id ?? '', [resources.el.countries.gr_regions, resources.en.countries.gr_regions]);
        if (!state) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, fieldErrors: fieldError('state_id', 'REQUIRED') };
      }
      const mobile = values.mobile ? normalizeMobile(values.mobile) : null;
      // An SMS code can only reach a number of the chosen country (the SMS route is priced per country).
      const prefix = COUNTRIES.find((c) => c.iso2 === values.country)?.phonePrefix;
      if (values.otp_channel === 'sms' && mobile && prefix && !mobile.startsWith(prefix)) {
        return { ok: false, code: ErrorCode.PHONE_NUMBER_DOES_NOT_MATCH_COUNTRY, status: 400, fieldErrors: fieldError('mobile', 'MOBILE') };
      }

      const email = normalizeEmail(values.email);
      const token = randomToken();
      const channel: OtpChannel = values.otp_channel === 'sms' ? 'sms' : 'email';
      const data = {
        passwordHash: await hashPassword(values.password),
        firstName: values.first_name.trim(),
        lastName: values.last_name.trim(),
        mobile,
        country: values.country,
        state,
        city: values.city.trim(),
        address: values.address.trim(),
        postcode: values.postcode.trim(),
        birthDate: values.birth_date ? birthDateToWire(values.birth_date)!.replaceAll('/', '-') : null,
        securityQuestion: values.security_question?.trim() || null,
        securityAnswerHash: values.security_answer ? await hashPassword(foldAnswer(values.security_answer)) : null,
        newsletter: values.newsletter === true,
        gdprCommunication: values.gdpr_communication === true,
        locale: input.locale,
      };
      await db.insert(pendingRegistrations).values({ tokenHash: await sha256Hex(token), email, data, channel, createdAt: now, expiresAt: new Date(now.getTime() + PENDING_REGISTRATION_MS) });
      const target = channel === 'sms' ? mobile! : email;
      const sent = await otp.send({ purpose: 'register', channel, target, ip: input.ip, locale: input.locale });
      // A code sent to this target a moment ago (an earlier attempt) is still good: show the countdown.
      if (!sent.ok && sent.code !== ErrorCode.OTP_ALREADY_SENT) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
      return { ok: true, pending: { token, channel, target: channel === 'sms' ? maskMobile(target) : maskEmail(target), resendIn: sent.ok ? sent.resendIn : (sent.seconds ?? 0) } };
    },

    async pending(token: string): Promise<PendingView | null> {
      const row = await pendingByToken(token);
      if (!row || row.completedAt) return null;
      const target = otpTarget(row);
      return { token, channel: row.channel, target: row.channel === 'sms' ? maskMobile(target) : maskEmail(target), resendIn: await otp.resendIn('register', target) };
    },

    async resend(token: string, input: { ip: string; locale: Language }): Promise<{ ok: true; pending: PendingView } | { ok: false; code: number; status: number; seconds?: number }> {
      const row = await pendingByToken(token);
      if (!row) return { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, status: 400 };
      if (row.completedAt) return { ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, status: 409 };
      const target = otpTarget(row);
      const sent = await otp.send({ purpose: 'register', channel: row.channel, target, ip: input.ip, locale: input.locale });
      if (!sent.ok) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
      return { ok: true, pending: (await this.pending(token))! };
    },

    /** The code is right: the account is created (verified by the channel the code went through). */
    async verify(token: string, code: string, input: { ip?: string } = {}): Promise<{ ok: true; userId: number; email: string; newsletter: boolean } | { ok: false; code: number; status: number; attemptsLeft?: number; seconds?: number }> {
      const row = await pendingByToken(token);
      if (!row) return { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, status: 400 };
      if (row.completedAt) return { ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, status: 409 };
      const checked = await otp.verify({ purpose: 'register', target: otpTarget(row), code });
      if (!checked.ok) return checked;
      const done = await db.update(pendingRegistrations).set({ completedAt: now }).where(and(eq(pendingRegistrations.tokenHash, row.tokenHash), isNull(pendingRegistrations.completedAt))).returning({ h: pendingRegistrations.tokenHash });
      if (!done.length) return { ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, status: 409 };
      const d = row.data as Record<string, unknown>;
      const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
      // Someone may have registered the address meanwhile (two tabs): UNIQUE, not a crash. An account
      // that holds the address without having proven it loses it to this e-mail code (decision 023).
      const [taken] = await db.select().from(users).where(eq(users.email, row.email));
      const reclaim = taken && !taken.emailVerifiedAt && row.channel === 'email' ? taken : null;
      if (taken && !reclaim) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 409 };
      if (reclaim) {
        await db
          .update(users)
          .set({ email: `reclaimed-${reclaim.id}-${now.getTime()}@reclaimed.invalid`, updatedAt: now })
          .where(and(eq(users.id, reclaim.id), isNull(users.emailVerifiedAt)));
        await createAuthService(deps).endAllSessions(reclaim.id).catch(() => 0);
        if (reclaim.mobile) {
          const t = getServerT(reclaim.locale);
          await adapters.sms.send({ to: reclaim.mobile, text: t('auth:mail.email_reclaimed_sms', { email: row.email }), tag: 'email_reclaimed' });
        }
      }
      const [created] = await db
        .insert(users)
        .values({
          email: row.email,
          emailVerifiedAt: row.channel === 'email' ? now : null,
          mobileVerifiedAt: row.channel === 'sms' ? now : null,
          passwordHash: String(d.passwordHash),
          firstName: String(d.firstName),
          lastName: String(d.lastName),
          mobile: str('mobile'),
          countryIso2: String(d.country),
          state: str('state'),
          city: str('city'),
          address: str('address'),
          postcode: str('postcode'),
          birthDate: str('birthDate'),
          securityQuestion: str('securityQuestion'),
          securityAnswerHash: str('securityAnswerHash'),
          // Only a confirmed subscription sets it: the box starts the double opt-in below (issue #24 §2).
          newsletter: false,
          locale: d.locale === 'en' ? 'en' : 'el',
          // Step 2 required both approvals (spec §5 GDPR), so they are recorded with the account.
          gdprProcessingAt: now,
          gdprValidityAt: now,
          gdprPolicyVersion: GDPR_POLICY_VERSION,
          gdprCommunication: d.gdprCommunication === true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const userId = created!.id;
      const ip = input.ip ?? null;
      // Each row names the version accepted, from the one registry (core/legal.ts, issue #25 §3):
      // the approvals are of the privacy policy, the terms box of the terms of use.
      const privacy = String(GDPR_POLICY_VERSION);
      await createConsentLog(deps).record([
        { userId, email: row.email, kind: 'processing', granted: true, source: 'registration', policyVersion: privacy, ip },
        { userId, email: row.email, kind: 'validity', granted: true, source: 'registration', policyVersion: privacy, ip },
        { userId, email: row.email, kind: 'terms', granted: true, source: 'registration', policyVersion: String(LEGAL_DOCUMENTS.terms.version), ip },
        ...(d.gdprCommunication === true ? [{ userId, email: row.email, kind: 'communication' as const, granted: true, source: 'registration' as const, ip }] : []),
      ]);
      // The newsletter box is not a subscription: the caller starts the double opt-in (services/newsletter).
      return { ok: true, userId, email: row.email, newsletter: d.newsletter === true };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
