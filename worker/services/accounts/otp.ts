// Sending and checking one-time codes (registration, two-factor e-mail codes, password reset) through
// the mail and SMS ports. Only a hash of each code is stored; the answers follow core/otp.ts.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { decideSend, decideVerify, generateOtp, newOtpState, OTP_MAX_ATTEMPTS, OTP_TTL_MS, resendWaitSeconds, type OtpState, type OtpVerifyDecision } from '../../../core/otp';
import { constantTimeEqual } from '../../../core/totp';
import { oneTimeCodes, otpPurposes } from '../../../db/schema';
import type { Language } from '../../../i18n/config';
import { getServerT } from '../../../i18n/server';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import { createRateLimitService } from '../platform';

export type OtpPurpose = (typeof otpPurposes)[number];
export type OtpChannel = 'email' | 'sms';

export type OtpSendResult = { ok: true; resendIn: number } | { ok: false; code: number; seconds?: number; status: number };
export type OtpVerifyResult = { ok: true } | { ok: false; code: number; attemptsLeft?: number; seconds?: number; status: number };

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

// The purpose and target go into the hash: a code for one thing cannot be replayed for another.
const codeHash = (purpose: string, target: string, code: string) => sha256Hex(`${purpose}\u0000${target}\u0000${code}`);

export function createOtpService(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const limits = createRateLimitService(deps);

  async function latest(purpose: OtpPurpose, target: string) {
    const [row] = await db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.target, target)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1);
    return row ?? null;
  }

  const stateOf = (row: typeof oneTimeCodes.$inferSelect): OtpState => ({
    sentAt: row.sentAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    attempts: row.attempts,
    consumedAt: row.consumedAt?.getTime() ?? null,
  });

  return {
    /** Seconds until a new code may be sent to this target (the countdown the page shows). */
    async resendIn(purpose: OtpPurpose, target: string): Promise<number> {
      const row = await latest(purpose, target);
      return row ? resendWaitSeconds({ sentAt: row.sentAt.getTime() }, now.getTime()) : 0;
    },

    /**
     * `link`: a same-site path the e-mail offers beside the code (the reset's), on `origin` (the
     * request's, when the caller has it).
     */
    async send(input: { purpose: OtpPurpose; channel: OtpChannel; target: string; userId?: number | null; ip: string; locale: Language; link?: string; origin?: string }): Promise<OtpSendResult> {
      const previous = await latest(input.purpose, input.target);
      const decision = decideSend(previous && stateOf(previous), now.getTime());
      if (!decision.ok) return { ok: false, code: decision.code, seconds: decision.seconds, status: 429 };
      // The per-target budget is counted per kind of code (issue #19): reset or registration codes a
      // stranger can ask for never use up the login codes of the address's owner.
      for (const [name, subject] of [['otp_send:ip', input.ip], ['otp_send:target', `${input.purpose}:${input.target}`]] as const) {
        const hit = await limits.hit(name, subject);
        if (!hit.allowed) return { ok: false, code: ErrorCode.OTP_TOO_MANY_REQUESTS, seconds: hit.retryAfter, status: 429 };
      }
      // Issue #10 §4: every SMS costs money; a daily budget per destination country (SMS pumping).
      if (input.channel === 'sms') {
        const budget = await limits.smsBudget(input.target);
        if (!budget.allowed) return { ok: false, code: ErrorCode.OTP_TOO_MANY_REQUESTS, seconds: budget.retryAfter, status: 429 };
      }
      const code = generateOtp();
      const [row] = await db.insert(oneTimeCodes).values({
        purpose: input.purpose,
        target: input.target,
        userId: input.userId ?? null,
        channel: input.channel,
        codeHash: await codeHash(input.purpose, input.target, code),
        sentAt: now,
        expiresAt: new Date(newOtpState(now.getTime()).expiresAt),
      }).returning({ id: oneTimeCodes.id });
      const t = getServerT(input.locale);
      const minutes = OTP_TTL_MS / 60_000;
      if (input.channel === 'sms') {
        await adapters.sms.send({ to: input.target, text: t(`auth:mail.otp_sms.${input.purpose}`, { code, minutes }), tag: `otp:${input.purpose}` });
      } else {
        // Each code is its own event (a resend is a new row): one message per code, its body cleared once sent.
        await createMailService(deps).send({
          template: 'otp_code',
          params: { purpose: input.purpose, code, minutes, ...(input.link ? { link: input.link } : {}) },
          to: input.target,
          lang: input.locale,
          userId: input.userId ?? null,
          dedupeKey: `otp:${row!.id}`,
          tag: `otp:${input.purpose}`,
          ...(input.origin ? { origin: input.origin } : {}),
        });
      }
      return { ok: true, resendIn: resendWaitSeconds({ sentAt: now.getTime() }, now.getTime()) };
    },

    async verify(input: { purpose: OtpPurpose; target: string; code: string }): Promise<OtpVerifyResult> {
      const limit = await limits.hit('otp_verify:target', `${input.purpose}:${input.target}`);
      if (!limit.allowed) return { ok: false, code: ErrorCode.OTP_TOO_MANY_REQUESTS, seconds: limit.retryAfter, status: 429 };
      const row = await latest(input.purpose, input.target);
      if (!row) return answer(decideVerify(null, false, now.getTime()));
      // Issue #19 (decision 044): the attempt is taken before the code is compared, in one conditional
      // statement (the same conditions decideVerify refuses on), so of thirty guesses at once at most
      // OTP_MAX_ATTEMPTS are compared. A right code then consumes the code.
      const [taken] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, now), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ attempts: oneTimeCodes.attempts });
      if (!taken) {
        // Nothing left to take: used, expired or out of attempts, as the row says now. No comparison.
        const [current] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
        const refused = decideVerify(current ? stateOf(current) : null, false, now.getTime());
        return answer(refused.ok || refused.countsAttempt ? { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, countsAttempt: false } : refused);
      }
      const typed = input.code.replace(/\s/g, '');
      const matches = constantTimeEqual(await codeHash(input.purpose, input.target, typed), row.codeHash);
      // Decided on the state this attempt found (the attempts before its own).
      const decision = decideVerify({ ...stateOf(row), attempts: taken.attempts - 1, consumedAt: null }, matches, now.getTime());
      if (decision.ok) {
        // Conditional: of two requests racing with the right code, one consumes it.
        const done = await db
          .update(oneTimeCodes)
          .set({ consumedAt: now })
          .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
          .returning({ id: oneTimeCodes.id });
        return done.length ? { ok: true } : { ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, status: 409 };
      }
      return answer(decision);
    },
  };
}

function answer(decision: OtpVerifyDecision): OtpVerifyResult {
  if (decision.ok) return { ok: true };
  const status = decision.code === ErrorCode.OTP_ALREADY_VERIFIED ? 409 : decision.code === ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED || decision.code === ErrorCode.EXPIRED_OTP_AND_RESEND_THROTTLED ? 429 : 400;
  return { ok: false, code: decision.code, attemptsLeft: decision.attemptsLeft, seconds: decision.seconds, status };
}

export type OtpService = ReturnType<typeof createOtpService>;
