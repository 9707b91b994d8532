// All hosting (issue #23 §2): every hosting account and server across accounts with its holder's
// e-mail, plan, kind, status, server and renewal date; filters by status, kind and a free-text search
// (domain, panel user, server, holder's e-mail); sorted by renewal, creation or domain; a page at a
// time; the CSV export of the same filters. Right hosting.view (support reads it too).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { hostingKindNames } from '../../core/hosting/kinds';
import { parseListQuery } from '../../core/staff/list-query';
import { parseStaffHostingFilters, STAFF_HOSTING_LIST, STAFF_HOSTING_STATUSES } from '../../core/staff/hosting-list';
import { CsvExportLink, ListFilterForm, ListPager, sortColumn } from '../components/admin/list-controls';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'hosting.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, STAFF_HOSTING_LIST);
  const filters = parseStaffHostingFilters(url.searchParams, query.q);
  const { rows, total } = await context.services.staffHosting.list({ filters, sort: query.sort, dir: query.dir, perPage: query.perPage, offset: query.offset });
  return {
    meta: { title: t('adminhosting:list.meta_title') },
    query,
    total,
    filters: { status: filters.status ?? '', kind: filters.kind ?? '' },
    rows: rows.map((r) => ({
      id: r.id,
      name: r.domain ?? r.username,
      plan: { el: r.planEl ?? r.sku, en: r.planEn ?? r.sku },
      kind: r.kind,
      status: r.status,
      server: r.server,
      expiresAt: r.expiresAt.getTime(),
      cancelAtPeriodEnd: r.cancelAtPeriodEnd,
      holder: { id: r.userId, email: r.email },
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const field = 'mt-1 block rounded border border-slate-300 px-3 py-2';

export default function AdminHosting() {
  const { query, total, rows, filters } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('adminhosting');
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const en = i18n.language === 'en';
  const date = (ms: number) => athensFormat(en ? 'en' : 'el', { dateStyle: 'medium' }).format(new Date(ms));
  const columns = [
    sortColumn('domain', t('list.col.name'), 'domain', query, search, location.pathname),
    { key: 'holder', label: t('list.col.holder') },
    { key: 'plan', label: t('list.col.plan') },
    { key: 'kind', label: t('list.col.kind') },
    { key: 'status', label: t('list.col.status') },
    { key: 'server', label: t('list.col.server') },
    sortColumn('renewal', t('list.col.renewal'), 'renewal', query, search, location.pathname),
  ];
  return (
    <div data-testid="admin-hosting">
      <h1 className="text-3xl font-bold">{t('list.title')}</h1>
      <p className="mt-2 text-slate-700">{t('list.intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('list.filters')} testId="hosting-filters">
          <div>
            <label htmlFor="hosting-q" className="block text-sm font-medium">
              {t('list.q')}
            </label>
            <input id="hosting-q" name="q" type="search" defaultValue={query.q} maxLength={100} className={field} data-testid="hosting-q" />
          </div>
          <div>
            <label htmlFor="hosting-status" className="block text-sm font-medium">
              {t('list.status')}
            </label>
            <select id="hosting-status" name="status" defaultValue={filters.status} className={field} data-testid="hosting-status">
              <option value="">{t('list.any')}</option>
              {STAFF_HOSTING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="hosting-kind" className="block text-sm font-medium">
              {t('list.kind')}
            </label>
            <select id="hosting-kind" name="kind" defaultValue={filters.kind} className={field} data-testid="hosting-kind">
              <option value="">{t('list.any')}</option>
              {hostingKindNames.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          </div>
        </ListFilterForm>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="hosting-total">
          {t('list.total', { count: total })}
        </p>
        <CsvExportLink exportPath="/admin/hosting/export" />
      </div>
      <div className="mt-2">
        <ResponsiveTable caption={t('list.caption')} columns={columns} testId="hosting-table" empty={{ when: rows.length === 0, text: t('list.empty'), testId: 'hosting-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid="hosting-row" data-id={r.id}>
              <Cell label={t('list.col.name')} rowHeader>
                <Link to={`/admin/hosting/${r.id}`} className="text-blue-800 underline" data-testid="hosting-link">
                  {r.name}
                </Link>
              </Cell>
              <Cell label={t('list.col.holder')}>
                <Link to={`/admin/customers/${r.holder.id}`} className="text-blue-800 underline">
                  {r.holder.email}
                </Link>
              </Cell>
              <Cell label={t('list.col.plan')}>{en ? r.plan.en : r.plan.el}</Cell>
              <Cell label={t('list.col.kind')}>{t(`kind.${r.kind}`)}</Cell>
              <Cell label={t('list.col.status')}>
                <span data-testid="hosting-status-cell">{t(`status.${r.status}`)}</span>
              </Cell>
              <Cell label={t('list.col.server')}>
                <span className="wrap-anywhere">{r.server}</span>
              </Cell>
              <Cell label={t('list.col.renewal')}>
                {date(r.expiresAt)}
                {r.cancelAtPeriodEnd ? <span className="block text-xs text-slate-600">{t('list.cancel_at_end')}</span> : null}
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <ListPager total={total} query={query} />
    </div>
  );
}
