// The mobile's verification (issue #10 §3, decision 023): only a verified mobile may receive a
// password-reset SMS, and a changed number starts unverified. The account page links here while the
// number is unverified; a code by SMS verifies it. Works without JavaScript (two plain POSTs).
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { otpSchema } from '../../core/validation/account-forms';
import { CsrfInput } from '../components/csrf-input';
import { ResendButton } from '../components/otp-block';
import { readAccountAction } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

type ActionData = { code?: number; params?: Record<string, number>; resendIn?: number; result?: SubmissionResult<string[]>; stamp: number };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const state = await context.services.account.mobileVerification(session.user.id);
  return { meta: { title: t('auth:account.mobile_verify_title') }, ...state };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  const account = context.services.account;
  const stamp = Date.now();
  const paramsOf = (r: { seconds?: number; attemptsLeft?: number }) => ({ ...(r.seconds ? { seconds: r.seconds } : {}), ...(r.attemptsLeft !== undefined ? { attemptsLeft: r.attemptsLeft } : {}) });
  if (intent === 'send') {
    const r = await account.sendMobileCode(session.user.id, { ip: context.ip, locale: lang });
    if (!r.ok) return data<ActionData>({ code: r.code, params: paramsOf(r), resendIn: (await account.mobileVerification(session.user.id)).resendIn, stamp }, r.status);
    return data<ActionData>({ code: r.code, resendIn: r.resendIn, stamp });
  }
  const submission = parseForm(form, otpSchema);
  const resendIn = (await account.mobileVerification(session.user.id)).resendIn;
  if (submission.status !== 'success') return data<ActionData>({ resendIn, result: submission.reply({ hideFields: ['code'] }), stamp }, 400);
  const r = await account.verifyMobileCode(session.user.id, submission.value.code);
  if (!r.ok) return data<ActionData>({ code: r.code, params: paramsOf(r), resendIn, result: submission.reply({ hideFields: ['code'] }), stamp }, r.status);
  return data<ActionData>({ code: r.code, stamp });
}

export default function MobileVerification() {
  const { t } = useTranslation('auth');
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const verified = loaded.verified || actionData?.code === 1053;
  const sent = actionData?.resendIn !== undefined;
  const { fields, formProps, errorSummary } = useAppForm({ id: 'mobile-code', schema: otpSchema, lastResult: actionData?.result });
  return (
    <div className="max-w-lg">
      <section className="card" aria-labelledby="mobile-title" data-testid="mobile-verify" data-verified={verified}>
        <h1 id="mobile-title" className="mb-4 text-2xl font-bold">
          {t('account.mobile_verify_title')}
        </h1>
        {actionData?.code !== undefined ? (
          <FormAlert type={codeAlertType(actionData.code)} testId="mobile-alert" code={actionData.code}>
            {codeMessage(t, actionData.code, actionData.params)}
          </FormAlert>
        ) : null}
        <p className="mb-4 text-sm text-slate-700">{loaded.mobile ? t('account.mobile_verify_text', { mobile: loaded.mobile }) : t('account.mobile_none')}</p>
        {loaded.mobile && !verified ? (
          sent ? (
            <>
              <Form method="post" className="space-y-4" {...formProps}>
                {errorSummary}
                <CsrfInput />
                <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
                <SubmitButton intent="verify" className="btn-primary w-full" testId="mobile-code-submit">
                  {t('reset.continue')}
                </SubmitButton>
              </Form>
              <ResendButton seconds={actionData?.resendIn ?? 0} intent="send" hidden={{}} stamp={actionData?.stamp} />
            </>
          ) : (
            <Form method="post">
              <CsrfInput />
              <SubmitButton intent="send" className="btn-primary w-full" testId="mobile-send">
                {t('reset.send_sms')}
              </SubmitButton>
            </Form>
          )
        ) : null}
        <p className="mt-6 text-sm">
          <Link to="/account" className="link-button" data-testid="mobile-back">
            {t('account.mobile_back')}
          </Link>
        </p>
      </section>
    </div>
  );
}
