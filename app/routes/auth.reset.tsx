// Password reset (spec §2 reset-view1 … reset-view6, §4 Password reset, §5 Security-question reset,
// §7 Password reset; issue #10 §3, decision 023). View 1 asks for the e-mail and answers every address
// alike: view 3, "if an account exists we sent a code and a link". The code (or the link, confirmed by
// a POST) proves the address and earns a recovery token; nothing about the account is shown before.
// Then: an account with a security question answers it with the birth date (view 2) or, 'forgot
// answer', takes an SMS code to its verified mobile (view 4); 5 is 'no access' (support); 6 sets the
// new password; 7 is the success modal. 'Start over' clears every field, 'remembered' goes to the
// login.
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { birthDateToWire, resetCodeSchema, resetEmailSchema, resetPasswordSchema, resetQuestionSchema, resetSmsCodeSchema } from '../../core/validation/account-forms';
import { ResetView, type ResetState, type View } from '../components/reset/views';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, SECRET_FIELDS } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  // The link in the reset e-mail: opening it changes nothing; the visitor confirms with a POST (a mail
  // scanner following links must not use it up).
  const link = url.searchParams.get('t') ?? '';
  const state: ResetState = link ? { view: 3, email: '', link } : { view: 1, email: '' };
  return { meta: { title: t('auth:reset_meta_title') }, state };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const intent = String(form.get('intent') ?? 'options');
  const svc = context.services.passwordReset;
  // What the page carries between views is only the typed address and the token;
  // the token is checked again at every step and the account's details come from the server.
  const carried: ResetState = {
    view: 1,
    email: String(form.get('email') ?? '').trim(),
    token: String(form.get('token') ?? '') || undefined,
  };
  const reply = (state: ResetState, status = 200) => data({ state }, { status, headers: state.code === 429 && state.params?.seconds ? { 'Retry-After': String(state.params.seconds) } : undefined });
  const paramsOf = (r: { seconds?: number; attemptsLeft?: number }) => ({ ...(r.seconds ? { seconds: r.seconds } : {}), ...(r.attemptsLeft !== undefined ? { attemptsLeft: r.attemptsLeft } : {}) });
  const fail = (view: View, r: { code: number; status: number; seconds?: number; attemptsLeft?: number }, result?: SubmissionResult<string[]>, extra: Partial<ResetState> = {}) =>
    reply({ ...carried, ...extra, view, code: r.code, result, params: paramsOf(r) }, r.status);
  /** The views after the e-mail proof, from what the server knows of the token's account. */
  const recovered = async (token: string, next: (r: { stage: 'factor' | 'ready'; question: string | null; smsTarget: string | null }) => View, extra: Partial<ResetState> = {}, status = 200) => {
    const r = await svc.recovery(token);
    // A used, expired or unknown token: the flow starts over from view 1 (2163).
    if (!r.ok) return fail(1, r, undefined, { token: undefined });
    return reply({ ...carried, token, question: r.question, smsTarget: r.smsTarget, view: next(r), ...extra }, status);
  };
  const firstStep = (r: { stage: 'factor' | 'ready' }): View => (r.stage === 'ready' ? 6 : 2);

  switch (intent) {
    case 'options': {
      const submission = parseForm(form, resetEmailSchema);
      if (submission.status !== 'success') return reply({ ...carried, view: 1, result: submission.reply() }, 400);
      const ctx = context.cloudflare.ctx;
      const r = await svc.start({ email: submission.value.email, ip: context.ip, locale: lang, origin: new URL(request.url).origin, defer: (work) => ctx.waitUntil(work) });
      if (!r.ok) return fail(1, r, submission.reply());
      return reply({ ...carried, email: submission.value.email, token: undefined, view: 3, code: r.code, resendIn: r.resendIn, stamp: Date.now() });
    }
    case 'verify_email': {
      const submission = parseForm(form, resetCodeSchema);
      if (submission.status !== 'success') return reply({ ...carried, view: 3, result: submission.reply({ hideFields: ['code'] }) }, 400);
      const r = await svc.verifyEmailCode({ email: submission.value.email, code: submission.value.code, ip: context.ip });
      if (!r.ok) return fail(3, r, submission.reply({ hideFields: ['code'] }));
      return recovered(r.token, firstStep, { code: r.code });
    }
    case 'link': {
      const r = await svc.verifyEmailLink({ link: String(form.get('link') ?? ''), ip: context.ip });
      if (!r.ok) return fail(1, r);
      return recovered(r.token, firstStep, { code: r.code });
    }
    case 'goto': {
      // 'Forgot answer' → the SMS view (only with a verified mobile), 'answer instead' → the question,
      // 'no access' → support. Nothing but 'no access' opens without a live token.
      const to = String(form.get('to') ?? '');
      if (to === 'no_access') return reply({ ...carried, view: 5 });
      if (!carried.token) return reply({ ...carried, view: 1 });
      return recovered(carried.token, (r) => (r.stage === 'ready' ? 6 : to === 'sms' ? (r.smsTarget ? 4 : 5) : 2));
    }
    case 'question': {
      const submission = parseForm(form, resetQuestionSchema);
      if (submission.status !== 'success') return recovered(carried.token ?? '', () => 2, { result: submission.reply({ hideFields: ['answer'] }) });
      const r = await svc.answerQuestion({ token: submission.value.token, answer: submission.value.answer, birthDate: birthDateToWire(submission.value.birth_date)!, ip: context.ip });
      if (!r.ok) {
        if (r.restart) return fail(1, r, undefined, { token: undefined });
        // Spec §4: two_factor_fail shows a failed-authentication notice; the answer can be tried again
        // (a few times) or the SMS taken instead.
        return recovered(submission.value.token, () => 2, { code: r.code, params: paramsOf(r), result: submission.reply({ hideFields: ['answer'] }) }, r.status);
      }
      return recovered(submission.value.token, () => 6);
    }
    case 'send_sms': {
      if (!carried.token) return reply({ ...carried, view: 1, code: ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID }, 400);
      const r = await svc.sendSms({ token: carried.token, ip: context.ip, locale: lang });
      if (!r.ok) {
        if (r.restart) return fail(1, r, undefined, { token: undefined });
        const resendIn = (await svc.smsResendIn(carried.token)) ?? undefined;
        return recovered(carried.token, () => (r.code === ErrorCode.NO_MOBILE_TO_RESET_BY ? 5 : 4), { code: r.code, params: paramsOf(r), resendIn }, r.status);
      }
      return recovered(carried.token, () => 4, { code: r.code, resendIn: r.resendIn, stamp: Date.now() });
    }
    case 'verify_sms': {
      const submission = parseForm(form, resetSmsCodeSchema);
      const token = carried.token ?? '';
      const resendIn = (await svc.smsResendIn(token)) ?? undefined;
      if (submission.status !== 'success') return recovered(token, () => 4, { resendIn, result: submission.reply({ hideFields: ['code'] }) });
      const r = await svc.verifySms({ token, code: submission.value.code });
      if (!r.ok) {
        if (r.restart) return fail(1, r, undefined, { token: undefined });
        return recovered(token, () => 4, { resendIn, code: r.code, params: paramsOf(r), result: submission.reply({ hideFields: ['code'] }) }, r.status);
      }
      return recovered(token, () => 6, { code: r.code });
    }
    case 'set_password': {
      const submission = parseForm(form, resetPasswordSchema);
      const token = String(form.get('token') ?? '');
      if (submission.status !== 'success') return reply({ ...carried, view: 6, token, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400);
      const r = await svc.setPassword({ token: submission.value.token, password: submission.value.password, locale: lang });
      if (!r.ok) {
        if ('field' in r && r.field === 'password') return reply({ ...carried, view: 6, token, result: submission.reply({ fieldErrors: { password: fieldMessage('PASSWORD_COMMON') }, hideFields: SECRET_FIELDS }) }, 400);
        // A used, expired or not-yet-ready token cannot set a password: the flow starts over.
        return fail(1, r, undefined, { token: undefined });
      }
      return reply({ ...carried, email: r.email, token: undefined, view: 7, code: ErrorCode.NEW_PASS_SENT });
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  }
}

export default function Reset() {
  const { t } = useTranslation('auth');
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state: ResetState = actionData?.state ?? loaderData.state;
  const code = state.code;
  const failedAuth = code === ErrorCode.TWO_FACTOR_FAIL;
  // A wrong e-mail code answers alike for every address: one plain sentence, no attempts counted.
  const codeFailed = code === ErrorCode.OTP_MISMATCH_NO_PARAMS && state.view === 3;
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <section className="card" aria-labelledby="reset-title" data-testid="reset" data-view={state.view}>
        <h1 id="reset-title" className="mb-4 text-2xl font-bold">
          {t(`reset.view${state.view}_title`)}
        </h1>
        {code !== undefined && code !== ErrorCode.NEW_PASS_SENT ? (
          <FormAlert type={failedAuth || codeFailed ? 'alert' : codeAlertType(code)} testId="reset-alert" code={code}>
            {failedAuth ? t('reset.failed_auth', { left: state.params?.attemptsLeft ?? 0 }) : codeFailed ? t('reset.code_failed') : codeMessage(t, code, state.params)}
          </FormAlert>
        ) : null}
        <ResetView key={`${state.view}-${state.stamp ?? ''}-${code ?? ''}`} state={state} />
      </section>
    </div>
  );
}

