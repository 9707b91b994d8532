import { HeaderCart } from './cart/mini-cart';
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { percentFromRate } from '../../core/vat';
import { useRootData } from '../lib/root-data';
import { useVat } from '../lib/vat';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { Flag } from './flag';
import { NotificationBell } from './notification-bell';

export function Header({ onOpenSideNav, onOpenVat, onPreloadVat, sideOpen }: { onOpenSideNav: () => void; onOpenVat: () => void; onPreloadVat?: () => void; sideOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const { display } = useVat();
  const { account } = useRootData();
  const location = useLocation();
  const lang = i18n.language === 'en' ? 'en' : 'el';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur" data-testid="site-header">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        {/* Mobile navigation toggle: a link to the drawer's anchor, so it opens without JS too. */}
        <a
          href="#side-nav"
          className="icon-btn lg:hidden"
          aria-label={t('nav.open_menu')}
          aria-controls="side-nav"
          aria-expanded={sideOpen}
          data-testid="mobile-nav-toggle"
          onClick={(e) => {
            e.preventDefault();
            onOpenSideNav();
          }}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </a>
        <Link to="/" className="flex items-center gap-2" aria-label={t('brand.home_link')}>
          <Logo />
        </Link>
        <MainNav />
        <div className="ml-auto flex items-center gap-2">
          <NotificationBell />
          <HeaderCart />
          <a
            href={`/settings?return=${encodeURIComponent(location.pathname + location.search)}#vat`}
            className="vat-chip hidden lg:inline-flex"
            data-testid="vat-chip"
            aria-haspopup="dialog"
            onPointerEnter={onPreloadVat}
            onFocus={onPreloadVat}
            onClick={(e) => {
              e.preventDefault();
              onOpenVat();
            }}
          >
            {/* The chip's words give the rate, not the country: the flag names it. */}
            <Flag iso2={display.country} label={t(`countries:${display.country}`)} />
            <span>{display.show ? t('vat.chip_with', { pct: percentFromRate(display.rateBp, lang) }) : t('vat.chip_without')}</span>
          </a>
          <a
            href="#side-nav"
            className={account ? 'hidden items-center rounded-lg px-2 py-2 text-slate-700 hover:bg-slate-100 lg:inline-flex' : 'icon-btn hidden lg:inline-flex'}
            aria-label={t('nav.open_side')}
            aria-controls="side-nav"
            aria-expanded={sideOpen}
            data-testid="side-nav-toggle"
            onClick={(e) => {
              e.preventDefault();
              onOpenSideNav();
            }}
          >
            {account ? <span className="mr-1 hidden text-sm font-medium xl:inline">{account.name}</span> : null}
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c1.5-4 5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
        </div>
      </div>
    </header>
  );
}
