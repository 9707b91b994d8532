// Login (spec §2 Login/register panel1, §4 Login and GDPR approval at login, §7 Login; issue #3 §3):
// e-mail and password with the refusals of the catalogue (2000, 2011, 429); an account with
// two-factor login answers 2004 and asks for the code from the app or the e-mail (2164 / 2005); a
// profile that has not approved the privacy policy in force gets no session but the agreement
// checkboxes (43005), which post to /auth/login/approval (issue #24 §3).
// Repeated failures earn a growing delay (429 with Retry-After, alike for unknown addresses), never an
// automatic suspension (decision 022 retired 2010 here).
// One action switching on an intent; the same forms work as plain POSTs.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { DEMO_USERS } from '../../db/seed/demo-users';
import { sanitiseProgress } from '../../core/keep-progress';
import { loginSchema, twoFactorSchema } from '../../core/validation/account-forms';
import { AuthTabs } from '../components/auth-tabs';
import { LoginPanel, type LoginActionData } from '../components/login-forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { loginMeta, loginReply, loginSuccess, progressOf } from '../lib/login-reply.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, SECRET_FIELDS } from '../lib/submission.server';


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

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const { lang } = await pageT(request);
  const meta = loginMeta(request, context, form);
  const progress = progressOf(form);
  const success = (setCookies: string[]) => loginSuccess(request, form, redirectTo, progress, setCookies);
  const reply = loginReply(progress);
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
    if ('pending' in result) return reply({ result: null, view: 'gdpr', code: result.code, pending: result.pending }, result.status);
    // Out of attempts or time: the login starts over, with the failed-authentication notice.
    return reply(
      { result: submission.reply({ hideFields: ['code'] }), view: result.restart ? 'login' : 'two_factor', code: result.code, challenge, method, target, params: result.retryAfter ? { seconds: result.retryAfter } : undefined },
      result.status,
      result.retryAfter,
    );
  }

  const submission = parseForm(form, loginSchema);
  if (submission.status !== 'success') return reply({ result: submission.reply({ hideFields: SECRET_FIELDS }), view: 'login', code: ErrorCode.VALIDATION_ERROR, progress: progress ?? undefined }, 400);
  const { email, password } = submission.value;
  const result = await context.services.auth.login(request, { email, password, locale: lang, ...meta });
  if (result.ok) return success(result.setCookies);
  const base = { result: submission.reply({ hideFields: SECRET_FIELDS }), code: result.code, email, progress: progress ?? undefined };
  if ('challenge' in result) return reply({ ...base, view: 'two_factor', challenge: result.challenge, method: result.method, target: result.target }, 401);
  if ('pending' in result) return reply({ result: null, view: 'gdpr', code: result.code, pending: result.pending, progress: progress ?? undefined }, result.status);
  const network: Record<string, number> = 'scope' in result && result.scope === 'network' ? { network: 1 } : {};
  return reply({ ...base, view: 'login', params: result.retryAfter ? { seconds: result.retryAfter, ...network } : undefined }, result.status, result.retryAfter);
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
