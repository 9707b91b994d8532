// The services list's pieces (issue #23 §1): the filters (a GET form: links and the back button
// work, and it needs no JavaScript), the table (the shared ResponsiveTable) and the pager.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { hostingKindNames, type HostingKind } from '../../../core/hosting/kinds';
import { hostingServiceStatusNames, serviceListSearch, type HostingServiceStatus, type ServiceListQuery } from '../../../core/hosting/portal';
import { LengthLabel } from '../length-label';
import { useDateFormat } from '../portal/domain-list';
import { Price } from '../price';
import { Cell, ResponsiveTable, Row, RowActions } from '../responsive-table';
import { ServiceStatus } from './service-status';

export type ServiceRow = {
  id: number;
  planName: string;
  domain: string | null;
  kind: HostingKind;
  status: HostingServiceStatus;
  expiresAt: number;
  lengthMonths: number;
  priceCents: number | null;
  cancelAtPeriodEnd: boolean;
};

export function ServiceFilters({ query }: { query: ServiceListQuery }) {
  const { t } = useTranslation('hosting');
  const filtered = query.status !== null || query.kind !== null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('filters_label')} data-testid="service-filters">
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">{t('filter_status')}</span>
        <select name="status" defaultValue={query.status ?? ''} className="rounded border border-slate-300 px-3 py-2" data-testid="filter-status">
          <option value="">{t('filter_all')}</option>
          {hostingServiceStatusNames.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        <span className="mb-1 font-medium">{t('filter_kind')}</span>
        <select name="kind" defaultValue={query.kind ?? ''} className="rounded border border-slate-300 px-3 py-2" data-testid="filter-kind">
          <option value="">{t('filter_all')}</option>
          {hostingKindNames.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-primary" data-testid="filter-apply">
        {t('filter_apply')}
      </button>
      {filtered ? (
        <Link to="/account/hosting" className="text-sm underline" data-testid="filter-clear">
          {t('filter_clear')}
        </Link>
      ) : null}
    </Form>
  );
}

export function ServiceTable({ rows }: { rows: ServiceRow[] }) {
  const { t } = useTranslation('hosting');
  const when = useDateFormat();
  const columns = (['plan', 'domain', 'kind', 'status', 'renewal', 'price', 'actions'] as const).map((c) => ({ key: c, label: t(`col_${c}`), align: c === 'price' ? ('end' as const) : undefined }));
  return (
    <ResponsiveTable caption={t('title')} columns={columns} testId="service-table">
      {rows.map((s) => (
        <Row key={s.id} data-testid="service-row" data-id={s.id} data-status={s.status} data-kind={s.kind}>
          <Cell rowHeader>
            <Link to={`/account/hosting/${s.id}`} className="underline" data-testid="service-link">
              {s.planName}
            </Link>
          </Cell>
          <Cell label={t('col_domain')}>
            <span className="break-all">{s.domain ?? t('no_domain')}</span>
          </Cell>
          <Cell label={t('col_kind')}>{t(`kind.${s.kind}`)}</Cell>
          <Cell label={t('col_status')}>
            <ServiceStatus status={s.status} />
          </Cell>
          <Cell label={t('col_renewal')}>
            {s.status === 'terminated' ? '—' : when(s.expiresAt)}
            {s.cancelAtPeriodEnd && s.status !== 'terminated' ? <span className="block text-xs text-amber-800">{t('cancel_pending')}</span> : null}
          </Cell>
          <Cell label={t('col_price')} align="end">
            {s.priceCents === null ? (
              t('no_price')
            ) : (
              <>
                <Price cents={s.priceCents} /> / <LengthLabel months={s.lengthMonths} />
              </>
            )}
          </Cell>
          <RowActions>
            <Link to={`/account/hosting/${s.id}`} className="btn-secondary px-3 py-1 text-sm" aria-label={`${t('manage')}: ${s.planName}${s.domain ? ` ${s.domain}` : ''}`}>
              {t('manage')}
            </Link>
          </RowActions>
        </Row>
      ))}
    </ResponsiveTable>
  );
}

export function ServicePager({ query, pages }: { query: ServiceListQuery; pages: number }) {
  const { t } = useTranslation('hosting');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination_label')} className="mt-4 flex items-center justify-between gap-3 text-sm" data-testid="service-pager">
      {query.page > 1 ? (
        <Link to={serviceListSearch(query, { page: query.page - 1 }) || '?'} rel="prev" className="btn-secondary px-3 py-1" data-testid="page-prev">
          {t('prev')}
        </Link>
      ) : (
        <span />
      )}
      <span data-testid="page-of">{t('page_of', { page: query.page, pages })}</span>
      {query.page < pages ? (
        <Link to={serviceListSearch(query, { page: query.page + 1 })} rel="next" className="btn-secondary px-3 py-1" data-testid="page-next">
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
