// Newsletter double opt-in rules (issue #24 §2, spec §4 Newsletter, decision 074): how long a
// confirmation link lives, how often one may be sent, and what a refused send answers. Pure: the
// service takes the send in one conditional statement with these numbers and asks refusedSend why
// a send it could not take was refused.
import { ErrorCode } from './errors';

export const NEWSLETTER_STATES = ['none', 'pending', 'subscribed', 'unsubscribed'] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/** A confirmation link is good for two days. */
export const CONFIRM_TTL_MS = 48 * 60 * 60_000;
/** A new confirmation mail may follow the last one after a minute (1063 before that). */
export const RESEND_AFTER_MS = 60_000;
/** At most this many confirmation mails per address in a window (1064 after that). */
export const MAX_SENDS_PER_WINDOW = 5;
export const SEND_WINDOW_MS = 24 * 60 * 60_000;

export type SendState = { lastSentAt: number | null; sendCount: number; sendWindowStart: number | null };

/** Why a send was refused, from the row as it is now: the window's budget used up, or too soon. */
export function refusedSend(state: SendState, nowMs: number): { code: number; seconds: number } {
  const windowOpen = state.sendWindowStart !== null && state.sendWindowStart > nowMs - SEND_WINDOW_MS;
  if (windowOpen && state.sendCount >= MAX_SENDS_PER_WINDOW) {
    return { code: ErrorCode.MAIL_ALREADY_PENDING, seconds: Math.max(1, Math.ceil((state.sendWindowStart! + SEND_WINDOW_MS - nowMs) / 1000)) };
  }
  const wait = state.lastSentAt === null ? 0 : Math.ceil((state.lastSentAt + RESEND_AFTER_MS - nowMs) / 1000);
  return { code: ErrorCode.VERIFICATION_CODE_SENT_RECENTLY, seconds: Math.max(1, wait) };
}

/** Seconds until a resend may be asked for (0: now). */
export function resendWait(state: SendState, nowMs: number): number {
  if (state.lastSentAt === null) return 0;
  return Math.max(0, Math.ceil((state.lastSentAt + RESEND_AFTER_MS - nowMs) / 1000));
}

/** The unsubscribe/status link's token: `<subscription id>.<key>`; null when it is not one. */
export function parseLinkToken(token: unknown): { id: number; key: string } | null {
  if (typeof token !== 'string') return null;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return m ? { id: Number(m[1]), key: m[2]! } : null;
}

/** RFC 8058 one-click unsubscribe: the two headers every newsletter mail carries. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
