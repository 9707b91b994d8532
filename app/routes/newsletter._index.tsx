// The public newsletter page (issue #24 §2): the footer form's twin without JavaScript. With an
// address (?email=, the footer form's GET) it asks the confirmation question of spec §2; its form
// posts here and the answer is a confirmation mail to that address (nothing is subscribed yet).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { newsletterEmailSchema } from '../../core/validation/consent-forms';
import { NewsletterOutcome, SubscribeConfirmForm, type NewsletterActionData } from '../components/newsletter/subscribe-question';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const email = (new URL(request.url).searchParams.get('email') ?? '').trim().slice(0, 254);
  return { meta: { title: t('newsletter:meta_title') }, email };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const submission = parseForm(form, newsletterEmailSchema);
  if (submission.status !== 'success') return data<NewsletterActionData>({ code: ErrorCode.VALIDATION_ERROR }, 400);
  const email = submission.value.email;
  const r = await context.services.newsletter.subscribe({
    email,
    source: 'form',
    publicForm: true,
    ip: context.ip,
    origin: context.config.publicOrigin ?? new URL(request.url).origin,
    locale: lang,
  });
  // The answer names the address as it was typed, so the footer's dialog knows it is its own.
  const typed = String(form.get('email') ?? '').trim();
  if (r.ok) return data<NewsletterActionData>({ code: r.code, email: typed });
  return data<NewsletterActionData>({ code: r.code, email: typed, seconds: r.seconds }, r.status);
}

export default function NewsletterPage() {
  const { t } = useTranslation('newsletter');
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card" aria-labelledby="newsletter-title" data-testid="newsletter-page">
        <h1 id="newsletter-title" className="mb-4 text-2xl font-bold">
          {email && !result ? t('confirm_subscribe_title') : t('title')}
        </h1>
        {result ? (
          <NewsletterOutcome data={result} />
        ) : email ? (
          <SubscribeConfirmForm
            email={email}
            cancel={
              <Link to="/" className="btn-secondary" data-testid="newsletter-cancel">
                {t('cancel')}
              </Link>
            }
          />
        ) : (
          <Form method="get" className="space-y-3">
            <p className="text-sm text-slate-700">{t('footer_text')}</p>
            <label htmlFor="newsletter-email" className="block text-sm font-medium">
              {t('email_label')}
            </label>
            <input id="newsletter-email" name="email" type="email" required autoComplete="email" className="w-full rounded border border-slate-300 px-3 py-2" />
            <button type="submit" className="btn-primary">
              {t('subscribe')}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
