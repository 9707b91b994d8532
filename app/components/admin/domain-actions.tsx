// The staff actions on one name (issue #22 §2): sync from the registry, renew a goodwill year, lock or
// unlock, move to another account. Each is asked for twice: the button opens a confirmation, and only
// the confirmation's form (with confirmed=yes) acts. Without JavaScript the button is a link to the
// page with ?confirm=<action>, where the same form stands on the page; with it, the form opens in the
// app's dialog. The action answers a POST without the confirmation by sending it to that page.
import { Form, Link } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, REASON_MIN, type StaffDomainAction } from '../../../core/staff/domain-list';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';
import { ConfirmButtons } from '../confirm-buttons';

export type ConfirmError = { field: 'reason' | 'email'; message: string } | null;

/** The confirmation form of one action: what will happen, the fields it needs, confirm and cancel. */
export function ConfirmActionForm({
  action,
  fqdn,
  renewKey,
  error,
  cancelTo,
  onCancel,
  tradeAfterMove = false,
}: {
  action: StaffDomainAction;
  fqdn: string;
  renewKey: string;
  error: ConfirmError;
  cancelTo: string;
  onCancel?: () => void;
  /** A .gr/.ελ: the registry keeps naming the old holder until the new one's trade (decision 043). */
  tradeAfterMove?: boolean;
}) {
  const { t } = useTranslation('admindomains');
  const needsReason = action === 'renew' || action === 'move';
  return (
    <Form method="post" className="space-y-3" data-testid={`confirm-${action}-form`}>
      <CsrfInput />
      <input type="hidden" name="confirmed" value="yes" />
      {action === 'renew' ? <input type="hidden" name="key" value={renewKey} /> : null}
      <p>{t(`confirm.${action}_text`, { fqdn })}</p>
      {action === 'move' && tradeAfterMove ? <p data-testid="move-trade-note">{t('confirm.move_trade')}</p> : null}
      {action === 'move' ? (
        <div>
          <label htmlFor={`move-email-${action}`} className="block text-sm font-medium">
            {t('confirm.target_email')}
          </label>
          <input
            id={`move-email-${action}`}
            name="email"
            type="email"
            required
            maxLength={255}
            autoComplete="off"
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            aria-invalid={error?.field === 'email' || undefined}
            aria-describedby={error?.field === 'email' ? 'move-email-error' : undefined}
            data-testid="move-email"
          />
          {error?.field === 'email' ? (
            <p id="move-email-error" className="mt-1 text-sm text-red-800" data-testid="move-email-error">
              {error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {needsReason ? (
        <div>
          <label htmlFor={`reason-${action}`} className="block text-sm font-medium">
            {t('confirm.reason')}
          </label>
          <textarea
            id={`reason-${action}`}
            name="reason"
            required
            minLength={REASON_MIN}
            maxLength={REASON_MAX}
            rows={3}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            aria-invalid={error?.field === 'reason' || undefined}
            aria-describedby={error?.field === 'reason' ? `reason-${action}-error` : undefined}
            data-testid="action-reason"
          />
          {error?.field === 'reason' ? (
            <p id={`reason-${action}-error`} className="mt-1 text-sm text-red-800" data-testid="reason-error">
              {error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmButtons action={action} submitLabel={t(`confirm.${action}_button`)} cancelLabel={t('confirm.cancel')} cancelTo={cancelTo} onCancel={onCancel} />
    </Form>
  );
}

/**
 * The action buttons; `confirming` is the action whose form the page shows (no JavaScript, or a form
 * returned with an error). With JavaScript a button opens the dialog instead of following its link.
 */
export function DomainActions({
  id,
  fqdn,
  locked,
  renewKey,
  confirming,
  error,
  tradeAfterMove = false,
}: {
  id: number;
  fqdn: string;
  locked: boolean;
  renewKey: string;
  confirming: StaffDomainAction | null;
  error: ConfirmError;
  tradeAfterMove?: boolean;
}) {
  const { t } = useTranslation('admindomains');
  const [open, setOpen] = useState<StaffDomainAction | null>(null);
  const actions: StaffDomainAction[] = ['sync', 'renew', locked ? 'unlock' : 'lock', 'move'];
  const base = `/admin/domains/${id}`;
  return (
    <section aria-labelledby="domain-actions-title" className="mt-8" data-testid="domain-actions">
      <h2 id="domain-actions-title" className="text-xl font-semibold">
        {t('actions.title')}
      </h2>
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
          <h3 className="mb-2 font-semibold">{t(`confirm.${confirming}_title`, { fqdn })}</h3>
          <ConfirmActionForm action={confirming} fqdn={fqdn} renewKey={renewKey} error={error} cancelTo={base} tradeAfterMove={tradeAfterMove} />
        </div>
      ) : null}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? t(`confirm.${open}_title`, { fqdn }) : ''} testId="confirm-dialog">
        {open ? <ConfirmActionForm action={open} fqdn={fqdn} renewKey={renewKey} error={null} cancelTo={base} onCancel={() => setOpen(null)} tradeAfterMove={tradeAfterMove} /> : null}
      </Dialog>
    </section>
  );
}
