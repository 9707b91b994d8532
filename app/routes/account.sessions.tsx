// The account's sessions (issue #3 §5, issue #12 §1): every browser logged in to the account, with
// 'log out from the other devices' and 'log out everywhere' (which ends this one too).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { describeUserAgent } from '../../core/sessions';
import { AreaTitle } from '../components/account/outcome';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const sessions = await context.services.auth.sessions(session);
  return data({
    meta: { title: t('portal:sessions.meta_title') },
    // Only a prefix of the id reaches the page: enough for a React key, useless as a cookie.
    sessions: sessions.map((s) => ({ ...describeUserAgent(s.userAgent), id: s.id.slice(0, 16), ip: s.ip, lastSeenAt: s.lastSeenAt, current: s.id === session.sessionId })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, intent } = await readAccountAction(request, context);
  switch (intent) {
    case 'logout_others':
      await context.services.auth.logoutEverywhere(session, { keepThis: true });
      return redirect('/account/sessions', 303);
    case 'logout_everywhere':
      await context.services.auth.logoutEverywhere(session, { keepThis: false });
      return redirect('/', { status: 303, headers: { 'Set-Cookie': await context.services.auth.logout(request, session, null) } });
    default:
      return unknownIntent();
  }
}

export default function AccountSessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const device = (s: (typeof sessions)[number]) =>
    t('account_page.session_device', { browser: s.browser === 'other' ? t('account_page.other') : s.browser, os: s.os === 'other' ? t('account_page.other') : s.os });
  return (
    <div className="space-y-6" data-testid="panel-sessions">
      <AreaTitle>{t('portal:sessions.title')}</AreaTitle>
      <section id="sessions" aria-labelledby="sessions-title" className="card">
        <h2 id="sessions-title" className="text-xl font-semibold">
          {t('account_page.sessions')}
        </h2>
        <ul className="mt-4 divide-y divide-slate-100" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="session" data-current={s.current}>
              <span>
                <span className="font-medium">{device(s)}</span>
                {s.current ? <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900">{t('account_page.this_device')}</span> : null}
                <span className="block text-sm text-slate-600">{t('account_page.last_seen', { when: when(s.lastSeenAt), ip: s.ip })}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post">
            <CsrfInput />
            <PageIdInput />
            <input type="hidden" name="intent" value="logout_others" />
            <button type="submit" className="btn-secondary" disabled={sessions.length < 2} data-testid="logout-others">
              {t('account_page.logout_others')}
            </button>
          </Form>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="logout_everywhere" />
            <button type="submit" className="btn-secondary" data-testid="logout-everywhere">
              {t('account_page.logout_everywhere')}
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
