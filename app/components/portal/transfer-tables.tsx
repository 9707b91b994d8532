// The lists of /account/transfers (issue #12 §5): offers waiting for this account, the history of
// internal transfers (sent and received) and the transfers in from other registrars, in the
// responsive table of spec §2.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { SubmitButton } from '../../lib/forms';
import { Cell, ResponsiveTable, Row, RowActionForm } from '../responsive-table';
import { ExternalStateBadge, HandoverStatusBadge, useDateFormat, type ExternalState, type HandoverStatus } from './transfer-status';

export type HandoverView = { id: number; fqdn: string; direction: 'sent' | 'received'; counterpart: string; status: HandoverStatus; createdAt: string; expiresAt: string; decidedAt: string | null };
export type ExternalView = { fqdn: string; asciiFqdn: string; state: ExternalState; orderId: number; at: string | null };

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
  const columns = (['domain', 'direction', 'other', 'date', 'status'] as const).map((c) => ({ key: c, label: t(`col_${c}`) }));
  return (
    <section aria-labelledby="history-title" className="card mb-6" data-testid="handover-history">
      <h2 id="history-title" className="mb-3 text-lg font-semibold">
        {t('history_title')}
      </h2>
      <ResponsiveTable caption={t('history_title')} columns={columns} empty={{ when: rows.length === 0, text: t('history_empty') }}>
        {rows.map((r) => (
          <Row key={`${r.direction}-${r.id}`} data-testid="handover-row" data-handover={r.id} data-direction={r.direction} data-fqdn={r.fqdn} data-status={r.status}>
            <Cell label={t('col_domain')} className="font-medium">
              {r.fqdn}
            </Cell>
            <Cell label={t('col_direction')}>{t(`direction.${r.direction}`)}</Cell>
            <Cell label={t('col_other')} className="break-all">
              {r.counterpart}
            </Cell>
            <Cell label={t('col_date')}>{date(r.decidedAt ?? r.createdAt)}</Cell>
            <Cell label={t('col_status')}>
              <div className="flex flex-wrap items-center justify-end gap-2 md:justify-start">
                <HandoverStatusBadge status={r.status} />
                {r.direction === 'sent' && r.status === 'offered' ? (
                  <RowActionForm id={r.id} intent="cancel" className="btn-secondary px-2 py-0.5 text-xs" testId="cancel-offer">
                    <span aria-hidden="true">{t('cancel')}</span>
                    <span className="sr-only">{t('cancel_label', { fqdn: r.fqdn })}</span>
                  </RowActionForm>
                ) : null}
              </div>
            </Cell>
          </Row>
        ))}
      </ResponsiveTable>
    </section>
  );
}

export function ExternalTransfers({ rows }: { rows: ExternalView[] }) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  const columns = (['domain', 'date', 'order', 'status'] as const).map((c) => ({ key: c, label: t(`col_${c}`) }));
  return (
    <section aria-labelledby="external-title" className="card mb-6" data-testid="external-transfers">
      <h2 id="external-title" className="mb-3 text-lg font-semibold">
        {t('external_title')}
      </h2>
      <ResponsiveTable caption={t('external_title')} columns={columns} empty={{ when: rows.length === 0, text: t('external_empty') }}>
        {rows.map((r) => (
          <Row key={`${r.orderId}-${r.asciiFqdn}`} data-testid="external-row" data-fqdn={r.fqdn} data-state={r.state}>
            <Cell label={t('col_domain')} className="font-medium">
              {r.fqdn}
            </Cell>
            <Cell label={t('col_date')}>{date(r.at)}</Cell>
            <Cell label={t('col_order')}>
              <Link to={`/orders/${r.orderId}`} className="link-button">
                {t('order_link', { id: r.orderId })}
              </Link>
            </Cell>
            <Cell label={t('col_status')}>
              <ExternalStateBadge state={r.state} />
            </Cell>
          </Row>
        ))}
      </ResponsiveTable>
    </section>
  );
}
