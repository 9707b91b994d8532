// The account's billing (spec §2 Account area, issue #12 §1, issue #13 §1, decision 037): the billing
// profiles listed, created, edited, deleted (never the default: 3002) and set as default (a responsive
// table with its row actions), each with its ΔΟΥ and, for a reverse charge, the VIES consultation that
// justified it; and the credit balance with its movements (decision 019). Someone else's or a missing
// profile answers 3000 billing_not_found; a saved edit 3001 billing_profile_updated.
import { documentNumber } from '../../core/documents/format';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { billingProfileSchema } from '../../core/validation/checkout-forms';
import { CreditBalance } from '../components/account/credit-balance';
import { SavedCards } from '../components/account/saved-cards';
import { cardExpiry } from '../../core/payments/saved-cards';
import { EditProfile } from '../components/account/billing-profile-edit';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { Cell, DefaultMarker, ResponsiveTable, Row, RowActionForm, RowActions } from '../components/responsive-table';
import { NewProfile } from '../components/billing-profile-form';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm } from '../lib/submission.server';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const userId = session.user.id;
  const url = new URL(request.url);
  const editId = Number(url.searchParams.get('edit')) || null;
  const done = url.searchParams.get('done');
  const [profiles, balanceCents, movements, cards] = await Promise.all([
    context.services.orders.billingProfilesWithEvidence(userId),
    context.services.orders.creditBalance(userId),
    context.services.orders.creditMovements(userId),
    context.services.savedCards.list(userId),
  ]);
  return data({
    meta: { title: t('portal:billing.meta_title') },
    billing: profiles.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      vatNumber: p.vatNumber,
      taxOffice: p.taxOffice,
      profession: p.profession,
      address: p.address,
      postcode: p.postcode,
      country: p.countryIso2,
      city: p.city,
      vatWaived: p.vatWaived,
      isDefault: p.isDefault,
      vies: p.vies ? { checkedAt: p.vies.checkedAt.getTime(), requestIdentifier: p.vies.requestIdentifier, number: `${p.vies.countryCode}${p.vies.vatNumber}`, sandbox: p.vies.source === 'sandbox' } : null,
    })),
    // `?edit=<id>` opens that profile's form (a link, so it works without JavaScript); someone else's id
    // opens nothing and says so (3000).
    editId: profiles.some((p) => p.id === editId) ? editId : null,
    editMissing: editId !== null && !profiles.some((p) => p.id === editId),
    // The outcome of the redirect after a change, shown once.
    done: done === 'created' || done === 'deleted' || done === String(ErrorCode.BILLING_PROFILE_UPDATED) ? done : null,
    // Issue #25 §1: the saved cards, and `?remove_card=<id>` opens that card's confirmation step.
    cards: cards.map((c) => ({ id: c.id, label: c.label, expiry: cardExpiry(c), expired: c.expired, isDefault: c.isDefault })),
    removeCardId: Number(url.searchParams.get('remove_card')) || null,
    cardRemoved: done === 'card_removed',
    credit: {
      balanceCents,
      movements: movements.map((m) => ({ id: m.id, amountCents: m.amountCents, reason: m.reason, orderId: m.orderId, note: m.note, at: m.createdAt.getTime(), document: m.series && m.number !== null ? documentNumber({ series: m.series, number: m.number }) : null })),
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, form, intent, uniqueId, answer } = await readAccountAction(request, context);
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
      if (!r.ok) return failedProfile(intent, r, submission, answer.stamp);
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
      if (!r.ok && r.code === ErrorCode.BILLING_NOT_FOUND) return answer.done(r.code, 404);
      if (!r.ok) return failedProfile(intent, r, submission, answer.stamp);
      return redirect(`/account/billing?done=${ErrorCode.BILLING_PROFILE_UPDATED}`, 303);
    }
    case 'default_profile': {
      const ok = await context.services.orders.setDefaultProfile(userId, Number(form.get('id')), uniqueId);
      return ok ? redirect('/account/billing', 303) : answer.done(ErrorCode.BILLING_NOT_FOUND, 404);
    }
    case 'delete_profile': {
      const r = await context.services.orders.deleteBillingProfile(userId, Number(form.get('id')), uniqueId);
      if (r.ok) return redirect('/account/billing?done=deleted', 303);
      return answer.done(r.code, r.code === ErrorCode.BILLING_NOT_FOUND ? 404 : 403);
    }
    case 'remove_card': {
      const r = await context.services.savedCards.remove(userId, Number(form.get('id')));
      if (r.ok) return redirect('/account/billing?done=card_removed#saved-cards', 303);
      return answer.done(r.code, r.code === ErrorCode.VALIDATION_ERROR ? 404 : 502);
    }
    default:
      return unknownIntent();
  }
}

/** A service refusal of a profile's details, under the field it names; the form keeps what was typed. */
function failedProfile(intent: string, r: { code: number; field?: string; detail?: Record<string, unknown> }, submission: { reply: (o?: object) => AccountActionData['result'] }, stamp: number) {
  const key = r.field === 'vat_number' ? (r.detail?.vies === 'unavailable' ? 'VAT_UNAVAILABLE' : 'VAT_INVALID') : r.field === 'tax_office' && r.detail?.taxOffice === 'unknown' ? 'TAX_OFFICE' : 'REQUIRED';
  return data<AccountActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors: r.field ? { [r.field]: fieldMessage(key) } : {} }), stamp }, { status: 400 });
}

export default function AccountBilling() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t, i18n } = useTranslation('checkout');
  const revalidator = useRevalidator();
  const editing = loaderData.billing.find((p) => p.id === loaderData.editId) ?? null;
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
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
  // A row action's outcome, and an edit of a profile that is not (or no longer) this customer's: no
  // edit form is open to show it, so it shows above the list.
  const rowOutcome =
    actionData?.code !== undefined && (actionData.intent === 'default_profile' || actionData.intent === 'delete_profile' || actionData.code === ErrorCode.BILLING_NOT_FOUND) ? actionData.code : null;
  const done = loaderData.done;
  return (
    <div className="space-y-6" data-testid="panel-billing">
      <AreaTitle>{t('portal:billing.title')}</AreaTitle>
      <section className="card space-y-4" aria-labelledby="billing-title">
        <h2 id="billing-title" className="text-xl font-semibold">
          {t('billing')}
        </h2>
        {done && !actionData ? (
          <FormAlert type="success" testId="billing-done" code={done === String(ErrorCode.BILLING_PROFILE_UPDATED) ? ErrorCode.BILLING_PROFILE_UPDATED : undefined}>
            {done === 'deleted' ? t('billing:deleted') : done === 'created' ? t('billing:created') : codeMessage(t, ErrorCode.BILLING_PROFILE_UPDATED)}
          </FormAlert>
        ) : null}
        {loaderData.editMissing && !actionData ? (
          <FormAlert type="info" testId="billing-not-found" code={ErrorCode.BILLING_NOT_FOUND}>
            {codeMessage(t, ErrorCode.BILLING_NOT_FOUND)}
          </FormAlert>
        ) : null}
        {rowOutcome !== null ? (
          <FormAlert type={rowOutcome === ErrorCode.BILLING_NOT_FOUND ? 'info' : codeAlertType(rowOutcome)} testId={`outcome-${actionData!.intent}`} code={rowOutcome}>
            {rowOutcome === ErrorCode.BILLING_SET_DEFAULT_NOT_ALLOWED ? t('billing:delete_default_hint') : codeMessage(t, rowOutcome)}
          </FormAlert>
        ) : null}
        <ResponsiveTable caption={t('billing')} columns={columns} testId="billing-list" empty={{ when: loaderData.billing.length === 0, text: t('no_profiles') }}>
          {loaderData.billing.map((p) => (
            <Row key={p.id} data-testid="billing-profile" data-default={p.isDefault}>
              <Cell label={columns[0]!.label}>
                <span className="font-medium">{p.type === 'INV' ? t('invoice') : t('receipt')}</span>
                {p.vatWaived ? <span className="ml-2 rounded bg-emerald-100 px-2 text-xs text-emerald-900">{t('reverse_charge')}</span> : null}
              </Cell>
              <Cell label={columns[1]!.label}>
                {p.name}
                {p.vatNumber ? <span className="block text-xs text-slate-600">{[p.vatNumber, p.taxOffice ? `${t('billing:tax_office')} ${p.taxOffice}` : null].filter(Boolean).join(' · ')}</span> : null}
                {p.profession ? <span className="block text-xs text-slate-600">{`${t('billing:profession')}: ${p.profession}`}</span> : null}
                {p.vies ? (
                  <details className="mt-1 text-xs text-slate-700" data-testid="vies-evidence">
                    <summary className="cursor-pointer">{t('billing:vies_title')}</summary>
                    {/* Label and value on one line each: the cell is narrow in the table and on a card alike. */}
                    <dl className="mt-1 space-y-0.5">
                      <div>
                        <dt className="inline text-slate-600">{t('billing:vies_number')}: </dt>
                        <dd className="inline">{p.vies.number}</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t('billing:vies_checked_at')}: </dt>
                        <dd className="inline">
                          <time dateTime={new Date(p.vies.checkedAt).toISOString()}>{when(p.vies.checkedAt)}</time>
                        </dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t('billing:vies_request_id')}: </dt>
                        <dd className="inline break-all font-mono">{p.vies.requestIdentifier ?? t('billing:vies_no_request_id')}</dd>
                        {p.vies.sandbox ? <dd className="inline text-slate-500"> ({t('billing:vies_sandbox')})</dd> : null}
                      </div>
                    </dl>
                  </details>
                ) : null}
              </Cell>
              <Cell label={columns[2]!.label}>
                {p.city}, {t(`countries:${p.country}`, { defaultValue: p.country })}
              </Cell>
              <RowActions>
                <Link to={`?edit=${p.id}`} className="btn-secondary px-2 py-1 text-sm" data-testid="edit-profile-link" aria-label={t('portal:billing.edit_aria', { name: p.name })}>
                  {t('portal:billing.edit')}
                </Link>
                {p.isDefault ? (
                  <DefaultMarker>{t('default')}</DefaultMarker>
                ) : (
                  <RowActionForm id={p.id} intent="default_profile" testId="make-default">
                    {t('make_default')}
                  </RowActionForm>
                )}
                <RowActionForm id={p.id} intent="delete_profile" className="btn-secondary px-2 py-1 text-sm text-red-800" testId="delete-profile">
                  {t('delete_profile')}
                </RowActionForm>
              </RowActions>
            </Row>
          ))}
        </ResponsiveTable>
        {editing ? <EditProfile key={editing.id} profile={editing} actionData={actionData} /> : (
          // Keyed by the number of profiles: a profile saved with JavaScript empties the form for the next one.
          <NewProfile key={loaderData.billing.length} actionData={actionData as never} open={loaderData.billing.length === 0} />
        )}
      </section>
      <SavedCards cards={loaderData.cards} confirmId={actionData ? null : loaderData.removeCardId} removed={loaderData.cardRemoved && !actionData} failure={actionData?.intent === 'remove_card' && actionData.code !== undefined ? actionData.code : null} />
      <CreditBalance credit={loaderData.credit} />
    </div>
  );
}
