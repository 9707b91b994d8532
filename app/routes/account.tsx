// The account area's layout (issue #12 §1): its own navigation beside (on phones: above) one route
// module per area. No loader: every area checks the session itself, and the customer's name comes
// from the root loader, so this layout costs nothing. It gives the width and padding; the areas inside
// add no page container of their own (decision 036).
import { NavLink, Outlet, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { hostingLinksFor } from '../lib/menu';
import { UnreadBadge, useUnreadNotifications } from '../components/notification-bell';
import type { loader as rootLoader } from '../root';

/** The areas, in menu order. `end`: the profile link is current only on /account itself. */
export const ACCOUNT_SECTIONS = [
  { key: 'overview', to: '/account', end: true },
  { key: 'domains', to: '/account/domains' },
  { key: 'contacts', to: '/account/contacts' },
  { key: 'nameservers', to: '/account/nameservers' },
  { key: 'transfers', to: '/account/transfers' },
  { key: 'orders', to: '/account/orders' },
  { key: 'documents', to: '/account/documents' },
  { key: 'billing', to: '/account/billing' },
  { key: 'security', to: '/account/security' },
  { key: 'preferences', to: '/account/preferences' },
  { key: 'privacy', to: '/account/privacy' },
  { key: 'sessions', to: '/account/sessions' },
  { key: 'privacy', to: '/account/privacy' },
  { key: 'notifications', to: '/account/notifications', label: 'notifications:page.title' },
] as const;

export default function AccountLayout() {
  const { t } = useTranslation('portal');
  const account = useRouteLoaderData<typeof rootLoader>('root')?.account;
  const name = account?.name;
  const unread = useUnreadNotifications();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={t('nav_label')} className="mb-6 lg:mb-0" data-testid="account-nav">
        <p className="mb-2 text-sm text-slate-600" data-testid="account-holder">
          <span className="font-semibold uppercase tracking-wide">{t('nav_title')}</span>
          {name ? (
            <>
              <span className="lg:hidden" aria-hidden="true">
                {' · '}
              </span>
              <span className="text-slate-800 lg:block lg:truncate">{name}</span>
            </>
          ) : null}
        </p>
        <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2 lg:flex-col lg:border-b-0 lg:pb-0">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink
                to={s.to}
                end={'end' in s ? s.end : false}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded px-2.5 py-1.5 text-sm lg:px-3 lg:py-2 ${isActive ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
                }
                data-testid={`account-nav-${s.key}`}
              >
                {'label' in s ? t(s.label) : t(`section_${s.key}`)}
                {s.key === 'notifications' && unread ? (
                  <>
                    {' '}
                    <UnreadBadge count={unread} />
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* Spec §2/§6: the hosting header and its links follow has_pbas_account. */}
        <p className="mb-1 mt-3 text-sm font-semibold uppercase tracking-wide text-slate-600 lg:mt-4">{t('hosting:menu.header')}</p>
        <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2 lg:flex-col lg:border-b-0 lg:pb-0" data-testid="account-nav-hosting" data-pbas={account?.hasPbasAccount ?? false}>
          {hostingLinksFor(account?.hasPbasAccount ?? false).map((l) => (
            <li key={l.key}>
              <NavLink
                to={l.to}
                end={l.to === '/account/hosting/panel'}
                prefetch={l.to === '/account/hosting/panel' ? 'none' : 'intent'}
                className={({ isActive }) =>
                  `block rounded px-2.5 py-1.5 text-sm lg:px-3 lg:py-2 ${isActive && l.to !== '/account/hosting/panel' ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
                }
                data-testid={`account-nav-${l.key.split('.').pop()}`}
              >
                {t(l.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
