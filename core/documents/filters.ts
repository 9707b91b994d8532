// The documents list's filters (issue #13 §2): kind, status and a date range from the address (a GET
// form, so a filtered list can be bookmarked and works without JavaScript). Anything not understood
// falls back to "all": a stale bookmark shows documents, not an error. Days are Athens days, as the
// dates in the list are shown. Pure.
import { z } from 'zod';
import type { DocumentKind, DocumentStatus } from './balance';

/** The list's kind switch: the address says the plural, as people do (?kind=invoices). */
export const KIND_FILTERS = ['all', 'invoices', 'receipts', 'credits', 'debits', 'orders', 'payments'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];
export const KIND_OF_FILTER: Record<Exclude<KindFilter, 'all'>, DocumentKind> = { invoices: 'invoice', receipts: 'receipt', credits: 'credit', debits: 'debit', orders: 'order', payments: 'payment' };

export const STATUS_FILTERS = ['OPEN', 'ON_PAYMENT', 'PAID', 'PENDING', 'COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CANCELLED', 'ERROR', 'OVERDUE', 'DECLINED'] as const satisfies readonly DocumentStatus[];

export const PAGE_SIZE = 50;

export type DocumentFilters = { kind: KindFilter; status: DocumentStatus | null; from: string | null; to: string | null; page: number };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));
const schema = z.object({
  kind: z.enum(KIND_FILTERS).catch('all'),
  status: z.enum(STATUS_FILTERS).nullable().catch(null),
  from: day.nullable().catch(null),
  to: day.nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseDocumentFilters(search: URLSearchParams): DocumentFilters {
  const get = (k: string) => {
    const v = search.get(k);
    return v === null || v === '' ? null : v;
  };
  return schema.parse({ kind: get('kind') ?? 'all', status: get('status'), from: get('from'), to: get('to'), page: get('page') ?? 1 });
}

/** The address of the list with these filters (empty ones left out), for the pager and the kind switch. */
export function filtersQuery(f: Partial<DocumentFilters>): string {
  const q = new URLSearchParams();
  if (f.kind && f.kind !== 'all') q.set('kind', f.kind);
  if (f.status) q.set('status', f.status);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.page && f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Milliseconds Athens is ahead of UTC at `ms` (2 h in winter, 3 h in summer). */
function athensOffset(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(ms / 1000) * 1000;
}

/** The first instant of an Athens day (YYYY-MM-DD), in ms since the epoch. */
export function athensDayStart(ymd: string): number {
  const utcMidnight = Date.parse(`${ymd}T00:00:00Z`);
  return utcMidnight - athensOffset(utcMidnight);
}

/** [from, to) in ms for the filters' dates: `to` includes its whole day. */
export function dateRange(f: Pick<DocumentFilters, 'from' | 'to'>): { fromMs: number | null; toMs: number | null } {
  return { fromMs: f.from ? athensDayStart(f.from) : null, toMs: f.to ? athensDayStart(f.to) + 86_400_000 : null };
}
