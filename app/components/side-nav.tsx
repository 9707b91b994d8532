// Side navigation (spec §2): Account, Cart, Support, Language, and the Price Settings tab with the
// VAT control (the side-menu form of the VAT control on small screens).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_LINKS, linksFor, SUPPORT_LINKS } from '../lib/menu';
import { useRootData } from '../lib/root-data';
import { Drawer } from './drawer';
import { LanguageSwitch } from './language-switch';
import { VatForm } from './vat-form';

export function SideNavSections({ onNavigate, idPrefix }: { onNavigate: () => void; idPrefix: string }) {
  const { t } = useTranslation();
  const { userGroup } = useRootData();
  return (
    <div className="space-y-6">
      <section aria-labelledby={`${idPrefix}-account`}>
        <h2 id={`${idPrefix}-account`} className="side-heading">
          {t('side.account')}
        </h2>
        <ul className="space-y-1">
          {linksFor(ACCOUNT_LINKS, userGroup).map((l) => (
            <li key={l.key}>
              <Link to={l.to} className="side-link" onClick={onNavigate}>
                {t(l.key)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${idPrefix}-cart`}>
        <h2 id={`${idPrefix}-cart`} className="side-heading">
          {t('side.cart')}
        </h2>
        <p className="text-sm text-slate-600" data-testid="side-cart-empty">
          {t('cart.empty')}
        </p>
      </section>
      <section aria-labelledby={`${idPrefix}-support`}>
        <h2 id={`${idPrefix}-support`} className="side-heading">
          {t('side.support')}
        </h2>
        <ul className="space-y-1">
          {SUPPORT_LINKS.map((l) => (
            <li key={l.key}>
              <Link to={l.to} className="side-link" onClick={onNavigate}>
                {t(l.key)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">{t('support.hours')}</p>
      </section>
      <section aria-labelledby={`${idPrefix}-language`}>
        <h2 id={`${idPrefix}-language`} className="side-heading">
          {t('side.language')}
        </h2>
        <LanguageSwitch />
      </section>
      <section aria-labelledby={`${idPrefix}-prices`} id={`${idPrefix}-price-settings`}>
        <h2 id={`${idPrefix}-prices`} className="side-heading">
          {t('side.price_settings')}
        </h2>
        <VatForm variant="section" />
      </section>
    </div>
  );
}

export function SideNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer id="side-nav" open={open} onClose={onClose} side="right" label={t('nav.side')} className="hidden-below-lg">
      <SideNavSections onNavigate={onClose} idPrefix="side" />
    </Drawer>
  );
}
