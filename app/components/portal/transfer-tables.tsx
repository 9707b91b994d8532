// The lists of /account/transfers (issue #12 §5): offers waiting for this account, the history of
// internal transfers (sent and received) and the transfers in from other registrars. A real table
// from 768 px; under it each row reads as a card of label: value lines (spec §2 responsive tables).
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { SubmitButton } from '../../lib/forms';
import { ExternalStateBadge, HandoverStatusBadge, useDateFormat, type ExternalState, type HandoverStatus } from './transfer-status';

export type HandoverView = { id: number; fqdn: string; direction: 'sent' | 'received'; counterpart: string; status: HandoverStatus; createdAt: string; expiresAt: string; decidedAt: string | null };
export type ExternalView = { fqdn: string; asciiFqdn: string; state: ExternalState; orderId: number; at: string | null };

const TABLE = 'block w-full text-left text-sm md:table';
const HEAD = 'sr-only md:not-sr-only md:table-header-group';
const ROW = 'mb-3 block rounded-lg border border-slate-200 p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0';
const CELL = 'flex justify-between gap-3 py-1 before:font-medium before:text-slate-600 before:content-[attr(data-label)] md:table-cell md:px-2 md:py-2 md:before:content-none';

export function IncomingOffers({ offers }: { offers: HandoverView[] }) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  return (
    <section aria-labelledby="incoming-title" className="card mb-6" data-testid="incoming-offers">
      <h2 id="incoming-title" className="mb-3 text-lg font-semibold">
        {t('incoming_title')}
      </h2>
      {offers.length === 0 ? (
        <p className="text-sm text-slate-600">{t('incoming_empty')}</p>
      ) : (
        <ul className="space-y-3">
          {offers.map((o) => (
            <li key={o.id} className="rounded-lg border border-amber-200 bg-amber-50 p-3" data-testid="incoming-offer" data-handover={o.id} data-fqdn={o.fqdn}>
              <p className="text-sm">{t('incoming_text', { from: o.counterpart, fqdn: o.fqdn, until: date(o.expiresAt) })}</p>
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <CsrfInput />
                <PageIdInput />
                <input type="hidden" name="id" value={o.id} />
                {/* Accepting starts with the step that says what happens (issue #19): a link to it. */}
                <Link to={`/account/transfers?accept=${o.id}#accept-step`} className="btn-primary px-3 py-1 text-sm" data-testid="accept-offer">
                  <span aria-hidden="true">{t('accept')}</span>
                  <span className="sr-only">{t('accept_label', { fqdn: o.fqdn })}</span>
                </Link>
                <SubmitButton intent="decline" className="btn-secondary px-3 py-1 text-sm" testId="decline-offer">
                  <span aria-hidden="true">{t('decline')}</span>
                  <span className="sr-only">{t('decline_label', { fqdn: o.fqdn })}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HandoverHistory({ rows }: { rows: HandoverView[] }) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  return (
    <section aria-labelledby="history-title" className="card mb-6" data-testid="handover-history">
      <h2 id="history-title" className="mb-3 text-lg font-semibold">
        {t('history_title')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('history_empty')}</p>
      ) : (
        <table className={TABLE}>
          <caption className="sr-only">{t('history_title')}</caption>
          <thead className={HEAD}>
            <tr className="text-slate-600">
              <th scope="col" className="px-2 py-1 font-medium">{t('col_domain')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_direction')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_other')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_date')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_status')}</th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {rows.map((r) => (
              <tr key={`${r.direction}-${r.id}`} className={ROW} data-testid="handover-row" data-handover={r.id} data-direction={r.direction} data-fqdn={r.fqdn} data-status={r.status}>
                <td className={`${CELL} font-medium`} data-label={t('col_domain')}>{r.fqdn}</td>
                <td className={CELL} data-label={t('col_direction')}>{t(`direction.${r.direction}`)}</td>
                <td className={`${CELL} break-all`} data-label={t('col_other')}>{r.counterpart}</td>
                <td className={CELL} data-label={t('col_date')}>{date(r.decidedAt ?? r.createdAt)}</td>
                <td className={CELL} data-label={t('col_status')}>
                  <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
                    <HandoverStatusBadge status={r.status} />
                    {r.direction === 'sent' && r.status === 'offered' ? (
                      <Form method="post">
                        <CsrfInput />
                        <PageIdInput />
                        <input type="hidden" name="id" value={r.id} />
                        <SubmitButton intent="cancel" className="btn-secondary px-2 py-0.5 text-xs" testId="cancel-offer">
                          <span aria-hidden="true">{t('cancel')}</span>
                          <span className="sr-only">{t('cancel_label', { fqdn: r.fqdn })}</span>
                        </SubmitButton>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ExternalTransfers({ rows }: { rows: ExternalView[] }) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  return (
    <section aria-labelledby="external-title" className="card mb-6" data-testid="external-transfers">
      <h2 id="external-title" className="mb-3 text-lg font-semibold">
        {t('external_title')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('external_empty')}</p>
      ) : (
        <table className={TABLE}>
          <caption className="sr-only">{t('external_title')}</caption>
          <thead className={HEAD}>
            <tr className="text-slate-600">
              <th scope="col" className="px-2 py-1 font-medium">{t('col_domain')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_date')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_order')}</th>
              <th scope="col" className="px-2 py-1 font-medium">{t('col_status')}</th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {rows.map((r) => (
              <tr key={`${r.orderId}-${r.asciiFqdn}`} className={ROW} data-testid="external-row" data-fqdn={r.fqdn} data-state={r.state}>
                <td className={`${CELL} font-medium`} data-label={t('col_domain')}>{r.fqdn}</td>
                <td className={CELL} data-label={t('col_date')}>{date(r.at)}</td>
                <td className={CELL} data-label={t('col_order')}>
                  <Link to={`/orders/${r.orderId}`} className="link-button">
                    {t('order_link', { id: r.orderId })}
                  </Link>
                </td>
                <td className={CELL} data-label={t('col_status')}>
                  <ExternalStateBadge state={r.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
