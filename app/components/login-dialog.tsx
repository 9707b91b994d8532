// The login/register dialog (spec §2 "Login/register (modal and page)"). With JavaScript a guest's
// click on any login or registration link opens it over the page they are on, on the matching tab, and
// a successful login (or a registration completed with its OTP) comes back to that page; without
// JavaScript the same links are the pages. This part only listens for the clicks: the dialog itself
// (login-dialog-content.tsx) is loaded on the first opening, to keep the forms out of every page's
// first download.
import { useLocation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from '../lib/hydrated';
import { useRootData } from '../lib/root-data';
import type { Panel } from './login-dialog-content';

// lazy() wants a default export; the module keeps the house's named one.
const LoginDialogContent = lazy(() => import('./login-dialog-content').then((m) => ({ default: m.LoginDialogContent })));

export function LoginDialog() {
  const { userGroup } = useRootData();
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>('login');
  const [redirectTo, setRedirectTo] = useState('/');
  // New fetchers per opening: a closed dialog forgets its answers (the GDPR question, the 2FA step,
  // errors, a half-filled registration), as spec §4 asks of a form that closes.
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    if (!hydrated || userGroup !== 'guest' || location.pathname.startsWith('/auth')) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href^="/auth/login"], a[href^="/auth/register"]') as HTMLAnchorElement | null;
      if (!link) return;
      // Capture phase: the link's own navigation sees defaultPrevented and stays put.
      e.preventDefault();
      const url = new URL(link.href);
      const next: Panel = url.pathname.startsWith('/auth/register') ? 'register' : 'login';
      // A link inside the open dialog ("already have an account?") only switches the panel.
      const inside = Boolean(link.closest('[data-testid="login-dialog"]'));
      if (!inside) {
        setRedirectTo(url.searchParams.get('redirectTo') ?? `${location.pathname}${location.search}`);
        setOpening((n) => n + 1);
      }
      setPanel(next);
      setOpen(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [hydrated, userGroup, location.pathname, location.search]);

  useEffect(() => setOpen(false), [location.pathname]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialogContent panel={panel} setPanel={setPanel} opening={opening} redirectTo={redirectTo} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
