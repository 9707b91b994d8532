// The login/register dialog's content (spec §2 "Login/register (modal and page)": panel1 login, panel2
// register), loaded only when a guest first opens the dialog (login-dialog.tsx), so the forms, their
// schemas and the captcha stay out of every page's first download. Each panel is the page's own form
// component posting through a fetcher to the page's action, so answers and errors are the page's.
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaWidget } from '../../worker/adapters/captcha/port';
import { FetcherSubmission } from '../lib/forms';
import { Dialog } from './dialog';
import { LoginPanel, type LoginActionData } from './login-forms';
import { OtpStep, RegisterForm, type PendingRegistration, type RegisterActionData } from './register-forms';

export type Panel = 'login' | 'register';
const ID_PREFIX = 'dialog-';

export function LoginDialogContent({
  panel,
  setPanel,
  opening,
  redirectTo,
  onClose,
}: {
  panel: Panel;
  setPanel: (panel: Panel) => void;
  opening: number;
  redirectTo: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
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
    <Dialog open onClose={onClose} title={panel === 'login' ? t('login_tab') : t('register_title')} testId="login-dialog" size={panel === 'register' ? 'lg' : 'md'}>
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
