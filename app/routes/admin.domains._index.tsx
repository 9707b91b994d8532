// All domains (issue #22 §2): every name across accounts with its holder, registry, status, expiry,
// auto-renew and lock; filters by registry, status, expiring within N days, holder (e-mail or account
// id) and a free-text search (Greek names without accents too); sorted by name, expiry or created; a
// page at a time; the CSV export of the same filters. Right domains.view (support reads it too).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { registryFamilies } from '../../core/catalog';
import { parseListQuery } from '../../core/staff/list-query';
import { EXPIRING_MAX_DAYS, parseStaffDomainFilters, STAFF_DOMAIN_LIST, STAFF_DOMAIN_STATUSES } from '../../core/staff/domain-list';
import { CsvExportLink, ListFilterForm, ListPager, sortColumn } from '../components/admin/list-controls';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'domains.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, STAFF_DOMAIN_LIST);
  const filters = parseStaffDomainFilters(url.searchParams, query.q);
  const { rows, total } = await context.services.staffDomains.list({ filters, sort: query.sort, dir: query.dir, perPage: query.perPage, offset: query.offset });
  return {
    meta: { title: t('admindomains:list.meta_title') },
    query,
    total,
    filters: {
      registry: filters.registry ?? '',
      status: filters.status ?? '',
      expiring: filters.expiringDays ? String(filters.expiringDays) : '',
      holder: (url.searchParams.get('holder') ?? '').trim().slice(0, 255),
    },
    rows: rows.map((r) => ({
      id: r.id,
      fqdn: r.fqdn,
      registry: r.registry,
      status: r.status,
      expiresAt: r.expiresAt.getTime(),
      createdAt: r.createdAt.getTime(),
      autoRenew: r.autoRenew,
      locked: r.locked,
      holder: { id: r.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const field = 'mt-1 block rounded border border-slate-300 px-3 py-2';

export default function AdminDomains() {
  const { query, total, rows, filters } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('admindomains');
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const date = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));
  const columns = [
    sortColumn('name', t('list.col.name'), 'name', query, search, location.pathname),
    { key: 'holder', label: t('list.col.holder') },
    { key: 'registry', label: t('list.col.registry') },
    { key: 'status', label: t('list.col.status') },
    sortColumn('expiry', t('list.col.expiry'), 'expiry', query, search, location.pathname),
    { key: 'auto', label: t('list.col.auto_renew') },
    { key: 'lock', label: t('list.col.lock') },
    sortColumn('created', t('list.col.created'), 'created', query, search, location.pathname),
  ];
  return (
    <div data-testid="admin-domains">
      <h1 className="text-3xl font-bold">{t('list.title')}</h1>
      <p className="mt-2 text-slate-700">{t('list.intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('list.filters')} testId="domains-filters">
          <div>
            <label htmlFor="domains-q" className="block text-sm font-medium">
              {t('list.q')}
            </label>
            <input id="domains-q" name="q" type="search" defaultValue={query.q} maxLength={100} className={field} data-testid="domains-q" />
          </div>
          <div>
            <label htmlFor="domains-holder" className="block text-sm font-medium">
              {t('list.holder')}
            </label>
            <input id="domains-holder" name="holder" defaultValue={filters.holder} maxLength={255} className={field} aria-describedby="domains-holder-hint" data-testid="domains-holder" />
            <span id="domains-holder-hint" className="text-xs text-slate-600">
              {t('list.holder_hint')}
            </span>
          </div>
          <div>
            <label htmlFor="domains-registry" className="block text-sm font-medium">
              {t('list.registry')}
            </label>
            <select id="domains-registry" name="registry" defaultValue={filters.registry} className={field} data-testid="domains-registry">
              <option value="">{t('list.any')}</option>
              {registryFamilies.map((f) => (
                <option key={f} value={f}>
                  {t(`registry.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="domains-status" className="block text-sm font-medium">
              {t('list.status')}
            </label>
            <select id="domains-status" name="status" defaultValue={filters.status} className={field} data-testid="domains-status">
              <option value="">{t('list.any')}</option>
              {STAFF_DOMAIN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="domains-expiring" className="block text-sm font-medium">
              {t('list.expiring')}
            </label>
            <input id="domains-expiring" name="expiring" type="number" min={1} max={EXPIRING_MAX_DAYS} inputMode="numeric" defaultValue={filters.expiring} className={`${field} w-28`} data-testid="domains-expiring" />
          </div>
        </ListFilterForm>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="domains-total">
          {t('list.total', { count: total })}
        </p>
        <CsvExportLink exportPath="/admin/domains/export" />
      </div>
      <div className="mt-2">
        <ResponsiveTable caption={t('list.caption')} columns={columns} testId="domains-table" empty={{ when: rows.length === 0, text: t('list.empty'), testId: 'domains-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid="domain-row" data-id={r.id}>
              <Cell label={t('list.col.name')} rowHeader>
                <Link to={`/admin/domains/${r.id}`} className="text-blue-800 underline" data-testid="domain-link">
                  {r.fqdn}
                </Link>
              </Cell>
              <Cell label={t('list.col.holder')}>
                <span className="block">{r.holder.name}</span>
                <Link to={`/admin/domains?holder=${encodeURIComponent(r.holder.email)}`} className="text-xs text-blue-800 underline">
                  {r.holder.email}
                </Link>
              </Cell>
              <Cell label={t('list.col.registry')}>{t(`registry.${r.registry}`)}</Cell>
              <Cell label={t('list.col.status')}>{t(`status.${r.status}`)}</Cell>
              <Cell label={t('list.col.expiry')}>{date(r.expiresAt)}</Cell>
              <Cell label={t('list.col.auto_renew')}>{r.autoRenew ? t('yes') : t('no')}</Cell>
              <Cell label={t('list.col.lock')}>{r.locked ? t('locked') : t('unlocked')}</Cell>
              <Cell label={t('list.col.created')}>{date(r.createdAt)}</Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <ListPager total={total} query={query} />
    </div>
  );
}
