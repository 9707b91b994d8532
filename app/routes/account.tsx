// The account area's layout (issue #12 §1): its own navigation beside (on phones: above) one route
// module per area. No loader: every area checks the session itself, so this layout costs nothing.
import { NavLink, Outlet } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** The areas, in menu order. `end`: the profile link is current only on /account itself. */
export const ACCOUNT_SECTIONS = [
  { key: 'overview', to: '/account', end: true },
  { key: 'domains', to: '/account/domains' },
  { key: 'contacts', to: '/account/contacts' },
  { key: 'nameservers', to: '/account/nameservers' },
  { key: 'transfers', to: '/account/transfers' },
  { key: 'orders', to: '/account/orders' },
  { key: 'billing', to: '/account/billing' },
  { key: 'security', to: '/account/security' },
  { key: 'preferences', to: '/account/preferences' },
  { key: 'sessions', to: '/account/sessions' },
] as const;

export default function AccountLayout() {
  const { t } = useTranslation('portal');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={t('nav_label')} className="mb-6 lg:mb-0" data-testid="account-nav">
        <p className="mb-2 hidden text-sm font-semibold uppercase tracking-wide text-slate-600 lg:block">{t('nav_title')}</p>
        <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2 lg:flex-col lg:border-b-0 lg:pb-0">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink
                to={s.to}
                end={'end' in s ? s.end : false}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded px-3 py-2 text-sm ${isActive ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
                }
                data-testid={`account-nav-${s.key}`}
              >
                {t(`section_${s.key}`)}
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
