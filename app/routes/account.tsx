// The account area's layout (issue #12 §1): its own navigation beside (on phones: above) one route
// module per area. No loader: every area checks the session itself, and the customer's name comes
// from the root loader, so this layout costs nothing. It gives the width and padding; the areas inside
// add no page container of their own (decision 036). On a phone the navigation is one disclosure row
// naming the current area (issue #25 §6): a <details>, so it opens without JavaScript; from 1025 px its
// content is always shown (app.css, .account-menu) and the row is hidden.
import { NavLink, Outlet, useLocation, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../components/icons';
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
  { key: 'notifications', to: '/account/notifications', label: 'notifications:page.title' },
] as const;

/** The area the address is in (its label's i18n key), for the phone's menu row: the longest matching link wins. */
function currentArea(pathname: string, hosting: readonly { key: string; to: string }[]): string | null {
  const links = [
    ...ACCOUNT_SECTIONS.map((s) => ({ to: s.to, end: 'end' in s && s.end, label: 'label' in s ? s.label : `section_${s.key}` })),
    ...hosting.map((l) => ({ to: l.to, end: false, label: l.key })),
  ];
  const hits = links.filter((l) => (l.end ? pathname === l.to : pathname === l.to || pathname.startsWith(`${l.to}/`)));
  return hits.sort((a, b) => b.to.length - a.to.length)[0]?.label ?? null;
}

export default function AccountLayout() {
  const { t } = useTranslation('portal');
  const account = useRouteLoaderData<typeof rootLoader>('root')?.account;
  const name = account?.name;
  const unread = useUnreadNotifications();
  const hostingLinks = hostingLinksFor(account?.hasPbasAccount ?? false);
  const { pathname } = useLocation();
  const current = currentArea(pathname, hostingLinks);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    // A browser that cannot show a closed <details>' content from 1025 px (no ::details-content)
    // gets it opened there; on a phone, following a link of the open menu closes it again.
    const wide = window.matchMedia('(min-width: 1025px)').matches;
    if (wide && !CSS.supports('selector(::details-content)')) details.open = true;
    else if (!wide) details.open = false;
  }, [pathname]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={t('nav_label')} className="mb-4 lg:mb-0" data-testid="account-nav">
        <details ref={menu} className="account-menu">
          <summary className="account-menu-toggle lg:hidden" data-testid="account-menu-toggle">
            <span className="min-w-0 truncate">
              <span className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('nav_title')}</span>
              {current ? (
                <>
                  <span aria-hidden="true">{' · '}</span>
                  <span className="font-semibold text-blue-900">{t(current)}</span>
                </>
              ) : null}
            </span>
            <ChevronDownIcon className="account-menu-chevron shrink-0" size={20} />
          </summary>
          {/* On a phone the row above already says "Account": the open menu starts with the name. */}
          <p className="mb-2 mt-3 text-sm text-slate-600 lg:mt-0" data-testid="account-holder">
            <span className="hidden font-semibold uppercase tracking-wide lg:inline">{t('nav_title')}</span>
            {name ? <span className="text-slate-800 lg:block lg:truncate">{name}</span> : null}
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
            {hostingLinks.map((l) => (
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
        </details>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
