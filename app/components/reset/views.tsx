// The views of the password reset (app/routes/auth.reset.tsx; spec §2 reset-view1 … reset-view6,
// decision 023): each is a plain form posting to the route's action, so the flow works without
// JavaScript; the state they carry (typed address, recovery token) is checked again at every step.
import type { SubmissionResult } from '@conform-to/react';
import { useRootData } from '../../lib/root-data';
import { Form, Link } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resetCodeSchema, resetEmailSchema, resetPasswordSchema, resetQuestionSchema, resetSmsCodeSchema } from '../../../core/validation/account-forms';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';
import { ResendButton } from '../otp-block';
import { InputField, SubmitButton, useAppForm, useHydrated } from '../../lib/forms';

export type View = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type ResetState = {
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
  /** Seconds until a code may be sent again, once one was sent. */
  resendIn?: number;
  code?: number;
  params?: Record<string, number>;
  result?: SubmissionResult<string[]>;
  stamp?: number;
};

/** Hidden fields that carry the flow's state from view to view (checked again at every step). */
function Carried({ state }: { state: ResetState }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="email" value={state.email} />
      {state.token ? <input type="hidden" name="token" value={state.token} /> : null}
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

export function ResetView({ state }: { state: ResetState }) {
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
  const { fields, formProps, errorSummary } = useAppForm({ id: 'reset-email', schema: resetEmailSchema, lastResult: state.result, defaultValue: { email: state.email } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.view1_text')}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        {errorSummary}
        <CsrfInput />
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
  const { fields, formProps, errorSummary } = useAppForm({ id: 'reset-email-code', schema: resetCodeSchema, lastResult: state.result, defaultValue: { email: state.email } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700" data-testid="reset-sent-text">
        {t('reset.view3_text', { target: state.email })}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        {errorSummary}
        <Carried state={state} />
        <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        <SubmitButton intent="verify_email" className="btn-primary w-full" testId="reset-code-submit">
          {t('reset.continue')}
        </SubmitButton>
      </Form>
      <ResendButton seconds={state.resendIn ?? 0} intent="options" hidden={{ email: state.email }} stamp={state.stamp} />
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
  const { fields, formProps, errorSummary } = useAppForm({ id: 'reset-question', schema: resetQuestionSchema, lastResult: state.result, defaultValue: { token: state.token } });
  const question = state.question ?? '';
  return (
    <>
      <p className="mb-2 text-sm text-slate-700">{t('reset.view2_text')}</p>
      <p className="mb-4 font-medium" data-testid="reset-question">
        {t(`questions.${question}`, { defaultValue: question })}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        {errorSummary}
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
  const { fields, formProps, errorSummary } = useAppForm({ id: 'reset-sms', schema: resetSmsCodeSchema, lastResult: state.result, defaultValue: { token: state.token } });
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
            {errorSummary}
            <Carried state={state} />
            <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
            <SubmitButton intent="verify_sms" className="btn-primary w-full" testId="reset-code-submit">
              {t('reset.continue')}
            </SubmitButton>
          </Form>
          <ResendButton seconds={state.resendIn ?? 0} intent="send_sms" hidden={{ email: state.email, token: state.token ?? '' }} stamp={state.stamp} />
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
  const { seller } = useRootData();
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{t('reset.view5_text')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>{t('reset.view5_phone', { phone: seller.phone })}</li>
        <li>{t('reset.view5_email', { email: seller.email })}</li>
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
  const { fields, formProps, errorSummary } = useAppForm({ id: 'reset-password', schema: resetPasswordSchema, lastResult: state.result, defaultValue: { token: state.token } });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('reset.view6_text')}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        {errorSummary}
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
