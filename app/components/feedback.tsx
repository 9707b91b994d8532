// The alert region and the three page-wide dialogs: generic error, info, and 'Connection error'.
import { useTranslation } from 'react-i18next';
import { useUi, type AlertType } from '../lib/ui';
import { Dialog } from './dialog';

const TONE: Record<AlertType, string> = {
  alert: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

export function AlertRegion() {
  const { alerts, dismissAlert } = useUi();
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-2" aria-live="polite" data-testid="alerts">
      {alerts.map((a) => (
        <div
          key={a.id}
          role={a.type === 'alert' ? 'alert' : 'status'}
          className={`alert-slide pointer-events-auto flex w-full max-w-xl items-start gap-3 rounded-lg border px-4 py-3 shadow ${TONE[a.type]}`}
          data-alert-type={a.type}
        >
          <span className="flex-1">{a.message}</span>
          <button type="button" className="icon-btn" onClick={() => dismissAlert(a.id)}>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('actions.close')}</span>
          </button>
        </div>
      ))}
    </div>
  );
}

export function PageDialogs() {
  const { modal, closeModal, connectionLost, setConnectionLost } = useUi();
  const { t } = useTranslation();
  return (
    <>
      <Dialog open={modal !== null} onClose={closeModal} title={modal?.title ?? ''} testId={modal?.kind === 'info' ? 'info-modal' : 'error-modal'}>
        <p>{modal?.content}</p>
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-primary" onClick={closeModal}>
            {t('actions.ok')}
          </button>
        </div>
      </Dialog>
      <Dialog open={connectionLost} onClose={() => setConnectionLost(false)} title={t('errors:http.connection_error_title')} testId="connection-error">
        <p>{t('errors:http.connection_error')}</p>
        <div className="mt-6 flex justify-end">
          <a href="" className="btn-primary">
            {t('errors:http.reload')}
          </a>
        </div>
      </Dialog>
    </>
  );
}
