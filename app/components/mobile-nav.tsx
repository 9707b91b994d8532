// Mobile side navigation below 1024 px (spec §2), built from the same menu configuration as the
// desktop navigation. It closes itself when the window grows past 1024 px.
import { Link } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_MENU, MOBILE_NAV_MAX_WIDTH } from '../lib/menu';
import { Drawer } from './drawer';
import { Logo } from './logo';
import { SideNavSections } from './side-nav';

export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    const mql = window.matchMedia(`(min-width: ${MOBILE_NAV_MAX_WIDTH + 1}px)`);
    const onChange = () => {
      if (mql.matches) onClose();
    };
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [open, onClose]);
  return (
    <Drawer id="mobile-nav" open={open} onClose={onClose} side="left" label={t('nav.mobile')} className="lg:hidden">
      <div className="mb-4">
        <Logo />
      </div>
      <nav aria-label={t('nav.main')} className="mb-6">
        {MAIN_MENU.map((section) => (
          <details key={section.key} className="border-b border-slate-200 py-2">
            <summary className="cursor-pointer py-2 font-semibold">{t(section.key)}</summary>
            <ul className="space-y-1 pb-2 pl-2">
              {section.links.map((l) => (
                <li key={l.key}>
                  <Link to={l.to} className="side-link" onClick={onClose}>
                    {t(l.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </nav>
      <SideNavSections onNavigate={onClose} idPrefix="mobile" />
    </Drawer>
  );
}
