// Password reset (spec §2 reset-view1 … reset-view6, §4 Password reset, §5 Security-question reset,
// §7 Password reset; issue #3 §4). View 1 asks for the e-mail and returns the methods the account
// has; the matching views become available and the first opens: 2 security question + birth date
// (typed dd/mm/yyyy, sent yyyy/mm/dd), 3 e-mail code or link, 4 SMS code to the masked mobile,
// 5 'no access' (how to reach support); 6 sets the new password with the single-use token.
// 'Skip' opens the next available view, 'forgot answer' skips the question, 'start over' clears every
// field, 'remembered' goes back to the login. An auto-suspended account sees the suspended notice and
// is re-activated by the new password; the success modal ends the flow.
import type { SubmissionResult } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { birthDateToWire, resetCodeSchema, resetEmailSchema, resetPasswordSchema, resetQuestionSchema } from '../../core/validation/account-forms';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { ResendButton } from '../components/otp-block';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, SECRET_FIELDS } from '../lib/submission.server';
import type { ResetMethodEntry } from '../../worker/services/password-reset';

type View = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** Which view serves which method. */
const VIEW_OF = { security_question: 2, email: 3, sms: 4 } as const;

type ResetState = {
  view: View;
  email: string;
  methods: ResetMethodEntry[];
  suspended: boolean;
  token?: string;
  /** Seconds until a code may be sent again, per method, once one was sent. */
  resendIn?: { email?: number; sms?: number };
  code?: number;
  params?: Record<string, number>;
  result?: SubmissionResult<string[]>;
  prefillCode?: string;
  stamp?: number;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  // The link in the reset e-mail: view 3 with the code filled in. Opening it changes nothing; the
  // visitor confirms with a POST (a mail scanner following links must not use up the code).
  const email = url.searchParams.get('email') ?? '';
  const code = url.searchParams.get('code') ?? '';
  const fromLink = url.searchParams.get('view') === '3' && email && /^\d{6}$/.test(code);
  const state: ResetState = fromLink
    ? { view: 3, email, methods: [{ type: 'email', question: null, target: null }], suspended: false, prefillCode: code, resendIn: { email: 0 } }
    : { view: 1, email: '', methods: [], suspended: false };
  return { meta: { title: t('auth:reset_meta_title') }, state };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

function readMethods(value: FormDataEntryValue | null): ResetMethodEntry[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((m): m is ResetMethodEntry => typeof m === 'object' && m !== null && ['security_question', 'email', 'sms'].includes((m as ResetMethodEntry).type))
      .map((m) => ({ type: m.type, question: typeof m.question === 'string' ? m.question : null, target: typeof m.target === 'string' ? m.target : null }));
  } catch {
    return [];
  }
}

function availableViews(methods: ResetMethodEntry[]): View[] {
  return methods.map((m) => VIEW_OF[m.type]).sort((a, b) => a - b) as View[];
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const intent = String(form.get('intent') ?? 'options');
  const svc = context.services.passwordReset;
  // The state the page carries between views (nothing in it is trusted: each step checks again).
  const carried: ResetState = {
    view: 1,
    email: String(form.get('email') ?? '').trim(),
    methods: readMethods(form.get('methods')),
    suspended: form.get('suspended') === '1',
  };
  const reply = (state: ResetState, status = 200) => data({ state }, { status, headers: state.code === 429 && state.params?.seconds ? { 'Retry-After': String(state.params.seconds) } : undefined });
  const fail = (view: View, r: { code: number; status: number; seconds?: number; attemptsLeft?: number }, result?: SubmissionResult<string[]>) =>
    reply(
      {
        ...carried,
        view,
        code: r.code,
        result,
        params: { ...(r.seconds ? { seconds: r.seconds } : {}), ...(r.attemptsLeft !== undefined ? { attemptsLeft: r.attemptsLeft } : {}) },
      },
      r.status,
    );

  switch (intent) {
    case 'options': {
      const submission = parseForm(form, resetEmailSchema);
      if (submission.status !== 'success') return reply({ ...carried, view: 1, result: submission.reply() }, 400);
      const r = await svc.options(submission.value.email, context.ip);
      if (!r.ok) return fail(1, r, submission.reply());
      const views = availableViews(r.methods);
      return reply({ ...carried, email: submission.value.email, methods: r.methods, suspended: carried.suspended || r.suspended, view: views[0] ?? 5 });
    }
    case 'goto': {
      // Skip / forgot answer / no access: the next view, or one named.
      const views = availableViews(carried.methods);
      const from = Number(form.get('from') ?? 1) as View;
      const target = form.get('to') === 'no_access' ? 5 : (views.find((v) => v > from) ?? 5);
      return reply({ ...carried, view: target as View });
    }
    case 'question': {
      const submission = parseForm(form, resetQuestionSchema);
      if (submission.status !== 'success') return reply({ ...carried, view: 2, result: submission.reply({ hideFields: ['answer'] }) }, 400);
      const r = await svc.answerQuestion({ email: submission.value.email, answer: submission.value.answer, birthDate: birthDateToWire(submission.value.birth_date)!, ip: context.ip });
      if (!r.ok) {
        // Spec §4: two_factor_fail shows step 3 with a failed-authentication notice.
        if (r.code === ErrorCode.TWO_FACTOR_FAIL) return fail(carried.methods.some((m) => m.type === 'email') ? 3 : 5, r);
        return fail(2, r, submission.reply({ hideFields: ['answer'] }));
      }
      return reply({ ...carried, view: 6, token: r.token });
    }
    case 'send_email':
    case 'send_sms': {
      const method = intent === 'send_sms' ? 'sms' : 'email';
      const view: View = method === 'sms' ? 4 : 3;
      const origin = new URL(request.url).origin;
      const r = await svc.sendCode({ email: carried.email, method, ip: context.ip, locale: lang, origin });
      if (!r.ok) return fail(view, r);
      return reply({ ...carried, view, code: r.code, resendIn: { [method]: r.resendIn }, stamp: Date.now() });
    }
    case 'verify_email':
    case 'verify_sms': {
      const method = intent === 'verify_sms' ? 'sms' : 'email';
      const view: View = method === 'sms' ? 4 : 3;
      const submission = parseForm(form, resetCodeSchema);
      const resendIn = { [method]: await svc.resendIn(carried.email, method) };
      if (submission.status !== 'success') return reply({ ...carried, view, resendIn, result: submission.reply({ hideFields: ['code'] }) }, 400);
      const r = await svc.verifyCode({ email: submission.value.email, method, code: submission.value.code });
      if (!r.ok) return reply({ ...carried, view, resendIn, code: r.code, params: { ...(r.seconds ? { seconds: r.seconds } : {}), ...(r.attemptsLeft !== undefined ? { attemptsLeft: r.attemptsLeft } : {}) }, result: submission.reply({ hideFields: ['code'] }) }, r.status);
      return reply({ ...carried, view: 6, token: r.token, code: r.code });
    }
    case 'set_password': {
      const submission = parseForm(form, resetPasswordSchema);
      const token = String(form.get('token') ?? '');
      if (submission.status !== 'success') return reply({ ...carried, view: 6, token, result: submission.reply({ hideFields: SECRET_FIELDS }) }, 400);
      const r = await svc.setPassword({ token: submission.value.token, email: carried.email, password: submission.value.password, locale: lang });
      if (!r.ok) {
        if ('field' in r && r.field === 'password') return reply({ ...carried, view: 6, token, result: submission.reply({ fieldErrors: { password: fieldMessage('PASSWORD_COMMON') }, hideFields: SECRET_FIELDS }) }, 400);
        // A used or expired token cannot be retried: the flow starts over from view 1.
        return fail(r.code === ErrorCode.RESET_PASSWORD_OPTION_NOT_VALID ? 1 : 6, r);
      }
      return reply({ ...carried, view: 7, code: ErrorCode.NEW_PASS_SENT, suspended: false });
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
          <FormAlert type={failedAuth ? 'alert' : codeAlertType(code)} testId="reset-alert" code={code}>
            {failedAuth ? t('reset.failed_auth') : codeMessage(t, code, state.params)}
          </FormAlert>
        ) : null}
        <ResetView key={`${state.view}-${state.stamp ?? ''}-${code ?? ''}`} state={state} />
      </section>
    </div>
  );
}

/** Hidden fields that carry the flow's state from view to view. */
function Carried({ state }: { state: ResetState }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="methods" value={JSON.stringify(state.methods)} />
      {state.suspended ? <input type="hidden" name="suspended" value="1" /> : null}
    </>
  );
}

function FlowLinks({ state, skip }: { state: ResetState; skip?: 'skip' | 'forgot_answer' }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mt-6 flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm">
      {skip ? (
        <Form method="post">
          <Carried state={state} />
          <input type="hidden" name="from" value={state.view} />
          <button type="submit" name="intent" value="goto" className="link-button" data-testid={`reset-${skip}`}>
            {t(`reset.${skip}`)}
          </button>
        </Form>
      ) : null}
      {state.view !== 5 ? (
        <Form method="post">
          <Carried state={state} />
          <input type="hidden" name="to" value="no_access" />
          <button type="submit" name="intent" value="goto" className="link-button" data-testid="reset-no-access">
            {t('reset.no_access')}
          </button>
        </Form>
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
    case 4:
      return <CodeView state={state} method={state.view === 3 ? 'email' : 'sms'} />;
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

function QuestionView({ state }: { state: ResetState }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'reset-question', schema: resetQuestionSchema, lastResult: state.result, defaultValue: { email: state.email } });
  const question = state.methods.find((m) => m.type === 'security_question')?.question ?? '';
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
      <FlowLinks state={state} skip="forgot_answer" />
    </>
  );
}

function CodeView({ state, method }: { state: ResetState; method: 'email' | 'sms' }) {
  const { t } = useTranslation('auth');
  const sentIn = state.resendIn?.[method];
  const sent = sentIn !== undefined;
  const target = state.methods.find((m) => m.type === method)?.target ?? '';
  const { fields, formProps } = useAppForm({ id: `reset-${method}`, schema: resetCodeSchema, lastResult: state.result, defaultValue: { email: state.email, code: state.prefillCode } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{method === 'sms' ? t('reset.view4_text', { target }) : t('reset.view3_text', { target })}</p>
      {!sent ? (
        <Form method="post">
          <Carried state={state} />
          <SubmitButton intent={method === 'sms' ? 'send_sms' : 'send_email'} className="btn-primary w-full" testId={`reset-send-${method}`}>
            {method === 'sms' ? t('reset.send_sms') : t('reset.send_email')}
          </SubmitButton>
        </Form>
      ) : (
        <>
          <Form method="post" className="space-y-4" {...formProps}>
            <Carried state={state} />
            <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
            <SubmitButton intent={method === 'sms' ? 'verify_sms' : 'verify_email'} className="btn-primary w-full" testId="reset-code-submit">
              {t('reset.continue')}
            </SubmitButton>
          </Form>
          <ResendButton
            seconds={sentIn}
            intent={method === 'sms' ? 'send_sms' : 'send_email'}
            hidden={{ email: state.email, methods: JSON.stringify(state.methods), ...(state.suspended ? { suspended: '1' } : {}) }}
            stamp={state.stamp}
          />
        </>
      )}
      <FlowLinks state={state} skip="skip" />
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
        <input type="hidden" name="token" value={state.token ?? ''} />
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
