// The back office's frame (issue #22 §1): a staff header that says who is signed in and in which
// group, the search, the logout, and the side menu built for that group; none of the storefront's
// chrome (banner, cart, VAT control, cookie notice, toolbox, footer). The alerts, page dialogs and
// live channels are the app's own, as on the storefront.
import type { ReactNode } from 'react';
import { Form, Link, NavLink, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LiveProvider } from '../../lib/live';
import { useRootData } from '../../lib/root-data';
import type { StaffMenuEntry } from '../../lib/staff-menu';
import { UiProvider } from '../../lib/ui';
import { VatProvider } from '../../lib/vat';
import { CsrfInput } from '../csrf-input';
import { AlertRegion, PageDialogs } from '../feedback';
import { LiveNotices } from '../live-notices';
import { Logo } from '../logo';
import { PageIdInput } from '../page-id-input';

export type StaffFrameData = {
  staff: { name: string; email: string; group: 'admin' | 'support' };
  /** Empty until the member of staff has enrolled two-factor (the enrolment page alone is open). */
  menu: StaffMenuEntry[];
  canSearch: boolean;
};

export function StaffFrame({ frame, children }: { frame: StaffFrameData; children: ReactNode }) {
  const root = useRootData();
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <UiProvider initialAlerts={root.flash}>
      <VatProvider display={root.vat} countries={root.countries} profile={root.vatProfile}>
        <LiveProvider room={root.liveRoom}>
          <a href="#main" className="skip-link">
            {t('nav.skip')}
          </a>
          <StaffHeader frame={frame} />
          <AlertRegion />
          <div className="pointer-events-auto fixed inset-0 z-20 cursor-progress bg-white/40" hidden={navigation.state !== 'submitting'} aria-hidden="true" data-testid="submit-overlay" />
          <div className="mx-auto max-w-7xl px-4 py-4 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:py-8" data-testid="staff-frame">
            {frame.menu.length > 0 ? <StaffMenu menu={frame.menu} /> : <div className="hidden lg:block" />}
            <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
              {children}
            </main>
          </div>
          <PageDialogs />
          <LiveNotices />
        </LiveProvider>
      </VatProvider>
    </UiProvider>
  );
}

function StaffHeader({ frame }: { frame: StaffFrameData }) {
  const { t } = useTranslation('staff');
  return (
    <header className="border-b border-slate-200 bg-white" data-testid="staff-header">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link to="/admin" className="flex items-center gap-2" data-testid="staff-home">
          <Logo compact />
          <span className="font-bold text-blue-900">{t('frame.title')}</span>
        </Link>
        {frame.canSearch ? (
          <Form method="get" action="/admin/search" role="search" className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1" data-testid="staff-search">
            <label htmlFor="staff-search-q" className="sr-only">
              {t('frame.search_label')}
            </label>
            <input id="staff-search-q" name="q" type="search" autoComplete="off" placeholder={t('frame.search_placeholder')} className="w-full min-w-0 rounded border border-slate-300 px-3 py-1.5 text-sm md:max-w-md" />
            <button type="submit" className="btn-secondary shrink-0 px-3 py-1.5 text-sm">
              {t('frame.search')}
            </button>
          </Form>
        ) : (
          <span className="hidden md:block md:flex-1" />
        )}
        <div className="ml-auto flex items-center gap-4 text-sm">
          <p className="text-right leading-tight" data-testid="staff-who">
            <span className="block font-semibold" data-testid="staff-name">
              {frame.staff.name}
            </span>
            <span className="text-slate-600">
              <span className="sr-only">{t('frame.group_label')} </span>
              <span data-testid="staff-group">{t(`group.${frame.staff.group}`)}</span>
            </span>
          </p>
          <Form method="post" action="/auth/logout">
            <CsrfInput />
            <PageIdInput />
            <button type="submit" className="btn-secondary px-3 py-1.5 text-sm" data-testid="staff-logout">
              {t('frame.logout')}
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}

function MenuLinks({ menu, testId }: { menu: StaffMenuEntry[]; testId: string }) {
  const { t } = useTranslation('staff');
  return (
    <ul className="space-y-0.5" data-testid={testId}>
      {menu.map((e) => (
        <li key={e.key}>
          <NavLink
            to={e.to}
            end={e.to === '/admin'}
            prefetch="intent"
            className={({ isActive }) => `block rounded px-3 py-2 text-sm ${isActive ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`}
            data-testid={`${testId}-${e.key}`}
          >
            {t(`menu.${e.key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside the page from 1024 px; on phones and tablets a disclosure above it (<details>: opens and
 * closes without JavaScript). Two renderings of one list, only one of them displayed at a time.
 */
function StaffMenu({ menu }: { menu: StaffMenuEntry[] }) {
  const { t } = useTranslation('staff');
  return (
    <>
      <details className="mb-4 rounded border border-slate-200 bg-white lg:hidden" data-testid="staff-menu-drawer">
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">{t('frame.menu')}</summary>
        <nav aria-label={t('frame.menu')} className="border-t border-slate-200 p-2">
          <MenuLinks menu={menu} testId="staff-menu-mobile" />
        </nav>
      </details>
      <nav aria-label={t('frame.menu')} className="hidden lg:block" data-testid="staff-nav">
        <MenuLinks menu={menu} testId="staff-menu" />
      </nav>
    </>
  );
}
