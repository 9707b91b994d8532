// Rate limits of issue #3 §6: login, registration, OTP send/verify and password reset, per IP and per
// account (login per account: core/login-throttle.ts). Fixed windows: simple, one D1 statement per hit, and the spec only needs "too many".
export type RateLimitRule = { limit: number; windowMs: number };

const MIN = 60_000;

export const RATE_LIMITS = {
  'login:ip': { limit: 30, windowMs: 15 * MIN },
  'register:ip': { limit: 10, windowMs: 60 * MIN },
  'otp_send:ip': { limit: 20, windowMs: 60 * MIN },
  // Per kind of code and target (`<purpose>:<address or number>`, issue #19): one budget for every
  // kind let four anonymous reset requests keep the owner's e-mail two-factor login out for an hour.
  'otp_send:target': { limit: 5, windowMs: 60 * MIN },
  'otp_verify:target': { limit: 10, windowMs: 15 * MIN },
  'reset:ip': { limit: 30, windowMs: 60 * MIN },
  // Issue #10 §3: what a visitor sees is limited per IP and per (address, IP), never per address alone,
  // so a stranger cannot use up the owner's reset. The per-address cap counts only reset e-mails actually
  // sent (silently: the answer never changes), and checking a code or link already received is not
  // limited by it.
  'reset:account_ip': { limit: 10, windowMs: 60 * MIN },
  'reset:account': { limit: 10, windowMs: 60 * MIN },
  // Issue #22 §1: staff invitations per inviting admin (each sends an e-mail to an address we do not know yet).
  'staff_invite:actor': { limit: 10, windowMs: 60 * MIN },
  // Issue #24 §2: the public newsletter form sends a confirmation mail to any address typed in; per IP
  // here, and per address by the subscription row's own counters (core/newsletter.ts).
  'newsletter:ip': { limit: 10, windowMs: 60 * MIN },
  // Issue #32 §3.3: power actions and reinstalls of VPS and dedicated servers, each a call to the
  // provider that may bill or throttle us. Per server (a stop/start loop on one machine) and per
  // account (the same loop spread over its servers); taken before the provider is asked.
  'server_action:service': { limit: 10, windowMs: 10 * MIN },
  'server_action:account': { limit: 30, windowMs: 60 * MIN },
  // Issue #33 §3: support's safe actions on a customer's page (a verification link, a reset link), per
  // customer and action (the customer's inbox is not flooded) and per member of staff (one account
  // cannot mail every customer); taken before anything is checked or sent.
  'staff_mail:customer': { limit: 3, windowMs: 60 * MIN },
  'staff_mail:actor': { limit: 60, windowMs: 60 * MIN },
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

// ---------------------------------------------------------------------------------------------
// Quotas towards paid or fragile upstreams (issue #10 §4, decision 024): each search asks every
// registry, a WHOIS look-up may go to a third party's RDAP/port-43 server, a transfer check asks the
// registry's info, and every SMS costs money. Per IP so one visitor cannot use them up, and global
// so that many visitors together cannot either (the registries throttle or bill us per call).
// ---------------------------------------------------------------------------------------------
export const QUOTA_LIMITS = {
  'domain_search:ip': { limit: 100, windowMs: 10 * MIN },
  'domain_search:global': { limit: 3000, windowMs: MIN },
  'domain_check:ip': { limit: 30, windowMs: 10 * MIN },
  'domain_check:global': { limit: 1000, windowMs: MIN },
  'whois:ip': { limit: 30, windowMs: 10 * MIN },
  'whois:global': { limit: 600, windowMs: MIN },
} as const satisfies Record<string, RateLimitRule>;

export type QuotaName = keyof typeof QUOTA_LIMITS;
export type QuotaKind = 'domain_search' | 'domain_check' | 'whois';

/** The subject of the global counters: one row per quota. */
export const GLOBAL_SUBJECT = 'all';

export const DAY_MS = 24 * 60 * MIN;

/**
 * SMS sent per destination country and UTC day. Greece is where our customers are; elsewhere an SMS
 * costs more and is the usual target of SMS-pumping fraud, so the budget is small.
 */
export const SMS_DAILY_BUDGET: Readonly<Record<string, number>> = { GR: 5000, CY: 500 };
export const SMS_DAILY_BUDGET_OTHER = 100;

export function smsDailyBudget(country: string): number {
  return SMS_DAILY_BUDGET[country] ?? SMS_DAILY_BUDGET_OTHER;
}
