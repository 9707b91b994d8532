// The back office's front door (spec §1: a host beginning with 'my' or 'admin', admins only). The
// orders screen (bank transfers, failed items, credit), customers' documents (refunds, debits) and the staff audit log are here; the other admin screens of spec §2
// (all domains, all hosting, coupons, catalog, users) arrive with their issues.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { requireAdmin } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireAdmin(request, context);
  const { t } = await pageT(request);
  const stats = await context.services.catalog.stats();
  return { meta: { title: t('admin.meta_title') }, name: session.user.accountName, stats };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AdminHome() {
  const { name, stats } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="admin-home">
      <h1 className="text-3xl font-bold">{t('admin.title')}</h1>
      <p className="mt-2 text-slate-600">{t('admin.welcome', { name })}</p>
      <nav aria-label={t('admin.title')} className="mt-6">
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link to="/admin/orders" className="btn-secondary" data-testid="admin-orders-link">
              {t('admin.orders_link')}
            </Link>
          </li>
          <li>
            <Link to="/admin/documents" className="btn-secondary" data-testid="admin-documents-link">
              {t('refunds:admin_link')}
            </Link>
          </li>
          <li>
            <Link to="/admin/legal-files" className="btn-secondary" data-testid="admin-legal-files-link">
              {t('legal:admin_link')}
            </Link>
          </li>
          <li>
            <Link to="/admin/mydata" className="btn-secondary" data-testid="admin-mydata-link">
              {t('mydata:admin_link')}
            </Link>
          </li>
          <li>
            <Link to="/admin/audit" className="btn-secondary" data-testid="admin-audit-link">
              {t('admin:nav.audit')}
            </Link>
          </li>
        </ul>
      </nav>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        <div className="card">
          <dt className="text-sm text-slate-600">{t('home.numbers.tlds')}</dt>
          <dd className="text-3xl font-bold">{stats.tlds}</dd>
        </div>
        <div className="card">
          <dt className="text-sm text-slate-600">{t('home.numbers.plans')}</dt>
          <dd className="text-3xl font-bold">{stats.plans}</dd>
        </div>
        <div className="card">
          <dt className="text-sm text-slate-600">{t('home.numbers.countries')}</dt>
          <dd className="text-3xl font-bold">{stats.countries}</dd>
        </div>
      </dl>
    </div>
  );
}
