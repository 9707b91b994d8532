// The parts of the staff documents screen (app/routes/admin.documents.tsx): one card per document with
// the actions that apply to it, and the form that adds a debit. Plain forms: they work without
// JavaScript; each carries the CSRF token, the customer's e-mail (to come back to) and its key.
import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from '../csrf-input';
import { Price } from '../price';
import { SubmitButton } from '../../lib/forms';
import { DEBIT_LINES } from '../../../core/validation/refund-forms';

export type StaffRefund = { id: number; amountCents: number; status: 'pending' | 'succeeded' | 'failed'; reason: string; lastError: string | null; at: number };

export type StaffDocument = {
  id: number;
  kind: string;
  series: string;
  number: number;
  status: string;
  reason: string | null;
  totalCents: number;
  balanceCents: number;
  createdAt: number;
  dueAt: number | null;
  key: string;
  /** The order's refundable card payments (every approved one whose money did not become credit). */
  payments: StaffPayment[];
  /** A debit's bank transfer waiting for staff to see it arrive. */
  transfer: { paymentId: number; amountCents: number } | null;
};

export type StaffPayment = { id: number; amountCents: number; refundedCents: number; creditedCents: number; refundableCents: number; refunds: StaffRefund[] };

const INPUT = 'mt-1 w-full rounded border border-slate-300 px-3 py-2';

export { documentNumber } from '../../../core/documents/format';
import { documentNumber } from '../../../core/documents/format';
import { athensFormat } from '../../lib/date-format';

function useWhen() {
  const { i18n } = useTranslation();
  return (ms: number, time = true) =>
    athensFormat(i18n.language, time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(ms));
}

function Hidden({ email, documentId }: { email: string; documentId: number }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="document_id" value={documentId} />
    </>
  );
}

export function StaffDocumentCard({ doc, email, alert, values }: { doc: StaffDocument; email: string; alert: ReactNode; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const when = useWhen();
  const cancellable = (doc.kind === 'debit' && (doc.status === 'OPEN' || doc.status === 'OVERDUE') && doc.balanceCents === doc.totalCents) || (doc.kind === 'credit' && doc.status === 'COMPLETED' && doc.reason !== 'card_refund');
  return (
    <li className="card" data-testid={`staff-document-${doc.id}`} data-kind={doc.kind} data-status={doc.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          <code className="whitespace-nowrap">{documentNumber(doc)}</code> <span className="font-normal text-slate-600">· {t(`refunds:kind.${doc.kind}`)}</span>
        </h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm" data-testid="staff-document-status">
          <span className="sr-only">{t('refunds:status_label')}: </span>
          {t(`refunds:status.${doc.status}`)} <span className="text-xs text-slate-700">({doc.status})</span>
        </span>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('refunds:date')}:</dt>
          <dd>{when(doc.createdAt)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('refunds:total')}:</dt>
          <dd>
            <Price cents={doc.totalCents} exact />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('refunds:balance')}:</dt>
          <dd data-testid="staff-document-balance">
            <Price cents={doc.balanceCents} exact />
          </dd>
        </div>
        {doc.reason ? (
          <div className="flex gap-1">
            <dt className="text-slate-600">{t('refunds:reason')}:</dt>
            <dd>{t(`refunds:reasons.${doc.reason}`, { defaultValue: doc.reason })}</dd>
          </div>
        ) : null}
        {doc.dueAt ? (
          <div className="flex gap-1">
            <dt className="text-slate-600">{t('refunds:due')}:</dt>
            <dd>{when(doc.dueAt, false)}</dd>
          </div>
        ) : null}
      </dl>
      {alert ? <div className="mt-3">{alert}</div> : null}
      {doc.payments.map((p) => (
        <RefundBox key={p.id} doc={doc} payment={p} email={email} values={values?.payment_id === String(p.id) ? values : undefined} />
      ))}
      {doc.transfer ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
          <Hidden email={email} documentId={doc.id} />
          <input type="hidden" name="payment_id" value={doc.transfer.paymentId} />
          <p className="text-sm text-slate-700">
            {t('refunds:transfer_waiting')} <Price cents={doc.transfer.amountCents} exact />
          </p>
          <SubmitButton intent="confirm_debit_transfer" className="btn-secondary" testId={`staff-confirm-transfer-${doc.id}`}>
            {t('refunds:confirm_transfer')}
          </SubmitButton>
        </Form>
      ) : null}
      {cancellable ? (
        <Form method="post" className="mt-3">
          <Hidden email={email} documentId={doc.id} />
          <SubmitButton intent={doc.kind === 'debit' ? 'cancel_debit' : 'cancel_credit'} className="btn-secondary" testId={`staff-cancel-${doc.id}`}>
            {t(doc.kind === 'debit' ? 'refunds:cancel_debit' : 'refunds:cancel_credit')}
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}

function RefundBox({ doc, payment, email, values }: { doc: StaffDocument; payment: StaffPayment; email: string; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const when = useWhen();
  const id = `refund-${doc.id}-${payment.id}`;
  return (
    <section className="mt-3 border-t border-slate-100 pt-3" aria-labelledby={`${id}-title`} data-testid={`staff-refunds-${doc.id}`} data-payment={payment.id}>
      <h4 id={`${id}-title`} className="font-semibold">
        {t('refunds:card_refunds')}
      </h4>
      <p className="text-sm text-slate-700">
        {t('refunds:paid_by_card')} <Price cents={payment.amountCents} exact /> · {t('refunds:refunded_so_far')} <Price cents={payment.refundedCents} exact /> ·{' '}
        {payment.creditedCents > 0 ? (
          <>
            {t('refunds:credited_for_items')} <Price cents={payment.creditedCents} exact /> ·{' '}
          </>
        ) : null}
        {t('refunds:refundable')}{' '}
        <span data-testid="staff-refundable">
          <Price cents={payment.refundableCents} exact />
        </span>
      </p>
      {payment.refunds.length ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={t('refunds:card_refunds')}>
          {payment.refunds.map((r) => (
            <li key={r.id} data-testid="staff-refund" data-status={r.status}>
              {when(r.at)} · <Price cents={r.amountCents} exact /> · <strong>{t(`refunds:refund_status.${r.status}`)}</strong>
              {r.reason ? ` · ${r.reason}` : ''}
              {r.lastError ? <span className="block font-mono text-xs text-slate-600">{r.lastError}</span> : null}
              {r.status === 'pending' ? (
                <Form method="post" className="mt-1">
                  <Hidden email={email} documentId={doc.id} />
                  <input type="hidden" name="refund_id" value={r.id} />
                  <SubmitButton intent="retry_refund" className="btn-secondary" testId={`staff-refund-retry-${r.id}`}>
                    {t('refunds:retry_refund')}
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {payment.refundableCents > 0 ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
          <Hidden email={email} documentId={doc.id} />
          <input type="hidden" name="payment_id" value={payment.id} />
          <input type="hidden" name="key" value={doc.key} />
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
              {t('refunds:amount')}
            </label>
            <input id={`${id}-amount`} name="amount" required inputMode="decimal" defaultValue={values?.amount ?? ''} className={INPUT} aria-describedby={`${id}-hint`} data-testid={`staff-refund-amount-${doc.id}`} />
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
              {t('refunds:amount_hint')}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
              {t('refunds:reason')}
            </label>
            <input id={`${id}-reason`} name="reason" maxLength={200} defaultValue={values?.reason ?? ''} className={INPUT} data-testid={`staff-refund-reason-${doc.id}`} />
          </div>
          <div>
            <SubmitButton intent="refund" testId={`staff-refund-submit-${doc.id}`}>
              {t('refunds:refund')}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

export function StaffDebitForm({ userId, email, debitKey, alert, values }: { userId: number; email: string; debitKey: string; alert: ReactNode; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const rows = Array.from({ length: DEBIT_LINES }, (_, i) => i + 1);
  return (
    <section className="card mt-10" aria-labelledby="staff-debit-title" data-testid="staff-debit">
      <h2 id="staff-debit-title" className="text-xl font-semibold">
        {t('refunds:debit_title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('refunds:debit_intro')}</p>
      {alert ? <div className="mt-3">{alert}</div> : null}
      <Form method="post" className="mt-3 space-y-3">
        <CsrfInput />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="user_id" value={userId} />
        <input type="hidden" name="key" value={debitKey} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('refunds:debit_lines')}</legend>
          {rows.map((n) => (
            <div key={n} className="grid gap-2 sm:grid-cols-[1fr_12rem]">
              <div>
                <label htmlFor={`debit-description-${n}`} className="block text-sm">
                  {t('refunds:line_description', { n })}
                </label>
                <input id={`debit-description-${n}`} name={`description_${n}`} required={n === 1} maxLength={200} defaultValue={values?.[`description_${n}`] ?? ''} className={INPUT} data-testid={`debit-description-${n}`} />
              </div>
              <div>
                <label htmlFor={`debit-amount-${n}`} className="block text-sm">
                  {t('refunds:line_amount', { n })}
                </label>
                <input id={`debit-amount-${n}`} name={`amount_${n}`} required={n === 1} inputMode="decimal" defaultValue={values?.[`amount_${n}`] ?? ''} className={INPUT} data-testid={`debit-amount-${n}`} />
              </div>
            </div>
          ))}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="debit-reason" className="block text-sm font-medium">
              {t('refunds:reason')}
            </label>
            <select id="debit-reason" name="reason" defaultValue={values?.reason ?? 'manual'} className={INPUT} data-testid="debit-reason">
              <option value="manual">{t('refunds:reasons.manual')}</option>
              <option value="chargeback">{t('refunds:reasons.chargeback')}</option>
            </select>
          </div>
          <div>
            <label htmlFor="debit-due" className="block text-sm font-medium">
              {t('refunds:due')}
            </label>
            <input id="debit-due" name="due_date" type="date" required defaultValue={values?.due_date ?? ''} className={INPUT} data-testid="debit-due" />
          </div>
        </div>
        <p className="text-xs text-slate-600">{t('refunds:debit_vat_hint')}</p>
        <SubmitButton intent="add_debit" testId="debit-submit">
          {t('refunds:add_debit')}
        </SubmitButton>
      </Form>
    </section>
  );
}
