// The catalogue's attribute set (issue #22 §2, spec §5): named attributes such as disk, bandwidth or
// mailboxes whose values each product gives on its form. A name is unique ('attribute name {name}
// unavailable', checked while typing and again on save); an attribute a product uses cannot be
// deleted (10013). Read with catalog.view, changed with catalog.manage; deleting asks first (a second
// step without JavaScript, the dialog with it).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAttributeName, type FieldError } from '../../core/catalog-admin';
import { ErrorCode } from '../../core/errors';
import { staffCan } from '../../core/staff/permissions';
import { CatalogAlert } from '../components/admin/catalog-alert';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { Cell, ResponsiveTable, Row, RowActions } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'catalog.view');
  const { t } = await pageT(request);
  const done = new URL(request.url).searchParams.get('done');
  return {
    meta: { title: t('admincatalog:attributes.meta_title') },
    attributes: await context.services.catalogAdmin.attributes(),
    canManage: staffCan(session.user.userGroup, 'catalog.manage'),
    done: done === 'created' || done === 'deleted' ? done : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type Answer = { code: number | null; errors: Record<string, FieldError>; values: Record<string, string>; params?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'catalog.manage');
  const form = await readProtectedForm(request, context);
  const actor = { userId: session.user.id, ip: context.ip };
  const service = context.services.catalogAdmin;
  const intent = form.get('intent');
  const text = (k: string, max: number) => String(form.get(k) ?? '').trim().slice(0, max);
  if (intent === 'create') {
    const values = { name: text('name', 60), label_el: text('label_el', 80), label_en: text('label_en', 80) };
    const errors: Record<string, FieldError> = {};
    if (!isValidAttributeName(values.name)) errors.name = { key: 'errors.attribute_format' };
    if (!values.label_el) errors.label_el = { key: 'errors.required' };
    if (!values.label_en) errors.label_en = { key: 'errors.required' };
    if (Object.keys(errors).length) return data<Answer>({ code: null, errors, values }, 400);
    const r = await service.createAttribute({ name: values.name, labelEl: values.label_el, labelEn: values.label_en }, actor);
    if (!r.ok) return data<Answer>({ code: null, errors: { name: { key: 'errors.attribute_taken', params: { name: values.name } } }, values }, 409);
    return redirect('/admin/catalog/attributes?done=created', 303);
  }
  if (intent === 'delete') {
    const id = Number(form.get('id'));
    if (!Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
    const r = await service.deleteAttribute(id, actor);
    if (!r.ok) return data<Answer>({ code: r.code, errors: {}, values: {}, params: r.params }, r.code === ErrorCode.UNRECOGNIZED_ACTION ? 404 : 409);
    return redirect('/admin/catalog/attributes?done=deleted', 303);
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

function NameField({ initial, error }: { initial: string; error?: FieldError }) {
  const { t } = useTranslation('admincatalog');
  const fetcher = useFetcher<{ name: string; valid: boolean; available: boolean }>();
  const [name, setName] = useState(initial);
  const [typed, setTyped] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const live = fetcher.data && fetcher.data.name === name.trim() ? fetcher.data : null;
  const shown = typed ? (live && !live.valid ? { key: 'errors.attribute_format' } : live && !live.available ? { key: 'errors.attribute_taken', params: { name: live.name } } : undefined) : error;
  return (
    <div>
      <label htmlFor="attribute-name" className="block text-sm font-medium">
        {t('attributes.name')}
      </label>
      <input
        id="attribute-name"
        name="name"
        value={name}
        onChange={(e) => {
          const v = e.target.value;
          setName(v);
          setTyped(true);
          clearTimeout(timer.current);
          if (v.trim()) timer.current = setTimeout(() => fetcher.load(`/admin/catalog/check?attribute=${encodeURIComponent(v.trim())}`), 250);
        }}
        required
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`attribute-name-hint${shown ? ' attribute-name-error' : ''}`}
        className="mt-1 w-full rounded border border-slate-300 px-3 py-2 font-mono aria-[invalid=true]:border-red-600"
        data-testid="attribute-name"
      />
      <p id="attribute-name-hint" className="mt-1 text-xs text-slate-600">
        {t('attributes.name_hint')}
      </p>
      <div aria-live="polite">
        {shown ? (
          <p id="attribute-name-error" className="mt-1 text-sm text-red-700" data-testid="attribute-name-error">
            {t(shown.key, shown.params)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function DeleteForm({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('admincatalog');
  return (
    <Form method="post" className="space-y-3" data-testid="attribute-delete-confirm">
      <CsrfInput />
      <input type="hidden" name="id" value={id} />
      <p>{t('attributes.delete_question', { name })}</p>
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="delete" testId="attribute-delete-yes">
          {t('edit.delete_yes')}
        </SubmitButton>
        <Link to="/admin/catalog/attributes" className="btn-secondary">
          {t('edit.delete_no')}
        </Link>
      </div>
    </Form>
  );
}

export default function AdminCatalogAttributes() {
  const { attributes, canManage, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { t, i18n } = useTranslation('admincatalog');
  const [search] = useSearchParams();
  const [asking, setAsking] = useState<{ id: number; name: string } | null>(null);
  const confirmId = Number(search.get('delete'));
  const confirming = attributes.find((a) => a.id === confirmId);
  const en = i18n.language === 'en';
  return (
    <div data-testid="admin-catalog-attributes">
      <p className="text-sm">
        <Link to="/admin/catalog" className="text-blue-800 underline">
          {t('list.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('attributes.title')}</h1>
      <p className="mt-2 text-slate-700">{t('attributes.intro')}</p>
      {done ? (
        <div className="mt-4">
          <FormAlert type="success" testId="catalog-done">
            {t(`attributes.done_${done}`)}
          </FormAlert>
        </div>
      ) : null}
      <CatalogAlert answer={answer && answer.code !== null ? answer : null} />
      {canManage && confirming ? (
        <div className="mt-4 rounded border border-red-300 bg-red-50 p-4">
          <DeleteForm id={confirming.id} name={confirming.name} />
        </div>
      ) : null}
      <div className="mt-6">
        <ResponsiveTable
          caption={t('attributes.title')}
          columns={[
            { key: 'name', label: t('attributes.name') },
            { key: 'label', label: t('attributes.label') },
            { key: 'used', label: t('attributes.used'), align: 'end' },
            ...(canManage ? [{ key: 'actions', label: <span className="sr-only">{t('attributes.actions')}</span> }] : []),
          ]}
          testId="attributes-table"
          empty={{ when: attributes.length === 0, text: t('attributes.empty'), testId: 'attributes-empty' }}
        >
          {attributes.map((a) => (
            <Row key={a.id} data-testid={`attribute-row-${a.name}`}>
              <Cell label={t('attributes.name')} rowHeader className="font-mono">
                {a.name}
              </Cell>
              <Cell label={t('attributes.label')}>{en ? a.labelEn : a.labelEl}</Cell>
              <Cell label={t('attributes.used')} align="end">
                {a.used}
              </Cell>
              {canManage ? (
                <RowActions>
                  <Link
                    to={`?delete=${a.id}`}
                    className="btn-secondary px-2 py-1 text-sm"
                    data-testid={`attribute-delete-${a.name}`}
                    onClick={(e) => {
                      e.preventDefault();
                      setAsking({ id: a.id, name: a.name });
                    }}
                  >
                    {t('attributes.delete')}
                    <span className="sr-only"> {a.name}</span>
                  </Link>
                </RowActions>
              ) : null}
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} title={t('attributes.delete')} testId="attribute-delete-dialog">
        {asking ? <DeleteForm id={asking.id} name={asking.name} /> : null}
      </Dialog>
      {canManage ? (
        <Form method="post" className="mt-8 grid gap-4 rounded border border-slate-200 p-4 md:grid-cols-3" data-testid="attribute-form" noValidate>
          <h2 className="text-lg font-semibold md:col-span-3">{t('attributes.new')}</h2>
          <CsrfInput />
          <NameField key={answer?.values.name ?? ''} initial={answer?.values.name ?? ''} error={answer?.errors.name} />
          {(['label_el', 'label_en'] as const).map((k) => (
            <div key={k}>
              <label htmlFor={`attribute-${k}`} className="block text-sm font-medium">
                {t(`attributes.${k}`)}
              </label>
              <input id={`attribute-${k}`} name={k} defaultValue={answer?.values[k] ?? ''} required maxLength={80} aria-invalid={answer?.errors[k] ? true : undefined} aria-describedby={answer?.errors[k] ? `attribute-${k}-error` : undefined} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" data-testid={`attribute-${k}`} />
              {answer?.errors[k] ? (
                <p id={`attribute-${k}-error`} className="mt-1 text-sm text-red-700">
                  {t(answer.errors[k]!.key)}
                </p>
              ) : null}
            </div>
          ))}
          <div className="md:col-span-3">
            <SubmitButton intent="create" testId="attribute-save">
              {t('attributes.save')}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
