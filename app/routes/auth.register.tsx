// Registration (spec §2 Login/register panel2, §4 Registration, §5 Registration, §7 Register; issue #3
// §2): two steps posting once each with the collected fields; the country GR shows the region select
// (sending the option's name in the page's language), other countries a free-text state; a captcha on
// the last step, reset after every validation error; then the OTP block (code by e-mail or SMS, with a
// resend countdown). The code creates the account and logs the visitor in, then data.url (redirectTo).
import type { SubmissionResult } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import {
  otpSchema, REGISTER_STEP1_FIELDS, registerStep1Schema, registerStep2Schema, stepOfField,
} from '../../core/validation/account-forms';
import { passwordStrength, strengthLabelKey } from '../../core/validation/rules';
import { AddressFields, SecurityQuestionFields } from '../components/address-fields';
import { AuthTabs } from '../components/auth-tabs';
import { CsrfInput } from '../components/csrf-input';
import { OtpIntro, ResendButton } from '../components/otp-block';
import { PageIdInput } from '../components/page-id-input';
import { codeAlertType, codeMessage } from '../lib/codes';
import { CheckboxField, FieldErrors, FormAlert, InputField, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm } from '../lib/submission.server';
import type { CaptchaWidget } from '../../worker/adapters/captcha/port';
import { TURNSTILE_ORIGIN } from '../../worker/http/security-headers';
import { useRootData } from '../lib/root-data';

type Step = 1 | 2;
type ActionData =
  | { kind: 'form'; step: Step; result: SubmissionResult<string[]>; code?: number; params?: Record<string, number>; captcha: CaptchaWidget }
  | { kind: 'otp'; code?: number; params?: Record<string, number>; resendStamp?: number; result?: SubmissionResult<string[]> };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  const verify = url.searchParams.get('verify');
  const pending = verify ? await context.services.registration.pending(verify) : null;
  return {
    meta: { title: t('auth:register_meta_title') },
    redirectTo,
    pending,
    // Only a form shown needs a challenge; the OTP view does not.
    captcha: pending ? null : await context.services.registration.captcha(),
    expired: Boolean(verify && !pending),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const retry = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After');
  if (retry) headers.set('Retry-After', retry);
  return headers;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const intent = String(form.get('intent') ?? 'continue');
  const services = context.services;
  const newCaptcha = () => services.registration.captcha();

  switch (intent) {
    case 'previous': {
      // Back to step 1 with everything kept; nothing is checked.
      const submission = parseForm(form, registerStep1Schema);
      return data<ActionData>({ kind: 'form', step: 1, result: { ...submission.reply(), error: {} }, captcha: await newCaptcha() });
    }
    case 'continue': {
      const submission = parseForm(form, registerStep1Schema);
      if (submission.status !== 'success') return data<ActionData>({ kind: 'form', step: 1, result: submission.reply(), code: ErrorCode.VALIDATION_ERROR, captcha: await newCaptcha() }, 400);
      const checked = await services.registration.checkStep1(submission.value);
      if (!checked.ok) return data<ActionData>({ kind: 'form', step: 1, result: submission.reply({ fieldErrors: checked.fieldErrors }), code: checked.code, captcha: await newCaptcha() }, checked.status);
      return data<ActionData>({ kind: 'form', step: 2, result: submission.reply(), captcha: await newCaptcha() });
    }
    case 'register': {
      const submission = parseForm(form, registerStep2Schema);
      const stepFor = (errors: Record<string, unknown> | null | undefined): Step =>
        Object.entries(errors ?? {}).some(([name, e]) => Array.isArray(e) && e.length > 0 && stepOfField(name) === 1) ? 1 : 2;
      if (submission.status !== 'success') {
        // The captcha is reset on every validation error (spec §5), so it is checked again next time.
        return data<ActionData>({ kind: 'form', step: stepFor(submission.error), result: submission.reply(), code: ErrorCode.VALIDATION_ERROR, captcha: await newCaptcha() }, 400);
      }
      const result = await services.registration.register(submission.value, {
        captchaResponse: String(form.get('captcha_response') ?? form.get('cf-turnstile-response') ?? ''),
        captchaId: String(form.get('captcha_id') ?? '') || undefined,
        ip: context.ip,
        locale: lang,
      });
      if (!result.ok) {
        const headers = result.code === 429 && result.seconds ? { 'Retry-After': String(result.seconds) } : undefined;
        return data<ActionData>(
          {
            kind: 'form',
            step: stepFor(result.fieldErrors),
            result: submission.reply({ fieldErrors: result.fieldErrors ?? {} }),
            code: result.code,
            params: result.seconds ? { seconds: result.seconds } : undefined,
            captcha: await newCaptcha(),
          },
          { status: result.status, headers },
        );
      }
      // Post/redirect/get: a reload shows the OTP block again instead of re-posting the form.
      const next = new URLSearchParams({ verify: result.pending.token });
      if (redirectTo !== '/') next.set('redirectTo', redirectTo);
      return redirect(`/auth/register?${next.toString()}`, 303);
    }
    case 'verify_otp': {
      const token = String(form.get('registration') ?? '');
      const submission = parseForm(form, otpSchema);
      if (submission.status !== 'success') return data<ActionData>({ kind: 'otp', result: submission.reply({ hideFields: ['code'] }) }, 400);
      const verified = await services.registration.verify(token, submission.value.code);
      if (!verified.ok) {
        const params = { ...(verified.attemptsLeft !== undefined ? { attemptsLeft: verified.attemptsLeft } : {}), ...(verified.seconds ? { seconds: verified.seconds } : {}) };
        return data<ActionData>({ kind: 'otp', code: verified.code, params, result: submission.reply({ hideFields: ['code'] }) }, verified.status);
      }
      const uniqueId = form.get('unique_id');
      const cookies = await services.auth.loginVerified(request, verified.userId, {
        ip: context.ip,
        userAgent: request.headers.get('User-Agent') ?? '',
        visitorId: context.visitorId,
        uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
      });
      const headers = new Headers();
      for (const c of cookies) headers.append('Set-Cookie', c);
      return redirect(redirectTo === '/' ? '/account?welcome=1' : redirectTo, { status: 303, headers });
    }
    case 'resend_otp': {
      const token = String(form.get('registration') ?? '');
      const sent = await services.registration.resend(token, { ip: context.ip, locale: lang });
      if (!sent.ok) return data<ActionData>({ kind: 'otp', code: sent.code, params: sent.seconds ? { seconds: sent.seconds } : undefined }, sent.status);
      return data<ActionData>({ kind: 'otp', code: ErrorCode.EMAIL_SENT, resendStamp: Date.now() });
    }
    default:
      throw data({ code: ErrorCode.UNRECOGNIZED_ACTION, fieldErrors: fieldMessage('INVALID') }, { status: 400 });
  }
}

export default function Register() {
  const { t } = useTranslation('auth');
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = loaderData.pending;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <AuthTabs active="panel2" redirectTo={loaderData.redirectTo} />
      <section id="panel2" aria-labelledby="register-title" className="card">
        <h1 id="register-title" className="mb-4 text-2xl font-bold">
          {pending ? t('otp.title') : t('register_title')}
        </h1>
        {loaderData.expired ? <FormAlert type="warning">{t('otp.registration_expired')}</FormAlert> : null}
        {pending ? (
          <OtpStep pending={pending} actionData={actionData?.kind === 'otp' ? actionData : undefined} redirectTo={loaderData.redirectTo} />
        ) : (
          <RegisterForm
            key={actionData?.kind === 'form' ? `${actionData.step}` : 'start'}
            actionData={actionData?.kind === 'form' ? actionData : undefined}
            captcha={(actionData?.kind === 'form' ? actionData.captcha : loaderData.captcha)!}
            redirectTo={loaderData.redirectTo}
          />
        )}
      </section>
    </div>
  );
}

function RegisterForm({ actionData, captcha, redirectTo }: { actionData?: Extract<ActionData, { kind: 'form' }>; captcha: CaptchaWidget; redirectTo: string }) {
  const { t } = useTranslation('auth');
  const step: Step = actionData?.step ?? 1;
  const hydrated = useHydrated();
  const { fields, formProps } = useAppForm({
    id: 'register',
    // Step 2's schema covers step 1's fields too; typing the form by it lets both steps share it.
    schema: (step === 1 ? registerStep1Schema : registerStep2Schema) as typeof registerStep2Schema,
    lastResult: actionData?.result,
    defaultValue: { country: 'GR', otp_channel: 'email' },
  });
  const [password, setPassword] = useState(String(fields.password.initialValue ?? ''));
  const strength = passwordStrength(password);
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
    ) : code === ErrorCode.VALIDATION_ERROR ? (
      <FormAlert type="alert" testId="register-alert" code={code}>
        {t('fix_errors')}
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
      <Form method="post" className="space-y-4" {...formProps} onSubmit={onSubmit} data-step={step} data-testid="register-form">
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {step === 1 ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">{t('step1_title')}</legend>
            <InputField className="sm:col-span-2" meta={fields.email} label={t('email')} type="email" autoComplete="email" />
            <div className="sm:col-span-2" onInput={(e) => (e.target as HTMLInputElement).name === 'password' && setPassword((e.target as HTMLInputElement).value)}>
              <InputField meta={fields.password} label={t('password')} type="password" autoComplete="new-password" hint={t('password_hint')}>
                {hydrated ? (
                  <div className="mt-2" data-testid="strength-meter" data-level={strength.level}>
                    <meter min={0} max={100} low={40} high={61} optimum={100} value={strength.score} className="w-full" aria-label={t('strength')} />
                    <span className="text-xs text-slate-700">{password ? t(strengthLabelKey(strength.level)) : ''}</span>
                  </div>
                ) : null}
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
              <input {...getInputProps(fields[name], { type: 'hidden' })} key={name} />
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
              <CheckboxField meta={fields.gdpr_processing} label={t('gdpr_processing')} />
              <CheckboxField meta={fields.gdpr_validity} label={t('gdpr_validity')} />
              <CheckboxField meta={fields.gdpr_communication} label={t('gdpr_communication')} />
              <div data-testid="newsletter-row">
                <CheckboxField meta={fields.newsletter} label={t('newsletter')} />
              </div>
              <CheckboxField meta={fields.terms} label={t('terms')} />
            </fieldset>
            <Captcha widget={captcha} errors={fields.captcha_response?.errors ?? (actionData?.result.error?.captcha_response as string[] | undefined)} />
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
      </Form>
      <p className="mt-4 text-sm text-slate-600">
        {t('have_account')}{' '}
        <Link to="/auth/login" className="link-button">
          {t('login_tab')}
        </Link>
      </p>
    </>
  );
}

type TurnstileApi = { reset(): void };

function Captcha({ widget, errors }: { widget: CaptchaWidget; errors: string[] | undefined }) {
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
        <FieldErrors id="captcha-error" errors={errors} />
      </div>
    );
  }
  return (
    <div data-testid="captcha" data-a={widget.a} data-b={widget.b}>
      <input type="hidden" name="captcha_id" value={widget.id} />
      <label htmlFor="captcha_response" className="block text-sm font-medium">
        {t('captcha_question', { a: widget.a, b: widget.b })}
      </label>
      <input
        id="captcha_response"
        name="captcha_response"
        key={widget.id}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? 'captcha-error' : 'captcha-hint'}
        className="mt-1 w-32 rounded border border-slate-300 px-3 py-2"
      />
      <p id="captcha-hint" className="mt-1 text-xs text-slate-600">
        {t('captcha_hint')}
      </p>
      <FieldErrors id="captcha-error" errors={errors} />
    </div>
  );
}

function OtpStep({
  pending,
  actionData,
  redirectTo,
}: {
  pending: { token: string; channel: 'email' | 'sms'; target: string; resendIn: number };
  actionData?: Extract<ActionData, { kind: 'otp' }>;
  redirectTo: string;
}) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'otp', schema: otpSchema, lastResult: actionData?.result });
  const code = actionData?.code;
  return (
    <>
      {code !== undefined ? (
        <FormAlert type={codeAlertType(code)} testId="otp-alert" code={code}>
          {code === ErrorCode.EMAIL_SENT ? t('otp.resent') : codeMessage(t, code, actionData?.params)}
        </FormAlert>
      ) : null}
      <OtpIntro channel={pending.channel} target={pending.target} />
      <Form method="post" className="space-y-4" {...formProps}>
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="registration" value={pending.token} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <InputField meta={fields.code} label={t('otp.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
        <SubmitButton intent="verify_otp" className="btn-primary w-full" testId="otp-submit">
          {t('otp.verify')}
        </SubmitButton>
      </Form>
      <ResendButton seconds={pending.resendIn} intent="resend_otp" hidden={{ registration: pending.token }} stamp={actionData?.resendStamp} />
    </>
  );
}
