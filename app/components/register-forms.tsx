// The registration forms (spec §2 Login/register panel2; §4/§5 Registration; issue #3 §2), shared by
// the registration page and the login dialog's register tab: two steps, the captcha, then the OTP
// block. The page posts with Remix's <Form>; the dialog with a fetcher's form to the same action
// (`/auth/register`) plus `dialog=1`, so the answers and errors are the page's, and the OTP step and
// the final login answer data instead of redirecting away from the page the visitor was on.
import type { SubmissionResult } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { authLinkBack } from '../../core/safe-redirect';
import { otpSchema, REGISTER_STEP1_FIELDS, registerStep1Schema, registerStep2Schema } from '../../core/validation/account-forms';
import type { CaptchaWidget } from '../../worker/adapters/captcha/port';
import { TURNSTILE_ORIGIN } from '../../worker/http/security-headers';
import { codeAlertType, codeMessage } from '../lib/codes';
import { CheckboxField, FieldErrors, FormAlert, hiddenInputProps, InputField, RequiredMark, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { useRootData } from '../lib/root-data';
import { AddressFields, SecurityQuestionFields } from './address-fields';
import { CsrfInput } from './csrf-input';
import { OtpIntro, ResendButton } from './otp-block';
import { PageIdInput } from './page-id-input';
import { StrengthMeter } from './strength-meter';
import { ConsentText } from './legal/legal-link';

export type RegisterStep = 1 | 2;
export type PendingRegistration = { token: string; channel: 'email' | 'sms'; target: string; resendIn: number };
export type RegisterActionData =
  | { kind: 'form'; step: RegisterStep; result: SubmissionResult<string[]>; code?: number; params?: Record<string, number>; captcha: CaptchaWidget }
  // `pending` only in the dialog's answer to a successful registration (the page redirects to ?verify=).
  | { kind: 'otp'; code?: number; params?: Record<string, number>; resendStamp?: number; result?: SubmissionResult<string[]>; pending?: PendingRegistration }
  /** Registered and logged in from the dialog: it loads `redirectTo` afresh. */
  | { kind: 'done'; redirectTo: string };

/** Remix's <Form> or a fetcher's form. */
type FormLike = ComponentType<React.ComponentProps<typeof Form>>;
type Target = { FormComponent?: FormLike; action?: string; idPrefix?: string };

export function RegisterForm({
  actionData,
  captcha,
  redirectTo,
  FormComponent = Form,
  action,
  idPrefix = '',
}: { actionData?: Extract<RegisterActionData, { kind: 'form' }>; captcha: CaptchaWidget; redirectTo: string } & Target) {
  const { t } = useTranslation('auth');
  const step: RegisterStep = actionData?.step ?? 1;
  const hydrated = useHydrated();
  const { fields, formProps, errorSummary } = useAppForm({
    id: `${idPrefix}register`,
    summaryIds: { captcha_response: `${idPrefix}captcha_response` },
    summaryCode: actionData?.code,
    // Step 2's schema covers step 1's fields too; typing the form by it lets both steps share it.
    schema: (step === 1 ? registerStep1Schema : registerStep2Schema) as typeof registerStep2Schema,
    lastResult: actionData?.result,
    defaultValue: { country: 'GR', otp_channel: 'email' },
  });
  const [password, setPassword] = useState(String(fields.password.initialValue ?? ''));
  const code = actionData?.code;

  // Spec §5 Registration: unchecked boxes and empty fields are not sent. Disabling the empty ones for
  // the instant the browser builds the form data leaves them out; they come back right after.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const empties = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[name]:not([type=hidden]):not([type=checkbox]):not([type=radio]), select[name]')].filter(
      (el) => el.value === '' && !el.disabled,
    );
    for (const el of empties) el.disabled = true;
    window.setTimeout(() => empties.forEach((el) => (el.disabled = false)), 0);
  };

  const alert =
    code !== undefined && code !== ErrorCode.VALIDATION_ERROR ? (
      <FormAlert type={codeAlertType(code)} testId="register-alert" code={code}>
        {codeMessage(t, code, actionData?.params)}
      </FormAlert>
    ) : null;

  return (
    <>
      <ol className="mb-6 flex gap-4 text-sm" aria-label={t('register_steps')}>
        <li aria-current={step === 1 ? 'step' : undefined} className={step === 1 ? 'font-semibold text-blue-900' : 'text-slate-500'}>
          1. {t('step1_title')}
        </li>
        <li aria-current={step === 2 ? 'step' : undefined} className={step === 2 ? 'font-semibold text-blue-900' : 'text-slate-500'}>
          2. {t('step2_title')}
        </li>
      </ol>
      {alert}
      <FormComponent method="post" action={action} className="space-y-4" {...formProps} onSubmit={onSubmit} data-step={step} data-testid="register-form">
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {idPrefix ? <input type="hidden" name="dialog" value="1" /> : null}
        {/* The error summary (issue #25 §5): the same list of links to the fields with and without JavaScript. */}
        {errorSummary}
        {step === 1 ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">{t('step1_title')}</legend>
            <InputField className="sm:col-span-2" meta={fields.email} label={t('email')} type="email" autoComplete="email" />
            <div className="sm:col-span-2" onInput={(e) => (e.target as HTMLInputElement).name === 'password' && setPassword((e.target as HTMLInputElement).value)}>
              <InputField meta={fields.password} label={t('password')} type="password" autoComplete="new-password" hint={t('password_hint')}>
                {hydrated ? <StrengthMeter password={password} label={t('strength')} /> : null}
              </InputField>
            </div>
            <InputField className="sm:col-span-2" meta={fields.password_confirmation} label={t('password_confirmation')} type="password" autoComplete="new-password" />
            <InputField meta={fields.first_name} label={t('first_name')} autoComplete="given-name" />
            <InputField meta={fields.last_name} label={t('last_name')} autoComplete="family-name" />
            <div className="sm:col-span-2">
              <SubmitButton intent="continue" className="btn-primary w-full" testId="register-continue">
                {t('continue')}
              </SubmitButton>
            </div>
          </fieldset>
        ) : (
          <>
            {/* Step 2 posts the step-1 fields again (spec §7 Register: the collected fields). */}
            {REGISTER_STEP1_FIELDS.map((name) => (
              <input {...hiddenInputProps(fields[name])} key={name} />
            ))}
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="sr-only">{t('step2_title')}</legend>
              <AddressFields fields={fields} />
              <fieldset>
                <legend className="block text-sm font-medium">{t('otp_channel')}</legend>
                <div className="mt-1 flex gap-4">
                  {(['email', 'sms'] as const).map((ch) => (
                    <label key={ch} className="flex items-center gap-2 text-sm">
                      <input type="radio" name={fields.otp_channel.name} value={ch} defaultChecked={(fields.otp_channel.initialValue ?? 'email') === ch} />
                      {t(`otp_channel_${ch}`)}
                    </label>
                  ))}
                </div>
                <FieldErrors id={fields.otp_channel.errorId} errors={fields.otp_channel.errors} />
              </fieldset>
            </fieldset>
            <details className="rounded border border-slate-200 p-3" open={Boolean(fields.security_question.errors || fields.security_answer.errors || fields.birth_date.errors) || undefined}>
              <summary className="cursor-pointer text-sm font-medium">{t('security_summary')}</summary>
              <p className="mt-2 text-xs text-slate-600">{t('security_help')}</p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <SecurityQuestionFields fields={fields} />
              </div>
            </details>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t('consents')}</legend>
              <CheckboxField meta={fields.gdpr_processing} label={<ConsentText text={t('gdpr_processing')} />} />
              <CheckboxField meta={fields.gdpr_validity} label={t('gdpr_validity')} />
              <CheckboxField meta={fields.gdpr_communication} label={t('gdpr_communication')} />
              <div data-testid="newsletter-row">
                <CheckboxField meta={fields.newsletter} label={t('newsletter')} />
              </div>
              <CheckboxField meta={fields.terms} label={<ConsentText text={t('terms')} />} />
            </fieldset>
            <Captcha widget={captcha} idPrefix={idPrefix} errors={fields.captcha_response?.errors ?? (actionData?.result.error?.captcha_response as string[] | undefined)} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <button type="submit" name="intent" value="previous" formNoValidate className="btn-secondary" data-testid="register-previous">
                {t('previous')}
              </button>
              <SubmitButton intent="register" className="btn-primary" testId="register-submit">
                {t('register_button')}
              </SubmitButton>
            </div>
          </>
        )}
      </FormComponent>
      <p className="mt-4 text-sm text-slate-600">
        {t('have_account')}{' '}
        <Link to={authLinkBack('/auth/login', redirectTo)} className="link-button">
          {t('login_tab')}
        </Link>
      </p>
    </>
  );
}

type TurnstileApi = { reset(): void };

function Captcha({ widget, errors, idPrefix }: { widget: CaptchaWidget; errors: string[] | undefined; idPrefix: string }) {
  const { t } = useTranslation('auth');
  const { nonce } = useRootData();
  // Spec §5: a validation error resets the captcha. The sandbox gets a new challenge from the server;
  // Turnstile's widget is reset in place, since its token is single-use too.
  useEffect(() => {
    if (widget.kind === 'turnstile' && errors) (window as unknown as { turnstile?: TurnstileApi }).turnstile?.reset();
  }, [widget, errors]);
  if (widget.kind === 'turnstile') {
    return (
      <div>
        <script src={`${TURNSTILE_ORIGIN}/turnstile/v0/api.js`} async defer nonce={nonce} />
        <div className="cf-turnstile" data-sitekey={widget.siteKey} data-response-field-name="captcha_response" />
        <noscript>
          <p className="text-sm text-slate-700">{t('captcha_needs_js')}</p>
        </noscript>
        <FieldErrors id={`${idPrefix}captcha-error`} errors={errors} />
      </div>
    );
  }
  return (
    <div data-testid="captcha" data-a={widget.a} data-b={widget.b}>
      <input type="hidden" name="captcha_id" value={widget.id} />
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={`${idPrefix}captcha_response`}>{t('captcha_question', { a: widget.a, b: widget.b })}</label>
        <RequiredMark testId="required-mark-captcha" />
      </div>
      <input
        id={`${idPrefix}captcha_response`}
        name="captcha_response"
        key={widget.id}
        required
        aria-required="true"
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${idPrefix}captcha-error` : `${idPrefix}captcha-hint`}
        className="mt-1 w-32 rounded border border-slate-300 px-3 py-2"
      />
      <p id={`${idPrefix}captcha-hint`} className="mt-1 text-xs text-slate-600">
        {t('captcha_hint')}
      </p>
      <FieldErrors id={`${idPrefix}captcha-error`} errors={errors} />
    </div>
  );
}

export function OtpStep({
  pending,
  actionData,
  redirectTo,
  FormComponent = Form,
  action,
  idPrefix = '',
}: {
  pending: PendingRegistration;
  actionData?: Extract<RegisterActionData, { kind: 'otp' }>;
  redirectTo: string;
} & Target) {
  const { t } = useTranslation('auth');
  const { fields, formProps, errorSummary } = useAppForm({ id: `${idPrefix}otp`, schema: otpSchema, lastResult: actionData?.result });
  const code = actionData?.code;
  return (
    <>
      {code !== undefined ? (
        <FormAlert type={codeAlertType(code)} testId="otp-alert" code={code}>
          {code === ErrorCode.EMAIL_SENT ? t('otp.resent') : codeMessage(t, code, actionData?.params)}
        </FormAlert>
      ) : null}
      <OtpIntro channel={pending.channel} target={pending.target} />
      <FormComponent method="post" action={action} className="space-y-4" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="registration" value={pending.token} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {idPrefix ? <input type="hidden" name="dialog" value="1" /> : null}
        <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
        <SubmitButton intent="verify_otp" className="btn-primary w-full" testId="otp-submit">
          {t('otp.verify')}
        </SubmitButton>
      </FormComponent>
      <ResendButton seconds={pending.resendIn} intent="resend_otp" hidden={{ registration: pending.token }} stamp={actionData?.resendStamp} FormComponent={FormComponent} action={action} />
    </>
  );
}
