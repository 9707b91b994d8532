// The back office's list controls (issue #22 §1), one of each for every admin list: a sortable column
// header (a link, so sorting works without JavaScript; aria-sort on the header through the table's
// Column.sort), the filter form (a GET form: the filters are in the address, a list can be shared or
// bookmarked), the pages, and the CSV export link of the same filters. Parsing is core/staff/list-query.ts.
import { Form, Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listHref, pageCount, type ListQuery } from '../../../core/staff/list-query';
import type { Column } from '../responsive-table';
import { ChevronDownIcon, ChevronUpIcon } from '../icons';

/** A table column that sorts by `sortKey`: its header is a link that flips the direction. */
export function sortColumn<S extends string>(key: string, label: string, sortKey: S, query: Pick<ListQuery<S>, 'sort' | 'dir'>, search: URLSearchParams, pathname: string, align?: 'end'): Column {
  const active = query.sort === sortKey;
  const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
  const Icon = active ? (query.dir === 'asc' ? ChevronUpIcon : ChevronDownIcon) : null;
  return {
    key,
    align,
    sort: active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    label: (
      <Link to={listHref(pathname, search, { sort: sortKey, dir: nextDir })} className="inline-flex items-center gap-1 underline-offset-2 hover:underline" data-testid={`sort-${key}`}>
        {label}
        {Icon ? <Icon className="h-3 w-3" aria-hidden="true" /> : null}
      </Link>
    ),
  };
}

/**
 * The filters of a list as a GET form. The current sort and page size ride along as hidden fields; a
 * new filter starts again at page 1. `children` are the screen's own fields (search box, selects).
 */
export function ListFilterForm({ label, children, keep = ['sort', 'dir', 'per'], testId }: { label: string; children: ReactNode; keep?: string[]; testId?: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3" data-testid={testId}>
      {keep.map((k) => {
        const v = params.get(k);
        return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
      })}
      {children}
      <button type="submit" className="btn-secondary" data-testid="list-filter-submit">
        {t('list.filter')}
      </button>
      <Link to={location.pathname} className="text-sm underline" data-testid="list-filter-clear">
        {t('list.clear')}
      </Link>
    </Form>
  );
}

/** "Page 3 of 12 · 290 rows", previous and next: plain links, so they work without JavaScript. */
export function ListPager({ total, query, testId = 'list-pager' }: { total: number; query: Pick<ListQuery<string>, 'page' | 'perPage'>; testId?: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const pages = pageCount(total, query.perPage);
  const page = Math.min(query.page, pages);
  return (
    <nav aria-label={t('list.pages')} className="mt-4 flex flex-wrap items-center gap-3 text-sm" data-testid={testId}>
      <span data-testid={`${testId}-status`}>{t('list.page_of', { page, pages, count: total })}</span>
      {page > 1 ? (
        <Link to={listHref(location.pathname, params, { page: page - 1 })} rel="prev" className="underline" data-testid={`${testId}-prev`}>
          {t('list.previous')}
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={listHref(location.pathname, params, { page: page + 1 })} rel="next" className="underline" data-testid={`${testId}-next`}>
          {t('list.next')}
        </Link>
      ) : null}
    </nav>
  );
}

/** The CSV export of the list as filtered now (`exportPath` answers the same query parameters). */
export function CsvExportLink({ exportPath, testId = 'list-export' }: { exportPath: string; testId?: string }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('page');
  params.delete('per');
  const qs = params.toString();
  return (
    // reloadDocument: a download, not a client-side navigation.
    <Link to={qs ? `${exportPath}?${qs}` : exportPath} reloadDocument className="btn-secondary" data-testid={testId}>
      {t('list.export_csv')}
    </Link>
  );
}
