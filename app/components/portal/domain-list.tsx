// The my-domains list's parts (issue #12 §2): previews as filter links with counts, the GET search
// form, the responsive table (spec §2: a table from 768 px, a card per row under it) with row actions
// and bulk checkboxes, and the pager. Everything is a link or a plain form: it works without JavaScript.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { defaultSort, listSearch, PREVIEWS, type ExpiryStanding, type ListQuery, type Preview } from '../../../core/domains/portal';
import { athensFormat } from '../../lib/date-format';
import { useHydrated } from '../../lib/forms';
import { rowLinkProps, useRowLinks } from '../../lib/row-links';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { Cell, ResponsiveTable, Row, RowActions } from '../responsive-table';

/** standing and daysLeft come from the server's clock (core/domains/portal.ts expiryStanding), so the page hydrates with the same words. */
export type DomainRowView = { id: number; fqdn: string; asciiFqdn: string; status: string; expiresAt: number; autoRenew: boolean; locked: boolean; standing: ExpiryStanding | null; daysLeft: number };

// A marker's colour with its words (never colour alone, issue #25 §2): amber for soon, red once expired.
const STANDING_CLASS: Record<ExpiryStanding, string> = {
  ok: '',
  soon: 'bg-amber-100 text-amber-950',
  grace: 'bg-red-100 text-red-900',
  redemption: 'bg-red-100 text-red-900',
};

export function useDateFormat() {
  const { i18n } = useTranslation();
  // One formatter for the whole list, not one per row (app/lib/date-format.ts).
  const format = athensFormat(i18n.language, { dateStyle: 'medium' });
  return (ms: number) => format.format(ms);
}

export function DomainPreviews({ query, counts }: { query: ListQuery; counts: Record<Preview, number> }) {
  const { t } = useTranslation('mydomains');
  return (
    <nav aria-label={t('previews_label')} className="mb-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {PREVIEWS.map((v) => {
          const current = query.view === v;
          return (
            <li key={v}>
              <Link
                to={listSearch(query, { view: v, sort: defaultSort(v), dir: 'asc', page: 1 }) || '?'}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-lg border px-3 py-2 ${current ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-200 bg-white text-slate-800 hover:border-slate-400'}`}
                data-testid={`preview-${v}`}
              >
                <span className="block text-2xl font-semibold" data-testid="preview-count">
                  {counts[v]}
                </span>
                <span className="block text-sm">{t(`preview.${v}`)}</span>
                {v === 'expiring' || v === 'expired' ? <span className="block text-xs text-slate-600">{t(`preview_hint.${v}`)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function DomainSearchForm({ query }: { query: ListQuery }) {
  const { t } = useTranslation('mydomains');
  return (
    // Keyed by the query: its fields start from their defaults, and a preview link or the back button
    // in the app changes the query without a new page, so the form starts again with the new one.
    <Form key={`${query.view}|${query.q}|${query.sort}|${query.dir}`} method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" data-testid="domain-search">
      {query.view !== 'all' ? <input type="hidden" name="view" value={query.view} /> : null}
      <label className="flex min-w-48 flex-1 flex-col text-sm">
        <span className="mb-1 font-medium">{t('search_label')}</span>
        <input type="search" name="q" defaultValue={query.q} placeholder={t('search_placeholder')} className="rounded border border-slate-300 px-3 py-2" maxLength={253} data-testid="domain-search-q" />
      </label>
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">{t('sort_label')}</span>
        <select name="sort" defaultValue={query.sort} className="rounded border border-slate-300 px-3 py-2" data-testid="domain-sort">
          <option value="name">{t('sort.name')}</option>
          <option value="expiry">{t('sort.expiry')}</option>
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">{t('dir_label')}</span>
        <select name="dir" defaultValue={query.dir} className="rounded border border-slate-300 px-3 py-2" data-testid="domain-dir">
          <option value="asc">{t('dir.asc')}</option>
          <option value="desc">{t('dir.desc')}</option>
        </select>
      </label>
      <button type="submit" className="btn-primary" data-testid="domain-search-submit">
        {t('search_submit')}
      </button>
      {query.q ? (
        <Link to={listSearch(query, { q: '', page: 1 }) || '?'} className="text-sm underline">
          {t('clear_search')}
        </Link>
      ) : null}
    </Form>
  );
}

/** One shared form per cart action: each row's button names its domain (`fqdn`) and submits it. */
export function RenewForms() {
  return (
    <>
      {(['renew', 'rgp_restore'] as const).map((type) => (
        <Form key={type} method="post" action="/cart" id={`cart-${type}`} hidden>
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="redirectTo" value="/cart" />
        </Form>
      ))}
    </>
  );
}

/**
 * One text with a name in it, translated once per list instead of once per row: the name goes in
 * where i18next would put it (interpolation does not escape here: React does).
 */
function withName(t: (key: string, options: { name: string }) => string, key: string): (name: string) => string {
  const mark = '\u0000name\u0000';
  const [before, after] = t(key, { name: mark }).split(mark) as [string, string | undefined];
  return after === undefined ? () => before : (name) => before + name + after;
}

export function DomainTable({ rows, selectAll }: { rows: DomainRowView[]; selectAll: boolean }) {
  const { t } = useTranslation('mydomains');
  const when = useDateFormat();
  // The page's row links navigate in the app through one handler (app/lib/row-links.ts).
  const tableRef = useRowLinks<HTMLTableElement>();
  // With JavaScript, the header also has a box that ticks the whole page at once (the link above
  // does the same without it).
  const hydrated = useHydrated();
  const tickAll = (on: boolean) => document.querySelectorAll<HTMLInputElement>('input[form="bulk"][name="domain"]').forEach((c) => (c.checked = on));
  const label = { name: t('col.name'), status: t('col.status'), expires: t('col.expires'), autoRenew: t('col.auto_renew'), lock: t('col.lock') };
  // Each column's words once per page, not once per row (issue #21 §4: 50 rows, 7 texts each).
  const word = { on: t('on'), off: t('off'), locked: t('locked'), unlocked: t('unlocked'), manage: t('manage'), renew: t('renew'), restore: t('restore') };
  const statuses = new Map<string, string>();
  const statusText = (status: string) => {
    let text = statuses.get(status);
    if (text === undefined) statuses.set(status, (text = t(`status.${status}`)));
    return text;
  };
  const selectName = withName(t, 'select_name');
  const manageName = withName(t, 'manage_name');
  const columns = [
    {
      key: 'select',
      label: hydrated ? (
        <input type="checkbox" defaultChecked={selectAll} onChange={(e) => tickAll(e.currentTarget.checked)} aria-label={t('select_page')} className="h-5 w-5" data-testid="select-all" />
      ) : (
        <span className="sr-only">{t('col.select')}</span>
      ),
    },
    { key: 'name', label: label.name },
    { key: 'status', label: label.status },
    { key: 'expires', label: label.expires },
    { key: 'auto_renew', label: label.autoRenew },
    { key: 'lock', label: label.lock },
    { key: 'actions', label: t('col.actions') },
  ];
  return (
    <ResponsiveTable caption={t('title')} columns={columns} testId="domain-list" tableRef={tableRef}>
      {rows.map((d) => {
        const renewable = d.status === 'active' || d.status === 'expired' || d.status === 'redemption';
        const href = `/account/domains/${d.asciiFqdn}`;
        return (
          <Row key={d.id} data-testid="my-domain" data-fqdn={d.fqdn} data-status={d.status}>
            <Cell card="select">
              <input type="checkbox" form="bulk" name="domain" value={d.asciiFqdn} defaultChecked={selectAll} aria-label={selectName(d.fqdn)} className="h-5 w-5" data-testid="select-domain" />
            </Cell>
            {/* A floor for the name column: without it the table squeezes 'kafeneio.com' onto two lines. */}
            <Cell label={label.name} className="md:min-w-[10rem]" card="title">
              <a className="font-medium text-blue-800 [overflow-wrap:anywhere]" {...rowLinkProps(href)}>
                {d.fqdn}
              </a>
            </Cell>
            <Cell label={label.status}>
              {d.standing && d.standing !== 'ok' ? (
                <span className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STANDING_CLASS[d.standing]}`} data-testid="expiry-standing" data-standing={d.standing}>
                  {d.standing === 'soon' ? t('standing.soon') : statusText(d.standing === 'grace' ? 'expired' : d.status)}
                </span>
              ) : (
                statusText(d.status)
              )}
            </Cell>
            <Cell label={label.expires} className="whitespace-nowrap">
              {when(d.expiresAt)}
              {d.standing !== null ? (
                <span className="block text-sm text-slate-700" data-testid="days-left">
                  {d.standing === 'soon' || d.standing === 'ok' ? t('days_left', { count: d.daysLeft }) : t('days_ago', { count: Math.max(0, -d.daysLeft) })}
                </span>
              ) : null}
            </Cell>
            <Cell label={label.autoRenew}>{d.autoRenew ? word.on : word.off}</Cell>
            <Cell label={label.lock}>{d.locked ? word.locked : word.unlocked}</Cell>
            <RowActions>
              <a className="btn-secondary px-2 py-1 text-sm" aria-label={manageName(d.fqdn)} data-testid="manage-domain" {...rowLinkProps(href)}>
                {word.manage}
              </a>
              {renewable ? (
                // To the cart (RenewForms): a renewal, or out of redemption a restore with its fee (spec §3 RGP).
                <button type="submit" form={d.status === 'redemption' ? 'cart-rgp_restore' : 'cart-renew'} name="fqdn" value={d.fqdn} className="btn-secondary px-2 py-1 text-sm" data-testid="renew-domain">
                  {d.status === 'redemption' ? word.restore : word.renew}
                </button>
              ) : null}
            </RowActions>
          </Row>
        );
      })}
    </ResponsiveTable>
  );
}

export function DomainPager({ query, pages }: { query: ListQuery; pages: number }) {
  const { t } = useTranslation('mydomains');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination_label')} className="mt-4 flex items-center justify-between gap-3 text-sm" data-testid="domain-pager">
      {query.page > 1 ? (
        <Link to={listSearch(query, { page: query.page - 1 }) || '?'} rel="prev" className="btn-secondary px-3 py-1" data-testid="page-prev">
          {t('prev')}
        </Link>
      ) : (
        <span />
      )}
      <span data-testid="page-of">{t('page_of', { page: query.page, pages })}</span>
      {query.page < pages ? (
        <Link to={listSearch(query, { page: query.page + 1 })} rel="next" className="btn-secondary px-3 py-1" data-testid="page-next">
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
