// A customer's status in the back office (issue #22 §2): the badge, and the enable/disable button with
// its confirmation (spec §4 User: 'Are you sure you want to deactivate/activate user {username}?').
// Without JavaScript the button is a GET to the confirmation page (/admin/customers/:id/status),
// whose form posts the change; with it, the same question opens in the app's dialog and its form posts
// to the same action. The form posts status=active (the trigger value for activation) or suspended.
import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

export function StatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation('admincustomers');
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${status === 'active' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`} data-testid="customer-status" data-status={status}>
      {t(`status_${status}`)}
    </span>
  );
}

type Target = { id: number; username: string; to: 'active' | 'suspended' };

/** The question and the form that makes the change: the dialog's body, and the no-JS page's. */
export function StatusConfirmForm({ target, cancel }: { target: Target; cancel: React.ReactNode }) {
  const { t } = useTranslation('admincustomers');
  const deactivate = target.to === 'suspended';
  return (
    <Form method="post" action={`/admin/customers/${target.id}/status`} data-testid="status-confirm-form">
      <CsrfInput />
      <PageIdInput />
      <p data-testid="status-question">{t(deactivate ? 'confirm_deactivate' : 'confirm_activate', { username: target.username })}</p>
      {deactivate ? <p className="mt-2 text-sm text-slate-700">{t('deactivate_note')}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="status" value={target.to} className="btn-primary" data-testid="status-confirm">
          {t('confirm_yes')}
        </button>
        {cancel}
      </div>
    </Form>
  );
}

export function StatusChangeButton({ target }: { target: Target }) {
  const { t } = useTranslation('admincustomers');
  const [open, setOpen] = useState(false);
  const deactivate = target.to === 'suspended';
  const label = t(deactivate ? 'deactivate' : 'activate');
  return (
    <>
      <Form
        method="get"
        action={`/admin/customers/${target.id}/status`}
        onSubmit={(e) => {
          // With JavaScript the question is asked here; without it, on its own page.
          e.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="to" value={target.to} />
        <button type="submit" className="btn-primary" data-testid="status-change">
          {label}
        </button>
      </Form>
      <Dialog open={open} onClose={() => setOpen(false)} title={t(deactivate ? 'confirm_title_deactivate' : 'confirm_title_activate')} testId="status-dialog">
        <StatusConfirmForm
          target={target}
          cancel={
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} data-testid="status-cancel">
              {t('cancel')}
            </button>
          }
        />
      </Dialog>
    </>
  );
}

/** The no-JS page's way back. */
export function StatusCancelLink({ id }: { id: number }) {
  const { t } = useTranslation('admincustomers');
  return (
    <Link to={`/admin/customers/${id}`} className="btn-secondary" data-testid="status-cancel">
      {t('cancel')}
    </Link>
  );
}
