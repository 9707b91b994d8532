// Spec §2 /access_denied: where 100000 access_denied and missing rights (175) send the visitor.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  return { meta: { title: t('access_denied.title') } };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16" data-testid="access-denied">
      <p className="text-sm font-semibold text-blue-800">403</p>
      <h1 className="mt-2 text-3xl font-bold">{t('access_denied.title')}</h1>
      <p className="mt-4 text-slate-700">{t('errors:insufficient_permissions')}</p>
      <p className="mt-8">
        <Link className="btn-primary" to="/">
          {t('nav.home')}
        </Link>
      </p>
    </div>
  );
}
