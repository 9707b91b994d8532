// The confirmation link of the newsletter's double opt-in (issue #24 §2). Opening it shows a button;
// pressing it (a POST) completes the subscription, so a mail scanner that follows links cannot
// subscribe anyone. The consent is recorded with source 'link' and the IP.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from '../components/csrf-input';
import { codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  return { meta: { title: t('newsletter:confirm_page_title') }, token: new URL(request.url).searchParams.get('token') ?? '' };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const r = await context.services.newsletter.confirm(String(form.get('token') ?? ''), { ip: context.ip });
  if (!r.ok) return data({ ok: false as const, code: r.code }, { status: r.status });
  return { ok: true as const, email: r.email };
}

export default function NewsletterConfirm() {
  const { t } = useTranslation('newsletter');
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card" aria-labelledby="newsletter-confirm-title">
        <h1 id="newsletter-confirm-title" className="mb-4 text-2xl font-bold">
          {t('confirm_page_title')}
        </h1>
        {result?.ok ? (
          <FormAlert type="success" testId="newsletter-confirmed">
            {t('confirmed')}
          </FormAlert>
        ) : result && !result.ok ? (
          <FormAlert type="alert" testId="newsletter-invalid" code={result.code}>
            {`${t('invalid_link')} ${codeMessage(t, result.code)}`}
          </FormAlert>
        ) : !token ? (
          <FormAlert type="alert" testId="newsletter-invalid">
            {t('invalid_link')}
          </FormAlert>
        ) : (
          <Form method="post" className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="token" value={token} />
            <p className="text-sm text-slate-700">{t('confirm_page_text')}</p>
            <SubmitButton className="btn-primary w-full" testId="newsletter-confirm-submit">
              {t('confirm_button')}
            </SubmitButton>
          </Form>
        )}
        <p className="mt-4 text-sm">
          <Link to="/" className="link-button">
            {t('home')}
          </Link>
        </p>
      </section>
    </div>
  );
}
