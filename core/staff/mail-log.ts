// The staff e-mail log (issue #33 §3, decision 100): the list's filters as they arrive in the address,
// and the rule of which message staff may send again. Pure (core imports no db: the statuses are the
// same list as db/schema/mail.ts, checked by the test).
import { ErrorCode } from '../errors';
import type { ListSpec } from './list-query';

export const MAIL_LOG_STATUSES = ['queued', 'sending', 'sent', 'failed', 'bounced'] as const;
export type MailLogStatus = (typeof MAIL_LOG_STATUSES)[number];
/** The filter's extra choice: what a member of staff must look at (failed or bounced). */
export const MAIL_LOG_ATTENTION = 'attention';
export const MAIL_LOG_ATTENTION_STATUSES: readonly MailLogStatus[] = ['failed', 'bounced'];

export const MAIL_LOG_SORTS = ['created'] as const;
export type MailLogSort = (typeof MAIL_LOG_SORTS)[number];
export const MAIL_LOG_LIST: ListSpec<MailLogSort> = { sorts: MAIL_LOG_SORTS, defaultSort: 'created', defaultDir: 'desc', perPage: 50 };

export type MailLogFilters = {
  /** One status, or the attention pair. */
  statuses: readonly MailLogStatus[] | null;
  /** A template's key, only when it is one of `templates` (an unknown value is no filter). */
  template: string | null;
  /** A part of the recipient's address, lower case. */
  address: string | null;
  /** One customer's messages (the link from their page). */
  userId: number | null;
};

export function parseMailLogFilters(params: URLSearchParams, q: string, templates: readonly string[]): MailLogFilters {
  const status = params.get('status') ?? '';
  const template = params.get('template') ?? '';
  const user = Number(params.get('user'));
  const address = q.trim().toLowerCase().slice(0, 100);
  return {
    statuses: status === MAIL_LOG_ATTENTION ? MAIL_LOG_ATTENTION_STATUSES : (MAIL_LOG_STATUSES as readonly string[]).includes(status) ? [status as MailLogStatus] : null,
    template: templates.includes(template) ? template : null,
    address: address || null,
    userId: Number.isInteger(user) && user > 0 ? user : null,
  };
}

/** The filter's value as the form shows it again ('' for none). */
export function statusFilterValue(f: MailLogFilters): string {
  if (!f.statuses) return '';
  return f.statuses.length > 1 ? MAIL_LOG_ATTENTION : f.statuses[0]!;
}

/**
 * Why a message cannot be sent again (null: it can). A sensitive one (a code, a link that grants
 * access) or one whose body was cleared is refused: the secret is gone and a stale one must not be
 * repeated; a message to an erased account has nobody to go to.
 */
export function mailResendRefusal(m: { sensitive: boolean; redacted: boolean; toAddress: string }): number | null {
  if (m.sensitive || m.redacted) return ErrorCode.MAIL_RESEND_SENSITIVE;
  if (m.toAddress.endsWith('@invalid')) return ErrorCode.MAIL_RESEND_ERASED;
  return null;
}

/** Support's two safe actions on a customer's page: a new verification link, a password-reset link. */
export const CUSTOMER_MAIL_ACTIONS = ['resend_verification', 'send_reset'] as const;
export type CustomerMailAction = (typeof CUSTOMER_MAIL_ACTIONS)[number];

export function isCustomerMailAction(v: unknown): v is CustomerMailAction {
  return typeof v === 'string' && (CUSTOMER_MAIL_ACTIONS as readonly string[]).includes(v);
}
