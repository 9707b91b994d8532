// Page-wide feedback: alerts (alert / warning / success, auto-hidden after 11000 ms), the generic
// error modal, the info modal and the 'Connection error' dialog (spec §2 "Other page elements", §8).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_AUTOHIDE_MS } from '../../core/error-timing';
import { safeRedirectPath } from '../../core/safe-redirect';
import type { RequestOutcome } from './request';

export type AlertType = 'alert' | 'warning' | 'success' | 'info';
export type AlertItem = { id: number; type: AlertType; message: string };
export type ModalState = { kind: 'error' | 'info'; title: string; content: string } | null;

type Ui = {
  alerts: AlertItem[];
  pushAlert(type: AlertType, message: string): void;
  dismissAlert(id: number): void;
  modal: ModalState;
  openModal(modal: NonNullable<ModalState>): void;
  closeModal(): void;
  connectionLost: boolean;
  setConnectionLost(v: boolean): void;
  /** Shows a failed request the way the catalogue says (alert, modal, reload …). */
  reportFailure(outcome: Extract<RequestOutcome<unknown>, { ok: false }>): void;
};

const UiContext = createContext<Ui | null>(null);

export function UiProvider({ initialAlerts, children }: { initialAlerts: Omit<AlertItem, 'id'>[]; children: ReactNode }) {
  const { t } = useTranslation();
  const nextId = useRef(initialAlerts.length + 1);
  const [alerts, setAlerts] = useState<AlertItem[]>(() => initialAlerts.map((a, i) => ({ ...a, id: i + 1 })));
  const [modal, setModal] = useState<ModalState>(null);
  const [connectionLost, setConnectionLost] = useState(false);

  const dismissAlert = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  // Alerts rendered by the server (the errorCode cookie) hide themselves like any other (spec §8).
  useEffect(() => {
    const timers = initialAlerts.map((_, i) => window.setTimeout(() => dismissAlert(i + 1), ALERT_AUTOHIDE_MS));
    return () => timers.forEach((t) => window.clearTimeout(t));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the alerts present at first render
  }, []);
  const pushAlert = useCallback(
    (type: AlertType, message: string) => {
      const id = nextId.current++;
      setAlerts((list) => [...list.filter((a) => a.message !== message), { id, type, message }]);
      window.setTimeout(() => dismissAlert(id), ALERT_AUTOHIDE_MS);
    },
    [dismissAlert],
  );

  // A later page's server alerts (the root loader's flash after a client-side navigation, e.g. the
  // welcome once a registration lands back on the cart, issue #25 §6) join the list like any other.
  const firstAlerts = useRef(initialAlerts);
  useEffect(() => {
    if (initialAlerts === firstAlerts.current) return;
    for (const a of initialAlerts) pushAlert(a.type, a.message);
  }, [initialAlerts, pushAlert]);

  const reportFailure = useCallback<Ui['reportFailure']>(
    (outcome) => {
      if (outcome.failure) {
        const message = t(`errors:${outcome.failure.key}`, outcome.failure.params ?? {});
        if (outcome.failure.handling === 'modal') setConnectionLost(true);
        else pushAlert('alert', message);
        return;
      }
      const envelope = outcome.envelope;
      if (!envelope) return;
      // postJson resolved the code's key and handling (it loads the catalogue; decision 030).
      const message = envelope.msg || t(`errors:${outcome.key}`);
      switch (outcome.handling) {
        case 'ignored':
        case 'none':
          return;
        case 'reload':
        case 'full_reload':
          window.location.reload();
          return;
        case 'redirect': {
          // Only a path on our own origin: a response must not be able to send the visitor elsewhere.
          window.location.assign(safeRedirectPath((envelope.data as { url?: unknown } | null)?.url, '/access_denied'));
          return;
        }
        case 'info_modal':
          setModal({ kind: 'info', title: t('common:modal.info_title'), content: message });
          return;
        case 'warning':
          pushAlert('warning', message);
          return;
        case 'generic':
          pushAlert('alert', t('errors:http.generic'));
          return;
        default:
          pushAlert('alert', message);
      }
    },
    [pushAlert, t],
  );

  const value = useMemo<Ui>(
    () => ({
      alerts,
      pushAlert,
      dismissAlert,
      modal,
      openModal: setModal,
      closeModal: () => setModal(null),
      connectionLost,
      setConnectionLost,
      reportFailure,
    }),
    [alerts, pushAlert, dismissAlert, modal, connectionLost, reportFailure],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi outside UiProvider');
  return ui;
}
