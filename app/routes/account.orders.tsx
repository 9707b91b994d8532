// The account's orders (issue #12 §1): the latest fifty, each to its page (/orders/{id}) with the
// documents and the fulfilment of its items. Read only: no action.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AreaTitle } from '../components/account/outcome';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { DocLink } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const rows = await context.services.orders.orders(session.user.id);
  // Each order's documents, each linked to its page (issue #13 §2).
  const docs = await context.services.documents.forOrders(
    session.user.id,
    rows.map((o) => o.id),
  );
  return data({
    meta: { title: t('portal:orders.meta_title') },
    orders: rows.map((o) => ({
      id: o.id,
      status: o.status,
      totalCents: o.grandTotalCents,
      createdAt: o.createdAt.getTime(),
      documents: docs.filter((d) => d.orderId === o.id).map((d) => ({ id: d.id, kind: d.kind, series: d.series, number: d.number })),
    })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AccountOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('checkout');
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));
  const columns = [
    { key: 'order', label: t('portal:orders.col_order') },
    { key: 'date', label: t('portal:orders.col_date') },
    { key: 'status', label: t('portal:orders.col_status') },
    { key: 'documents', label: t('documents:title') },
    { key: 'total', label: t('grand_total'), align: 'end' as const },
  ];
  const none = (
    <>
      {t('portal:orders.none')}{' '}
      <Link to="/domains/search" className="link-button">
        {t('portal:orders.search_link')}
      </Link>
    </>
  );
  return (
    <div className="space-y-6" data-testid="panel-orders">
      <AreaTitle>{t('portal:orders.title')}</AreaTitle>
      <section className="card" aria-labelledby="orders-title">
        <h2 id="orders-title" className="mb-3 text-xl font-semibold">
          {t('all_orders')}
        </h2>
        <ResponsiveTable caption={t('all_orders')} columns={columns} testId="order-list" empty={{ when: orders.length === 0, text: none, testId: 'no-orders', className: 'text-slate-700' }}>
          {orders.map((o) => (
            <Row key={o.id} data-testid="order-row" data-id={o.id} data-status={o.status}>
              <Cell label={columns[0]!.label}>
                <Link to={`/orders/${o.id}`} className="link-button font-medium">
                  {t('order_title', { id: o.id })}
                </Link>
              </Cell>
              <Cell label={columns[1]!.label}>{when(o.createdAt)}</Cell>
              <Cell label={columns[2]!.label}>{t(`order_status.${o.status}`)}</Cell>
              <Cell label={columns[3]!.label}>
                <ul className="flex flex-wrap gap-x-3" data-testid="order-documents">
                  {o.documents.map((d) => (
                    <li key={d.id}>
                      <DocLink doc={d} testId="order-document-link" />
                    </li>
                  ))}
                </ul>
              </Cell>
              <Cell label={columns[4]!.label} align="end">
                <Price cents={o.totalCents} exact />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </section>
    </div>
  );
}
