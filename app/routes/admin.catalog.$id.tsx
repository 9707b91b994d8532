// One hosting product in the back office (issue #22 §2): its form (edit with catalog.manage, read
// with catalog.view), hide or show it on the storefront, and delete it with a confirmation (a second
// step without JavaScript, the dialog with it). A product that order lines sold can be hidden, never
// deleted nor given another SKU (10019); showing a product with no price is 10005.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { staffCan } from '../../core/staff/permissions';
import { CatalogAlert } from '../components/admin/catalog-alert';
import { CatalogProductForm } from '../components/admin/catalog-product-form';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { productFormData, saveProduct, valuesOfProduct, type ProductActionData } from '../lib/admin-catalog.server';
import { requireStaff } from '../lib/auth.server';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

function productId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'catalog.view');
  const id = productId(params.id);
  const product = await context.services.catalogAdmin.product(id);
  if (!product) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const { t } = await pageT(request);
  const done = new URL(request.url).searchParams.get('done');
  return {
    meta: { title: t('admincatalog:edit.meta_title', { sku: product.sku }) },
    id,
    sku: product.sku,
    active: product.active,
    sold: product.sold,
    values: valuesOfProduct(product),
    done: done === 'saved' || done === 'hidden' || done === 'shown' ? done : null,
    canManage: staffCan(session.user.userGroup, 'catalog.manage'),
    ...(await productFormData(context)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type StateAnswer = { code: number; errors?: undefined; values?: undefined };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = productId(params.id);
  const intent = (await request.clone().formData()).get('intent');
  if (intent === 'save') return saveProduct(request, context, id);
  const session = await requireStaff(request, context, 'catalog.manage');
  await readProtectedForm(request, context);
  const actor = { userId: session.user.id, ip: context.ip };
  const service = context.services.catalogAdmin;
  if (intent === 'hide' || intent === 'show') {
    const r = await service.setActive(id, intent === 'show', actor);
    if (!r.ok) return data<StateAnswer>({ code: r.code }, r.code === ErrorCode.UNRECOGNIZED_ACTION ? 404 : 409);
    return redirect(`/admin/catalog/${id}?done=${intent === 'show' ? 'shown' : 'hidden'}`, 303);
  }
  if (intent === 'delete') {
    const r = await service.deleteProduct(id, actor);
    if (!r.ok) return data<StateAnswer>({ code: r.code }, r.code === ErrorCode.UNRECOGNIZED_ACTION ? 404 : 403);
    return redirect('/admin/catalog?done=deleted', 303);
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

function DeleteConfirmation({ sku }: { sku: string }) {
  const { t } = useTranslation('admincatalog');
  return (
    <Form method="post" className="space-y-4" data-testid="delete-confirm">
      <CsrfInput />
      <p>{t('edit.delete_question', { sku })}</p>
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="delete" className="btn-primary" testId="delete-confirm-yes">
          {t('edit.delete_yes')}
        </SubmitButton>
        <Link to="." className="btn-secondary" data-testid="delete-confirm-no">
          {t('edit.delete_no')}
        </Link>
      </div>
    </Form>
  );
}

export default function AdminCatalogEdit() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProductActionData | StateAnswer | undefined;
  const { t } = useTranslation('admincatalog');
  const [search] = useSearchParams();
  const [dialog, setDialog] = useState(false);
  const formAnswer = answer && 'values' in answer && answer.values ? (answer as ProductActionData) : null;
  const stateAnswer = answer && !formAnswer ? { code: answer.code } : null;
  const confirming = search.get('confirm') === 'delete';
  return (
    <div data-testid="admin-catalog-edit">
      <p className="text-sm">
        <Link to="/admin/catalog" className="text-blue-800 underline">
          {t('list.title')}
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          {t('edit.title')} <span className="font-mono">{page.sku}</span>
        </h1>
        <span className={`rounded-full px-3 py-1 text-sm ${page.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`} data-testid="product-state">
          {page.active ? t('state.active') : t('state.hidden')}
        </span>
      </div>
      {page.done ? (
        <div className="mt-4">
          <FormAlert type="success" testId="catalog-done">
            {t(`edit.done_${page.done}`)}
          </FormAlert>
        </div>
      ) : null}
      <CatalogAlert answer={formAnswer ?? (stateAnswer ? { code: stateAnswer.code } : null)} />
      <p className="mt-2 text-sm text-slate-700" data-testid="product-sold">
        {page.sold > 0 ? t('edit.sold', { count: page.sold }) : t('edit.never_sold')}
      </p>
      {page.canManage ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <CsrfInput />
            <SubmitButton intent={page.active ? 'hide' : 'show'} className="btn-secondary" testId={page.active ? 'product-hide' : 'product-show'}>
              {page.active ? t('edit.hide') : t('edit.show')}
            </SubmitButton>
          </Form>
          {page.sold === 0 ? (
            <Link
              to="?confirm=delete"
              className="btn-secondary"
              data-testid="product-delete"
              onClick={(e) => {
                // With JavaScript the question is a dialog; without it, the link opens the second step.
                e.preventDefault();
                setDialog(true);
              }}
            >
              {t('edit.delete')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {page.canManage && confirming ? (
        <div className="mt-4 rounded border border-red-300 bg-red-50 p-4">
          <DeleteConfirmation sku={page.sku} />
        </div>
      ) : null}
      <Dialog open={dialog} onClose={() => setDialog(false)} title={t('edit.delete')} testId="delete-dialog">
        <DeleteConfirmation sku={page.sku} />
      </Dialog>
      <CatalogProductForm
        key={formAnswer ? JSON.stringify(formAnswer.values) : JSON.stringify(page.values)}
        values={formAnswer?.values ?? page.values}
        errors={formAnswer?.errors ?? {}}
        attributes={page.attributes}
        promotions={page.promotions}
        now={page.now}
        productId={page.id}
        readOnly={!page.canManage}
      />
    </div>
  );
}
