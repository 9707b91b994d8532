// The side navigation (spec §2): Account, Cart, Support, Language and the Price Settings tab with the
// VAT control. Below 1024 px the same drawer is the mobile side navigation: it adds the main menu
// (from the one menu configuration) and the logo, and it closes itself above 1024 px.
import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authLinkBack } from '../../core/safe-redirect';
import { ACCOUNT_LINKS, hostingLinksFor, linksFor, logoutVariant, MAIN_MENU, MOBILE_NAV_MAX_WIDTH, SUPPORT_LINKS } from '../lib/menu';
import { useRootData } from '../lib/root-data';
import { CsrfInput } from './csrf-input';
import { Drawer } from './drawer';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { BellIcon, UnreadBadge, useUnreadNotifications } from './notification-bell';
import { PageIdInput } from './page-id-input';
import { DeferredVatForm } from './vat-form-deferred';

/** A list of the side menu's links; following one closes the menu. */
function SideLinks({ links, onNavigate, className = '' }: { links: readonly { key: string; to: string }[]; onNavigate: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`space-y-1 ${className}`}>
      {links.map((l) => (
        <li key={l.key}>
          <Link to={l.to} className="side-link" onClick={onNavigate}>
            {t(l.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SideNavSections({ onNavigate, open }: { onNavigate: () => void; open: boolean }) {
  const { t } = useTranslation();
  const { userGroup, account, isAdminHost } = useRootData();
  const logout = logoutVariant(userGroup);
  const unread = useUnreadNotifications();
  const location = useLocation();
  // A guest's login and register links bring them back here, without JavaScript too (issue #25 §6).
  const accountLinks = linksFor(ACCOUNT_LINKS, userGroup, isAdminHost).map((l) => (l.to.startsWith('/auth/') ? { ...l, to: authLinkBack(l.to, location.pathname + location.search) } : l));
  return (
    <div className="space-y-6">
      <section aria-labelledby="side-account">
        <h2 id="side-account" className="side-heading">
          {t('side.account')}
        </h2>
        {account ? (
          <p className="mb-2 text-sm" data-testid="account-name">
            <span className="font-semibold">{account.name}</span>
            <span className="block text-slate-600">{account.email}</span>
          </p>
        ) : null}
        <SideLinks links={accountLinks} onNavigate={onNavigate} />
        {unread !== null ? (
          <Link to="/account/notifications" className="side-link mt-1 flex items-center gap-2" onClick={onNavigate} data-testid="side-notifications">
            <BellIcon size={18} />
            <span>{t('notifications:page.title')}</span>
            <UnreadBadge count={unread} />
          </Link>
        ) : null}
        {logout !== 'none' ? (
          <Form method="post" action="/auth/logout" className="mt-2">
            <CsrfInput />
            <PageIdInput />
            <button type="submit" className="side-link w-full text-left" data-testid="logout">
              {t(logout === 'customer' ? 'account.logout' : 'account.logout_staff')}
            </button>
          </Form>
        ) : null}
      </section>
      {account && (userGroup === 'user' || userGroup === 'admin') ? (
        <section aria-labelledby="side-hosting" data-testid="side-hosting" data-pbas={account.hasPbasAccount}>
          <h2 id="side-hosting" className="side-heading">
            {t('hosting:menu.header')}
          </h2>
          <SideLinks links={hostingLinksFor(account.hasPbasAccount)} onNavigate={onNavigate} />
        </section>
      ) : null}
      <section aria-labelledby="side-cart">
        <h2 id="side-cart" className="side-heading">
          {t('side.cart')}
        </h2>
        <p className="text-sm text-slate-600" data-testid="side-cart-empty">
          {t('cart.empty')}
        </p>
      </section>
      <section aria-labelledby="side-support">
        <h2 id="side-support" className="side-heading">
          {t('side.support')}
        </h2>
        <SideLinks links={SUPPORT_LINKS} onNavigate={onNavigate} />
        <p className="mt-2 text-sm text-slate-600">{t('support.hours')}</p>
      </section>
      <section aria-labelledby="side-language">
        <h2 id="side-language" className="side-heading">
          {t('side.language')}
        </h2>
        <LanguageSwitch />
      </section>
      <section aria-labelledby="side-prices" id="price-settings">
        <h2 id="side-prices" className="side-heading">
          {t('side.price_settings')}
        </h2>
        <DeferredVatForm wanted={open} variant="section" />
      </section>
    </div>
  );
}

export function SideNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    // Spec §2: the mobile menu closes automatically when the width goes above 1024 px; crossing the
    // breakpoint either way changes which drawer layout is shown, so it closes both ways.
    const mql = window.matchMedia(`(min-width: ${MOBILE_NAV_MAX_WIDTH + 1}px)`);
    const onChange = () => onClose();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [open, onClose]);
  return (
    <Drawer id="side-nav" open={open} onClose={onClose} label={t('nav.side')}>
      <div className="lg:hidden">
        <div className="mb-4">
          <Logo />
        </div>
        <nav aria-label={t('nav.mobile')} className="mb-6" data-testid="mobile-menu">
          {MAIN_MENU.map((section) => (
            <details key={section.key} className="border-b border-slate-200 py-2">
              <summary className="cursor-pointer py-2 font-semibold">{t(section.key)}</summary>
              <SideLinks links={section.links} onNavigate={onClose} className="pb-2 pl-2" />
            </details>
          ))}
        </nav>
      </div>
      <SideNavSections onNavigate={onClose} open={open} />
    </Drawer>
  );
}
