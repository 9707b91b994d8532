// The credit balance and the movements behind it (decision 019): credit notes, orders that used it,
// cancellations that gave it back. A responsive table (spec §2).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Price } from '../price';
import { Cell, ResponsiveTable, Row } from '../responsive-table';
import { athensFormat } from '../../lib/date-format';

export type CreditView = {
  balanceCents: number;
  movements: { id: number; amountCents: number; reason: string; orderId: number | null; note: string | null; at: number; document: string | null }[];
};

export function CreditBalance({ credit }: { credit: CreditView }) {
  const { t, i18n } = useTranslation('checkout');
  const columns = [
    { key: 'date', label: t('credit_date') },
    { key: 'what', label: t('credit_what') },
    { key: 'amount', label: t('amount'), align: 'end' as const },
  ];
  return (
    <section className="card" aria-labelledby="credit-title" data-testid="credit-balance" data-cents={credit.balanceCents}>
      <h2 id="credit-title" className="text-xl font-semibold">
        {t('credit_title')}: <Price cents={credit.balanceCents} exact />
      </h2>
      {credit.movements.length ? (
        <div className="mt-3">
          <ResponsiveTable caption={t('credit_movements')} columns={columns}>
            {credit.movements.map((m) => (
              <Row key={m.id} data-testid="credit-movement" data-reason={m.reason}>
                <Cell label={columns[0]!.label}>{athensFormat(i18n.language, {}).format(new Date(m.at))}</Cell>
                <Cell label={columns[1]!.label}>
                  {t(`credit_reason.${m.reason}`)}
                  {m.document ? ` · ${m.document}` : ''}
                  {m.orderId ? (
                    <>
                      {' · '}
                      <Link to={`/orders/${m.orderId}`} className="link-button">
                        {t('order_title', { id: m.orderId })}
                      </Link>
                    </>
                  ) : null}
                  {m.note && m.reason !== 'order' ? <span className="block text-xs text-slate-600">{m.note}</span> : null}
                </Cell>
                <Cell label={columns[2]!.label} align="end">
                  <span className={m.amountCents < 0 ? '' : 'text-emerald-800'}>
                    {m.amountCents < 0 ? '−' : '+'}
                    <Price cents={Math.abs(m.amountCents)} exact />
                  </span>
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('credit_none')}</p>
      )}
    </section>
  );
}
