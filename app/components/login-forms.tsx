// The login forms (spec §2 Login/register panel1; §4 Login, GDPR approval, two-factor),
// shared by the login page and the login dialog: the page posts with Remix's <Form>, the dialog with a
// fetcher's form to the same action (`/auth/login`), so both get the same answers and errors.
import type { SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import type { Progress } from '../../core/keep-progress';
import { loginApprovalSchema, loginSchema, twoFactorSchema } from '../../core/validation/account-forms';
import { codeAlertType, codeMessage } from '../lib/codes';
import { CheckboxField, FormAlert, hiddenInputProps, InputField, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { CsrfInput } from './csrf-input';
import { PageIdInput } from './page-id-input';
import { ConsentText } from './legal/legal-link';

/** 'done': logged in from the dialog, which loads `redirectTo` afresh (new session, new form token, merged cart). */
export type LoginView = 'login' | 'gdpr' | 'two_factor' | 'done';
export type LoginActionData = {
  result: SubmissionResult<string[]> | null;
  view: LoginView;
  code?: number;
  params?: Record<string, number>;
  email?: string;
  challenge?: string;
  method?: 'totp' | 'email';
  target?: string;
  /** 43005: the pending-login token the GDPR approval form carries (no session until it is given). */
  pending?: string;
  progress?: Progress;
  redirectTo?: string;
};

/** Remix's <Form> or a fetcher's form: anything that renders a <form> posting like Remix's. */
type FormLike = ComponentType<React.ComponentProps<typeof Form>>;

/** The login step the last answer asks for: e-mail and password (or GDPR approval), or the two-factor code. */
/** `idPrefix` set: the dialog's copy (its own ids, and `dialog=1` so a success answers instead of redirecting). */
export function LoginPanel({ data, redirectTo, FormComponent, action, idPrefix = '' }: { data: LoginActionData | undefined; redirectTo: string; FormComponent: FormLike; action?: string; idPrefix?: string }) {
  const { t } = useTranslation('auth');
  const view = data?.view ?? 'login';
  const code = data?.code;
  // 43005 is shown as the form itself; a validation error shows under the fields.
  const alert =
    code === undefined || code === ErrorCode.VALIDATION_ERROR || code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL ? null : (
      <FormAlert type={code === ErrorCode.TWO_FACTOR_AUTH ? 'warning' : codeAlertType(code)} testId="login-alert" code={code}>
        {code === ErrorCode.TWO_FACTOR_FAIL && view === 'login' ? (data?.params?.approval ? t('privacy:approval.expired') : t('two_factor_restart')) : delayedMessage(t, view, code, data?.params) ?? codeMessage(t, code, data?.params)}
      </FormAlert>
    );
  if (view === 'gdpr' && data?.pending) return <GdprApprovalForm key={data.pending} data={{ ...data, pending: data.pending }} redirectTo={redirectTo} alert={alert} FormComponent={FormComponent} idPrefix={idPrefix} />;
  return view === 'two_factor' && data?.challenge ? (
    <TwoFactorForm key={data.challenge} data={data} redirectTo={redirectTo} alert={alert} FormComponent={FormComponent} action={action} idPrefix={idPrefix} />
  ) : (
    <LoginForm data={data} redirectTo={redirectTo} alert={alert} FormComponent={FormComponent} action={action} idPrefix={idPrefix} />
  );
}

/**
 * A growing delay after failed attempts (decision 022) says how long to wait; on the password step it
 * reads the same for every address, known or not, and points to the reset.
 */
function delayedMessage(t: (key: string, options?: Record<string, unknown>) => string, view: LoginView, code: number, params?: Record<string, number>): string | null {
  if (code !== 429 || !params?.seconds) return null;
  if (params.network) return t('login_network_limited', { count: params.seconds });
  return t(view === 'two_factor' ? 'two_factor_delayed' : 'login_delayed', { count: params.seconds });
}

type FormProps = { redirectTo: string; alert: ReactNode; FormComponent: FormLike; action?: string; idPrefix: string };

function LoginForm({ data, redirectTo, alert, FormComponent, action, idPrefix }: FormProps & { data: LoginActionData | undefined }) {
  const { t } = useTranslation('auth');
  const { fields, formProps, errorSummary } = useAppForm({ id: `${idPrefix}login`, schema: loginSchema, lastResult: data?.result });
  return (
    <>
      <h1 id={`${idPrefix}login-title`} className="mb-4 text-2xl font-bold">
        {t('login_title')}
      </h1>
      {alert}
      <FormComponent method="post" action={action} className="space-y-4" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {idPrefix ? <input type="hidden" name="dialog" value="1" /> : null}
        <ProgressFields progress={data?.progress} />
        <InputField meta={fields.email} label={t('email')} type="email" autoComplete="username" />
        <InputField meta={fields.password} label={t('password')} type="password" autoComplete="current-password" />
        <SubmitButton className="btn-primary w-full" testId="login-submit">
          {t('login_button')}
        </SubmitButton>
        <p className="text-sm">
          <Link to="/auth/reset" className="link-button" data-testid="reset-link">
            {t('forgot_password')}
          </Link>
        </p>
      </FormComponent>
    </>
  );
}

/**
 * Spec §4 "GDPR approval at login": the login form is replaced by the agreement checkboxes (43005).
 * It posts the pending-login token to the approval page (/auth/login/approval), which records the
 * approval and only then starts the session; an unchecked box keeps it open (43006). With JavaScript
 * the button stays disabled, and relabelled, until both boxes are checked; without it the server checks.
 */
export function GdprApprovalForm({ data, redirectTo, alert, FormComponent, idPrefix }: Omit<FormProps, 'action'> & { data: LoginActionData & { pending: string } }) {
  const { t } = useTranslation('privacy');
  const { fields, formProps, errorSummary } = useAppForm({ id: `${idPrefix}login-approval`, schema: loginApprovalSchema, lastResult: data.result });
  const [checked, setChecked] = useState({ processing: false, validity: false });
  const hydrated = useHydrated();
  const agreed = checked.processing && checked.validity;
  return (
    <>
      <h1 id={`${idPrefix}login-title`} className="mb-4 text-2xl font-bold">
        {t('approval.title')}
      </h1>
      {alert}
      <FormComponent method="post" action="/auth/login/approval" className="space-y-4" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <PendingInput props={hiddenInputProps(fields.pending)} value={data.pending} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {idPrefix ? <input type="hidden" name="dialog" value="1" /> : null}
        <ProgressFields progress={data.progress} />
        <div
          className="space-y-3"
          data-testid="gdpr-approval"
          onChange={(e) => {
            const box = e.target as HTMLInputElement;
            if (box.name === 'gdpr_processing') setChecked((c) => ({ ...c, processing: box.checked }));
            if (box.name === 'gdpr_validity') setChecked((c) => ({ ...c, validity: box.checked }));
          }}
        >
          <p className="text-sm text-slate-700">{t('approval.text')}</p>
          <CheckboxField meta={fields.gdpr_processing} label={<ConsentText text={t('approval.processing')} />} />
          <CheckboxField meta={fields.gdpr_validity} label={t('approval.validity')} />
        </div>
        <SubmitButton className="btn-primary w-full" testId="login-submit" disabled={hydrated && !agreed}>
          {t('approval.accept_and_login')}
        </SubmitButton>
        <p className="text-sm">
          <Link to="/auth/login" className="link-button" data-testid="approval-cancel">
            {t('approval.cancel')}
          </Link>
        </p>
      </FormComponent>
    </>
  );
}

/** The pending-login token: a fixed value (not conform's default), so React sees one controlled input. */
function PendingInput({ props, value }: { props: ReturnType<typeof hiddenInputProps>; value: string }) {
  const { defaultValue: _default, ...rest } = props as typeof props & { defaultValue?: unknown };
  return <input {...rest} value={value} />;
}

/** The held form values ride along with the login form (and the two-factor step). */
function ProgressFields({ progress }: { progress?: Progress }) {
  if (!progress) return null;
  return (
    <>
      <input type="hidden" name="progress_form" value={progress.form} />
      {Object.entries(progress.values).map(([k, v]) => (
        <input key={k} type="hidden" name={`progress.${k}`} value={v} />
      ))}
    </>
  );
}

function TwoFactorForm({ data, redirectTo, alert, FormComponent, action, idPrefix }: FormProps & { data: LoginActionData }) {
  const { t } = useTranslation('auth');
  const { fields, formProps, errorSummary } = useAppForm({ id: `${idPrefix}two-factor`, schema: twoFactorSchema, lastResult: data.result });
  return (
    <>
      <h1 id={`${idPrefix}login-title`} className="mb-4 text-2xl font-bold">
        {t('two_factor_title')}
      </h1>
      {alert}
      <p className="mb-4 text-sm text-slate-700">{data.method === 'email' ? t('two_factor_email_text', { target: data.target }) : t('two_factor_totp_text')}</p>
      <FormComponent method="post" action={action} className="space-y-4" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="challenge" value={data.challenge} />
        <input type="hidden" name="method" value={data.method} />
        <input type="hidden" name="target" value={data.target ?? ''} />
        {idPrefix ? <input type="hidden" name="dialog" value="1" /> : null}
        <ProgressFields progress={data.progress} />
        <InputField meta={fields.code} label={t('two_factor_code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
        <SubmitButton intent="two_factor" className="btn-primary w-full" testId="two-factor-submit">
          {t('two_factor_submit')}
        </SubmitButton>
        <p className="text-center text-sm">
          <Link to="/auth/login" className="link-button">
            {t('start_over')}
          </Link>
        </p>
      </FormComponent>
    </>
  );
}
