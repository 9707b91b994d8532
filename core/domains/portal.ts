// The customer's domains in the portal (issue #12 §2; spec §3 Domain): the list's previews and query
// (search, sort, paging), what each registry family allows (ID protect, the auth code), and which
// actions a name in a given state can take. Pure: the service turns these into SQL and registry calls.
import type { RegistryFamily } from '../catalog';
import { ErrorCode } from '../errors';
import { hasTransferLock } from './registry-rules';

export const PORTAL_PAGE_SIZE = 50;
/** Spec §3 "List previews": expiring soon means within this many days. */
export const EXPIRING_SOON_DAYS = 30;
/**
 * One bulk action covers at most the largest portfolio we hold (2,000 names, the portfolio demo
 * account): the service reads the names in slices (db/in-chunks.ts), so the count is no D1 limit.
 */
export const BULK_MAX = 2000;
/** The longest search text worth running (a domain name is at most 253 characters). */
export const SEARCH_MAX = 253;

const DAY_MS = 24 * 60 * 60_000;

export type DomainStatus = 'active' | 'pending' | 'transfer_pending' | 'expired' | 'redemption' | 'cancelled';

/** The previews of the list: every name, the registered ones, expiring soon, expired (grace or redemption). */
export const PREVIEWS = ['all', 'registered', 'expiring', 'expired'] as const;
export type Preview = (typeof PREVIEWS)[number];
export const SORTS = ['name', 'expiry'] as const;
export type Sort = (typeof SORTS)[number];
export type Dir = 'asc' | 'desc';

export type ListQuery = { q: string; view: Preview; sort: Sort; dir: Dir; page: number };

/**
 * The list's query string as the GET form sends it; anything unknown falls back to the default, so a
 * hand-edited link still shows a page (sort by name, ascending, except the expiring and expired
 * previews, by expiry; by expiry the soonest first).
 */
export function readListQuery(params: URLSearchParams): ListQuery {
  const q = (params.get('q') ?? '').trim().toLowerCase().slice(0, SEARCH_MAX);
  const view = (PREVIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as Preview) : 'all';
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : defaultSort(view);
  const dir: Dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const n = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
  return { q, view, sort, dir, page };
}

/** The query string of a list link: defaults left out, so links stay short and canonical. */
export function listSearch(query: ListQuery, patch: Partial<ListQuery> = {}): string {
  const next = { ...query, ...patch };
  const p = new URLSearchParams();
  if (next.q) p.set('q', next.q);
  if (next.view !== 'all') p.set('view', next.view);
  if (next.sort !== defaultSort(next.view)) p.set('sort', next.sort);
  if (next.dir !== 'asc') p.set('dir', next.dir);
  if (next.page > 1) p.set('page', String(next.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * A preview as conditions on status and expiry, for the service's SQL and for previewsOf below (one
 * rule, two readers). 'registered': the names in force (active); 'expiring': active and expiring
 * within 30 days from now (an active name already past its date counts too: its grace has begun at the
 * registry before our row caught up); 'expired': in grace ('expired') or redemption.
 */
export function previewWindow(view: Preview, now: Date): { statuses: DomainStatus[] | null; expiresBefore: Date | null } {
  switch (view) {
    case 'registered':
      return { statuses: ['active'], expiresBefore: null };
    case 'expiring':
      return { statuses: ['active'], expiresBefore: new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS) };
    case 'expired':
      return { statuses: ['expired', 'redemption'], expiresBefore: null };
    default:
      return { statuses: null, expiresBefore: null };
  }
}

/** The previews one name belongs to. */
export function previewsOf(d: { status: DomainStatus; expiresAt: Date }, now: Date): Preview[] {
  return PREVIEWS.filter((v) => {
    const w = previewWindow(v, now);
    if (w.statuses && !w.statuses.includes(d.status)) return false;
    return !w.expiresBefore || d.expiresAt.getTime() <= w.expiresBefore.getTime();
  });
}

/** Whole days from now to the expiry (negative once past), as the domain page shows them. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

/**
 * Where a name stands against its expiry, for the list's marker (issue #25 §2): 'redemption' (only a
 * restore with its fee brings it back), 'grace' (expired: a renewal still keeps it; an active name
 * past its date counts too, its grace has begun at the registry before our row caught up), 'soon'
 * (active and within EXPIRING_SOON_DAYS), 'ok'. Null where expiry is not the point (a registration or
 * transfer in progress, a cancelled name).
 */
export type ExpiryStanding = 'redemption' | 'grace' | 'soon' | 'ok';

export function expiryStanding(d: { status: DomainStatus; expiresAt: Date }, now: Date): ExpiryStanding | null {
  if (d.status === 'redemption') return 'redemption';
  if (d.status === 'expired') return 'grace';
  if (d.status !== 'active') return null;
  if (d.expiresAt.getTime() <= now.getTime()) return 'grace';
  return d.expiresAt.getTime() <= now.getTime() + EXPIRING_SOON_DAYS * DAY_MS ? 'soon' : 'ok';
}

/** The sort a preview opens with: the expiring and expired names soonest first, the others by name. */
export function defaultSort(view: Preview): Sort {
  return view === 'expiring' || view === 'expired' ? 'expiry' : 'name';
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PORTAL_PAGE_SIZE));
}

/** LIMIT/OFFSET of a page; a page past the end shows the last one. */
export function pageWindow(page: number, total: number): { page: number; limit: number; offset: number } {
  const p = Math.min(Math.max(1, page), pageCount(total));
  return { page: p, limit: PORTAL_PAGE_SIZE, offset: (p - 1) * PORTAL_PAGE_SIZE };
}

/** A search text as a LIKE pattern: the customer's % and _ are literal (escaped with \). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------------------------------------------
// Registry family policies
// ---------------------------------------------------------------------------------------------------

export type IdProtectPolicy = { kind: 'paid_addon'; sku: 'id_protect' } | { kind: 'not_applicable'; reason: 'registry_hides_individuals' };

/**
 * Spec §3 Domain "ID Protect: on, or not applicable". gTLDs and .xxx publish the holder's details in
 * WHOIS, so hiding them is a paid add-on; the .gr/.ελ and .eu/.ευ registries do not publish an
 * individual's data at all, so there is nothing to protect.
 */
export function idProtectPolicy(family: RegistryFamily): IdProtectPolicy {
  return family === 'generic' || family === 'icm' ? { kind: 'paid_addon', sku: 'id_protect' } : { kind: 'not_applicable', reason: 'registry_hides_individuals' };
}

/** Paid for today: bought (idProtectUntil set) and not run out. */
export function idProtectPaid(idProtectUntil: Date | null, now: Date): boolean {
  return idProtectUntil !== null && idProtectUntil.getTime() > now.getTime();
}

/**
 * How a customer gets a name's auth (EPP) code: the .gr registry e-mails it to the registrant itself
 * (we never see it); the others give it to the registrar, who shows it after the customer asks.
 */
export type AuthCodePolicy = 'send_to_registrant' | 'show';

export function authCodePolicy(family: RegistryFamily): AuthCodePolicy {
  return family === 'gr' ? 'send_to_registrant' : 'show';
}

// ---------------------------------------------------------------------------------------------------
// What a name in a given state can take
// ---------------------------------------------------------------------------------------------------

export const DOMAIN_ACTIONS = ['renew', 'auto_renew_on', 'auto_renew_off', 'lock', 'unlock', 'auth_code', 'id_protect_on', 'id_protect_off', 'buy_id_protect', 'nameservers'] as const;
export type DomainAction = (typeof DOMAIN_ACTIONS)[number];
export const BULK_ACTIONS = ['renew', 'auto_renew_on', 'auto_renew_off', 'lock', 'unlock', 'nameservers'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export type Refusal = { code: number; reason: string };

type Held = { status: DomainStatus; registry: RegistryFamily; locked: boolean; idProtect: boolean; idProtectUntil: Date | null };

/**
 * Whether a name can take an action now; null when it can. The registry has the last word (it may
 * still refuse), but what we know to fail is refused here with nothing sent: a name in redemption or
 * being transferred cannot be locked, a locked name does not give out its code, and so on.
 */
export function actionRefusal(action: DomainAction, d: Held, now: Date): Refusal | null {
  const refuse = (reason: string, code: number = ErrorCode.ACTION_NOT_ALLOWED): Refusal => ({ code, reason });
  switch (action) {
    case 'renew':
      // Renewal while active or in grace, a restore (with its fee) out of redemption.
      return d.status === 'active' || d.status === 'expired' || d.status === 'redemption' ? null : refuse(`status_${d.status}`);
    case 'auto_renew_on':
    case 'auto_renew_off':
      // Our side only: meaningful while the name can still be renewed by the renewal run.
      return d.status === 'active' || d.status === 'expired' ? null : refuse(`status_${d.status}`);
    case 'lock':
    case 'unlock':
    case 'auth_code':
    case 'nameservers': {
      // The registry takes changes only on a name in force and sponsored by us.
      if (d.status !== 'active') return refuse(`status_${d.status}`);
      // A registry without a transfer lock (core/domains/registry-rules.ts) has nothing to switch.
      if ((action === 'lock' || action === 'unlock') && !hasTransferLock(d.registry)) return refuse('no_transfer_lock');
      if (action === 'lock' && d.locked) return refuse('already_locked', ErrorCode.NO_CHANGE);
      if (action === 'unlock' && !d.locked) return refuse('already_unlocked', ErrorCode.NO_CHANGE);
      // A locked name's code would be of no use (the lock refuses any transfer): unlock first.
      if (action === 'auth_code' && d.locked && authCodePolicy(d.registry) === 'show') return refuse('locked');
      return null;
    }
    case 'id_protect_on':
    case 'id_protect_off':
    case 'buy_id_protect': {
      if (idProtectPolicy(d.registry).kind === 'not_applicable') return refuse('not_applicable');
      if (d.status !== 'active') return refuse(`status_${d.status}`);
      const paid = idProtectPaid(d.idProtectUntil, now);
      if (action === 'buy_id_protect') return paid ? refuse('already_paid', ErrorCode.NO_CHANGE) : null;
      if (action === 'id_protect_on' && !paid) return refuse('not_paid');
      if (action === 'id_protect_on' && d.idProtect) return refuse('already_on', ErrorCode.NO_CHANGE);
      if (action === 'id_protect_off' && !d.idProtect) return refuse('already_off', ErrorCode.NO_CHANGE);
      return null;
    }
  }
}

/** The cart action of a renewal: a name in redemption comes back only through a restore (spec §3 RGP). */
export function renewalAction(status: DomainStatus): 'renew' | 'rgp_restore' {
  return status === 'redemption' ? 'rgp_restore' : 'renew';
}

/**
 * The names of a bulk request: trimmed, lower-cased, each once, in the order given. Empty or over
 * BULK_MAX is a validation error (100) and nothing is done.
 */
export function bulkNames(raw: readonly string[]): { ok: true; names: string[] } | { ok: false; code: number } {
  const names = [...new Set(raw.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (names.length === 0 || names.length > BULK_MAX) return { ok: false, code: ErrorCode.VALIDATION_ERROR };
  return { ok: true, names };
}
