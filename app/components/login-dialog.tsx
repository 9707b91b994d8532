// The login/register dialog (spec §2 "Login/register (modal and page)": panel1 login, panel2 register).
// With JavaScript a guest's click on any login or registration link opens this dialog over the page
// they are on, and a successful login (or a registration completed with its OTP) comes back to that
// page; without JavaScript the same links are the pages. Each panel posts to its page's own action
// through a fetcher, so answers, errors, GDPR approval, two-factor, captcha and OTP are the page's.
import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaWidget } from '../../worker/adapters/captcha/port';
import { FetcherSubmission } from '../lib/forms';
import { useHydrated } from '../lib/hydrated';
import { useRootData } from '../lib/root-data';
import { Dialog } from './dialog';
import { LoginPanel, type LoginActionData } from './login-forms';
import { OtpStep, RegisterForm, type PendingRegistration, type RegisterActionData } from './register-forms';

type Panel = 'login' | 'register';
const ID_PREFIX = 'dialog-';

export function LoginDialog() {
  const { t } = useTranslation('auth');
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
  const tabs: { id: Panel; label: string }[] = [
    { id: 'login', label: t('login_tab') },
    { id: 'register', label: t('register_tab') },
  ];
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const other: Panel = panel === 'login' ? 'register' : 'login';
    setPanel(other);
    document.getElementById(`${ID_PREFIX}tab-${other}`)?.focus();
  };
  return (
    <Dialog open onClose={() => setOpen(false)} title={panel === 'login' ? t('login_tab') : t('register_title')} testId="login-dialog" size={panel === 'register' ? 'lg' : 'md'}>
      <div role="tablist" aria-label={t('tabs')} className="mb-4 flex gap-2 border-b border-slate-200">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${ID_PREFIX}tab-${tab.id}`}
            aria-selected={panel === tab.id}
            aria-controls={`${ID_PREFIX}panel-${tab.id}`}
            tabIndex={panel === tab.id ? 0 : -1}
            onClick={() => setPanel(tab.id)}
            onKeyDown={onTabKey}
            className={`-mb-px border-b-2 px-4 py-2 ${panel === tab.id ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            data-testid={`dialog-tab-${tab.id}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {/* Both panels stay mounted while the dialog is open: switching tabs keeps what was typed. */}
      <div role="tabpanel" id={`${ID_PREFIX}panel-login`} aria-labelledby={`${ID_PREFIX}tab-login`} hidden={panel !== 'login'}>
        <LoginTab key={opening} opening={opening} redirectTo={redirectTo} />
      </div>
      <div role="tabpanel" id={`${ID_PREFIX}panel-register`} aria-labelledby={`${ID_PREFIX}tab-register`} hidden={panel !== 'register'}>
        <RegisterTab key={opening} opening={opening} redirectTo={redirectTo} active={panel === 'register'} />
      </div>
    </Dialog>
  );
}

/** Logged in: load the page afresh (new session cookie, new form token, the merged cart). */
function useDone(target: string | null) {
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
}

function LoginTab({ opening, redirectTo }: { opening: number; redirectTo: string }) {
  const fetcher = useFetcher<LoginActionData>({ key: `login-dialog-${opening}` });
  useDone(fetcher.data?.view === 'done' ? (fetcher.data.redirectTo ?? redirectTo) : null);
  return (
    <FetcherSubmission.Provider value={{ formData: fetcher.formData }}>
      <LoginPanel data={fetcher.data} redirectTo={redirectTo} FormComponent={fetcher.Form} action="/auth/login" idPrefix={ID_PREFIX} />
    </FetcherSubmission.Provider>
  );
}

function RegisterTab({ opening, redirectTo, active }: { opening: number; redirectTo: string; active: boolean }) {
  const { t } = useTranslation('auth');
  // The registration page's loader gives the first captcha challenge; every answer brings the next.
  const start = useFetcher<{ captcha: CaptchaWidget | null }>({ key: `register-start-${opening}` });
  const fetcher = useFetcher<RegisterActionData>({ key: `register-dialog-${opening}` });
  const [pending, setPending] = useState<PendingRegistration | null>(null);
  const { load, data: startData } = start;
  // Once per opening: a failed load shows the connection-error dialog rather than looping.
  const requested = useRef(false);
  useEffect(() => {
    if (!active || requested.current) return;
    requested.current = true;
    load(`/auth/register?redirectTo=${encodeURIComponent(redirectTo)}`);
  }, [active, load, redirectTo]);
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.kind === 'otp' && answer.pending) setPending(answer.pending);
  }, [answer]);
  useDone(answer?.kind === 'done' ? answer.redirectTo : null);

  const captcha = answer?.kind === 'form' ? answer.captcha : startData?.captcha;
  return (
    <FetcherSubmission.Provider value={{ formData: fetcher.formData }}>
      {pending ? (
        <OtpStep pending={pending} actionData={answer?.kind === 'otp' ? answer : undefined} redirectTo={redirectTo} FormComponent={fetcher.Form} action="/auth/register" idPrefix={ID_PREFIX} />
      ) : captcha ? (
        <RegisterForm
          key={answer?.kind === 'form' ? `${answer.step}` : 'start'}
          actionData={answer?.kind === 'form' ? answer : undefined}
          captcha={captcha}
          redirectTo={redirectTo}
          FormComponent={fetcher.Form}
          action="/auth/register"
          idPrefix={ID_PREFIX}
        />
      ) : (
        <p className="py-6 text-center text-slate-600" aria-live="polite" data-testid="register-loading">
          <span className="spinner" aria-hidden="true" /> {t('loading')}
        </p>
      )}
    </FetcherSubmission.Provider>
  );
}
