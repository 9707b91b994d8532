// The account's billing (spec §2 Account area, issue #12 §1): the billing profiles listed, created,
// edited, deleted and set as default (a responsive table with its row actions), and the credit balance with
// its movements (decision 019).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { billingProfileSchema } from '../../core/validation/checkout-forms';
import { CreditBalance } from '../components/account/credit-balance';
import { EditProfile } from '../components/account/billing-profile-edit';
import { AreaTitle, Outcome, type AccountActionData } from '../components/account/outcome';
import { Cell, ResponsiveTable, Row } from '../components/account/responsive-table';
import { NewProfile } from '../components/billing-profile-form';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { accountAnswers } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { fieldMessage, parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const userId = session.user.id;
  const editId = Number(new URL(request.url).searchParams.get('edit')) || null;
  const [profiles, balanceCents, movements] = await Promise.all([
    context.services.orders.billingProfiles(userId),
    context.services.orders.creditBalance(userId),
    context.services.orders.creditMovements(userId),
  ]);
  return data({
    meta: { title: t('portal:billing.meta_title') },
    billing: profiles.map((p) => ({ id: p.id, type: p.type, name: p.name, vatNumber: p.vatNumber, taxOffice: p.taxOffice, profession: p.profession, address: p.address, postcode: p.postcode, country: p.countryIso2, city: p.city, vatWaived: p.vatWaived, isDefault: p.isDefault })),
    // `?edit=<id>` opens that profile's form (a link, so it works without JavaScript); someone else's id opens nothing.
    editId: profiles.some((p) => p.id === editId) ? editId : null,
    credit: {
      balanceCents,
      movements: movements.map((m) => ({ id: m.id, amountCents: m.amountCents, reason: m.reason, orderId: m.orderId, note: m.note, at: m.createdAt.getTime(), document: m.series ? `${m.series}-${String(m.number).padStart(6, '0')}` : null })),
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const userId = session.user.id;
  const intent = String(form.get('intent') ?? '');
  const answer = accountAnswers(intent);
  const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) : null;
  switch (intent) {
    case 'create_profile': {
      const submission = parseForm(form, billingProfileSchema);
      if (submission.status !== 'success') return answer.reply(submission, { code: ErrorCode.VALIDATION_ERROR, status: 400 });
      const v = submission.value;
      const r = await context.services.orders.createBillingProfile(
        userId,
        { type: v.type as 'REC' | 'INV', name: v.name, vatNumber: v.vat_number, taxOffice: v.tax_office, profession: v.profession, address: v.address, city: v.city, postcode: v.postcode, countryIso2: v.country },
        { uniqueId },
      );
      if (!r.ok) {
        const key = r.field === 'vat_number' ? (r.detail?.vies === 'unavailable' ? 'VAT_UNAVAILABLE' : 'VAT_INVALID') : 'REQUIRED';
        return data<AccountActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors: r.field ? { [r.field]: fieldMessage(key) } : {} }), stamp: answer.stamp }, { status: 400 });
      }
      return redirect('/account/billing', 303);
    }
    case 'update_profile': {
      const id = Number(form.get('id'));
      const submission = parseForm(form, billingProfileSchema);
      if (submission.status !== 'success') return answer.reply(submission, { code: ErrorCode.VALIDATION_ERROR, status: 400 });
      const v = submission.value;
      const r = await context.services.orders.updateBillingProfile(
        userId,
        id,
        { type: v.type as 'REC' | 'INV', name: v.name, vatNumber: v.vat_number, taxOffice: v.tax_office, profession: v.profession, address: v.address, city: v.city, postcode: v.postcode, countryIso2: v.country },
        { uniqueId },
      );
      if (!r.ok && r.code === ErrorCode.NO_CHANGE) return answer.done(r.code);
      if (!r.ok && r.code === ErrorCode.ACTION_NOT_ALLOWED) return answer.done(r.code, 404);
      if (!r.ok) {
        const key = r.field === 'vat_number' ? (r.detail?.vies === 'unavailable' ? 'VAT_UNAVAILABLE' : 'VAT_INVALID') : 'REQUIRED';
        return data<AccountActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors: r.field ? { [r.field]: fieldMessage(key) } : {} }), stamp: answer.stamp }, { status: 400 });
      }
      return redirect('/account/billing', 303);
    }
    case 'default_profile':
    case 'delete_profile': {
      const id = Number(form.get('id'));
      const ok = intent === 'default_profile' ? await context.services.orders.setDefaultProfile(userId, id, uniqueId) : await context.services.orders.deleteBillingProfile(userId, id, uniqueId);
      return ok ? redirect('/account/billing', 303) : answer.done(ErrorCode.ACTION_NOT_ALLOWED, 404);
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  }
}

export default function AccountBilling() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('checkout');
  const revalidator = useRevalidator();
  const editing = loaderData.billing.find((p) => p.id === loaderData.editId) ?? null;
  // Another tab changed the default profile: show it here too.
  useLiveChannel('billing', (m) => {
    if (m.event === 'DefaultProfileWasUpdated' && revalidator.state === 'idle') revalidator.revalidate();
  });
  const columns = [
    { key: 'document', label: t('document_type') },
    { key: 'name', label: t('name') },
    { key: 'place', label: t('portal:billing.col_place') },
    { key: 'actions', label: t('portal:billing.col_actions'), align: 'end' as const },
  ];
  return (
    <div className="space-y-6" data-testid="panel-billing">
      <AreaTitle>{t('portal:billing.title')}</AreaTitle>
      <section className="card space-y-4" aria-labelledby="billing-title">
        <h2 id="billing-title" className="text-xl font-semibold">
          {t('billing')}
        </h2>
        <Outcome actionData={actionData} intents={['default_profile', 'delete_profile']} />
        {loaderData.billing.length === 0 ? <p className="text-sm text-slate-700">{t('no_profiles')}</p> : null}
        {loaderData.billing.length ? (
          <ResponsiveTable caption={t('billing')} columns={columns} testId="billing-list">
            {loaderData.billing.map((p) => (
              <Row key={p.id} data-testid="billing-profile" data-default={p.isDefault}>
                <Cell label={columns[0]!.label}>
                  <span className="font-medium">{p.type === 'INV' ? t('invoice') : t('receipt')}</span>
                  {p.vatWaived ? <span className="ml-2 rounded bg-emerald-100 px-2 text-xs text-emerald-900">{t('reverse_charge')}</span> : null}
                </Cell>
                <Cell label={columns[1]!.label}>
                  {p.name}
                  {p.vatNumber ? <span className="block text-xs text-slate-600">{[p.vatNumber, p.taxOffice].filter(Boolean).join(' · ')}</span> : null}
                </Cell>
                <Cell label={columns[2]!.label}>
                  {p.city}, {p.country}
                </Cell>
                <Cell actions>
                  <Link to={`?edit=${p.id}`} className="btn-secondary px-2 py-1 text-sm" data-testid="edit-profile-link" aria-label={t('portal:billing.edit_aria', { name: p.name })}>
                    {t('portal:billing.edit')}
                  </Link>
                  {p.isDefault ? (
                    <span className="rounded bg-blue-100 px-2 py-1 text-xs text-blue-900" data-testid="default-badge">
                      {t('default')}
                    </span>
                  ) : (
                    <Form method="post">
                      <CsrfInput />
                      <PageIdInput />
                      <input type="hidden" name="id" value={p.id} />
                      <SubmitButton intent="default_profile" className="btn-secondary px-2 py-1 text-sm" testId="make-default">
                        {t('make_default')}
                      </SubmitButton>
                    </Form>
                  )}
                  <Form method="post">
                    <CsrfInput />
                    <PageIdInput />
                    <input type="hidden" name="id" value={p.id} />
                    <SubmitButton intent="delete_profile" className="btn-secondary px-2 py-1 text-sm text-red-800" testId="delete-profile">
                      {t('delete_profile')}
                    </SubmitButton>
                  </Form>
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
        ) : null}
        {editing ? <EditProfile key={editing.id} profile={editing} actionData={actionData} /> : <NewProfile actionData={actionData as never} open={loaderData.billing.length === 0} />}
      </section>
      <CreditBalance credit={loaderData.credit} />
    </div>
  );
}
