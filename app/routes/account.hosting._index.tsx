// My services (issue #23 §1): every hosting account and server of the customer, with plan, domain,
// kind, status, next renewal and the price per period; filters by status and kind and pages of 25
// (all GET). Read from D1 only: one query for the page and one count, in one round trip.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { readServiceListQuery } from '../../core/hosting/portal';
import { ServiceFilters, ServicePager, ServiceTable } from '../components/hosting/service-list';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t, lang } = await pageT(request);
  const query = readServiceListQuery(new URL(request.url).searchParams);
  const list = await context.services.myServices.list(session.user.id, query, lang);
  return data({
    meta: { title: t('hosting:meta_title') },
    query: { ...query, page: list.page },
    total: list.total,
    pages: list.pages,
    rows: list.rows.map((s) => ({ ...s, expiresAt: s.expiresAt.getTime() })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function MyServicesPage() {
  const { query, total, pages, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation('hosting');
  const filtered = query.status !== null || query.kind !== null;
  return (
    <section aria-labelledby="services-title" className="space-y-4">
      <h1 id="services-title" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      {total === 0 && !filtered ? (
        <p className="card text-slate-700" data-testid="no-services">
          {t('empty')}{' '}
          <Link to="/hosting/shared-linux" className="underline" data-testid="hosting-plans-link">
            {t('empty_link')}
          </Link>
        </p>
      ) : (
        <>
          <ServiceFilters query={query} />
          <div className="card">
            <p className="mb-2 text-sm text-slate-600" data-testid="service-total">
              {t('count', { count: total })}
            </p>
            {rows.length === 0 ? (
              <p className="text-slate-700" data-testid="no-match">
                {t('no_match')}
              </p>
            ) : (
              <ServiceTable rows={rows} />
            )}
            <ServicePager query={query} pages={pages} />
          </div>
        </>
      )}
    </section>
  );
}
