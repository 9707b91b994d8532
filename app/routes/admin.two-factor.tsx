// Forced two-factor enrolment of staff (issue #10 §4, decision 024): an administrator without an
// authenticator app lands here from every other admin page and action (requireStaff), scans the QR
// code (or types the key), and confirms with the first code; then the page they asked for opens.
// The enrolment is written to the audit log in the same batch. Plain forms, no JavaScript needed.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { ErrorCode } from '../../core/errors';
import { groupSecret } from '../../core/totp';
import { totpConfirmSchema } from '../../core/validation/account-forms';
import { CsrfInput } from '../components/csrf-input';
import { requireStaffEnrolling } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, type FormResult } from '../lib/submission.server';

/** Where to go afterwards: an admin page only (never back here). */
function nextPath(value: FormDataEntryValue | null): string {
  const path = safeRedirectTo(value, '/admin');
  return path.startsWith('/admin') && !path.startsWith('/admin/two-factor') ? path : '/admin';
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaffEnrolling(request, context);
  const redirectTo = nextPath(new URL(request.url).searchParams.get('redirectTo'));
  if (session.user.totpEnabled) throw redirect(redirectTo, 303);
  const { t } = await pageT(request);
  const enrolment = await context.services.staff.staffTotpEnrolment(session.user.id);
  if (enrolment.enrolled) throw redirect(redirectTo, 303);
  return {
    meta: { title: t('admin:two_factor.meta_title') },
    redirectTo,
    secret: enrolment.secret,
    uri: enrolment.uri,
    // Our own SVG, drawn here from the otpauth URI (no user input in it).
    qr: renderSVG(enrolment.uri, { border: 2 }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { result: FormResult; code?: number };

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaffEnrolling(request, context);
  const form = await readProtectedForm(request, context);
  const redirectTo = nextPath(form.get('redirectTo'));
  if (session.user.totpEnabled) return redirect(redirectTo, 303);
  const submission = parseForm(form, totpConfirmSchema);
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply({ hideFields: ['code'] }) }, 400);
  const ok = await context.services.staff.confirmStaffTotp(session.user.id, submission.value.code, context.ip);
  if (!ok) return data<ActionData>({ result: submission.reply({ hideFields: ['code'] }), code: ErrorCode.TWO_FACTOR_FAIL }, 400);
  return redirect(redirectTo, 303);
}

export default function AdminTwoFactor() {
  const { secret, uri, qr, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation('admin');
  const confirm = useAppForm({ id: 'staff-totp', schema: totpConfirmSchema, lastResult: actionData?.result });
  return (
    <div className="max-w-2xl" data-testid="admin-two-factor">
      <h1 className="text-3xl font-bold">{t('two_factor.title')}</h1>
      <p className="mt-2 text-slate-700">{t('two_factor.intro')}</p>
      {actionData?.code ? (
        <div className="mt-4">
          <FormAlert type="alert" testId="admin-two-factor-alert" code={actionData.code}>
            {codeMessage(t, actionData.code)}
          </FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-start gap-6">
        <div
          className="h-44 w-44 shrink-0 rounded border border-slate-200 bg-white p-1"
          role="img"
          aria-label={t('two_factor.qr')}
          data-testid="totp-qr"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>{t('two_factor.step1')}</li>
          <li>
            {t('two_factor.step2')}{' '}
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider" data-testid="totp-secret" data-secret={secret}>
              {groupSecret(secret)}
            </code>{' '}
            <a href={uri} className="link-button">
              {t('two_factor.open_app')}
            </a>
          </li>
          <li>{t('two_factor.step3')}</li>
        </ol>
      </div>
      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" {...confirm.formProps}>
        {confirm.errorSummary}
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <InputField meta={confirm.fields.code} label={t('two_factor.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        <SubmitButton testId="totp-confirm">{t('two_factor.confirm')}</SubmitButton>
      </Form>
    </div>
  );
}
