// Password reset (spec §2 reset-view1 … reset-view6, §4 Password reset, §7; issue #10 §3, decision 023).
// The first proof is always control of the e-mail address: step 1 answers every address alike ("if an
// account exists, we sent a code and a link") and does the lookup and the sending after the answer.
// The code or the link earns a recovery token; an account with a security question then needs the
// answer and birth date, or instead an SMS code to a VERIFIED mobile; only then may the token set the
// password. Two-factor settings survive a reset (the next login still asks for them).
// A staff suspension (2011) is lifted by staff only: such an account gets no code, link or token.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { maskMobile, OTP_RESEND_AFTER_MS } from '../../../core/otp';
import { tokens, users } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import { checkPassword } from '../../security/common-passwords';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import type { ServiceDeps } from '../deps';
import { createAuthService, normalizeEmail, randomToken } from './auth';
import { createOtpService, sha256Hex } from './otp';
import { clearPasswordThrottle } from './login-throttle';
import { createRateLimitService } from '../platform';
import { spendToken, takeTokenAttempt } from './token-attempts';
import { foldAnswer } from './registration';
import { createMailService } from '../mail';

export const RESET_TOKEN_MS = 30 * 60_000;
/** Wrong security answers per recovery token; then the e-mail step starts again. */
export const RESET_ANSWER_ATTEMPTS = 5;

/**
 * Where a recovery token stands: `link` is the one in the e-mail (exchanged once for a recovery
 * token), `factor` means the e-mail is proven and a second factor is due, `ready` may set the password.
 */
export type RecoveryStage = 'link' | 'factor' | 'ready';
export type Failure = { ok: false; code: number; status: number; seconds?: number; attemptsLeft?: number; restart?: boolean };
/** Whether step 1's e-mail went: never shown to a visitor (every address is answered alike). */
export type ProofOutcome = { sent: true } | { sent: false; reason: 'not_eligible' | 'limited'; seconds?: number };
/** What the page may show once the e-mail is proven (never before). */
export type Recovery = { ok: true; stage: 'factor' | 'ready'; question: string | null; smsTarget: string | null };

const isStaffSuspended = (u: typeof users.$inferSelect) => u.status === 'suspended' && u.suspension === 'staff';
const hasQuestion = (u: typeof users.$inferSelect) => Boolean(u.securityQuestion && u.securityAnswerHash && u.birthDate);
const verifiedMobile = (u: typeof users.$inferSelect) => (u.mobile && u.mobileVerifiedAt ? u.mobile : null);

export function createPasswordResetService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const otp = createOtpService(deps);
  const limits = createRateLimitService(deps);
  const auth = createAuthService(deps);

  /** The limits a visitor can meet: per IP and per (address, IP). Alike for known and unknown addresses. */
  async function throttle(ip: string, email: string | null): Promise<Failure | null> {
    const keys: [Parameters<typeof limits.hit>[0], string][] = [['reset:ip', ip]];
    if (email) keys.push(['reset:account_ip', `${email}|${ip}`]);
    for (const [name, subject] of keys) {
      const hit = await limits.hit(name, subject);
      if (!hit.allowed) return { ok: false, code: 429, status: 429, seconds: hit.retryAfter };
    }
    return null;
  }

  async function issueToken(userId: number, stage: RecoveryStage): Promise<string> {
    const token = randomToken();
    await db.insert(tokens).values({ tokenHash: await sha256Hex(token), purpose: 'password_reset', userId, meta: { stage, attempts: 0 }, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_MS) });
    return token;
  }

  /** A live recovery token with its account, or null (unknown, used, expired, or the wrong stage). */
  async function live(token: string, stages: RecoveryStage[]) {
    if (!token) return null;
    const hash = await sha256Hex(token);
    const [row] = await db
      .select()
      .from(tokens)
      .where(and(eq(tokens.tokenHash, hash), eq(tokens.purpose, 'password_reset'), isNull(tokens.consumedAt), gt(tokens.expiresAt, now)));
    if (!row || !stages.includes(row.meta.stage as RecoveryStage)) return null;
    const [u] = await db.select().from(users).where(eq(users.id, row.userId));
    if (!u || isStaffSuspended(u)) return null;
    return { row, hash, user: u };
  }

  const notValid: Failure = { ok: false, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID, status: 400, restart: true };

  /** The e-mail is proven: a recovery token at the stage this account needs next. */
  const afterEmailProof = async (u: typeof users.$inferSelect) => ({
    ok: true as const,
    token: await issueToken(u.id, hasQuestion(u) ? 'factor' : 'ready'),
    code: ErrorCode.PASSWORD_RESET_EMAIL_VERIFIED,
  });

  /** Moves a `factor` token to `ready` (conditional: two racing right answers both land on ready). */
  const promote = (hash: string) => db.update(tokens).set({ meta: { stage: 'ready', attempts: 0 } }).where(and(eq(tokens.tokenHash, hash), isNull(tokens.consumedAt)));

  /** The lookup and the sending of step 1, run after the answer when the caller can defer work. */
  async function sendEmailProof(email: string, ip: string, locale: Language, origin: string): Promise<ProofOutcome> {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    // An address nobody proved is not a way into the account (it can be reclaimed by registering:
    // decision 023); a staff suspension is lifted by staff only.
    if (!u || !u.emailVerifiedAt || isStaffSuspended(u)) return { sent: false, reason: 'not_eligible' };
    // The per-account cap counts sends only; a refusal is silent, and what already reached the mailbox works.
    const cap = await limits.hit('reset:account', email);
    if (!cap.allowed) return { sent: false, reason: 'limited', seconds: cap.retryAfter };
    const link = randomToken();
    const sent = await otp.send({
      purpose: 'reset_email',
      channel: 'email',
      target: u.email,
      userId: u.id,
      ip,
      locale,
      link: `/auth/reset?t=${encodeURIComponent(link)}`,
      origin,
    });
    if (!sent.ok) return { sent: false, reason: 'limited', seconds: sent.seconds };
    // The link is a 256-bit secret: unlike the six-digit code, no stranger can guess it or use up its attempts.
    await db.insert(tokens).values({ tokenHash: await sha256Hex(link), purpose: 'password_reset', userId: u.id, meta: { stage: 'link', attempts: 0 }, createdAt: now, expiresAt: new Date(now.getTime() + RESET_TOKEN_MS) });
    return { sent: true };
  }

  return {
    /**
     * The same code and link as step 1, to the account's own address, for a member of staff on the
     * customer's page (issue #33 §3): unlike step 1 the caller learns whether it went (staff see the
     * account anyway), under the same rules (a proven address, no staff suspension, the caps).
     */
    async sendLinkTo(userId: number, input: { ip: string; origin: string }): Promise<ProofOutcome> {
      const [u] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
      if (!u) return { sent: false, reason: 'not_eligible' };
      return sendEmailProof(u.email, input.ip, u.locale === 'en' ? 'en' : 'el', input.origin);
    },

    /**
     * reset-view1: the same answer for every address (2160: "if an account exists, we sent a code").
     * `defer` (the request's waitUntil) runs the lookup and the sending after the response, so a known
     * address takes no longer to answer than an unknown one; without it the work is awaited (tests).
     */
    async start(input: { email: string; ip: string; locale: Language; origin: string; defer?: (work: Promise<unknown>) => void }): Promise<{ ok: true; code: number; resendIn: number } | Failure> {
      const email = normalizeEmail(input.email);
      const limited = await throttle(input.ip, email);
      if (limited) return limited;
      const work = sendEmailProof(email, input.ip, input.locale, input.origin).catch((e) => console.error('password reset: sending failed', e));
      if (input.defer) input.defer(work);
      else await work;
      return { ok: true, code: ErrorCode.EMAIL_SENT, resendIn: Math.round(OTP_RESEND_AFTER_MS / 1000) };
    },

    /** reset-view3: the code from the e-mail. Every failure answers alike (90101), known address or not. */
    async verifyEmailCode(input: { email: string; code: string; ip: string }): Promise<{ ok: true; token: string; code: number } | Failure> {
      const email = normalizeEmail(input.email);
      const limited = await throttle(input.ip, email);
      if (limited) return limited;
      const mismatch: Failure = { ok: false, code: ErrorCode.OTP_MISMATCH_NO_PARAMS, status: 400 };
      const checked = await otp.verify({ purpose: 'reset_email', target: email, code: input.code });
      if (!checked.ok) return mismatch;
      const [u] = await db.select().from(users).where(eq(users.email, email));
      if (!u || isStaffSuspended(u)) return mismatch;
      return afterEmailProof(u);
    },

    /** The link from the e-mail (confirmed by a POST, so mail scanners do not use it up). */
    async verifyEmailLink(input: { link: string; ip: string }): Promise<{ ok: true; token: string; code: number } | Failure> {
      const limited = await throttle(input.ip, null);
      if (limited) return limited;
      if (!input.link) return notValid;
      const [row] = await db
        .update(tokens)
        .set({ consumedAt: now })
        .where(
          and(
            eq(tokens.tokenHash, await sha256Hex(input.link)),
            eq(tokens.purpose, 'password_reset'),
            sql`json_extract(${tokens.meta}, '$.stage') = 'link'`,
            isNull(tokens.consumedAt),
            gt(tokens.expiresAt, now),
          ),
        )
        .returning({ userId: tokens.userId });
      if (!row) return notValid;
      const [u] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!u || isStaffSuspended(u)) return notValid;
      return afterEmailProof(u);
    },

    /** What the page shows after the e-mail proof: the question, the masked verified mobile. */
    async recovery(token: string): Promise<Recovery | Failure> {
      const found = await live(token, ['factor', 'ready']);
      if (!found) return notValid;
      const u = found.user;
      const mobile = verifiedMobile(u);
      return {
        ok: true,
        stage: found.row.meta.stage === 'ready' ? 'ready' : 'factor',
        question: hasQuestion(u) ? u.securityQuestion : null,
        smsTarget: mobile ? maskMobile(mobile) : null,
      };
    },

    /** reset-view2, after the e-mail: the answer and the birth date (sent as yyyy/mm/dd). */
    async answerQuestion(input: { token: string; answer: string; birthDate: string; ip: string }): Promise<{ ok: true } | Failure> {
      const limited = await throttle(input.ip, null);
      if (limited) return limited;
      const found = await live(input.token, ['factor']);
      if (!found) return notValid;
      const u = found.user;
      // Issue #19 (decision 044): the attempt is taken before the answer is checked, in one conditional
      // statement, so thirty answers at once cannot all be checked against one token.
      const attempt = await takeTokenAttempt(db, { tokenHash: found.hash, purpose: 'password_reset', max: RESET_ANSWER_ATTEMPTS, now, where: sql`json_extract(${tokens.meta}, '$.stage') = 'factor'` });
      if (attempt === null) return notValid;
      // Both are checked every time (no early return), so timing does not tell which one was wrong.
      const answerOk = await verifyPassword(foldAnswer(input.answer), u.securityAnswerHash!);
      const dateOk = u.birthDate === input.birthDate.replaceAll('/', '-');
      if (answerOk && dateOk) {
        await promote(found.hash);
        return { ok: true };
      }
      const spent = attempt >= RESET_ANSWER_ATTEMPTS;
      if (spent) await spendToken(db, found.hash, now);
      return { ok: false, code: ErrorCode.TWO_FACTOR_FAIL, status: 401, attemptsLeft: RESET_ANSWER_ATTEMPTS - attempt, restart: spent };
    },

    /** reset-view4, instead of a forgotten answer: an SMS code, only to a verified mobile (2101 otherwise). */
    async sendSms(input: { token: string; ip: string; locale: Language }): Promise<{ ok: true; code: number; target: string; resendIn: number } | Failure> {
      const found = await live(input.token, ['factor']);
      if (!found) return notValid;
      const mobile = verifiedMobile(found.user);
      if (!mobile) return { ok: false, code: ErrorCode.NO_MOBILE_TO_RESET_BY, status: 400 };
      const sent = await otp.send({ purpose: 'reset_sms', channel: 'sms', target: mobile, userId: found.user.id, ip: input.ip, locale: input.locale });
      if (!sent.ok) return { ok: false, code: sent.code, status: sent.status, seconds: sent.seconds };
      return { ok: true, code: ErrorCode.SMS_SENT, target: maskMobile(mobile), resendIn: sent.resendIn };
    },

    async smsResendIn(token: string): Promise<number | null> {
      const found = await live(token, ['factor']);
      const mobile = found && verifiedMobile(found.user);
      return mobile ? otp.resendIn('reset_sms', mobile) : null;
    },

    async verifySms(input: { token: string; code: string }): Promise<{ ok: true; code: number } | Failure> {
      const found = await live(input.token, ['factor']);
      if (!found) return notValid;
      const mobile = verifiedMobile(found.user);
      if (!mobile) return { ok: false, code: ErrorCode.NO_MOBILE_TO_RESET_BY, status: 400 };
      const checked = await otp.verify({ purpose: 'reset_sms', target: mobile, code: input.code });
      if (!checked.ok) return checked;
      await promote(found.hash);
      return { ok: true, code: ErrorCode.TWO_FACTOR_SUC };
    },

    /** Is this token ready to set the password? (The page shows step 6 only then.) */
    async tokenValid(token: string): Promise<boolean> {
      return (await live(token, ['ready'])) !== null;
    },

    /** reset-view6: a `ready` token sets the new password; every session ends; 2200 on success. */
    async setPassword(input: { token: string; password: string; locale: Language }): Promise<{ ok: true; email: string } | (Failure & { field?: 'password' })> {
      const found = await live(input.token, ['ready']);
      if (!found) return notValid;
      const u = found.user;
      if (!checkPassword(input.password).ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, status: 400, field: 'password' };
      const consumed = await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.tokenHash, found.hash), isNull(tokens.consumedAt))).returning({ h: tokens.tokenHash });
      if (!consumed.length) return notValid;
      // Every other reset token (and link) of the account dies with this one.
      await db.update(tokens).set({ consumedAt: now }).where(and(eq(tokens.userId, u.id), eq(tokens.purpose, 'password_reset'), isNull(tokens.consumedAt)));
      // Two-factor settings are left as they are: the reset proved the e-mail (and the question), not
      // the authenticator app, so the next login still asks for it (decision 023).
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: now })
        .where(eq(users.id, u.id));
      await auth.endAllSessions(u.id);
      // Proof of the address ends the login delay too (decision 022), so the owner can log in at once.
      await clearPasswordThrottle(db, u.email);
      // One message per change: the key holds the moment, so a second change later is told again.
      await createMailService(deps).send({ template: 'password_changed', params: { at: now }, to: u.email, lang: input.locale, userId: u.id, dedupeKey: `password-changed:${u.id}:${now.getTime()}` });
            return { ok: true, email: u.email };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
