// The staff actions on one hosting service (issue #23 §2): suspend (with a reason) or unsuspend, at
// the panel. Asked for twice, as on a name's page (domain-actions.tsx): without JavaScript the button
// is a link to ?confirm=<action> where the confirmation form stands on the page; with it, the same
// form opens in the app's dialog. Only the confirmation's form (confirmed=yes) acts.
import { Form, Link } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, REASON_MIN } from '../../../core/staff/domain-list';
import type { StaffHostingAction } from '../../../core/staff/hosting-list';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';
import { ConfirmButtons } from '../confirm-buttons';

function ConfirmHostingForm({ action, name, reasonError, cancelTo, onCancel }: { action: StaffHostingAction; name: string; reasonError: string | null; cancelTo: string; onCancel?: () => void }) {
  const { t } = useTranslation('adminhosting');
  return (
    <Form method="post" className="space-y-3" data-testid={`confirm-${action}-form`}>
      <CsrfInput />
      <input type="hidden" name="confirmed" value="yes" />
      <p>{t(`confirm.${action}_text`, { name })}</p>
      {action === 'suspend' ? (
        <div>
          <label htmlFor="hosting-reason" className="block text-sm font-medium">
            {t('confirm.reason')}
          </label>
          <textarea
            id="hosting-reason"
            name="reason"
            required
            minLength={REASON_MIN}
            maxLength={REASON_MAX}
            rows={3}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'hosting-reason-error' : undefined}
            data-testid="action-reason"
          />
          {reasonError ? (
            <p id="hosting-reason-error" className="mt-1 text-sm text-red-800" data-testid="reason-error">
              {reasonError}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmButtons action={action} submitLabel={t(`confirm.${action}_button`)} cancelLabel={t('confirm.cancel')} cancelTo={cancelTo} onCancel={onCancel} />
    </Form>
  );
}

export function HostingActions({ id, name, status, confirming, reasonError }: { id: number; name: string; status: string; confirming: StaffHostingAction | null; reasonError: string | null }) {
  const { t } = useTranslation('adminhosting');
  const [open, setOpen] = useState<StaffHostingAction | null>(null);
  const actions: StaffHostingAction[] = status === 'active' ? ['suspend'] : status === 'suspended' ? ['unsuspend'] : [];
  const base = `/admin/hosting/${id}`;
  return (
    <section aria-labelledby="hosting-actions-title" className="mt-8" data-testid="hosting-actions">
      <h2 id="hosting-actions-title" className="text-xl font-semibold">
        {t('actions.title')}
      </h2>
      {actions.length === 0 ? <p className="mt-2 text-sm text-slate-700">{t('actions.none')}</p> : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {actions.map((a) => (
          <Link
            key={a}
            to={`${base}?confirm=${a}`}
            preventScrollReset
            className="btn-secondary"
            onClick={(e: MouseEvent) => {
              e.preventDefault();
              setOpen(a);
            }}
            data-testid={`action-${a}`}
          >
            {t(`actions.${a}`)}
          </Link>
        ))}
      </div>
      {confirming ? (
        <div className="mt-4 rounded-lg border border-slate-300 p-4" data-testid="confirm-panel">
          <h3 className="mb-2 font-semibold">{t(`confirm.${confirming}_title`, { name })}</h3>
          <ConfirmHostingForm action={confirming} name={name} reasonError={reasonError} cancelTo={base} />
        </div>
      ) : null}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? t(`confirm.${open}_title`, { name }) : ''} testId="confirm-dialog">
        {open ? <ConfirmHostingForm action={open} name={name} reasonError={null} cancelTo={base} onCancel={() => setOpen(null)} /> : null}
      </Dialog>
    </section>
  );
}
