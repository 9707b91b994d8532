// Account area basics (issue #3 §5): profile with the e-mail 'verified' label, and the active
// sessions with 'log out everywhere'. One action, switching on an intent.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { describeUserAgent } from '../../core/sessions';
import { CsrfInput } from '../components/csrf-input';
import { requireUser } from '../lib/auth.server';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const sessions = await context.services.auth.sessions(session);
  return {
    meta: { title: t('account_page.meta_title') },
    user: session.user,
    sessions: sessions.map((s) => ({ ...describeUserAgent(s.userAgent), id: s.id.slice(0, 16), ip: s.ip, lastSeenAt: s.lastSeenAt, current: s.id === session.sessionId })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  switch (form.get('intent')) {
    case 'logout_others':
      await context.services.auth.logoutEverywhere(session, { keepThis: true });
      return redirect('/account#sessions', 303);
    case 'logout_everywhere': {
      await context.services.auth.logoutEverywhere(session, { keepThis: false });
      return redirect('/', { status: 303, headers: { 'Set-Cookie': await context.services.auth.logout(request, session, null) } });
    }
    default:
      throw data({ code: ErrorCode.UNRECOGNIZED_ACTION }, { status: 400 });
  }
}

export default function Account() {
  const { user, sessions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'el-GR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Athens' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('account_page.title')}</h1>
      <section aria-labelledby="profile-title" className="card mt-8">
        <h2 id="profile-title" className="text-xl font-semibold">
          {t('account_page.profile')}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">{t('account_page.name')}</dt>
            <dd className="font-medium">{user.accountName}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('auth.email')}</dt>
            <dd className="flex items-center gap-2 font-medium" data-testid="account-email">
              {user.email}
              <span className={user.emailVerified ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900'}>
                {user.emailVerified ? t('account_page.verified') : t('account_page.unverified')}
              </span>
            </dd>
          </div>
        </dl>
      </section>
      <section id="sessions" aria-labelledby="sessions-title" className="card mt-6">
        <h2 id="sessions-title" className="text-xl font-semibold">
          {t('account_page.sessions')}
        </h2>
        <ul className="mt-4 divide-y divide-slate-100" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium">{t('account_page.session_device', { browser: s.browser === 'other' ? t('account_page.other') : s.browser, os: s.os === 'other' ? t('account_page.other') : s.os })}</span>
                {s.current ? <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900">{t('account_page.this_device')}</span> : null}
                <span className="block text-sm text-slate-600">
                  {t('account_page.last_seen', { when: when(s.lastSeenAt), ip: s.ip })}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="logout_others" />
            <button type="submit" className="btn-secondary" disabled={sessions.length < 2}>
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
