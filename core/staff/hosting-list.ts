// The back office's hosting screens (issue #23 §2): the list's filters as they arrive in the address,
// its sorts, and the rule of which staff action a service's status allows. Pure.
import { hostingKindNames, type HostingKind } from '../hosting/kinds';
import { ErrorCode } from '../errors';
import type { ListSpec } from './list-query';

/** Our statuses of a service (db/schema/hosting.ts: the same list; core imports no db). */
export const STAFF_HOSTING_STATUSES = ['provisioning', 'active', 'suspended', 'terminated'] as const;
export type StaffHostingStatus = (typeof STAFF_HOSTING_STATUSES)[number];

export const STAFF_HOSTING_SORTS = ['renewal', 'created', 'domain'] as const;
export type StaffHostingSort = (typeof STAFF_HOSTING_SORTS)[number];
export const STAFF_HOSTING_LIST: ListSpec<StaffHostingSort> = { sorts: STAFF_HOSTING_SORTS, defaultSort: 'renewal', defaultDir: 'asc' };

export type StaffHostingFilters = {
  status: StaffHostingStatus | null;
  kind: HostingKind | null;
  /** Free text: a part of the domain, panel user name, server or holder's e-mail (lower case). */
  search: string | null;
};

/** Reads the filters from the address; an unknown value is no filter (a shared link never errors). */
export function parseStaffHostingFilters(params: URLSearchParams, q: string): StaffHostingFilters {
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const search = q.trim().toLowerCase();
  return {
    status: (STAFF_HOSTING_STATUSES as readonly string[]).includes(status) ? (status as StaffHostingStatus) : null,
    kind: (hostingKindNames as readonly string[]).includes(kind) ? (kind as HostingKind) : null,
    search: search ? search.slice(0, 100) : null,
  };
}

export const STAFF_HOSTING_ACTIONS = ['suspend', 'unsuspend'] as const;
export type StaffHostingAction = (typeof STAFF_HOSTING_ACTIONS)[number];

export function isStaffHostingAction(v: unknown): v is StaffHostingAction {
  return typeof v === 'string' && (STAFF_HOSTING_ACTIONS as readonly string[]).includes(v);
}

/**
 * Why a staff action cannot be taken on a service in `status` (null: it can): suspending a suspended
 * one or unsuspending an active one changes nothing (NO_CHANGE); a deleted or building one takes neither.
 */
export function staffHostingRefusal(action: StaffHostingAction, status: StaffHostingStatus): number | null {
  if (action === 'suspend') return status === 'active' ? null : status === 'suspended' ? ErrorCode.NO_CHANGE : ErrorCode.ACTION_NOT_ALLOWED;
  return status === 'suspended' ? null : status === 'active' ? ErrorCode.NO_CHANGE : ErrorCode.ACTION_NOT_ALLOWED;
}
