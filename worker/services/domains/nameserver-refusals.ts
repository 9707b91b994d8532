// The answers of the nameserver and host services (issue #12 §3), shared by nameservers.ts and hosts.ts.
import type { RowError } from '../../../core/domains/nameservers';
import type { ValidationMessage } from '../../../core/validation/messages';
import type { domains } from '../../../db/schema';

export type DomainRow = typeof domains.$inferSelect;
/** A refusal: the catalogue code, the HTTP status, and where it belongs on the page. */
export type Refusal = { ok: false; code: number; status: number; rows?: RowError[]; field?: string; message?: ValidationMessage; params?: Record<string, string | number>; names?: string[] };
export type Done<T = object> = ({ ok: true } & T) | Refusal;

export const refuse = (code: number, status: number, extra: Omit<Refusal, 'ok' | 'code' | 'status'> = {}): Refusal => ({ ok: false, code, status, ...extra });
