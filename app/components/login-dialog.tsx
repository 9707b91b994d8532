// The login dialog (spec §2 "Login/register (modal and page)": panel1 login, panel2 register). With
// JavaScript a guest's click on any login link opens this dialog over the page they are on, and a
// successful login comes back to that page; without JavaScript the same link is the login page. The
// dialog posts to the login page's own action through a fetcher, so answers, errors, GDPR approval and
// two-factor are the page's. Registration, with its two steps, captcha and OTP, stays a page (panel2).
import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/hydrated';
import { useRootData } from '../lib/root-data';
import { Dialog } from './dialog';
import { LoginPanel, type LoginActionData } from './login-forms';

export function LoginDialog() {
  const { t } = useTranslation('auth');
  const { userGroup } = useRootData();
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // A new fetcher per opening: a closed dialog forgets its answer (the GDPR question, the 2FA step,
  // errors), as spec §4 asks of a form that closes.
  const [opening, setOpening] = useState(0);
  const fetcher = useFetcher<LoginActionData>({ key: `login-dialog-${opening}` });
  const [redirectTo, setRedirectTo] = useState('/');

  useEffect(() => {
    if (!hydrated || userGroup !== 'guest' || location.pathname.startsWith('/auth')) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href^="/auth/login"]') as HTMLAnchorElement | null;
      if (!link) return;
      // Capture phase: the link's own navigation sees defaultPrevented and stays put.
      e.preventDefault();
      const back = new URL(link.href).searchParams.get('redirectTo');
      setRedirectTo(back ?? `${location.pathname}${location.search}`);
      setOpening((n) => n + 1);
      setOpen(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [hydrated, userGroup, location.pathname, location.search]);

  // Logged in: load the page afresh (new session cookie, new form token, the merged cart).
  const done = fetcher.data?.view === 'done' ? (fetcher.data.redirectTo ?? redirectTo) : null;
  useEffect(() => {
    if (done) window.location.assign(done);
  }, [done]);
  useEffect(() => setOpen(false), [location.pathname]);

  if (!open) return null;
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return (
    <Dialog open onClose={() => setOpen(false)} title={t('login_tab')} testId="login-dialog">
      <nav aria-label={t('tabs')} className="mb-4 flex gap-2 border-b border-slate-200">
        <span aria-current="page" className="-mb-px border-b-2 border-blue-800 px-4 py-2 font-semibold text-blue-900">
          {t('login_tab')}
        </span>
        <Link to={`/auth/register${query}`} className="-mb-px border-b-2 border-transparent px-4 py-2 text-slate-600 hover:text-slate-900" data-testid="dialog-register">
          {t('register_tab')}
        </Link>
      </nav>
      <LoginPanel data={fetcher.data} redirectTo={redirectTo} FormComponent={fetcher.Form} action="/auth/login" idPrefix="dialog-" />
    </Dialog>
  );
}
