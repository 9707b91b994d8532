// /account/documents/:id/pay, the pay-with tab (issue #13 §2, decision 039): what the document owes,
// the credit there is, and one form: use credit (part or whole, prefilled with what it covers), then
// pay the rest by card (the hosted payment page) or by bank transfer (a pending payment staff confirm).
// A document that cannot take money says why (§8 35503/35504/35507/35513) instead of the form. Works
// without JavaScript: every button POSTs and lands back here with a notice, or on the payment page.
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, resolveCode } from '../../core/errors';
import { bankDetails } from '../../core/orders/bank';
import { centsToEuroText, creditAmountCents, payDocumentSchema } from '../../core/validation/paying-forms';
import { CsrfInput } from '../components/csrf-input';
import { Price } from '../components/price';
import { SaveCardOption } from '../components/save-card-option';
import { readAccountForm, unknownIntent } from '../lib/account-action.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { loadOwnDocument } from '../lib/document-route.server';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { athensFormat } from '../lib/date-format';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { fieldMessage, parseForm } from '../lib/submission.server';
import { documentNumber } from '../../core/documents/format';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document, session } = await loadOwnDocument(request, context, params);
  const view = await context.services.documentPayments.payView(session.user.id, document.id);
  if (!view) throw data(codeData({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND }), { status: 404 });
  const { t } = await pageT(request);
  return {
    meta: { title: t('paying:title_of', { number: documentNumber(document) }) },
    id: document.id,
    kind: document.kind,
    status: document.status,
    balanceCents: view.document.balanceCents,
    creditCents: view.creditCents,
    offer: centsToEuroText(view.offerCents),
    refusal: view.refusal,
    bank: view.bankPendingCents !== null ? { ...bankDetails(context.config.seller), amountCents: view.bankPendingCents, reference: view.bankReference } : null,
    // An order lapses unpaid on this date (decision 088); the bank details say it.
    lapsesAtMs: view.lapsesAtMs,
    // A new key per page view: the same form posted twice (a double click, a resend) uses credit once.
    key: crypto.randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { code: number; result?: SubmissionResult<string[]> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { document, session } = await loadOwnDocument(request, context, params);
  const { form, intent } = await readAccountForm(request, context);
  const { lang } = await pageT(request);
  const here = `/account/documents/${document.id}/pay`;
  const submission = parseForm(form, payDocumentSchema);
  const refused = (code: number, fieldErrors?: Record<string, string[]>) =>
    data<ActionData>({ code, result: submission.reply({ fieldErrors }) as SubmissionResult<string[]> }, resolveCode(code).httpStatus);
  if (submission.status !== 'success') {
    if (!['credit', 'card', 'bank_transfer'].includes(intent)) return unknownIntent();
    return data<ActionData>({ code: ErrorCode.VALIDATION_ERROR, result: submission.reply() as SubmissionResult<string[]> }, 400);
  }
  const v = submission.value;
  const payments = context.services.documentPayments;
  switch (v.intent) {
    case 'credit': {
      const r = await payments.payWithCredit(session.user.id, document.id, { amountCents: creditAmountCents(v) ?? 0, idempotencyKey: v.key, expectedBalanceCents: v.expected_balance });
      if (r.ok) return redirect(`${here}?paid=credit`, 303);
      if (r.field !== 'amount') return refused(r.code);
      // Next to the field: the most credit can pay now (the alert above says why in full).
      const now = await payments.payView(session.user.id, document.id);
      return refused(r.code, { amount: fieldMessage('VALUES.MAX', { max: centsToEuroText(now?.offerCents ?? 0) }) });
    }
    case 'card': {
      const origin = new URL(request.url).origin;
      const r = await payments.payByCard(session.user.id, document.id, { returnUrl: `${origin}${here}?payment=return`, cancelUrl: `${origin}${here}?payment=cancelled` }, lang, v.expected_balance, { saveCard: form.get('save_card') === 'on' });
      if (!r.ok) return refused(r.code);
      return redirect(r.redirectUrl, 303);
    }
    case 'bank_transfer': {
      const r = await payments.payByBankTransfer(session.user.id, document.id, v.expected_balance);
      if (!r.ok) return refused(r.code);
      return redirect(`${here}?paid=bank`, 303);
    }
  }
}

export default function PayDocument() {
  const { t, i18n } = useTranslation(['paying', 'errors']);
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const paid = params.get('paid');
  const payment = params.get('payment');
  const settled = d.balanceCents === 0;
  // A refusal about the amount is the field's to say (issue #25 §5): "at most 3,00" beside it and in the
  // error summary, not the invariant the service checked ("the balance must be zero or equal …").
  const fieldFailed = Object.values(actionData?.result?.error ?? {}).some((e) => Array.isArray(e) && e.length > 0);
  const { fields, formProps, errorSummary } = useAppForm({ id: `pay-${d.id}`, schema: payDocumentSchema, lastResult: actionData?.result, defaultValue: { amount: d.offer }, summaryCode: actionData?.code });
  // Just paid: the success notice says so; "this document does not accept payment" would contradict it.
  const justPaid = settled && (paid === 'credit' || payment === 'return');
  return (
    <section aria-labelledby="pay-title" data-testid="pay-tab" data-status={d.status}>
      {/* The document layout's header holds the page's h1 (number, kind, status, total, balance). */}
      <h2 id="pay-title" className="mb-4 mt-4 text-xl font-semibold">
        {t('paying:title')}
      </h2>
      {actionData?.code !== undefined && !fieldFailed ? (
        <FormAlert type={codeAlertType(actionData.code)} testId="pay-alert" code={actionData.code}>
          {codeMessage(t, actionData.code)}
        </FormAlert>
      ) : null}
      {paid === 'credit' ? (
        <FormAlert type="success" testId="pay-notice">
          {settled ? t('paying:credit_done_paid') : t('paying:credit_done_rest')}
        </FormAlert>
      ) : null}
      {paid === 'bank' ? (
        <FormAlert type="info" testId="pay-notice">
          {t('paying:bank_done')}
        </FormAlert>
      ) : null}
      {payment === 'return' ? (
        <FormAlert type={settled ? 'success' : 'info'} testId="pay-notice">
          {settled ? t('paying:card_done') : t('paying:card_waiting')}
        </FormAlert>
      ) : null}
      {payment === 'cancelled' && !settled ? (
        <FormAlert type="warning" testId="pay-notice">
          {t('paying:card_cancelled')}
        </FormAlert>
      ) : null}

      {/* A credit note or a payment owes nothing: its figures belong to its own tabs, not here. */}
      {d.refusal === ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT ? null : (
        <dl className="card mb-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm sm:max-w-md">
          <dt className="font-medium">{t('paying:balance')}</dt>
          <dd className="text-right font-semibold" data-testid="pay-balance" data-cents={d.balanceCents}>
            <Price cents={d.balanceCents} exact />
          </dd>
          <dt className="font-medium">{t('paying:credit')}</dt>
          <dd className="text-right" data-testid="pay-credit" data-cents={d.creditCents}>
            <Price cents={d.creditCents} exact />
          </dd>
        </dl>
      )}

      {d.refusal !== null && justPaid ? null : d.refusal !== null ? (
        <FormAlert type={settled && d.refusal === ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT ? 'info' : 'warning'} testId="pay-refusal" code={d.refusal}>
          <p className="font-medium">{t(`paying:refusal.${refusalKey(d.refusal)}`)}</p>
          <p className="mt-1 text-sm">{codeMessage(t, d.refusal)}</p>
        </FormAlert>
      ) : (
        <Form method="post" className="card space-y-6" data-testid="pay-form" {...formProps}>
          {errorSummary}
          <CsrfInput />
          <input type="hidden" name="key" value={d.key} />
          <input type="hidden" name="expected_balance" value={d.balanceCents} />
          <fieldset className="space-y-3">
            <legend className="font-semibold">{t('paying:step_credit')}</legend>
            {d.creditCents > 0 ? (
              <>
                <InputField meta={fields.amount} label={t('paying:amount')} inputMode="decimal" autoComplete="off" hint={t('paying:amount_hint')} className="sm:max-w-xs" />
                <SubmitButton intent="credit" className="btn-secondary" testId="pay-credit-submit">
                  {t('paying:use_credit')}
                </SubmitButton>
              </>
            ) : (
              <p className="text-sm text-slate-700" data-testid="pay-no-credit">
                {t('paying:no_credit')}
              </p>
            )}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-semibold">{t('paying:step_rest')}</legend>
            <p className="text-sm text-slate-700">{t('paying:rest_help')}</p>
            <SaveCardOption />
            <div className="flex flex-col gap-3 sm:flex-row">
              <SubmitButton intent="card" className="btn-primary" testId="pay-card-submit" noValidate>
                {t('paying:by_card')} <Price cents={d.balanceCents} exact />
              </SubmitButton>
              <SubmitButton intent="bank_transfer" className="btn-secondary" testId="pay-bank-submit" noValidate>
                {t('paying:by_bank')} <Price cents={d.balanceCents} exact />
              </SubmitButton>
            </div>
          </fieldset>
        </Form>
      )}

      {d.bank && d.refusal === null ? (
        <section className="card mt-4" aria-labelledby="pay-bank-title" data-testid="pay-bank-details">
          <h3 id="pay-bank-title" className="font-semibold">
            {t('paying:bank_title')}
          </h3>
          <p className="mt-1 text-sm">{t('paying:bank_text')}</p>
          {d.lapsesAtMs !== null ? (
            <p className="mt-1 text-sm font-medium" data-testid="pay-bank-lapse">
              {t('paying:bank_lapse', { date: athensFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(d.lapsesAtMs)) })}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t('paying:bank_name')}</dt>
            <dd>{d.bank.bank}</dd>
            <dt className="font-medium">IBAN</dt>
            <dd className="break-all font-mono">{d.bank.iban}</dd>
            <dt className="font-medium">{t('paying:beneficiary')}</dt>
            <dd>{d.bank.beneficiary}</dd>
            <dt className="font-medium">{t('paying:reference')}</dt>
            <dd className="font-mono">{d.bank.reference}</dd>
            <dt className="font-medium">{t('paying:bank_amount')}</dt>
            <dd data-testid="pay-bank-amount" data-cents={d.bank.amountCents}>
              <Price cents={d.bank.amountCents} exact />
            </dd>
          </dl>
        </section>
      ) : null}
    </section>
  );
}

function refusalKey(code: number): string {
  switch (code) {
    case ErrorCode.DUE_TYPE_DOES_NOT_ALLOW_PAYMENT:
      return 'type';
    case ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID:
      return 'paid';
    case ErrorCode.DOCUMENT_BALANCE_TOTAL_DIFFERENCE:
      return 'mismatch';
    case ErrorCode.RENEWAL_PERIOD_ALREADY_RENEWED:
      return 'renewed';
    case ErrorCode.ORDER_LAPSED:
      return 'lapsed';
    default:
      return 'status';
  }
}
