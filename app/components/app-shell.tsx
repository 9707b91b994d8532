// The storefront shell of spec §2 "Global layout": banner carousel, header with main navigation,
// side navigation, mobile navigation, VAT control, alerts, dialogs, footer, toolbox.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { submitOnShiftEnter } from '../lib/hydrated';
import { useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { BannerCarousel } from './banner-carousel';
import { Dialog } from './dialog';
import { AlertRegion, PageDialogs } from './feedback';
import { Footer } from './footer';
import { Header } from './header';
import { CartLiveSync, MobileCartBar, SideCart } from './cart/mini-cart';
import { LoginDialog } from './login-dialog';
import { LiveNotices } from './live-notices';
import { NavOverlay } from './main-nav';
import { SideNav } from './side-nav';
import { BackToTop, CookieNotice, Toolbox } from './toolbox';
import { DeferredVatForm, preloadVatForm } from './vat-form-deferred';

export function AppShell({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [sideOpen, setSideOpen] = useState(false);
  const [vatOpen, setVatOpen] = useState(false);
  const closeSide = useCallback(() => setSideOpen(false), []);
  const closeVat = useCallback(() => setVatOpen(false), []);
  // Spec §5: Enter submits a form (the browser does that for inputs); in a textarea, Shift+Enter does.
  useEffect(() => {
    document.addEventListener('keydown', submitOnShiftEnter);
    return () => document.removeEventListener('keydown', submitOnShiftEnter);
  }, []);

  return (
    // Inside the root's FrameProviders (frame-layers.tsx): alerts, dialogs, VAT display, live channels.
    <>
      <div id="top" tabIndex={-1} />
      <a href="#main" className="skip-link">
        {t('nav.skip')}
      </a>
      <BannerCarousel />
      <Header onOpenSideNav={() => setSideOpen(true)} onOpenVat={() => setVatOpen(true)} onPreloadVat={preloadVatForm} sideOpen={sideOpen} />
      <NavOverlay />
      <SideNav open={sideOpen} onClose={closeSide} />
      <Dialog open={vatOpen} onClose={closeVat} title={t('vat.title')} testId="vat-modal">
        <DeferredVatForm wanted={vatOpen} variant="modal" onDone={closeVat} />
      </Dialog>
      <AlertRegion />
      {/* Spec §5: while a form's request runs, a dim overlay over the page (the button shows a loader). */}
      <div className="pointer-events-auto fixed inset-0 z-20 cursor-progress bg-white/40" hidden={navigation.state !== 'submitting'} aria-hidden="true" data-testid="submit-overlay" />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <Footer />
      {/* Last in the page and sticky at the bottom of the window (issue #25 §5): it takes its own
          height at the end of the page, so it pushes nothing at the top and every button, the
          footer's last line included, can be scrolled clear of it; the toolbox floats over its
          empty right end (app.css). */}
      <CookieNotice />
      {/* The floating toolbox stack of spec §2: back-to-top and the toolbox itself (the cookies notice
          joins it on large screens through CSS); it rises above the mobile cart bar (app.css). */}
      <div className="toolbox-stack fixed bottom-4 right-4 z-40 flex flex-col items-end gap-3">
        <BackToTop />
        <Toolbox />
      </div>
      <PageDialogs />
      <LiveNotices />
      <CartLiveSync />
      <LoginDialog />
      <SideCart />
      <MobileCartBar />
    </>
  );
}
