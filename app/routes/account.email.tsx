// Changing the account's e-mail address (issue #10 §3, decision 023): the new address and the current
// password; the old address is told at once, and the change happens only when the link sent to the
// new address is confirmed (/auth/verify-email). Works without JavaScript; values stay on error.
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { emailChangeSchema } from '../../core/validation/account-forms';
import { CsrfInput } from '../components/csrf-input';
import { readAccountAction } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, SECRET_FIELDS } from '../lib/submission.server';

type ActionData = { code?: number; sent?: boolean; result?: SubmissionResult<string[]> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  return { meta: { title: t('auth:account.email_change_title') }, email: session.user.email };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  const submission = parseForm(form, emailChangeSchema);
  if (submission.status !== 'success') return data<ActionData>({ code: ErrorCode.VALIDATION_ERROR, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400);
  const r = await context.services.account.requestEmailChange(session.user.id, {
    email: submission.value.email,
    current: submission.value.current_password,
    origin: new URL(request.url).origin,
    locale: lang,
  });
  if (r.ok) return data<ActionData>({ code: ErrorCode.EMAIL_SENT, sent: true, result: submission.reply({ hideFields: SECRET_FIELDS }) });
  if (r.code === ErrorCode.NO_CHANGE) return data<ActionData>({ code: r.code, result: submission.reply({ hideFields: SECRET_FIELDS }) });
  const fieldErrors: Record<string, string[]> | undefined =
    r.field === 'current_password'
      ? { current_password: fieldMessage('INVALID') }
      : r.field === 'email'
        ? { email: fieldMessage(r.code === ErrorCode.VALIDATION_ERROR ? 'EMAIL_TAKEN' : 'EMAIL') }
        : undefined;
  return data<ActionData>({ code: r.code, result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }) }, r.status);
}

export default function EmailChange() {
  const { t } = useTranslation('auth');
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fields, formProps, errorSummary } = useAppForm({ id: 'email-change', schema: emailChangeSchema, lastResult: actionData?.result });
  return (
    <div className="max-w-lg">
      <section className="card" aria-labelledby="email-change-title" data-testid="email-change">
        <h1 id="email-change-title" className="mb-4 text-2xl font-bold">
          {t('account.email_change_title')}
        </h1>
        {actionData?.code !== undefined ? (
          <FormAlert type={actionData.code === ErrorCode.NO_CHANGE ? 'warning' : codeAlertType(actionData.code)} testId="email-change-alert" code={actionData.code}>
            {actionData.sent ? t('account.email_change_sent') : codeMessage(t, actionData.code)}
          </FormAlert>
        ) : null}
        <p className="mb-4 text-sm text-slate-700">{t('account.email_change_text', { email })}</p>
        <Form method="post" className="space-y-4" {...formProps}>
          {errorSummary}
          <CsrfInput />
          <InputField meta={fields.email} label={t('account.email_change_new')} type="email" autoComplete="email" />
          <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
          <InputField meta={fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
          <SubmitButton className="btn-primary w-full" testId="email-change-submit">
            {t('account.save')}
          </SubmitButton>
        </Form>
        <p className="mt-6 text-sm">
          <Link to="/account" className="link-button">
            {t('account.mobile_back')}
          </Link>
        </p>
      </section>
    </div>
  );
}
