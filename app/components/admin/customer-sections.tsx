// The parts of the back office's customer page (issue #22 §2) that only show: a titled section, the
// default billing profile's marker with its tooltip, and the domains, orders, documents and credit.
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { athensFormat } from '../../lib/date-format';
import { Price } from '../price';
import { Cell, ResponsiveTable, Row } from '../responsive-table';
import { documentNumber } from '../../../core/documents/format';
import { DocumentNumberText } from '../documents/no-break-number';

export function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card mt-6" data-testid={`customer-section-${id}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * Spec §6: 'For admins, a tooltip marks the user's default profile'. Not a hover-only title: the
 * marker takes the keyboard's focus, the tip shows on hover and on focus, and it is the marker's
 * description for screen readers (aria-describedby) whether shown or not.
 */
export function DefaultProfileTip({ id }: { id: string }) {
  const { t } = useTranslation('admincustomers');
  return (
    <span className="group relative inline-flex">
      <span tabIndex={0} aria-describedby={id} className="rounded bg-blue-100 px-2 py-0.5 text-xs text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700" data-testid="default-profile">
        {t('default_profile')}
      </span>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none invisible absolute bottom-full left-0 z-10 mb-1 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white opacity-0 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        data-testid="default-profile-tip"
      >
        {t('default_profile_tip')}
      </span>
    </span>
  );
}

type Lists = {
  domains: { total: number; rows: { id: number; fqdn: string; status: string; expiresAt: number; autoRenew: boolean }[] };
  orders: { total: number; rows: { id: number; status: string; paymentMethod: string; grandTotalCents: number; createdAt: number }[] };
  documents: { id: number; kind: string; series: string; number: number; status: string; totalCents: number; createdAt: number }[];
  credit: { balanceCents: number; movements: { id: number; amountCents: number; reason: string; orderId: number | null; note: string | null; createdAt: number; series: string | null; number: number | null }[] };
};

export function CustomerSections({ domains, orders, documents, credit }: Lists) {
  const { t, i18n } = useTranslation('admincustomers');
  const day = athensFormat(i18n.language, { dateStyle: 'medium' });
  const date = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{day.format(ms)}</time>;
  const count = (shown: number, total: number) => (
    <span className="text-sm text-slate-600" data-testid="customer-count">
      {t('domains_count', { shown, total })}
    </span>
  );
  return (
    <>
      <Section id="domains" title={t('domains')} aside={count(domains.rows.length, domains.total)}>
        <ResponsiveTable
          caption={t('domains')}
          columns={[
            { key: 'fqdn', label: t('col_domain') },
            { key: 'status', label: t('col_status') },
            { key: 'expires', label: t('col_expires') },
            { key: 'renew', label: t('col_auto_renew') },
          ]}
          testId="customer-domains"
          empty={{ when: domains.rows.length === 0, text: t('domains_empty') }}
        >
          {domains.rows.map((d) => (
            <Row key={d.id} data-testid="customer-domain">
              <Cell label={t('col_domain')} rowHeader>
                <Link to={`/admin/domains/${d.id}`} className="text-blue-800 underline">
                  {d.fqdn}
                </Link>
              </Cell>
              <Cell label={t('col_status')}>{d.status}</Cell>
              <Cell label={t('col_expires')}>{date(d.expiresAt)}</Cell>
              <Cell label={t('col_auto_renew')}>{t(d.autoRenew ? 'yes' : 'no')}</Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </Section>
      <Section id="orders" title={t('orders')} aside={count(orders.rows.length, orders.total)}>
        <ResponsiveTable
          caption={t('orders')}
          columns={[
            { key: 'order', label: t('col_order') },
            { key: 'date', label: t('col_date') },
            { key: 'status', label: t('col_status') },
            { key: 'method', label: t('col_method') },
            { key: 'total', label: t('col_total'), align: 'end' },
          ]}
          testId="customer-orders"
          empty={{ when: orders.rows.length === 0, text: t('orders_empty') }}
        >
          {orders.rows.map((o) => (
            <Row key={o.id} data-testid="customer-order">
              <Cell label={t('col_order')} rowHeader>
                #{o.id}
              </Cell>
              <Cell label={t('col_date')}>{date(o.createdAt)}</Cell>
              <Cell label={t('col_status')}>{o.status}</Cell>
              <Cell label={t('col_method')}>{o.paymentMethod}</Cell>
              <Cell label={t('col_total')} align="end">
                <Price cents={o.grandTotalCents} exact />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </Section>
      <Section id="documents" title={t('documents')}>
        <ResponsiveTable
          caption={t('documents')}
          columns={[
            { key: 'document', label: t('col_document') },
            { key: 'date', label: t('col_date') },
            { key: 'status', label: t('col_status') },
            { key: 'total', label: t('col_total'), align: 'end' },
          ]}
          testId="customer-documents"
          empty={{ when: documents.length === 0, text: t('documents_empty') }}
        >
          {documents.map((d) => (
            <Row key={d.id} data-testid="customer-document">
              <Cell label={t('col_document')} rowHeader>
                <DocumentNumberText number={documentNumber(d)} />
              </Cell>
              <Cell label={t('col_date')}>{date(d.createdAt)}</Cell>
              <Cell label={t('col_status')}>{d.status}</Cell>
              <Cell label={t('col_total')} align="end">
                <Price cents={d.totalCents} exact />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </Section>
      <Section
        id="credit"
        title={t('credit')}
        aside={
          <span className="font-medium" data-testid="customer-credit-balance" data-cents={credit.balanceCents}>
            {t('credit_balance')}: <Price cents={credit.balanceCents} exact />
          </span>
        }
      >
        <ResponsiveTable
          caption={t('credit')}
          columns={[
            { key: 'date', label: t('col_date') },
            { key: 'reason', label: t('col_reason') },
            { key: 'note', label: t('col_note') },
            { key: 'amount', label: t('col_amount'), align: 'end' },
          ]}
          testId="customer-credit"
          empty={{ when: credit.movements.length === 0, text: t('credit_empty') }}
        >
          {credit.movements.map((m) => (
            <Row key={m.id} data-testid="customer-credit-movement">
              <Cell label={t('col_date')}>{date(m.createdAt)}</Cell>
              <Cell label={t('col_reason')}>
                {m.reason}
                {m.series && m.number !== null ? (
                  <>
                    {' · '}
                    <DocumentNumberText number={documentNumber({ series: m.series, number: m.number })} />
                  </>
                ) : null}
                {m.orderId ? ` · #${m.orderId}` : ''}
              </Cell>
              <Cell label={t('col_note')}>{m.note ?? ''}</Cell>
              <Cell label={t('col_amount')} align="end">
                <Price cents={m.amountCents} exact />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </Section>
    </>
  );
}
