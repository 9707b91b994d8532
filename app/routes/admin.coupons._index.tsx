// The back office's coupons (issue #22 §2, spec §3/§4 Coupon): every coupon with its discount, who it is
// for, the days it is valid, its status (ACTIVE or WARNING) and its uses against its limits; filtered,
// sorted and paged on the server from the address (a GET form: works without JavaScript). Reading
// needs coupons.view; the "new coupon" link is drawn only for coupons.manage (its page refuses anyway).
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { parseListQuery } from '../../core/staff/list-query';
import { couponStatusLabel } from '../../core/orders/coupons';
import { staffCan } from '../../core/staff/permissions';
import { COUPON_AUDIENCES, COUPON_KINDS, COUPON_SORTS, COUPON_STATUSES, couponListFilters } from '../../core/validation/coupon-forms';
import { CsvExportLink, ListFilterForm, ListPager, sortColumn } from '../components/admin/list-controls';
import { CouponAudience, CouponDiscount, CouponStatus, CouponUses, CouponValidity, useAdminDate } from '../components/admin/coupon-summary';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'coupons.view');
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, { sorts: COUPON_SORTS, defaultSort: 'created', defaultDir: 'desc' });
  const filters = couponListFilters(params);
  const { rows, total } = await context.services.coupons.list(query, filters);
  return { meta: { title: t('admincoupons:meta_title') }, query, filters, rows, total, canManage: staffCan(session.user.userGroup, 'coupons.manage') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: { value: string; label: string }[] }) {
  const { t } = useTranslation('admincoupons');
  return (
    <div>
      <label htmlFor={`coupons-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`coupons-${name}`} name={name} defaultValue={value ?? ''} className="mt-1 max-w-full rounded border border-slate-300 px-3 py-2" data-testid={`coupons-filter-${name}`}>
        <option value="">{t('any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminCoupons() {
  const { query, filters, rows, total, canManage } = useLoaderData<typeof loader>();
  const { t } = useTranslation('admincoupons');
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const col = (key: string, sortKey?: (typeof COUPON_SORTS)[number]) => (sortKey ? sortColumn(key, t(`col.${key}`), sortKey, query, search, location.pathname) : { key, label: t(`col.${key}`) });
  return (
    <div data-testid="admin-coupons">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <div className="flex flex-wrap gap-2">
          <CsvExportLink exportPath="/admin/coupons/csv" testId="coupons-export" />
          {canManage ? (
            <Link to="/admin/coupons/new" className="btn-primary" data-testid="coupon-new">
              {t('new')}
            </Link>
          ) : null}
        </div>
      </div>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('filters')} testId="coupons-filters">
          <div>
            <label htmlFor="coupons-q" className="block text-sm font-medium">
              {t('search')}
            </label>
            <input id="coupons-q" name="q" type="search" defaultValue={query.q} autoComplete="off" className="mt-1 rounded border border-slate-300 px-3 py-2" data-testid="coupons-filter-q" />
          </div>
          <FilterSelect name="status" label={t('col.status')} value={filters.status} options={COUPON_STATUSES.map((s) => ({ value: s, label: t(`status.${couponStatusLabel(s)}`) }))} />
          <FilterSelect name="audience" label={t('col.audience')} value={filters.audience} options={COUPON_AUDIENCES.map((a) => ({ value: a, label: t(`audience_short.${a}`) }))} />
          <FilterSelect name="kind" label={t('col.discount')} value={filters.kind} options={COUPON_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </ListFilterForm>
      </div>
      <div className="mt-6">
        <ResponsiveTable
          caption={t('caption')}
          testId="coupons-table"
          columns={[col('code', 'code'), col('discount'), col('audience'), col('validity', 'valid_to'), col('status'), col('uses', 'uses'), col('created', 'created')]}
          empty={{ when: rows.length === 0, text: t('empty'), testId: 'coupons-empty' }}
        >
          {rows.map((c) => (
            <Row key={c.code} data-testid="coupon-row" data-code={c.code}>
              <Cell label={t('col.code')} rowHeader>
                <Link to={`/admin/coupons/${encodeURIComponent(c.code)}`} className="font-mono text-blue-800 underline">
                  {c.code}
                </Link>
              </Cell>
              <Cell label={t('col.discount')}>
                <CouponDiscount c={c} />
              </Cell>
              <Cell label={t('col.audience')}>
                <CouponAudience c={c} />
              </Cell>
              <Cell label={t('col.validity')}>
                <CouponValidity c={c} />
              </Cell>
              <Cell label={t('col.status')}>
                <CouponStatus c={c} />
              </Cell>
              <Cell label={t('col.uses')}>
                <CouponUses c={c} uses={c.uses} />
              </Cell>
              <Cell label={t('col.created')}>
                <CreatedAt ms={c.createdAt} />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
        <ListPager total={total} query={query} testId="coupons-pager" />
      </div>
    </div>
  );
}

function CreatedAt({ ms }: { ms: number }) {
  const day = useAdminDate();
  return <span>{day(ms)}</span>;
}
