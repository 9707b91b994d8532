// The back office's hosting products (issue #22 §2): every product of the hosting families with its
// SKU, family, state, lowest price, lengths on sale and order lines sold; filters (text, family,
// shown/hidden), sorting and pages on the server (core/staff/list-query.ts). Read with catalog.view;
// the "new product" link only for catalog.manage (support has neither: 175).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { HOSTING_FAMILIES, parseProductFilters, PRODUCT_SORTS } from '../../core/catalog-admin';
import { parseListQuery } from '../../core/staff/list-query';
import { staffCan } from '../../core/staff/permissions';
import { CsvExportLink, ListFilterForm, ListPager, sortColumn } from '../components/admin/list-controls';
import { Price } from '../components/price';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'catalog.view');
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, { sorts: PRODUCT_SORTS, defaultSort: 'family', defaultDir: 'asc' });
  const filters = parseProductFilters(params);
  const list = await context.services.catalogAdmin.listProducts(query, filters);
  return {
    meta: { title: t('admincatalog:list.meta_title') },
    ...list,
    query,
    filters,
    canManage: staffCan(session.user.userGroup, 'catalog.manage'),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AdminCatalogList() {
  const { rows, total, query, filters, canManage } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('admincatalog');
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const en = i18n.language === 'en';
  const columns = [
    sortColumn('sku', t('list.sku'), 'sku', query, search, location.pathname),
    sortColumn('name', t('list.name'), 'name', query, search, location.pathname),
    sortColumn('family', t('list.family'), 'family', query, search, location.pathname),
    { key: 'state', label: t('list.state') },
    { key: 'from', label: t('list.from'), align: 'end' as const },
    { key: 'sold', label: t('list.sold'), align: 'end' as const },
  ];
  return (
    <div data-testid="admin-catalog">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('list.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <CsvExportLink exportPath="/admin/catalog/export" testId="catalog-export" />
          <Link to="/admin/catalog/attributes" className="btn-secondary" data-testid="catalog-attributes-link">
            {t('list.attributes')}
          </Link>
          {canManage ? (
            <Link to="/admin/catalog/new" className="btn-primary" data-testid="catalog-new">
              {t('list.new')}
            </Link>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-slate-700">{t('list.intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('list.filters')} testId="catalog-filters">
          <div>
            <label htmlFor="catalog-q" className="block text-sm font-medium">
              {t('list.search')}
            </label>
            <input id="catalog-q" name="q" type="search" defaultValue={query.q} maxLength={100} className="mt-1 rounded border border-slate-300 px-3 py-2" />
          </div>
          <div>
            <label htmlFor="catalog-family" className="block text-sm font-medium">
              {t('list.family')}
            </label>
            <select id="catalog-family" name="family" defaultValue={filters.family ?? ''} className="mt-1 rounded border border-slate-300 px-3 py-2">
              <option value="">{t('list.all')}</option>
              {HOSTING_FAMILIES.map((f) => (
                <option key={f} value={f}>
                  {t(`catalog:families.${f}.title`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="catalog-state" className="block text-sm font-medium">
              {t('list.state')}
            </label>
            <select id="catalog-state" name="state" defaultValue={filters.state ?? ''} className="mt-1 rounded border border-slate-300 px-3 py-2">
              <option value="">{t('list.all')}</option>
              <option value="active">{t('state.active')}</option>
              <option value="hidden">{t('state.hidden')}</option>
            </select>
          </div>
        </ListFilterForm>
      </div>
      <div className="mt-6">
        <ResponsiveTable caption={t('list.title')} columns={columns} testId="catalog-table" empty={{ when: rows.length === 0, text: t('list.empty'), testId: 'catalog-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid={`catalog-row-${r.sku}`}>
              <Cell label={t('list.sku')} rowHeader>
                <Link to={`/admin/catalog/${r.id}`} className="font-mono text-blue-800 underline">
                  {r.sku}
                </Link>
              </Cell>
              <Cell label={t('list.name')}>{en ? r.nameEn : r.nameEl}</Cell>
              <Cell label={t('list.family')}>{t(`catalog:families.${r.family}.title`)}</Cell>
              <Cell label={t('list.state')}>
                <span data-testid="catalog-state">{r.active ? t('state.active') : t('state.hidden')}</span>
                {r.lengths === 0 ? <span className="ml-2 text-xs text-amber-800">{t('state.unpriced')}</span> : null}
              </Cell>
              <Cell label={t('list.from')} align="end">
                {r.fromCents === null ? '—' : <Price cents={r.fromCents} exact />}
              </Cell>
              <Cell label={t('list.sold')} align="end">
                {r.sold}
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
        <ListPager total={total} query={query} testId="catalog-pager" />
      </div>
    </div>
  );
}
