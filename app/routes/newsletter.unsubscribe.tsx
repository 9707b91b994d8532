// One-click unsubscribe (RFC 8058, issue #24 §2): every newsletter mail carries
// `List-Unsubscribe: <…/newsletter/unsubscribe?token=…>` and `List-Unsubscribe-Post:
// List-Unsubscribe=One-Click`. A mail client POSTs `List-Unsubscribe=One-Click` to that URL with no
// cookies and no login: the token in the address is the whole authority, so this action takes no
// CSRF token (a forged POST could only do what the token's holder can). A GET shows a page with a
// button that posts the same way. The change is recorded as 'one-click' (the client's POST) or 'link'.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { FormAlert, SubmitButton } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const found = token ? await context.services.newsletter.status({ token }) : null;
  return { meta: { title: t('newsletter:unsubscribe_page_title') }, token, email: found?.email ?? null, state: found?.state ?? null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const form = await request.formData().catch(() => new FormData());
  const oneClick = form.get('List-Unsubscribe') === 'One-Click';
  const r = await context.services.newsletter.unsubscribe({ token }, { source: oneClick ? 'one-click' : 'link', ip: context.ip });
  if (!r.ok) return data({ ok: false as const, code: r.code }, { status: r.status });
  return { ok: true as const, email: r.email, code: r.code };
}

export default function NewsletterUnsubscribe() {
  const { t } = useTranslation('newsletter');
  const { token, email, state } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card" aria-labelledby="newsletter-unsubscribe-title">
        <h1 id="newsletter-unsubscribe-title" className="mb-4 text-2xl font-bold">
          {t('unsubscribe_page_title')}
        </h1>
        {result?.ok ? (
          <FormAlert type="success" testId="newsletter-unsubscribed" code={result.code}>
            {t(result.code === ErrorCode.NO_CHANGE ? 'already_unsubscribed' : 'unsubscribed', { email: result.email })}
          </FormAlert>
        ) : (result && !result.ok) || !email ? (
          <FormAlert type="alert" testId="newsletter-invalid" code={result && !result.ok ? result.code : undefined}>
            {t('invalid_link')}
          </FormAlert>
        ) : state === 'unsubscribed' || state === 'none' ? (
          <FormAlert type="info" testId="newsletter-unsubscribed">
            {t('already_unsubscribed', { email })}
          </FormAlert>
        ) : (
          <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} className="space-y-4">
            <p className="text-sm text-slate-700">{t('unsubscribe_page_text', { email })}</p>
            <SubmitButton className="btn-primary w-full" testId="newsletter-unsubscribe-submit">
              {t('unsubscribe')}
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
