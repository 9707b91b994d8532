// Login (spec §2 Login/register panel1, §4 Login and GDPR approval at login, §7 Login; issue #3 §3):
// e-mail and password with the refusals of the catalogue (2000, 2010, 2011, 429); a profile without
// the GDPR processing approval switches the form to its agreement checkbox (43005); an account with
// two-factor login answers 2004 and asks for the code from the app or the e-mail (2164 / 2005); an
// auto-suspended account (2010) is sent on into the password reset with the suspended notice.
// One action switching on an intent; the same forms work as plain POSTs.
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { encodeProgress, KEEP_PROGRESS_COOKIE, KEEP_PROGRESS_SECONDS, sanitiseProgress, type Progress } from '../../core/keep-progress';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import { loginSchema, twoFactorSchema } from '../../core/validation/account-forms';
import { AuthTabs } from '../components/auth-tabs';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { codeAlertType, codeMessage } from '../lib/codes';
import { CheckboxField, FormAlert, InputField, SubmitButton, useAppForm, useHydrated } from '../lib/forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, SECRET_FIELDS } from '../lib/submission.server';

type View = 'login' | 'gdpr' | 'two_factor' | 'suspended';
type ActionData = {
  result: SubmissionResult<string[]> | null;
  view: View;
  code?: number;
  params?: Record<string, number>;
  email?: string;
  challenge?: string;
  method?: 'totp' | 'email';
  target?: string;
  progress?: Progress;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  return { meta: { title: t('auth:login_meta_title') }, redirectTo, lang };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

// Remix forwards only Set-Cookie from actions by itself; a 429 must also say when to retry.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retry = actionHeaders.get('Retry-After');
  if (retry) headers.set('Retry-After', retry);
  return headers;
};

function replyWith(progress: Progress | null) {
  // A failed attempt keeps the values held for another page's form (keep_progress).
  return (body: ActionData, status: number, retryAfter?: number) => {
    const headers = new Headers();
    if (retryAfter) headers.set('Retry-After', String(retryAfter));
    return data(progress && !body.progress ? { ...body, progress } : body, { status, headers });
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const uniqueId = form.get('unique_id');
  const { lang } = await pageT(request);
  const meta = {
    ip: context.ip,
    userAgent: request.headers.get('User-Agent') ?? '',
    visitorId: context.visitorId,
    uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
  };
  // keep_progress: a form's values that came along to the login go back to their page in a cookie.
  const progress = sanitiseProgress(form.get('progress_form'), Object.fromEntries([...form].filter(([k]) => k.startsWith('progress.')).map(([k, v]) => [k.slice('progress.'.length), v])));
  const success = (setCookies: string[]) => {
    const headers = new Headers();
    for (const c of setCookies) headers.append('Set-Cookie', c);
    if (progress) headers.append('Set-Cookie', serializeCookie(KEEP_PROGRESS_COOKIE, encodeProgress(progress), { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: KEEP_PROGRESS_SECONDS }));
    return redirect(redirectTo, { status: 303, headers });
  };
  const reply = replyWith(progress);
  // The other page's form has its own hidden intent; the submitter's value comes after it.
  if (form.getAll('intent').includes('keep_progress')) {
    // Another page's form asked to log in first: show the login with that form's values held.
    const held = sanitiseProgress(form.get('progress_form'), Object.fromEntries(form));
    return reply({ result: null, view: 'login', progress: held ?? undefined }, 200);
  }

  if (form.get('intent') === 'two_factor') {
    const submission = parseForm(form, twoFactorSchema);
    const challenge = String(form.get('challenge') ?? '');
    const method = form.get('method') === 'email' ? 'email' : 'totp';
    const target = String(form.get('target') ?? '');
    if (submission.status !== 'success') return reply({ result: submission.reply({ hideFields: ['code'] }), view: 'two_factor', challenge, method, target }, 400);
    const result = await context.services.auth.completeTwoFactor(request, { challenge: submission.value.challenge, code: submission.value.code, ...meta });
    if (result.ok) return success(result.setCookies);
    // Out of attempts or time: the login starts over, with the failed-authentication notice.
    return reply(
      { result: submission.reply({ hideFields: ['code'] }), view: result.restart ? 'login' : 'two_factor', code: result.code, challenge, method, target },
      result.status,
      result.retryAfter,
    );
  }

  const submission = parseForm(form, loginSchema);
  const gdprShown = form.get('gdpr_mode') === '1';
  if (submission.status !== 'success') return reply({ result: submission.reply({ hideFields: SECRET_FIELDS }), view: gdprShown ? 'gdpr' : 'login', code: ErrorCode.VALIDATION_ERROR, progress: progress ?? undefined }, 400);
  const { email, password } = submission.value;
  const result = await context.services.auth.login(request, { email, password, gdprAccept: gdprShown && submission.value.gdpr_accept === true, locale: lang, ...meta });
  if (result.ok) return success(result.setCookies);
  const base = { result: submission.reply({ hideFields: SECRET_FIELDS }), code: result.code, email, progress: progress ?? undefined };
  if ('challenge' in result) return reply({ ...base, view: 'two_factor', challenge: result.challenge, method: result.method, target: result.target }, 401);
  if (result.code === ErrorCode.ACCOUNT_AUTO_SUSPENDED) return reply({ ...base, view: 'suspended' }, result.status);
  const gdpr = result.code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL || (gdprShown && result.code === ErrorCode.LOGIN_FAILED);
  return reply({ ...base, view: gdpr ? 'gdpr' : 'login', params: result.retryAfter ? { seconds: result.retryAfter } : undefined }, result.status, result.retryAfter);
}

export default function Login() {
  const { t } = useTranslation('auth');
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const view = actionData?.view ?? 'login';
  const code = actionData?.code;
  // 43005 is shown as the form itself; a validation error shows under the fields.
  const alert =
    code === undefined || code === ErrorCode.VALIDATION_ERROR || code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL ? null : (
      <FormAlert type={code === ErrorCode.TWO_FACTOR_AUTH ? 'warning' : codeAlertType(code)} testId="login-alert" code={code}>
        {code === ErrorCode.TWO_FACTOR_FAIL && view === 'login' ? t('two_factor_restart') : codeMessage(t, code, actionData?.params)}
      </FormAlert>
    );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <AuthTabs active="panel1" redirectTo={redirectTo} />
      <section id="panel1" aria-labelledby="login-title" className="card">
        {view === 'two_factor' && actionData?.challenge ? (
          <TwoFactorForm key={actionData.challenge} data={actionData} redirectTo={redirectTo} alert={alert} />
        ) : (
          <LoginForm key={view === 'gdpr' ? 'gdpr' : 'login'} data={actionData} view={view} redirectTo={redirectTo} alert={alert} />
        )}
      </section>
      <p className="mt-4 text-sm text-slate-600">{t('demo_hint')}</p>
    </div>
  );
}

function LoginForm({ data, view, redirectTo, alert }: { data: ActionData | undefined; view: View; redirectTo: string; alert: React.ReactNode }) {
  const { t } = useTranslation('auth');
  const gdprMode = view === 'gdpr';
  const { fields, formProps } = useAppForm({ id: 'login', schema: loginSchema, lastResult: data?.result });
  const [agreed, setAgreed] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <h1 id="login-title" className="mb-4 text-2xl font-bold">
        {gdprMode ? t('gdpr_title') : t('login_title')}
      </h1>
      {alert}
      {view === 'suspended' && data?.email ? <SuspendedHandOff email={data.email} /> : null}
      <Form method="post" className="space-y-4" {...formProps}>
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ProgressFields progress={data?.progress} />
        <InputField meta={fields.email} label={t('email')} type="email" autoComplete="username" />
        <InputField meta={fields.password} label={t('password')} type="password" autoComplete="current-password" />
        {gdprMode ? (
          <div className="space-y-2" data-testid="gdpr-approval">
            <input type="hidden" name="gdpr_mode" value="1" />
            <p className="text-sm text-slate-700">{t('gdpr_text')}</p>
            <p className="text-sm text-slate-700">{t('gdpr_password_again')}</p>
            <div onChange={(e) => setAgreed((e.target as HTMLInputElement).checked)}>
              <CheckboxField meta={fields.gdpr_accept} label={t('gdpr_accept')} />
            </div>
          </div>
        ) : null}
        {/* The button stays usable without JavaScript: the server checks the box then (spec §4). */}
        <SubmitButton className="btn-primary w-full" testId="login-submit" disabled={gdprMode && hydrated && !agreed}>
          {gdprMode ? t('accept_and_login') : t('login_button')}
        </SubmitButton>
        <p className="flex justify-between text-sm">
          <Link to="/auth/reset" className="link-button" data-testid="reset-link">
            {t('forgot_password')}
          </Link>
          {gdprMode ? (
            <Link to="/auth/login" className="link-button">
              {t('cancel')}
            </Link>
          ) : null}
        </p>
      </Form>
    </>
  );
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

/**
 * Spec §4: on account_auto_suspended, a hidden form posts the e-mail into the reset flow, which shows the
 * suspended notice. With JavaScript it goes by itself; without, the visitor presses the button.
 */
function SuspendedHandOff({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => ref.current?.requestSubmit(), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Form method="post" action="/auth/reset" ref={ref} className="mb-4" data-testid="suspended-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="options" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="suspended" value="1" />
      <button type="submit" className="btn-primary w-full">
        {t('reset_to_reactivate')}
      </button>
    </Form>
  );
}

function TwoFactorForm({ data, redirectTo, alert }: { data: ActionData; redirectTo: string; alert: React.ReactNode }) {
  const { t } = useTranslation('auth');
  const { fields, formProps } = useAppForm({ id: 'two-factor', schema: twoFactorSchema, lastResult: data.result });
  return (
    <>
      <h1 id="login-title" className="mb-4 text-2xl font-bold">
        {t('two_factor_title')}
      </h1>
      {alert}
      <p className="mb-4 text-sm text-slate-700">{data.method === 'email' ? t('two_factor_email_text', { target: data.target }) : t('two_factor_totp_text')}</p>
      <Form method="post" className="space-y-4" {...formProps}>
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="challenge" value={data.challenge} />
        <input type="hidden" name="method" value={data.method} />
        <input type="hidden" name="target" value={data.target ?? ''} />
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
      </Form>
    </>
  );
}
