// The back office's all-domains screen (issue #22 §2): the filters of the list as they arrive in the
// address, the search term in the forms the names are stored in, and the comparison of our record of
// a name with the registry's own view of it. Pure: the service reads D1 and the registry port.
import { registryFamilies, type RegistryFamily } from '../catalog';
import { normaliseGreekLabel } from '../domains/names';
import type { ListSpec } from './list-query';

/** Our statuses of a name (db/schema/domains.ts domainStatuses: the same list, core imports no db). */
export const STAFF_DOMAIN_STATUSES = ['active', 'pending', 'transfer_pending', 'expired', 'redemption', 'cancelled'] as const;
export type StaffDomainStatus = (typeof STAFF_DOMAIN_STATUSES)[number];

export const STAFF_DOMAIN_SORTS = ['name', 'expiry', 'created'] as const;
export type StaffDomainSort = (typeof STAFF_DOMAIN_SORTS)[number];
export const STAFF_DOMAIN_LIST: ListSpec<StaffDomainSort> = { sorts: STAFF_DOMAIN_SORTS, defaultSort: 'name', defaultDir: 'asc' };

/** "Expiring within N days": at most ten years ahead (a registry renews no further). */
export const EXPIRING_MAX_DAYS = 3650;

export type StaffDomainFilters = {
  registry: RegistryFamily | null;
  status: StaffDomainStatus | null;
  /** Names expiring from now to now + N days (already expired names are the status filter's job). */
  expiringDays: number | null;
  /** The holder: an account id ('#42' or '42') or an e-mail address (exact, lower case). */
  holder: { id: number } | { email: string } | null;
  /** The free-text search: the name as the registry compares it, and its ASCII (punycode) form. */
  search: { key: string; ascii: string } | null;
};

/** Reads the filters from the address; an unknown value is no filter (a shared link never errors). */
export function parseStaffDomainFilters(params: URLSearchParams, q: string): StaffDomainFilters {
  const registry = params.get('registry') ?? '';
  const status = params.get('status') ?? '';
  const daysRaw = (params.get('expiring') ?? '').trim();
  const days = /^\d{1,4}$/.test(daysRaw) ? Number(daysRaw) : NaN;
  return {
    registry: (registryFamilies as readonly string[]).includes(registry) ? (registry as RegistryFamily) : null,
    status: (STAFF_DOMAIN_STATUSES as readonly string[]).includes(status) ? (status as StaffDomainStatus) : null,
    expiringDays: days >= 1 && days <= EXPIRING_MAX_DAYS ? days : null,
    holder: parseHolder(params.get('holder') ?? ''),
    search: searchTerm(q),
  };
}

export function parseHolder(raw: string): StaffDomainFilters['holder'] {
  const v = raw.trim().toLowerCase().slice(0, 255);
  if (v === '') return null;
  const id = /^#?(\d{1,12})$/.exec(v);
  if (id) return { id: Number(id[1]) };
  return { email: v };
}

/**
 * The search in the two forms a name is kept in: its registry key (lower case, Greek without accents
 * and with σ for ς, so 'Καφές' finds 'καφές.gr' and 'καφεσ.gr') and ASCII (an 'xn--' fragment). LIKE's
 * own wildcards are escaped: a '%' typed by staff is a character, not "anything".
 */
export function searchTerm(q: string): StaffDomainFilters['search'] {
  const v = q.trim().normalize('NFC');
  if (v === '') return null;
  return { key: normaliseGreekLabel(v), ascii: v.toLowerCase() };
}

/** A LIKE pattern matching `text` anywhere, with ESCAPE '\'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's row key for keyset pages (CSV export): the sort value and the id that breaks ties. */
export type DomainKeyset = { v: string | number; id: number };

// ---------------------------------------------------------------------------------------------------
// Our record beside the registry's view
// ---------------------------------------------------------------------------------------------------

export type OurRecord = { status: StaffDomainStatus; expiresAt: Date; nameservers: string[]; locked: boolean };
export type RegistryView = { statuses: string[]; expiresAt: Date; nameservers: string[]; locked: boolean; sponsoredByUs: boolean };

export type DomainDifference =
  | { field: 'expiry'; ours: number; theirs: number; days: number }
  | { field: 'nameservers'; onlyOurs: string[]; onlyTheirs: string[] }
  | { field: 'status'; ours: StaffDomainStatus; theirs: StaffDomainStatus }
  | { field: 'lock'; ours: boolean; theirs: boolean }
  | { field: 'sponsor' };

const DAY_MS = 24 * 60 * 60_000;

/** Our status of a name as the registry's statuses and dates describe it. */
export function statusFromRegistry(view: Pick<RegistryView, 'statuses' | 'expiresAt'>, now: Date): StaffDomainStatus {
  if (view.statuses.includes('redemptionPeriod') || view.statuses.includes('pendingDelete')) return 'redemption';
  if (view.statuses.includes('pendingTransfer')) return 'transfer_pending';
  if (view.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const nsKey = (ns: string) => ns.trim().toLowerCase().replace(/\.$/, '');

/**
 * Every difference between our record and the registry's, in a fixed order. Expiry dates differing by
 * less than a day are the same date (registries keep their own time of day); nameservers compare as
 * sets without case or a trailing dot. A name another registrar sponsors is a difference of its own.
 */
export function compareWithRegistry(ours: OurRecord, theirs: RegistryView, now: Date): DomainDifference[] {
  const out: DomainDifference[] = [];
  if (!theirs.sponsoredByUs) out.push({ field: 'sponsor' });
  const drift = theirs.expiresAt.getTime() - ours.expiresAt.getTime();
  if (Math.abs(drift) >= DAY_MS) out.push({ field: 'expiry', ours: ours.expiresAt.getTime(), theirs: theirs.expiresAt.getTime(), days: Math.round(drift / DAY_MS) });
  const a = new Set(ours.nameservers.map(nsKey));
  const b = new Set(theirs.nameservers.map(nsKey));
  const onlyOurs = [...a].filter((n) => !b.has(n));
  const onlyTheirs = [...b].filter((n) => !a.has(n));
  if (onlyOurs.length || onlyTheirs.length) out.push({ field: 'nameservers', onlyOurs, onlyTheirs });
  const status = statusFromRegistry(theirs, now);
  if (status !== ours.status) out.push({ field: 'status', ours: ours.status, theirs: status });
  if (ours.locked !== theirs.locked) out.push({ field: 'lock', ours: ours.locked, theirs: theirs.locked });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Staff actions on a name
// ---------------------------------------------------------------------------------------------------

export const STAFF_DOMAIN_ACTIONS = ['sync', 'renew', 'lock', 'unlock', 'move'] as const;
export type StaffDomainAction = (typeof STAFF_DOMAIN_ACTIONS)[number];

export function isStaffDomainAction(v: unknown): v is StaffDomainAction {
  return typeof v === 'string' && (STAFF_DOMAIN_ACTIONS as readonly string[]).includes(v);
}

/** A goodwill renewal is one year; the reason and the move's reason are 3–500 characters. */
export const GOODWILL_RENEW_MONTHS = 12;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** The reason staff typed, trimmed; null when it is too short or too long to be one. */
export function staffReason(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  return v.length >= REASON_MIN && v.length <= REASON_MAX ? v : null;
}
