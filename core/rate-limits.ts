// Rate limits of issue #3 §6: login, registration, OTP send/verify and password reset, per IP and per
// account (login per account: core/login-throttle.ts). Fixed windows: simple, one D1 statement per hit, and the spec only needs "too many".
export type RateLimitRule = { limit: number; windowMs: number };

const MIN = 60_000;

export const RATE_LIMITS = {
  'login:ip': { limit: 30, windowMs: 15 * MIN },
  'register:ip': { limit: 10, windowMs: 60 * MIN },
  'otp_send:ip': { limit: 20, windowMs: 60 * MIN },
  'otp_send:target': { limit: 5, windowMs: 60 * MIN },
  'otp_verify:target': { limit: 10, windowMs: 15 * MIN },
  'reset:ip': { limit: 30, windowMs: 60 * MIN },
  // Issue #10 §3: what a visitor sees is limited per IP and per (address, IP), never per address alone,
  // so a stranger cannot use up the owner's reset. The per-address cap counts only reset e-mails actually
  // sent (silently: the answer never changes), and checking a code or link already received is not
  // limited by it.
  'reset:account_ip': { limit: 10, windowMs: 60 * MIN },
  'reset:account': { limit: 10, windowMs: 60 * MIN },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

// Per-account login limits are not fixed windows: a window per address let a stranger keep its owner
// out. The password and second-factor steps have growing delays instead (core/login-throttle.ts).

export function windowStart(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs) * windowMs;
}

export function retryAfterSeconds(nowMs: number, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStart(nowMs, windowMs) + windowMs - nowMs) / 1000));
}
