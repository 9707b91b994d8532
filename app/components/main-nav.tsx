// Desktop main navigation: dropdown sections with an overlay (spec §2). Each dropdown is a
// <details> element, so it opens without JavaScript; with it, only one stays open at a time and a
// click on the overlay or Escape closes it.
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_MENU } from '../lib/menu';

export function MainNav() {
  const { t } = useTranslation();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => setOpenKey(null), [location.pathname, location.search]);
  useEffect(() => {
    // Always listening (not only once React knows a dropdown is open): an Escape pressed right
    // after the click must still close it. The DOM says what is open.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = navRef.current?.querySelector<HTMLDetailsElement>('details[open]');
      if (!open) return;
      open.open = false;
      setOpenKey(null);
      open.querySelector<HTMLElement>('summary')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <nav ref={navRef} aria-label={t('nav.main')} className="main-nav hidden lg:block">
        <ul className="flex items-center gap-1">
          {MAIN_MENU.map((section) => (
            <li key={section.key} className="relative">
              <details
                data-menu={section.key}
                open={openKey === section.key}
                onToggle={(e) => {
                  const isOpen = (e.currentTarget as HTMLDetailsElement).open;
                  setOpenKey((cur) => (isOpen ? section.key : cur === section.key ? null : cur));
                }}
              >
                <summary className="nav-summary">{t(section.key)}</summary>
                <div className="dropdown-panel">
                  <ul className="grid gap-1">
                    {section.links.map((link) => (
                      <li key={link.key}>
                        <Link to={link.to} className="block rounded-md px-3 py-2 hover:bg-slate-100 focus-visible:bg-slate-100">
                          <span className="block font-medium text-slate-900">{t(link.key)}</span>
                          {link.descriptionKey ? <span className="block text-sm text-slate-600">{t(link.descriptionKey)}</span> : null}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * Shown by CSS whenever a main-navigation dropdown is open (works without JS). It lives outside the
 * header: the header's backdrop-filter would make it the containing block of a fixed element.
 */
export function NavOverlay() {
  return (
    <div
      className="nav-overlay"
      aria-hidden="true"
      data-testid="nav-overlay"
      onClick={() => document.querySelectorAll<HTMLDetailsElement>('.main-nav details[open]').forEach((d) => (d.open = false))}
    />
  );
}
