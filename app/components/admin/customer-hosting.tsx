// The customer's hosting services on their back-office page (issue #23 §2): each with a link to its
// staff page, its kind, status, server and renewal date.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { athensFormat } from '../../lib/date-format';
import { Cell, ResponsiveTable, Row } from '../responsive-table';
import { Section } from './customer-sections';

export type CustomerHostingRow = { id: number; name: string; kind: string; status: string; server: string; expiresAt: number };

export function CustomerHosting({ rows }: { rows: CustomerHostingRow[] }) {
  const { t, i18n } = useTranslation('adminhosting');
  const day = athensFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Section id="hosting" title={t('customer.title')}>
      <ResponsiveTable
        caption={t('customer.caption')}
        columns={[
          { key: 'name', label: t('list.col.name') },
          { key: 'kind', label: t('list.col.kind') },
          { key: 'status', label: t('list.col.status') },
          { key: 'server', label: t('list.col.server') },
          { key: 'renewal', label: t('list.col.renewal') },
        ]}
        testId="customer-hosting"
        empty={{ when: rows.length === 0, text: t('customer.empty') }}
      >
        {rows.map((r) => (
          <Row key={r.id} data-testid="customer-hosting-row">
            <Cell label={t('list.col.name')} rowHeader>
              <Link to={`/admin/hosting/${r.id}`} className="text-blue-800 underline">
                {r.name}
              </Link>
            </Cell>
            <Cell label={t('list.col.kind')}>{t(`kind.${r.kind}`)}</Cell>
            <Cell label={t('list.col.status')}>{t(`status.${r.status}`)}</Cell>
            <Cell label={t('list.col.server')}>
              <span className="wrap-anywhere">{r.server}</span>
            </Cell>
            <Cell label={t('list.col.renewal')}>
              <time dateTime={new Date(r.expiresAt).toISOString()}>{day.format(r.expiresAt)}</time>
            </Cell>
          </Row>
        ))}
      </ResponsiveTable>
    </Section>
  );
}
