// The two tabs of the login/register screen (spec §2: panel1 is login, panel2 is register). Each tab
// is its own page, so the tabs are links: they work without JavaScript and keep `redirectTo`.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

export function AuthTabs({ active, redirectTo }: { active: 'panel1' | 'panel2'; redirectTo?: string }) {
  const { t } = useTranslation('auth');
  const query = redirectTo && redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const tab = (id: 'panel1' | 'panel2', to: string, label: string) => (
    <Link
      id={`${id}-tab`}
      to={`${to}${query}`}
      aria-current={active === id ? 'page' : undefined}
      className={`-mb-px border-b-2 px-4 py-2 ${active === id ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('tabs')} className="mb-6 flex gap-2 border-b border-slate-200">
      {tab('panel1', '/auth/login', t('login_tab'))}
      {tab('panel2', '/auth/register', t('register_tab'))}
    </nav>
  );
}
