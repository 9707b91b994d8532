// Login (spec §2 Login/register, §4 Login and GDPR approval at login): e-mail and password; the
// refusals of the catalogue (2000, 2010, 2011, 429); a profile without the GDPR processing approval
// switches the form to its agreement checkbox (43005), with the button relabelled and disabled until
// it is checked. Works as a plain POST; with JavaScript the same form, without a full reload.
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, resolveCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { TextField } from '../components/text-field';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  return { meta: { title: t('auth.login_meta_title') }, redirectTo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

// Remix forwards only Set-Cookie from actions by itself; a 429 must also say when to retry.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retry = actionHeaders.get('Retry-After');
  if (retry) headers.set('Retry-After', retry);
  return headers;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const gdprMode = form.get('gdpr_mode') === '1';
  const fieldErrors: Record<string, string> = {};
  if (!email) fieldErrors.email = 'required';
  if (!password) fieldErrors.password = 'required';
  if (gdprMode && form.get('gdpr_accept') !== 'on') fieldErrors.gdpr_accept = 'gdpr';
  if (Object.keys(fieldErrors).length) return data({ code: ErrorCode.VALIDATION_ERROR, email, fieldErrors, gdprMode }, { status: 400 });

  const uniqueId = form.get('unique_id');
  const result = await context.services.auth.login(request, {
    email,
    password,
    gdprAccept: gdprMode && form.get('gdpr_accept') === 'on',
    ip: context.ip,
    userAgent: request.headers.get('User-Agent') ?? '',
    visitorId: context.visitorId,
    uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
  });
  if (!result.ok) {
    const headers = new Headers();
    if (result.retryAfter) headers.set('Retry-After', String(result.retryAfter));
    return data(
      { code: result.code, email, fieldErrors: {}, gdprMode: result.code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL || (gdprMode && result.code === ErrorCode.LOGIN_FAILED) },
      { status: result.status, headers },
    );
  }
  const headers = new Headers();
  for (const c of result.setCookies) headers.append('Set-Cookie', c);
  return redirect(redirectTo, { status: 303, headers });
}

export default function Login() {
  const { t } = useTranslation();
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const gdprMode = actionData?.gdprMode ?? false;
  const [agreed, setAgreed] = useState(false);
  const code = actionData?.code;
  const message =
    code === undefined || code === ErrorCode.VALIDATION_ERROR
      ? null
      : code === 429
        ? t('errors:http.429')
        : code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL
          ? null
          : t(`errors:${resolveCode(code).key}`);
  const fieldError = (name: string) => actionData?.fieldErrors && (actionData.fieldErrors as Record<string, string>)[name];

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div role="tablist" aria-label={t('auth.tabs')} className="mb-6 flex gap-2 border-b border-slate-200">
        <span role="tab" id="panel1-tab" aria-selected="true" aria-controls="panel1" className="border-b-2 border-blue-800 px-4 py-2 font-semibold">
          {t('auth.login_tab')}
        </span>
      </div>
      <section id="panel1" role="tabpanel" aria-labelledby="panel1-tab" className="card">
        <h1 className="mb-4 text-2xl font-bold">{gdprMode ? t('auth.gdpr_title') : t('auth.login_title')}</h1>
        {message ? (
          <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900" data-testid="login-alert" data-code={code}>
            {message}
          </div>
        ) : null}
        <Form method="post" className="space-y-4" noValidate>
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            id="email"
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ''}
            error={fieldError('email') ? t('auth.required') : null}
          />
          <TextField
            id="password"
            name="password"
            type="password"
            label={t('auth.password')}
            autoComplete="current-password"
            required
            error={fieldError('password') ? t('auth.required') : null}
          />
          {gdprMode ? (
            <div className="space-y-2" data-testid="gdpr-approval">
              <input type="hidden" name="gdpr_mode" value="1" />
              <p className="text-sm text-slate-700">{t('auth.gdpr_text')}</p>
              <p className="text-sm text-slate-700">{t('auth.gdpr_password_again')}</p>
              <label className="flex items-start gap-2">
                <input type="checkbox" name="gdpr_accept" className="mt-1" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
                <span>{t('auth.gdpr_accept')}</span>
              </label>
              {fieldError('gdpr_accept') ? <p className="text-sm text-red-700">{t('auth.gdpr_required')}</p> : null}
            </div>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy} data-testid="login-submit">
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {gdprMode ? t('auth.accept_and_login') : t('auth.login_button')}
          </button>
          {gdprMode ? (
            <p className="text-center text-sm">
              <Link to="/auth/login" className="link-button">
                {t('actions.cancel')}
              </Link>
            </p>
          ) : null}
        </Form>
      </section>
      <p className="mt-4 text-sm text-slate-600">{t('auth.demo_hint')}</p>
    </div>
  );
}
