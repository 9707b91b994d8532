// E-mail verification by link (issue #3 §5, spec §4 E-mail verification). Opening the link shows a
// button; pressing it (a POST) verifies the address, so a mail scanner that follows links cannot use
// the token up. Every open tab of the account hears EmailVerified and turns its label to 'verified'.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from '../components/csrf-input';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  return { meta: { title: t('auth:verify_meta_title') }, token: new URL(request.url).searchParams.get('token') ?? '' };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const result = await context.services.account.confirmEmail(String(form.get('token') ?? ''));
  if (!result.ok) return data({ ok: false as const, code: result.code }, { status: result.status });
  return { ok: true as const, email: result.email };
}

export default function VerifyEmail() {
  const { t } = useTranslation('auth');
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card" aria-labelledby="verify-title">
        <h1 id="verify-title" className="mb-4 text-2xl font-bold">
          {t('verify.title')}
        </h1>
        {result?.ok ? (
          <FormAlert type="success" testId="verify-done">
            {t('verify.done', { email: result.email })}
          </FormAlert>
        ) : result || !token ? (
          <FormAlert type="alert" testId="verify-invalid" code={result && !result.ok ? result.code : undefined}>
            {t('verify.invalid')}
          </FormAlert>
        ) : null}
        {!result?.ok && token && !result ? (
          <Form method="post" className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="token" value={token} />
            <p className="text-sm text-slate-700">{t('verify.text')}</p>
            <SubmitButton className="btn-primary w-full" testId="verify-submit">
              {t('verify.button')}
            </SubmitButton>
          </Form>
        ) : null}
        <p className="mt-4 text-sm">
          <Link to="/account" className="link-button">
            {t('verify.to_account')}
          </Link>
        </p>
      </section>
    </div>
  );
}
