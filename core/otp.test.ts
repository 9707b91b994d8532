import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { decideSend, decideVerify, generateOtp, maskEmail, maskMobile, OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_MS, OTP_TTL_MS, resendWaitSeconds } from './otp';

const T0 = 1_800_000_000_000;
const sent = (over: Partial<{ sentAt: number; expiresAt: number; attempts: number; consumedAt: number | null }> = {}) => ({
  sentAt: T0,
  expiresAt: T0 + OTP_TTL_MS,
  attempts: 0,
  consumedAt: null,
  ...over,
});

describe('one-time codes', () => {
  it('generates six decimal digits, all digits reachable', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const code = generateOtp();
      expect(code).toMatch(/^\d{6}$/);
      for (const d of code) seen.add(d);
    }
    expect(seen.size).toBe(10);
  });

  it('counts the resend countdown down in whole seconds', () => {
    expect(resendWaitSeconds(null, T0)).toBe(0);
    expect(resendWaitSeconds(sent(), T0)).toBe(60);
    expect(resendWaitSeconds(sent(), T0 + 59_001)).toBe(1);
    expect(resendWaitSeconds(sent(), T0 + OTP_RESEND_AFTER_MS)).toBe(0);
  });

  it('refuses a resend during the countdown (90106)', () => {
    expect(decideSend(null, T0)).toEqual({ ok: true });
    expect(decideSend(sent(), T0 + 10_000)).toEqual({ ok: false, code: ErrorCode.OTP_ALREADY_SENT, seconds: 50 });
    expect(decideSend(sent(), T0 + 61_000)).toEqual({ ok: true });
  });

  it('sends a new code at once after the last one was used (the next login or reset), countdown or not', () => {
    // Issue #10: a used code used to refuse every new one (90005) until the cron deleted it a day later.
    expect(decideSend(sent({ consumedAt: T0 + 5 }), T0 + 120_000)).toEqual({ ok: true });
    expect(decideSend(sent({ consumedAt: T0 + 5 }), T0 + 10)).toEqual({ ok: true });
  });

  it('accepts a matching code in time', () => {
    expect(decideVerify(sent(), true, T0 + 1000)).toEqual({ ok: true });
  });

  it('answers 90101 when no code was sent and 90005 when it was already used', () => {
    expect(decideVerify(null, false, T0)).toMatchObject({ code: ErrorCode.OTP_MISMATCH_NO_PARAMS });
    expect(decideVerify(sent({ consumedAt: T0 + 1 }), true, T0 + 2)).toMatchObject({ code: ErrorCode.OTP_ALREADY_VERIFIED });
  });

  it('counts wrong guesses down (90105) and throttles the last one while resend waits (90102)', () => {
    expect(decideVerify(sent(), false, T0 + 1000)).toEqual({ ok: false, code: ErrorCode.OTP_MISMATCH, attemptsLeft: OTP_MAX_ATTEMPTS - 1, countsAttempt: true });
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS - 1 }), false, T0 + 1000)).toMatchObject({ code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED, seconds: 59 });
    // Once used up, even the right code is refused.
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS }), true, T0 + 1000)).toMatchObject({ ok: false, code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED });
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS }), true, T0 + 120_000)).toMatchObject({ ok: false, code: ErrorCode.OTP_HAS_EXPIRED });
  });

  it('answers 90103 for an expired code, 90104 if it expired while resend still waits', () => {
    expect(decideVerify(sent(), true, T0 + OTP_TTL_MS)).toMatchObject({ code: ErrorCode.OTP_HAS_EXPIRED });
    const shortLived = sent({ expiresAt: T0 + 30_000 });
    expect(decideVerify(shortLived, true, T0 + 40_000)).toMatchObject({ code: ErrorCode.EXPIRED_OTP_AND_RESEND_THROTTLED, seconds: 20 });
  });

  it('never accepts a non-matching code, whatever the state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 2 * OTP_TTL_MS }), fc.boolean(), (attempts, elapsed, consumed) => {
        const d = decideVerify(sent({ attempts, consumedAt: consumed ? T0 : null }), false, T0 + elapsed);
        expect(d.ok).toBe(false);
      }),
    );
  });

  it('masks a mobile number and an e-mail address', () => {
    expect(maskMobile('+306912345678')).toBe('+30 69•• •••678');
    expect(maskMobile('+35799123456')).toMatch(/^\+357 99•• •*456$/);
    expect(maskMobile('nonsense')).toBe('•••');
    expect(maskEmail('eleni@example.gr')).toBe('e•••i@example.gr');
    expect(maskEmail('ab@example.gr')).toBe('a•••@example.gr');
  });
});
