// Password reset (spec §2 reset-view1 … reset-view6, §4 Password reset, §7): the e-mail gives the
// methods the account has (security question with birth date, e-mail code or link, SMS code to the
// masked mobile); any of them earns a single-use, expiring token; the token sets the new password.
// An auto-suspended account (2010) is re-activated by a completed reset; a staff suspension is not.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode } from '../../core/errors';
import { maskEmail, maskMobile } from '../../core/otp';
import { tokens, users } from '../../db/schema';
import type { Language } from '../../i18n/config';
import { getServerT } from '../../i18n/server';
import { checkPassword } from '../security/common-passwords';
import { hashPassword, verifyPassword } from '../security/password-hash';
import type { ServiceDeps } from '.';
import { createAuthService, normalizeEmail, randomToken } from './auth';
import { createOtpService, sha256Hex } from './otp';
import { clearPasswordThrottle } from './login-throttle';
import { createRateLimitService } from './rate-limit';
import { foldAnswer } from './registration';

export const RESET_TOKEN_MS = 30 * 60_000;

/** Spec §3 "Password reset method entry". */
export type ResetMethodEntry = { type: 'security_question' | 'email' | 'sms'; question: string | null; target: string | null };
export type Failure = { ok: false; code: number; status: number; seconds?: number; attemptsLeft?: number };

export function createPasswordResetService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const otp = createOtpService(deps);
  const limits = createRateLimitService(deps);
  const auth = createAuthService(deps);

  async function throttle(ip: string, email: string): Promise<Failure | null> {
    for (const [name, subject] of [['reset:ip', ip], ['reset:account', email]] as const) {
      const hit = await limits.hit(name, subject);
      if (!hit.allowed) return { ok: false, code: 429, status: 429, seconds: hit.retryAfter };
    }
    return null;
  }

  async function findUser(email: string): Promise<{ ok: true; user: typeof users.$inferSelect } | Failure> {
    const [u] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
    if (!u) return { ok: false, code: ErrorCode.UNAUTHORISED_EMAIL, status: 404 };
    // A staff suspension is lifted by staff only; a reset must not undo it.
    if (u.status === 'suspended' && u.suspension === 'staff') return { ok: false, code: ErrorCode.ACCOUNT_SUSPENDED, status: 403 };
    return { ok: true, user: u };
  }

  async function issueToken(userId: number): Promise<string> {
    const token = randomToken();
    await db.insert(tokens).values({ tokenHash: await sha256Hex(token), purpose: 'password_reset', userId, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_MS) });
    return token;
  }

  function methodsOf(u: typeof users.$inferSelect): ResetMethodEntry[] {
    const list: ResetMethodEntry[] = [];
    if (u.securityQuestion && u.securityAnswerHash && u.birthDate) list.push({ type: 'security_question', question: u.securityQuestion, target: null });
    list.push({ type: 'email', question: null, target: maskEmail(u.email) });
    if (u.mobile) list.push({ type: 'sms', question: null, target: maskMobile(u.mobile) });
    return list;
  }

  return {
    /** reset-view1: the methods this account has; `suspended` says to show the suspended notice. */
    async options(email: string, ip: string): Promise<{ ok: true; methods: ResetMethodEntry[]; suspended: boolean } | Failure> {
      const limited = await throttle(ip, normalizeEmail(email));
      if (limited) return limited;
      const found = await findUser(email);
      if (!found.ok) return found;
      return { ok: true, methods: methodsOf(found.user), suspended: found.user.status === 'suspended' };
    },

    /** reset-view2: the security answer and the birth date (sent as yyyy/mm/dd) earn a token. */
    async answerQuestion(input: { email: string; answer: string; birthDate: string; ip: string }): Promise<{ ok: true; token: string } | Failure> {
      const limited = await throttle(input.ip, normalizeEmail(input.email));
      if (limited) return limited;
      const found = await findUser(input.email);
      if (!found.ok) return found;
      const u = found.user;
      if (!u.securityQuestion || !u.securityAnswerHash || !u.birthDate) return { ok: false, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID, status: 400 };
      // Both are checked every time (no early return), so timing does not tell which one was wrong.
      const answerOk = await verifyPassword(foldAnswer(input.answer), u.securityAnswerHash);
      const dateOk = u.birthDate === input.birthDate.replaceAll('/', '-');
      if (!answerOk || !dateOk) return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401 };
      return { ok: true, token: await issueToken(u.id) };
    },

    /** reset-view3/4: a code by e-mail (with a link that carries it) or by SMS to the masked mobile. */
    async sendCode(input: { email: string; method: 'email' | 'sms'; ip: string; locale: Language; origin: string }): Promise<{ ok: true; code: number; target: string; resendIn: number } | Failure> {
      const found = await findUser(input.email);
      if (!found.ok) return found;
      const u = found.user;
      if (input.method === 'sms') {
        if (!u.mobile) return { ok: false, code: ErrorCode.NO_MOBILE_TO_RESET_BY, status: 400 };
        const sent = await otp.send({ purpose: 'reset_sms', channel: 'sms', target: u.mobile, userId: u.id, ip: input.ip, locale: input.locale });
        if (!sent.ok) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
        return { ok: true, code: ErrorCode.SMS_SENT, target: maskMobile(u.mobile), resendIn: sent.resendIn };
      }
      // An address nobody ever confirmed is not a safe way back into the account.
      if (!u.emailVerifiedAt) return { ok: false, code: ErrorCode.USER_RECOVERY_EMAIL_NOT_SET, status: 400 };
      const sent = await otp.send({
        purpose: 'reset_email',
        channel: 'email',
        target: u.email,
        userId: u.id,
        ip: input.ip,
        locale: input.locale,
        link: (code) => `${input.origin}/auth/reset?view=3&email=${encodeURIComponent(u.email)}&code=${code}`,
      });
      if (!sent.ok) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
      return { ok: true, code: ErrorCode.EMAIL_SENT, target: maskEmail(u.email), resendIn: sent.resendIn };
    },

    async resendIn(email: string, method: 'email' | 'sms'): Promise<number> {
      const [u] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
      if (!u) return 0;
      return method === 'sms' ? (u.mobile ? otp.resendIn('reset_sms', u.mobile) : 0) : otp.resendIn('reset_email', u.email);
    },

    /** The code from the e-mail or SMS earns a token (2162 for the e-mail: the address is now verified). */
    async verifyCode(input: { email: string; method: 'email' | 'sms'; code: string }): Promise<{ ok: true; token: string; code: number } | Failure> {
      const found = await findUser(input.email);
      if (!found.ok) return found;
      const u = found.user;
      const target = input.method === 'sms' ? u.mobile : u.email;
      if (!target) return { ok: false, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID, status: 400 };
      const checked = await otp.verify({ purpose: input.method === 'sms' ? 'reset_sms' : 'reset_email', target, code: input.code });
      if (!checked.ok) return checked;
      return { ok: true, token: await issueToken(u.id), code: input.method === 'email' ? ErrorCode.PASSWORD_RESET_EMAIL_VERIFIED : ErrorCode.TWO_FACTOR_SUC };
    },

    /** Is this token still good for this e-mail? (The page shows step 6 only then.) */
    async tokenValid(token: string): Promise<boolean> {
      const [row] = await db
        .select({ h: tokens.tokenHash })
        .from(tokens)
        .where(and(eq(tokens.tokenHash, await sha256Hex(token)), eq(tokens.purpose, 'password_reset'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now)));
      return Boolean(row);
    },

    /** reset-view6: the token sets the new password; every session ends; 2200 on success. */
    async setPassword(input: { token: string; email: string; password: string; locale: Language }): Promise<{ ok: true; reactivated: boolean } | (Failure & { field?: 'password' })> {
      const hash = await sha256Hex(input.token);
      const [row] = await db.select().from(tokens).where(and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'password_reset')));
      if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID, status: 400 };
      const [u] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!u || u.email !== normalizeEmail(input.email)) return { ok: false, code: ErrorCode.USERNAME_MISMATCH, status: 400 };
      if (u.status === 'suspended' && u.suspension === 'staff') return { ok: false, code: ErrorCode.ACCOUNT_SUSPENDED, status: 403 };
      if (!checkPassword(input.password).ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'password' };
      const consumed = await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.tokenHash, hash), isNull(tokens.consumedAt))).returning({ h: tokens.tokenHash });
      if (!consumed.length) return { ok: false, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID, status: 400 };
      // Every other reset token of the account dies with this one.
      await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'password_reset'), isNull(tokens.consumedAt)));
      const reactivated = u.status === 'suspended' && u.suspension === 'auto';
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), failedLogins: 0, updatedAt: now, ...(reactivated ? { status: 'active' as const, suspension: null } : {}) })
        .where(eq(users.id, u.id));
      await auth.endAllSessions(u.id);
      // Proof of the address ends the login delay too (decision 022), so the owner can log in at once.
      await clearPasswordThrottle(db, u.email);
      const t = getServerT(input.locale);
      await adapters.mail.send({ to: u.email, subject: t('auth:mail.password_changed_subject'), text: t('auth:mail.password_changed_body'), tag: 'password_changed' });
      return { ok: true, reactivated };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
