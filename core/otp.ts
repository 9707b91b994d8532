// One-time codes sent by e-mail or SMS (registration, two-factor e-mail codes, password reset), and
// the rules that turn their state into the OTP codes of spec §8 (80033 … 90106). Pure functions: the
// service stores the state (a hash of the code, attempts, times) and asks these what to answer.
import { COUNTRIES } from './countries';
import { ErrorCode } from './errors';

export const OTP_LENGTH = 6;
/** A code is good for 10 minutes (long enough for a slow SMS, short enough to be useless later). */
export const OTP_TTL_MS = 10 * 60_000;
/** The resend countdown of spec §4 Registration: a new code may be asked for after 60 seconds. */
export const OTP_RESEND_AFTER_MS = 60_000;
/** Wrong guesses allowed per code; after that only a new code helps (1 in 10^6 per guess). */
export const OTP_MAX_ATTEMPTS = 5;

/** A uniformly random decimal code (rejection sampling: no modulo bias). */
export function generateOtp(length = OTP_LENGTH): string {
  let out = '';
  while (out.length < length) {
    const [n] = crypto.getRandomValues(new Uint8Array(1));
    if (n! < 250) out += String(n! % 10);
  }
  return out;
}

export type OtpState = {
  sentAt: number;
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
};

/** The state of a code just sent at `sentAtMs`: good for OTP_TTL_MS, no attempts yet. */
export function newOtpState(sentAtMs: number): OtpState {
  return { sentAt: sentAtMs, expiresAt: sentAtMs + OTP_TTL_MS, attempts: 0, consumedAt: null };
}

/** Seconds until a new code may be sent (0: now). */
export function resendWaitSeconds(state: Pick<OtpState, 'sentAt'> | null, nowMs: number): number {
  if (!state) return 0;
  return Math.max(0, Math.ceil((state.sentAt + OTP_RESEND_AFTER_MS - nowMs) / 1000));
}

export type OtpSendDecision = { ok: true } | { ok: false; code: number; seconds: number };

/**
 * May a (new) code be sent? 90106 while the latest one is still waiting for its countdown. A used code
 * stands in the way of nothing: the next login or reset needs a new code at once (issue #10: refusing
 * with 90005 here allowed one e-mail two-factor login and one reset a day). Verifying the used code
 * still answers 90005 (decideVerify); floods are the per-target send limits' job.
 */
export function decideSend(latest: OtpState | null, nowMs: number): OtpSendDecision {
  if (latest?.consumedAt) return { ok: true };
  const wait = resendWaitSeconds(latest, nowMs);
  if (wait > 0) return { ok: false, code: ErrorCode.OTP_ALREADY_SENT, seconds: wait };
  return { ok: true };
}

export type OtpVerifyDecision =
  | { ok: true }
  | { ok: false; code: number; attemptsLeft?: number; seconds?: number; countsAttempt: boolean };

/**
 * What a typed code earns, given the latest code sent and whether it matched:
 * - 90101: no code was sent (nothing to compare with);
 * - 90005: the code was already used;
 * - 90103 / 90104: expired, and a new one may / may not be sent yet;
 * - 90105 with the attempts left, or 90102 when the attempts are used up and the resend waits.
 */
export function decideVerify(latest: OtpState | null, matches: boolean, nowMs: number): OtpVerifyDecision {
  if (!latest) return { ok: false, code: ErrorCode.OTP_MISMATCH_NO_PARAMS, countsAttempt: false };
  if (latest.consumedAt) return { ok: false, code: ErrorCode.OTP_ALREADY_VERIFIED, countsAttempt: false };
  const wait = resendWaitSeconds(latest, nowMs);
  if (nowMs >= latest.expiresAt) {
    return wait > 0 ? { ok: false, code: ErrorCode.EXPIRED_OTP_AND_RESEND_THROTTLED, seconds: wait, countsAttempt: false } : { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, countsAttempt: false };
  }
  const attemptsLeft = OTP_MAX_ATTEMPTS - latest.attempts;
  if (attemptsLeft <= 0) {
    // A used-up code stays refused even if this guess is right: the limit must mean something.
    return wait > 0 ? { ok: false, code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED, seconds: wait, countsAttempt: false } : { ok: false, code: ErrorCode.OTP_HAS_EXPIRED, countsAttempt: false };
  }
  if (matches) return { ok: true };
  const left = attemptsLeft - 1;
  if (left === 0 && wait > 0) return { ok: false, code: ErrorCode.INCORRECT_OTP_AND_RESEND_THROTTLED, seconds: wait, countsAttempt: true };
  return { ok: false, code: ErrorCode.OTP_MISMATCH, attemptsLeft: left, countsAttempt: true };
}

/** '+306912345678' → '+30 69•• •••678': enough to recognise one's number, not to learn it. */
export function maskMobile(e164: string): string {
  const n = e164.replace(/\s/g, '');
  if (!/^\+\d{8,15}$/.test(n)) return '•••';
  const prefix = callingPrefixOf(n) ?? n.slice(0, 3);
  const rest = n.slice(prefix.length);
  const hidden = rest.length - 5;
  if (hidden < 1) return `${prefix} •••${rest.slice(-2)}`;
  return `${prefix} ${rest.slice(0, 2)}${'•'.repeat(Math.min(2, hidden))} ${'•'.repeat(Math.max(0, hidden - 2))}${rest.slice(-3)}`.replace(/ $/, '');
}

/** The country calling code a number starts with, among the countries we serve (longest match). */
export function callingPrefixOf(e164: string): string | null {
  let best: string | null = null;
  for (const c of COUNTRIES) if (c.phonePrefix && e164.startsWith(c.phonePrefix) && (!best || c.phonePrefix.length > best.length)) best = c.phonePrefix;
  return best;
}

/** 'eleni@example.gr' → 'e•••i@example.gr'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local[0]! : `${local[0]}${'•'.repeat(3)}${local[local.length - 1]}`;
  return `${shown}${local.length <= 2 ? '•••' : ''}${email.slice(at)}`;
}
