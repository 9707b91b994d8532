// The customer's services list (issue #23 §1): its query read from the address (status, kind, page;
// all GET, so links and the back button work) and written back, and what each status looks like.
import { hostingKindNames, type HostingKind } from './kinds';

export const hostingServiceStatusNames = ['provisioning', 'active', 'suspended', 'terminated'] as const;
export type HostingServiceStatus = (typeof hostingServiceStatusNames)[number];

export const SERVICE_PAGE_SIZE = 25;

export type ServiceListQuery = { status: HostingServiceStatus | null; kind: HostingKind | null; page: number };

/** Anything unknown reads as no filter, and a page below 1 (or not a number) as the first. */
export function readServiceListQuery(params: URLSearchParams): ServiceListQuery {
  const status = params.get('status');
  const kind = params.get('kind');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    status: (hostingServiceStatusNames as readonly string[]).includes(status ?? '') ? (status as HostingServiceStatus) : null,
    kind: (hostingKindNames as readonly string[]).includes(kind ?? '') ? (kind as HostingKind) : null,
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query string of a list query ('' for the plain list), with `patch` applied. */
export function serviceListSearch(query: ServiceListQuery, patch: Partial<ServiceListQuery> = {}): string {
  const q = { ...query, ...patch };
  const params = new URLSearchParams();
  if (q.status) params.set('status', q.status);
  if (q.kind) params.set('kind', q.kind);
  if (q.page > 1) params.set('page', String(q.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function pageCount(total: number, size = SERVICE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The badge style of each status (the words are the `hosting` namespace's status.*). */
export const SERVICE_STATUS_TONE: Record<HostingServiceStatus, string> = {
  provisioning: 'bg-blue-100 text-blue-900',
  active: 'bg-green-100 text-green-900',
  suspended: 'bg-amber-100 text-amber-900',
  terminated: 'bg-slate-200 text-slate-800',
};

/**
 * Whether the customer can set the panel password now: a server still being built has no panel
 * user yet, and a terminated account none any more. A suspended one keeps its login.
 */
export function panelPasswordAllowed(status: HostingServiceStatus): boolean {
  return status === 'active' || status === 'suspended';
}
