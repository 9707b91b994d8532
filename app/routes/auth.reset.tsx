// Password reset (spec §2 reset-view1 … reset-view6, §4 Password reset, §5 Security-question reset,
// §7 Password reset; issue #10 §3, decision 023). View 1 asks for the e-mail and answers every address
// alike: view 3, "if an account exists we sent a code and a link". The code (or the link, confirmed by
// a POST) proves the address and earns a recovery token; nothing about the account is shown before.
// Then: an account with a security question answers it with the birth date (view 2) or, 'forgot
// answer', takes an SMS code to its verified mobile (view 4); 5 is 'no access' (support); 6 sets the
// new password; 7 is the success modal. 'Start over' clears every field, 'remembered' goes to the
// login. An auto-suspended account sees the suspended notice and is re-activated by the new password.
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { birthDateToWire, resetCodeSchema, resetEmailSchema, resetPasswordSchema, resetQuestionSchema, resetSmsCodeSchema } from '../../core/validation/account-forms';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { ResendButton } from '../components/otp-block';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, SECRET_FIELDS } from '../lib/submission.server';

type View = 1 | 2 | 3 | 4 | 5 | 6 | 7;

type ResetState = {
  view: View;
  /** The address typed in view 1 (shown back only as typed: it says nothing about an account). */
  email: string;
  /** The recovery token, once the e-mail is proven; everything after view 3 rests on it. */
  token?: string;
  /** The link's secret from the e-mail, waiting for the visitor's confirming POST. */
  link?: string;
  /** Known only after the e-mail proof (from the server, never from the form). */
  question?: string | null;
  smsTarget?: string | null;
  suspended: boolean;
  /** Seconds until a code may be sent again, once one was sent. */
  resendIn?: number;
  code?: number;
  params?: Record<string, number>;
  result?: SubmissionResult<string[]>;
  stamp?: number;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  // The link in the reset e-mail: opening it changes nothing; the visitor confirms with a POST (a mail
  // scanner following links must not use it up).
  const link = url.searchParams.get('t') ?? '';
  const state: ResetState = link ? { view: 3, email: '', link, suspended: false } : { view: 1, email: '', suspended: false };
  return { meta: { title: t('auth:reset_meta_title') }, state };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const intent = String(form.get('intent') ?? 'options');
  const svc = context.services.passwordReset;
  // What the page carries between views is only the typed address, the notice flag and the token;
  // the token is checked again at every step and the account's details come from the server.
  const carried: ResetState = {
    view: 1,
    email: String(form.get('email') ?? '').trim(),
    token: String(form.get('token') ?? '') || undefined,
    suspended: form.get('suspended') === '1',
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
    return reply({ ...carried, token, question: r.question, smsTarget: r.smsTarget, suspended: carried.suspended || r.suspended, view: next(r), ...extra }, status);
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
      return reply({ ...carried, email: r.email, token: undefined, view: 7, code: ErrorCode.NEW_PASS_SENT, suspended: false });
    }
    default:
      throw data({ code: ErrorCode.UNRECOGNIZED_ACTION }, { status: 400 });
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
        {state.suspended ? (
          <FormAlert type="warning" testId="suspended-notice">
            {t('reset.suspended_notice')}
          </FormAlert>
        ) : null}
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

/** Hidden fields that carry the flow's state from view to view (checked again at every step). */
function Carried({ state }: { state: ResetState }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="email" value={state.email} />
      {state.token ? <input type="hidden" name="token" value={state.token} /> : null}
      {state.suspended ? <input type="hidden" name="suspended" value="1" /> : null}
    </>
  );
}

function GotoButton({ state, to, testId, children }: { state: ResetState; to: 'sms' | 'question' | 'no_access'; testId: string; children: ReactNode }) {
  return (
    <Form method="post">
      <Carried state={state} />
      <input type="hidden" name="to" value={to} />
      <button type="submit" name="intent" value="goto" className="link-button" data-testid={testId}>
        {children}
      </button>
    </Form>
  );
}

function FlowLinks({ state, extra }: { state: ResetState; extra?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mt-6 flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm">
      {extra}
      {state.view !== 5 ? (
        <GotoButton state={state} to="no_access" testId="reset-no-access">
          {t('reset.no_access')}
        </GotoButton>
      ) : null}
      {/* Start over clears every field: a fresh page, nothing carried. */}
      <Link to="/auth/reset" reloadDocument className="link-button" data-testid="reset-start-over">
        {t('reset.start_over')}
      </Link>
      <Link to="/auth/login" className="link-button" data-testid="reset-remembered">
        {t('reset.remembered')}
      </Link>
    </div>
  );
}

function ResetView({ state }: { state: ResetState }) {
  switch (state.view) {
    case 1:
      return <EmailView state={state} />;
    case 2:
      return <QuestionView state={state} />;
    case 3:
      return state.link ? <LinkView state={state} /> : <EmailCodeView state={state} />;
    case 4:
      return <SmsView state={state} />;
    case 5:
      return <NoAccessView state={state} />;
    case 6:
      return <NewPasswordView state={state} />;
    default:
      return <DoneView />;
  }
}

function EmailView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'reset-email', schema: resetEmailSchema, lastResult: state.result, defaultValue: { email: state.email } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.view1_text')}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        <CsrfInput />
        {state.suspended ? <input type="hidden" name="suspended" value="1" /> : null}
        <InputField meta={fields.email} label={t('email')} type="email" autoComplete="username" />
        <SubmitButton intent="options" className="btn-primary w-full" testId="reset-options">
          {t('reset.continue')}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/auth/login" className="link-button" data-testid="reset-remembered">
          {t('reset.remembered')}
        </Link>
      </p>
    </>
  );
}

/** View 3: the same words for every address; the code from the mail, or the link in it. */
function EmailCodeView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'reset-email-code', schema: resetCodeSchema, lastResult: state.result, defaultValue: { email: state.email } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700" data-testid="reset-sent-text">
        {t('reset.view3_text', { target: state.email })}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        <Carried state={state} />
        <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        <SubmitButton intent="verify_email" className="btn-primary w-full" testId="reset-code-submit">
          {t('reset.continue')}
        </SubmitButton>
      </Form>
      <ResendButton seconds={state.resendIn ?? 0} intent="options" hidden={{ email: state.email, ...(state.suspended ? { suspended: '1' } : {}) }} stamp={state.stamp} />
      <FlowLinks state={state} />
    </>
  );
}

function LinkView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.link_text')}</p>
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="link" value={state.link} />
        <SubmitButton intent="link" className="btn-primary w-full" testId="reset-link-continue">
          {t('reset.continue')}
        </SubmitButton>
      </Form>
      <FlowLinks state={state} />
    </>
  );
}

function QuestionView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'reset-question', schema: resetQuestionSchema, lastResult: state.result, defaultValue: { token: state.token } });
  const question = state.question ?? '';
  return (
    <>
      <p className="mb-2 text-sm text-slate-700">{t('reset.view2_text')}</p>
      <p className="mb-4 font-medium" data-testid="reset-question">
        {t(`questions.${question}`, { defaultValue: question })}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        <Carried state={state} />
        <InputField meta={fields.answer} label={t('security_answer')} autoComplete="off" />
        <InputField meta={fields.birth_date} label={t('birth_date')} placeholder={t('birth_date_placeholder')} inputMode="numeric" autoComplete="bday" />
        <SubmitButton intent="question" className="btn-primary w-full" testId="reset-question-submit">
          {t('reset.continue')}
        </SubmitButton>
      </Form>
      <FlowLinks
        state={state}
        extra={
          <GotoButton state={state} to="sms" testId="reset-forgot_answer">
            {t('reset.forgot_answer')}
          </GotoButton>
        }
      />
    </>
  );
}

function SmsView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const sent = state.resendIn !== undefined;
  const { fields, formProps } = useAppForm({ id: 'reset-sms', schema: resetSmsCodeSchema, lastResult: state.result, defaultValue: { token: state.token } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.view4_text', { target: state.smsTarget ?? '' })}</p>
      {!sent ? (
        <Form method="post">
          <Carried state={state} />
          <SubmitButton intent="send_sms" className="btn-primary w-full" testId="reset-send-sms">
            {t('reset.send_sms')}
          </SubmitButton>
        </Form>
      ) : (
        <>
          <Form method="post" className="space-y-4" {...formProps}>
            <Carried state={state} />
            <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
            <SubmitButton intent="verify_sms" className="btn-primary w-full" testId="reset-code-submit">
              {t('reset.continue')}
            </SubmitButton>
          </Form>
          <ResendButton seconds={state.resendIn ?? 0} intent="send_sms" hidden={{ email: state.email, token: state.token ?? '', ...(state.suspended ? { suspended: '1' } : {}) }} stamp={state.stamp} />
        </>
      )}
      <FlowLinks
        state={state}
        extra={
          <GotoButton state={state} to="question" testId="reset-use-question">
            {t('reset.use_question')}
          </GotoButton>
        }
      />
    </>
  );
}

function NoAccessView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{t('reset.view5_text')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>{t('reset.view5_phone')}</li>
        <li>{t('reset.view5_email')}</li>
      </ul>
      <p className="mt-4 text-sm">
        <Link to="/support" className="link-button">
          {t('reset.view5_support')}
        </Link>
      </p>
      <FlowLinks state={state} />
    </>
  );
}

function NewPasswordView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'reset-password', schema: resetPasswordSchema, lastResult: state.result, defaultValue: { token: state.token } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.view6_text')}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        <Carried state={state} />
        <input type="text" name="username" value={state.email} autoComplete="username" readOnly hidden />
        <InputField meta={fields.password} label={t('new_password')} type="password" autoComplete="new-password" hint={t('password_hint')} />
        <InputField meta={fields.password_confirmation} label={t('password_confirmation')} type="password" autoComplete="new-password" />
        <SubmitButton intent="set_password" className="btn-primary w-full" testId="reset-set-password">
          {t('reset.save_password')}
        </SubmitButton>
      </Form>
      <FlowLinks state={state} />
    </>
  );
}

function DoneView() {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  const body: ReactNode = (
    <>
      <p>{t('reset.done_text')}</p>
      <p className="mt-4">
        <Link to="/auth/login" className="btn-primary" data-testid="reset-login">
          {t('login_button')}
        </Link>
      </p>
    </>
  );
  return (
    <div role="status" data-testid="reset-done">
      {body}
      {hydrated ? (
        <Dialog open={open} onClose={() => setOpen(false)} title={t('reset.done_title')} testId="reset-success-modal">
          {body}
        </Dialog>
      ) : null}
    </div>
  );
}
