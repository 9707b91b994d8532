// The back office's customers (issue #22 §2): every customer account with its status, registration,
// last login, domains and orders; filtered (status, registered from/to, ordered or not), searched
// (name, e-mail, ΑΦΜ), sorted and paged on the server from the address, so it works without
// JavaScript and a list can be shared. The CSV export of the same filters is /admin/customers/export.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_LIST, parseCustomerFilters } from '../../core/staff/customers';
import { parseListQuery } from '../../core/staff/list-query';
import { StatusBadge } from '../components/admin/customer-status';
import { CsvExportLink, ListFilterForm, ListPager, sortColumn } from '../components/admin/list-controls';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { athensFormat } from '../lib/date-format';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'customers.view');
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, CUSTOMER_LIST);
  const filters = parseCustomerFilters(params);
  const { rows, total } = await context.services.staffCustomers.list(query, filters);
  return { meta: { title: t('admincustomers:meta_title') }, query, filters, rows, total };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const field = 'mt-1 block rounded border border-slate-300 px-3 py-2';

export default function AdminCustomers() {
  const { query, filters, rows, total } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('admincustomers');
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const day = athensFormat(i18n.language, { dateStyle: 'medium' });
  const when = athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const col = (key: string, sortKey: (typeof CUSTOMER_LIST.sorts)[number], align?: 'end') => sortColumn(key, t(`col_${key}`), sortKey, query, search, location.pathname, align);
  const columns = [col('name', 'name'), col('email', 'email'), { key: 'status', label: t('col_status') }, col('registered', 'registered'), col('last_login', 'last_login'), col('domains', 'domains', 'end'), col('orders', 'orders', 'end')];
  return (
    <div data-testid="admin-customers">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('filters')} testId="customer-filters">
          <div>
            <label htmlFor="customers-q" className="block text-sm font-medium">
              {t('search')}
            </label>
            <input id="customers-q" name="q" type="search" defaultValue={query.q} placeholder={t('search_hint')} maxLength={100} className={field} data-testid="customers-q" />
          </div>
          <div>
            <label htmlFor="customers-status" className="block text-sm font-medium">
              {t('status')}
            </label>
            <select id="customers-status" name="status" defaultValue={filters.status ?? ''} className={field} data-testid="customers-status">
              <option value="">{t('status_any')}</option>
              <option value="active">{t('status_active')}</option>
              <option value="suspended">{t('status_suspended')}</option>
            </select>
          </div>
          <div>
            <label htmlFor="customers-from" className="block text-sm font-medium">
              {t('registered_from')}
            </label>
            <input id="customers-from" name="from" type="date" defaultValue={filters.from ?? ''} className={field} data-testid="customers-from" />
          </div>
          <div>
            <label htmlFor="customers-to" className="block text-sm font-medium">
              {t('registered_to')}
            </label>
            <input id="customers-to" name="to" type="date" defaultValue={filters.to ?? ''} className={field} data-testid="customers-to" />
          </div>
          <div>
            <label htmlFor="customers-ordered" className="block text-sm font-medium">
              {t('ordered')}
            </label>
            <select id="customers-ordered" name="ordered" defaultValue={filters.ordered ?? ''} className={field} data-testid="customers-ordered">
              <option value="">{t('ordered_any')}</option>
              <option value="yes">{t('ordered_yes')}</option>
              <option value="no">{t('ordered_no')}</option>
            </select>
          </div>
        </ListFilterForm>
      </div>
      <div className="mt-4 flex justify-end">
        <CsvExportLink exportPath="/admin/customers/export" />
      </div>
      <div className="mt-4">
        <ResponsiveTable caption={t('caption')} columns={columns} testId="customers-table" empty={{ when: rows.length === 0, text: t('empty'), testId: 'customers-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid="customer-row" data-customer-id={r.id}>
              <Cell label={t('col_name')} rowHeader>
                <Link to={`/admin/customers/${r.id}`} className="text-blue-800 underline" data-testid="customer-link">
                  {r.name || r.email}
                </Link>
              </Cell>
              <Cell label={t('col_email')} className="break-all">
                {r.email}
              </Cell>
              <Cell label={t('col_status')}>
                <StatusBadge status={r.status} />
              </Cell>
              <Cell label={t('col_registered')}>
                <time dateTime={new Date(r.registeredAt).toISOString()}>{day.format(r.registeredAt)}</time>
              </Cell>
              <Cell label={t('col_last_login')}>{r.lastLoginAt ? <time dateTime={new Date(r.lastLoginAt).toISOString()}>{when.format(r.lastLoginAt)}</time> : t('never')}</Cell>
              <Cell label={t('col_domains')} align="end">
                {r.domains}
              </Cell>
              <Cell label={t('col_orders')} align="end">
                {r.orders}
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <ListPager total={total} query={query} />
    </div>
  );
}
