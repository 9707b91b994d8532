// The back office's lists (issue #22 §1): server-side sorting and pages from the URL, so a list is a
// plain GET form that works without JavaScript and a link can be shared. Only the named sort columns
// are accepted (the value goes into ORDER BY through a lookup, never as text), and the page size is
// capped so no list reads more than it shows. Filters are each screen's own (parse them with zod).
export type SortDir = 'asc' | 'desc';

export type ListSpec<S extends string> = {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir: SortDir;
  /** Rows per page when the URL names none. */
  perPage?: number;
};

export type ListQuery<S extends string> = {
  /** The free-text search, trimmed, at most 100 characters; '' when none. */
  q: string;
  sort: S;
  dir: SortDir;
  page: number;
  perPage: number;
  offset: number;
};

export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export const LIST_MAX_PAGE = 10_000;

export function parseListQuery<S extends string>(params: URLSearchParams, spec: ListSpec<S>): ListQuery<S> {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const sortRaw = params.get('sort');
  const sort = sortRaw !== null && (spec.sorts as readonly string[]).includes(sortRaw) ? (sortRaw as S) : spec.defaultSort;
  const dirRaw = params.get('dir');
  const dir: SortDir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : spec.defaultDir;
  const perRaw = Number(params.get('per'));
  const perPage = (LIST_PAGE_SIZES as readonly number[]).includes(perRaw) ? perRaw : (spec.perPage ?? LIST_PAGE_SIZES[0]);
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? Math.min(pageRaw, LIST_MAX_PAGE) : 1;
  return { q, sort, dir, page, perPage, offset: (page - 1) * perPage };
}

/** The number of pages for `total` rows (at least one, so "page 1 of 1" is shown for an empty list). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The URL of the same list with some parameters changed (a sort header, a page link): the other
 * filters stay; changing a filter or the sort goes back to page 1.
 */
export function listHref(pathname: string, params: URLSearchParams, change: Record<string, string | number | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(change)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in change)) next.delete('page');
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
