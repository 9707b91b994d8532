import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from './errors';
import { callingPrefixOf, decideSend, decideVerify, generateOtp, maskEmail, maskMobile, newOtpState, OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_MS, OTP_TTL_MS, resendWaitSeconds } from './otp';

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
    expect(decideVerify(null, false, T0)).toEqual({ ok: false, code: ErrorCode.OTP_MISMATCH_NO_PARAMS, countsAttempt: false });
    expect(decideVerify(sent({ consumedAt: T0 + 1 }), true, T0 + 2)).toEqual({ ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, countsAttempt: false });
  });

  it('counts wrong guesses down (90105) and throttles the last one while resend waits (90102)', () => {
    expect(decideVerify(sent(), false, T0 + 1000)).toEqual({ ok: false, code: ErrorCode.OTP_MISMATCH, attemptsLeft: OTP_MAX_ATTEMPTS - 1, countsAttempt: true });
    // The last wrong guess inside the resend wait: refused, and counted (issue #19 §5).
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS - 1 }), false, T0 + 1000)).toEqual({ ok: false, code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED, seconds: 59, countsAttempt: true });
    // Once used up, even the right code is refused.
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS }), true, T0 + 1000)).toEqual({ ok: false, code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED, seconds: 59, countsAttempt: false });
    expect(decideVerify(sent({ attempts: OTP_MAX_ATTEMPTS }), true, T0 + 120_000)).toEqual({ ok: false, code: ErrorCode.OTP_HAS_EXPIRED, countsAttempt: false });
  });

  it('answers 90103 for an expired code, 90104 if it expired while resend still waits', () => {
    expect(decideVerify(sent(), true, T0 + OTP_TTL_MS)).toEqual({ ok: false, code: ErrorCode.OTP_HAS_EXPIRED, countsAttempt: false });
    const shortLived = sent({ expiresAt: T0 + 30_000 });
    expect(decideVerify(shortLived, true, T0 + 40_000)).toEqual({ ok: false, code: ErrorCode.EXPIRED_OTP_AND_RESEND_THROTTLED, seconds: 20, countsAttempt: false });
  });

  it('never accepts a non-matching code, whatever the state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 2 * OTP_TTL_MS }), fc.boolean(), (attempts, elapsed, consumed) => {
        const d = decideVerify(sent({ attempts, consumedAt: consumed ? T0 : null }), false, T0 + elapsed);
        expect(d.ok).toBe(false);
      }),
    );
  });

  it('allows exactly five tries per code, the fifth still able to succeed (literal numbers: spec and decision 022)', () => {
    // Past the 60 s resend wait, so every wrong guess answers 90105 with what is left.
    const at = T0 + 61_000;
    const fresh = newOtpState(T0);
    expect([0, 1, 2, 3, 4].map((attempts) => decideVerify({ ...fresh, attempts }, false, at))).toEqual(
      [4, 3, 2, 1, 0].map((attemptsLeft) => ({ ok: false, code: 90105, attemptsLeft, countsAttempt: true })),
    );
    expect(decideVerify({ ...fresh, attempts: 4 }, true, at)).toEqual({ ok: true });
    // The sixth try is not a try: refused, right or wrong, and not counted.
    expect(decideVerify({ ...fresh, attempts: 5 }, true, at)).toEqual({ ok: false, code: 90103, countsAttempt: false });
    expect(decideVerify({ ...fresh, attempts: 5 }, false, at)).toEqual({ ok: false, code: 90103, countsAttempt: false });
    // Inside the resend wait the fifth wrong guess is refused and counted; the sixth is refused uncounted.
    expect(decideVerify({ ...fresh, attempts: 4 }, false, T0 + 30_000)).toEqual({ ok: false, code: 90102, seconds: 30, countsAttempt: true });
    expect(decideVerify({ ...fresh, attempts: 5 }, true, T0 + 30_000)).toEqual({ ok: false, code: 90102, seconds: 30, countsAttempt: false });
  });

  it('keeps a code good for exactly ten minutes after it was sent', () => {
    const code = newOtpState(T0);
    expect(code).toEqual({ sentAt: T0, expiresAt: T0 + 600_000, attempts: 0, consumedAt: null });
    expect(decideVerify(code, true, T0 + 599_999)).toEqual({ ok: true });
    expect(decideVerify(code, false, T0 + 599_999)).toEqual({ ok: false, code: 90105, attemptsLeft: 4, countsAttempt: true });
    expect(decideVerify(code, true, T0 + 600_000)).toEqual({ ok: false, code: 90103, countsAttempt: false });
  });

  it('lets a new code be sent exactly 60 seconds after the last one', () => {
    expect(decideSend(newOtpState(T0), T0 + 59_999)).toEqual({ ok: false, code: 90106, seconds: 1 });
    expect(decideSend(newOtpState(T0), T0 + 60_000)).toEqual({ ok: true });
  });

  it('masks a mobile number and an e-mail address', () => {
    expect(maskMobile('+306912345678')).toBe('+30 69•• •••678');
    expect(maskMobile('+35799123456')).toMatch(/^\+357 99•• •*456$/);
    expect(maskMobile('nonsense')).toBe('•••');
    expect(maskEmail('eleni@example.gr')).toBe('e•••i@example.gr');
    expect(maskEmail('ab@example.gr')).toBe('a•••@example.gr');
  });
});

describe('code generation without modulo bias', () => {
  afterEach(() => vi.restoreAllMocks());
  it('throws away random bytes 250–255 (they would make 0–5 likelier) and uses the last digit of the others', () => {
    const bytes = [250, 251, 252, 253, 254, 255, 13, 24, 249, 46, 57, 68];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array)[0] = bytes.shift()!;
      return array;
    });
    expect(generateOtp()).toBe('349678');
    expect(bytes).toEqual([]);
  });
});

describe('masking what a code was sent to', () => {
  it('ignores spaces typed in a number', () => {
    expect(maskMobile('+30 691 234 5678')).toBe('+30 69•• •••678');
  });
  it('refuses anything that is not a whole E.164 number', () => {
    expect(maskMobile('x+306912345678')).toBe('•••');
    expect(maskMobile('+306912345678x')).toBe('•••');
    expect(maskMobile('+3069123')).toBe('•••');
  });
  it('hides at least one digit of a short number, and shows only two when five or fewer follow the prefix', () => {
    expect(maskMobile('+357123456')).toBe('+357 12• 456');
    expect(maskMobile('+35712345')).toBe('+357 •••45');
  });
  it('takes the first three characters as the prefix of a country we do not serve', () => {
    expect(callingPrefixOf('+12025550123')).toBeNull();
    expect(maskMobile('+12025550123')).toBe('+12 02•• ••123');
  });
  it('finds the calling code of a served country', () => {
    expect(callingPrefixOf('+35799123456')).toBe('+357');
    expect(callingPrefixOf('+306912345678')).toBe('+30');
  });
  it('masks a one-letter address and refuses one with no local part', () => {
    expect(maskEmail('a@example.gr')).toBe('a•••@example.gr');
    expect(maskEmail('@example.gr')).toBe('•••');
    expect(maskEmail('no-at-sign')).toBe('•••');
  });
});
