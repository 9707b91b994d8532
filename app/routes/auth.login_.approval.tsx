// The GDPR approval at login as a page of its own (spec §4 "GDPR approval at login", §8 43005/43006;
// issue #24 §3): the agreement checkboxes that replace the login form post here with the pending-login
// token, with or without JavaScript. An unchecked box keeps the form open (43006); a used or expired
// token starts the login over; otherwise the approval is recorded and only then the session starts.
// Opened by itself (no login waiting) the page says so and links to the login.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { loginApprovalSchema } from '../../core/validation/account-forms';
import { LoginPanel, type LoginActionData } from '../components/login-forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { loginMeta, loginReply, loginSuccess, progressOf } from '../lib/login-reply.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  return { meta: { title: t('privacy:approval.meta_title') }, redirectTo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers = retryAfterHeaders({ from: 'action' });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const progress = progressOf(form);
  const reply = loginReply(progress);
  const pending = String(form.get('pending') ?? '');
  const submission = parseForm(form, loginApprovalSchema);
  const result = await context.services.auth.approveAtLogin(request, {
    pending,
    processing: form.get('gdpr_processing') === 'on',
    validity: form.get('gdpr_validity') === 'on',
    ...loginMeta(request, context, form),
  });
  if (result.ok) return loginSuccess(request, form, redirectTo, progress, result.setCookies);
  // Used, expired or unknown: the login starts over, saying why.
  if (result.restart) return reply({ result: null, view: 'login', code: result.code, params: { approval: 1 } }, result.status);
  return reply({ result: submission.reply(), view: 'gdpr', code: result.code, pending, params: result.retryAfter ? { seconds: result.retryAfter } : undefined }, result.status, result.retryAfter);
}

export default function LoginApproval() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LoginActionData | undefined;
  const { t } = useTranslation('privacy');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="login-title" className="card" data-testid="approval-page">
        {actionData ? (
          <LoginPanel data={actionData} redirectTo={redirectTo} FormComponent={Form} action="/auth/login" />
        ) : (
          <>
            <h1 id="login-title" className="mb-4 text-2xl font-bold">
              {t('approval.title')}
            </h1>
            <p className="mb-4 text-slate-700" data-testid="approval-none">
              {t('approval.no_pending')}
            </p>
            <Link to={`/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="btn-primary">
              {t('approval.to_login')}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
