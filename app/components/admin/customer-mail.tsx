// The e-mail part of a customer's page in the back office (issue #33 §3): their latest messages with a
// link to the log filtered to them, and support's two safe actions (a new verification link while the
// address is unverified, a password-reset link), each a plain POST form: it works without JavaScript.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { athensFormat } from '../../lib/date-format';
import { CsrfInput } from '../csrf-input';
import { MailStatusBadge } from './mail-status';
import { Section } from './customer-sections';

export type CustomerMailRow = { id: number; subject: string; templateName: string; status: string; createdAt: number };

export function CustomerMail({ customerId, rows, total, canAssist, emailVerified }: { customerId: number; rows: CustomerMailRow[]; total: number; canAssist: boolean; emailVerified: boolean }) {
  const { t, i18n } = useTranslation('staff');
  const when = athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Section
      id="mail"
      title={t('mail_log.customer.title')}
      aside={
        total > 0 ? (
          <Link to={`/admin/mail?user=${customerId}`} className="text-sm text-blue-800 underline" data-testid="customer-mail-all">
            {t('mail_log.customer.all', { count: total })}
          </Link>
        ) : null
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="customer-mail-empty">
          {t('mail_log.customer.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="customer-mail">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="customer-mail-row" data-id={r.id}>
              <span>
                <Link to={`/admin/mail/${r.id}`} className="font-medium text-blue-800 underline">
                  {r.subject || `#${r.id}`}
                </Link>
                <span className="block text-sm text-slate-600">
                  {r.templateName} · <time dateTime={new Date(r.createdAt).toISOString()}>{when.format(r.createdAt)}</time>
                </span>
              </span>
              <MailStatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      )}
      {canAssist ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h3 className="font-semibold">{t('mail_log.customer.actions')}</h3>
          <p className="text-sm text-slate-600">{t('mail_log.customer.actions_hint')}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            {emailVerified ? (
              <p className="text-sm text-slate-700" data-testid="customer-verified-already">
                {t('mail_log.customer.verified_already')}
              </p>
            ) : (
              <Form method="post">
                <CsrfInput />
                <button type="submit" name="intent" value="resend_verification" className="btn-secondary" data-testid="customer-resend-verification">
                  {t('mail_log.customer.resend_verification')}
                </button>
              </Form>
            )}
            <Form method="post">
              <CsrfInput />
              <button type="submit" name="intent" value="send_reset" className="btn-secondary" data-testid="customer-send-reset">
                {t('mail_log.customer.send_reset')}
              </button>
            </Form>
          </div>
        </div>
      ) : null}
    </Section>
  );
}
