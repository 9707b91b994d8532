// The customer's documents (issue #13 §2; spec §2, §3 Sale documents, §4 statuses): one list per kind
// (a switch of plain links), filters by kind, status and date range in a GET form (works without
// JavaScript, and a filtered list can be bookmarked), the totals of everything the filters match (one
// per kind: an order, its receipt and its payment are one purchase, issue #25 §5), and
// pages of 50. Each row links to its document. Read only: no action.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { filtersQuery, KIND_FILTERS, parseDocumentFilters, STATUS_FILTERS } from '../../core/documents/filters';
import { AreaTitle } from '../components/account/outcome';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { DocLink, StatusBadge, useDocDate } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const filters = parseDocumentFilters(new URL(request.url).searchParams);
  const result = await context.services.documents.list(session.user.id, filters);
  return data({ meta: { title: t('documents:meta_title') }, filters, ...result });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function DocumentsList() {
  const { filters, rows, count, pages, byKind, owedCents, unusedCents } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  const filtered = filters.kind !== 'all' || filters.status !== null || filters.from !== null || filters.to !== null;
  const columns = [
    { key: 'number', label: t('col_number') },
    { key: 'date', label: t('col_date') },
    { key: 'kind', label: t('col_kind') },
    { key: 'status', label: t('col_status') },
    { key: 'total', label: t('col_total'), align: 'end' as const },
    { key: 'balance', label: t('col_balance'), align: 'end' as const },
  ];
  return (
    <div className="space-y-6" data-testid="documents-page">
      <AreaTitle>{t('title')}</AreaTitle>
      <p className="text-slate-700">{t('intro')}</p>
      <nav aria-label={t('kinds_label')}>
        <ul className="flex flex-wrap gap-2" data-testid="kind-switch">
          {KIND_FILTERS.map((k) => {
            const current = filters.kind === k;
            return (
              <li key={k}>
                <Link
                  to={`/account/documents${filtersQuery({ ...filters, kind: k, page: 1 })}`}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-full border px-3 py-1 text-sm ${current ? 'border-blue-800 bg-blue-800 font-semibold text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100'}`}
                  data-testid={`kind-${k}`}
                >
                  {t(`kind_filter.${k}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end" data-testid="document-filters" aria-label={t('filters_title')}>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('filter_kind')}</span>
          <select name="kind" defaultValue={filters.kind} className="w-full rounded border border-slate-300 px-2 py-2" key={`k-${filters.kind}`}>
            {KIND_FILTERS.map((k) => (
              <option key={k} value={k}>
                {t(`kind_filter.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('filter_status')}</span>
          <select name="status" defaultValue={filters.status ?? ''} className="w-full rounded border border-slate-300 px-2 py-2" key={`s-${filters.status}`}>
            <option value="">{t('any_status')}</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('filter_from')}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ''} key={`f-${filters.from}`} className="w-full rounded border border-slate-300 px-2 py-2" />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('filter_to')}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ''} key={`t-${filters.to}`} className="w-full rounded border border-slate-300 px-2 py-2" />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" data-testid="filters-apply">
            {t('apply')}
          </button>
          {filtered ? (
            <Link to="/account/documents" className="link-button text-sm" data-testid="filters-clear">
              {t('clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      <section aria-labelledby="doc-totals-title" className="card" data-testid="document-totals" data-count={count} data-owed={owedCents} data-unused={unusedCents}>
        <h2 id="doc-totals-title" className="sr-only">
          {t('totals_title')}
        </h2>
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">{t('totals_title')}</dt>
            <dd className="font-semibold">{t('totals_count', { count })}</dd>
          </div>
          {/* A total per kind (issue #25 §5): one purchase is an order, a receipt and a payment, never three times its price. */}
          {byKind.map((k) => (
            <div key={k.kind} data-testid="kind-total" data-kind={k.kind} data-count={k.count} data-cents={k.totalCents}>
              <dt className="text-slate-600">{t('totals_of_kind', { kind: t(`kind_filter.${k.kind}s`), n: k.count })}</dt>
              <dd className="font-semibold">
                <Price cents={k.totalCents} exact />
              </dd>
            </div>
          ))}
          <div>
            <dt className="text-slate-600">{t('totals_owed')}</dt>
            <dd className="font-semibold" data-testid="totals-owed">
              <Price cents={owedCents} exact />
            </dd>
          </div>
          {unusedCents > 0 ? (
            <div>
              <dt className="text-slate-600">{t('totals_unused')}</dt>
              <dd className="font-semibold">
                <Price cents={unusedCents} exact />
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <ResponsiveTable caption={t('list_caption')} columns={columns} testId="document-list" empty={{ when: rows.length === 0, text: filtered ? t('empty') : t('empty_all'), testId: 'no-documents', className: 'card text-slate-700' }}>
        {rows.map((d) => (
          <Row key={d.id} data-testid="document-row" data-id={d.id} data-kind={d.kind} data-status={d.status} data-balance={d.balanceCents}>
            <Cell label={columns[0]!.label}>
              <DocLink doc={d} />
            </Cell>
            <Cell label={columns[1]!.label}>{when(d.createdAt)}</Cell>
            <Cell label={columns[2]!.label}>{t(`kind.${d.kind}`)}</Cell>
            <Cell label={columns[3]!.label}>
              <StatusBadge status={d.status} />
            </Cell>
            <Cell label={columns[4]!.label} align="end">
              <Price cents={d.totalCents} exact />
            </Cell>
            <Cell label={columns[5]!.label} align="end">
              <Price cents={d.balanceCents} exact />
            </Cell>
          </Row>
        ))}
      </ResponsiveTable>
      {pages > 1 ? (
        <nav aria-label={t('pager_label')} className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pager">
          {filters.page > 1 ? (
            <Link to={`/account/documents${filtersQuery({ ...filters, page: filters.page - 1 })}`} rel="prev" className="btn-secondary">
              {t('prev')}
            </Link>
          ) : (
            <span />
          )}
          <span>{t('page_of', { page: filters.page, pages })}</span>
          {filters.page < pages ? (
            <Link to={`/account/documents${filtersQuery({ ...filters, page: filters.page + 1 })}`} rel="next" className="btn-secondary" data-testid="pager-next">
              {t('next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
