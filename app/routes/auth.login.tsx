// Login (spec §2 Login/register panel1, §4 Login and GDPR approval at login, §7 Login; issue #3 §3):
// e-mail and password with the refusals of the catalogue (2000, 2011, 429); a profile without
// the GDPR processing approval switches the form to its agreement checkbox (43005); an account with
// two-factor login answers 2004 and asks for the code from the app or the e-mail (2164 / 2005).
// Repeated failures earn a growing delay (429 with Retry-After, alike for unknown addresses), never an
// automatic suspension (decision 022 retired 2010 here).
// One action switching on an intent; the same forms work as plain POSTs.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { encodeProgress, KEEP_PROGRESS_COOKIE, KEEP_PROGRESS_SECONDS, sanitiseProgress, type Progress } from '../../core/keep-progress';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import { loginSchema, twoFactorSchema } from '../../core/validation/account-forms';
import { AuthTabs } from '../components/auth-tabs';
import { LoginPanel, type LoginActionData } from '../components/login-forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, SECRET_FIELDS } from '../lib/submission.server';

type ActionData = LoginActionData;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  return { meta: { title: t('auth:login_meta_title') }, redirectTo, lang, demoAccounts: demoAccounts(context.development || context.config.demo) };
}

/**
 * The seeded demo accounts and their passwords, only where the demo seed runs: development, and a
 * production demo whose sandboxes were allowed (issue #19 §4). A real deployment never prints them,
 * and they live here rather than in the translations every page downloads.
 */
function demoAccounts(shown: boolean) {
  if (!shown) return null;
  const customer = DEMO_USERS.find((u) => u.userGroup === 'user');
  const admin = DEMO_USERS.find((u) => u.userGroup === 'admin');
  if (!customer || !admin) return null;
  return { customer: customer.email, customerPassword: customer.password, admin: admin.email, adminPassword: admin.password };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers = retryAfterHeaders({ from: 'action' });

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
    // The dialog loads the page afresh itself: a fetcher's redirect can race the page's own re-reads
    // (the cart merge is broadcast to this tab) and show it with the cookies from before the login.
    if (form.get('dialog') === '1') return data({ result: null, view: 'done', redirectTo } satisfies ActionData, { headers });
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
      { result: submission.reply({ hideFields: ['code'] }), view: result.restart ? 'login' : 'two_factor', code: result.code, challenge, method, target, params: result.retryAfter ? { seconds: result.retryAfter } : undefined },
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
  const gdpr = result.code === ErrorCode.PROFILE_REQUIRED_GDPR_APPROVAL || (gdprShown && result.code === ErrorCode.LOGIN_FAILED);
  const network: Record<string, number> = 'scope' in result && result.scope === 'network' ? { network: 1 } : {};
  return reply({ ...base, view: gdpr ? 'gdpr' : 'login', params: result.retryAfter ? { seconds: result.retryAfter, ...network } : undefined }, result.status, result.retryAfter);
}

export default function Login() {
  const { redirectTo, demoAccounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LoginActionData | undefined;
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <AuthTabs active="panel1" redirectTo={redirectTo} />
      <section id="panel1" aria-labelledby="login-title" className="card">
        <LoginPanel data={actionData} redirectTo={redirectTo} FormComponent={Form} />
      </section>
      {demoAccounts ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="demo-accounts">
          {t('demo_hint', demoAccounts)}
        </p>
      ) : null}
    </div>
  );
}
