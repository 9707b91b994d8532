// A new hosting product (issue #22 §2): the catalogue form, empty; saved, it opens on its edit page.
// A taken SKU comes back next to the field ('SKU {sku} unavailable'), also without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CatalogProductForm } from '../components/admin/catalog-product-form';
import { CatalogAlert } from '../components/admin/catalog-alert';
import { productFormData, saveProduct, type ProductActionData } from '../lib/admin-catalog.server';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'catalog.manage');
  const { t } = await pageT(request);
  return { meta: { title: t('admincatalog:new.meta_title') }, ...(await productFormData(context)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  return saveProduct(request, context, null);
}

export default function AdminCatalogNew() {
  const { attributes, promotions, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProductActionData | undefined;
  const { t } = useTranslation('admincatalog');
  return (
    <div data-testid="admin-catalog-new">
      <p className="text-sm">
        <Link to="/admin/catalog" className="text-blue-800 underline">
          {t('list.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('new.title')}</h1>
      <CatalogAlert answer={answer} />
      <CatalogProductForm
        key={answer ? JSON.stringify(answer.values) : 'empty'}
        values={answer?.values ?? { active: ['on'] }}
        errors={answer?.errors ?? {}}
        attributes={attributes}
        promotions={promotions}
        now={now}
        productId={null}
        readOnly={false}
      />
    </div>
  );
}
