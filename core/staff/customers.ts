// The back office's customers (issue #22 §2; spec §2 Admin screens, §4 User): the list's filters and
// sort columns, the enable/disable trigger ('active' activates, spec §4 User) and who may be enabled
// or disabled through this screen. Pure rules; the service reads and writes.
import { z } from 'zod';
import { ErrorCode } from '../errors';
import type { ListSpec } from './list-query';

export const CUSTOMER_SORTS = ['name', 'email', 'registered', 'last_login', 'domains', 'orders'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_LIST: ListSpec<CustomerSort> = { sorts: CUSTOMER_SORTS, defaultSort: 'registered', defaultDir: 'desc' };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional()).catch(undefined);

/** The list's own filters, from the address; anything malformed is simply no filter. */
export const customerFilterSchema = z.object({
  status: optional(z.enum(['active', 'suspended'])),
  from: optional(day),
  to: optional(day),
  ordered: optional(z.enum(['yes', 'no'])),
});
export type CustomerFilters = z.infer<typeof customerFilterSchema>;

export function parseCustomerFilters(params: URLSearchParams): CustomerFilters {
  return customerFilterSchema.parse({ status: params.get('status'), from: params.get('from'), to: params.get('to'), ordered: params.get('ordered') });
}

const DAY_MS = 86_400_000;

/**
 * "Registered from/to" as instants: whole days of Greek time (the shop's), `to` included. Athens is
 * UTC+2 in winter and UTC+3 in summer; the offset is read for that day, not assumed.
 */
export function registeredRange(filters: Pick<CustomerFilters, 'from' | 'to'>): { fromMs: number | null; toMs: number | null } {
  const start = (d: string) => {
    const utc = Date.parse(`${d}T00:00:00Z`);
    if (Number.isNaN(utc)) return null;
    return utc - athensOffsetMs(utc);
  };
  const fromMs = filters.from ? start(filters.from) : null;
  const toStart = filters.to ? start(filters.to) : null;
  return { fromMs, toMs: toStart === null ? null : toStart + DAY_MS };
}

function athensOffsetMs(utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(utcMs + 12 * 3_600_000));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '14');
  // At 12:00 UTC Athens shows 14 or 15.
  return (hour - 12) * 3_600_000;
}

/** Spec §4 User: the form posts the status to reach; 'active' is the trigger value for activation. */
export const CUSTOMER_STATUS_TRIGGERS = ['active', 'suspended'] as const;
export type CustomerStatusTrigger = (typeof CUSTOMER_STATUS_TRIGGERS)[number];

export function parseStatusTrigger(value: unknown): CustomerStatusTrigger | null {
  return value === 'active' || value === 'suspended' ? value : null;
}

/**
 * 151 action_not_allowed: no group may disable (or enable) itself or a member of staff through the
 * customers screen; staff accounts are managed on their own screen. Null when allowed.
 */
export function statusChangeRefusal(actorId: number, target: { id: number; userGroup: string }): number | null {
  if (target.id === actorId || target.userGroup !== 'user') return ErrorCode.ACTION_NOT_ALLOWED;
  return null;
}

/** The name the confirmation question uses for {username}: the person's name, else the e-mail. */
export function customerDisplayName(u: { firstName: string; lastName: string; email: string }): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** A free-text search as a LIKE pattern that matches itself literally (with ESCAPE '\'). */
export function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
