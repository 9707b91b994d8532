// Spec §2's /newsletter/status (issue #32 §5): the page a newsletter link opens. It shows the state
// (none, pending, subscribed, unsubscribed) of the address the link's token names (?token=, the
// unsubscribe link's token), or of the logged-in customer, and the one next step: unsubscribe, or
// subscribe again. The same answer as a call is /api/newsletter/status (decision 074).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const meta = { title: t('newsletter:status_page_title') };
  const headers = { 'Cache-Control': 'private, no-store' };
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token) {
    const found = await context.services.newsletter.status({ token });
    if (!found) return data({ meta, view: 'invalid' as const, code: ErrorCode.INVALID_VERIFICATION_CODE }, { status: 400, headers });
    return data({ meta, view: 'link' as const, token, state: found.state, email: found.email }, { headers });
  }
  const session = await context.session();
  if (!session) return data({ meta, view: 'guest' as const }, { headers });
  const found = await context.services.newsletter.status({ userId: session.user.id });
  return data({ meta, view: 'account' as const, state: found?.state ?? ('none' as const), email: found?.email ?? session.user.email }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function NewsletterStatus() {
  const { t } = useTranslation('newsletter');
  const page = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card space-y-4" aria-labelledby="newsletter-status-title" data-testid="newsletter-status">
        <h1 id="newsletter-status-title" className="text-2xl font-bold">
          {t('status_page_title')}
        </h1>
        {page.view === 'invalid' ? (
          <FormAlert type="alert" testId="newsletter-invalid" code={page.code}>
            {t('invalid_link')}
          </FormAlert>
        ) : page.view === 'guest' ? (
          <>
            <p className="text-sm text-slate-700">{t('status_guest_text')}</p>
            <p className="flex flex-wrap gap-3">
              <Link to="/auth/login?redirectTo=%2Fnewsletter%2Fstatus" className="btn-primary" data-testid="newsletter-status-login">
                {t('status_login')}
              </Link>
              <Link to="/newsletter" className="btn-secondary">
                {t('subscribe')}
              </Link>
            </p>
          </>
        ) : (
          <>
            <dl className="text-sm">
              <dt className="font-medium">{t('email_label')}</dt>
              <dd className="mb-2 break-all" data-testid="newsletter-status-email">
                {page.email}
              </dd>
              <dt className="font-medium">{t('state_label')}</dt>
              <dd data-testid="newsletter-status-state" data-state={page.state}>
                {t(`state.${page.state}`)}
              </dd>
            </dl>
            <NextStep page={page} />
          </>
        )}
        <p className="text-sm">
          <Link to="/" className="link-button">
            {t('home')}
          </Link>
        </p>
      </section>
    </div>
  );
}

type Shown = { view: 'link'; token: string; state: string; email: string | null } | { view: 'account'; state: string; email: string };

/** One way on: the account's preferences for a customer; by the link, unsubscribe or subscribe again. */
function NextStep({ page }: { page: Shown }) {
  const { t } = useTranslation('newsletter');
  if (page.view === 'account') {
    return (
      <Link to="/account/preferences" className="btn-primary inline-block" data-testid="newsletter-status-manage">
        {t('status_manage')}
      </Link>
    );
  }
  if (page.state === 'subscribed' || page.state === 'pending') {
    return (
      <Link to={`/newsletter/unsubscribe?token=${encodeURIComponent(page.token)}`} className="btn-primary inline-block" data-testid="newsletter-status-unsubscribe">
        {t('unsubscribe')}
      </Link>
    );
  }
  return (
    <Link to={`/newsletter?email=${encodeURIComponent(page.email ?? '')}`} className="btn-primary inline-block" data-testid="newsletter-status-subscribe">
      {t('subscribe')}
    </Link>
  );
}
