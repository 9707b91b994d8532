// One sale document (issue #13 §2; spec §2 sale document tabs): a header with its number and kind,
// the status shown now (OVERDUE for an unpaid debit past its due date), date, total, balance and the
// order or document it belongs to, and the tab navigation to overview, use of credit, used-to-pay,
// paid-by, pay-with (only while it can be paid), associated movements and legal documents (each a
// child route). The loader is the shared guard: the customer's own document, or 404 with 35502.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentNumber } from '../../core/documents/format';
import { WithDocumentNumber } from '../components/documents/no-break-number';
import { DocLink, StatusBadge, useDocDate } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { TabNav } from '../components/tab-nav';
import { loadOwnDocument } from '../lib/document-route.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document: d } = await loadOwnDocument(request, context, params);
  const { t } = await pageT(request);
  const { parent } = await context.services.documents.related(d);
  const number = documentNumber(d);
  // What a Greek accountant looks for on an invoice (issue #25 §6): how it was paid, the buyer's profession.
  const order = (d.kind === 'invoice' || d.kind === 'receipt') && d.orderId ? await context.services.orders.order(d.userId, d.orderId) : null;
  const profession = typeof (d.billing as { profession?: unknown } | null)?.profession === 'string' ? String((d.billing as { profession: string }).profession) : null;
  return data({
    meta: { title: `${t(`documents:kind.${d.kind}`)} ${number} · ${t('documents:title')}` },
    document: {
      id: d.id,
      kind: d.kind,
      number,
      status: d.shownStatus,
      totalCents: d.totalCents,
      balanceCents: d.balanceCents,
      createdAt: d.createdAt.getTime(),
      dueAt: d.dueAt?.getTime() ?? null,
      orderId: d.orderId,
      reason: d.reason,
      payable: d.payable,
      paymentMethod: order?.order.paymentMethod ?? null,
      profession,
    },
    parent: parent ? { id: parent.id, kind: parent.kind, series: parent.series, number: parent.number } : null,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const TABS = [
  { key: 'overview', to: '.', end: true },
  { key: 'credit', to: 'credit' },
  { key: 'used-to-pay', to: 'used-to-pay' },
  { key: 'paid-by', to: 'paid-by' },
  { key: 'pay', to: 'pay' },
  { key: 'movements', to: 'movements' },
  { key: 'legal', to: 'legal' },
] as const;

export default function DocumentLayout() {
  const { document: d, parent } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  // Pay-with only for a due document that still owes money in a status that takes payment, and always
  // while it is the tab shown (just paid from it: the tab bar must not lose the page one is on).
  const onPay = useLocation().pathname.replace(/\/$/, '').endsWith('/pay');
  const tabs = TABS.filter((tab) => tab.key !== 'pay' || d.payable || onPay);
  return (
    <section aria-labelledby="document-title" data-testid="document-page" data-id={d.id} data-kind={d.kind} data-status={d.status}>
      <header className="mb-4">
        <p className="mb-1 text-sm">
          <Link to="/account/documents" className="underline">
            {t('back_to_list')}
          </Link>
        </p>
        <h1 id="document-title" className="text-2xl font-semibold" data-testid="document-title">
          <WithDocumentNumber text={t('doc_title', { kind: t(`kind.${d.kind}`), number: d.number })} number={d.number} />
        </h1>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
          <div className="contents sm:block">
            <dt className="text-slate-600 sm:inline">{t('col_status')}: </dt>
            <dd className="sm:inline">
              <StatusBadge status={d.status} />
            </dd>
          </div>
          <div className="contents sm:block">
            <dt className="text-slate-600 sm:inline">{t('date')}: </dt>
            <dd className="sm:inline">{when(d.createdAt)}</dd>
          </div>
          {d.dueAt !== null ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('due')}: </dt>
              <dd className="sm:inline" data-testid="document-due">
                {when(d.dueAt)}
              </dd>
            </div>
          ) : null}
          {d.paymentMethod ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('payment_method_label')}: </dt>
              <dd className="sm:inline" data-testid="document-payment-method">{t(`payment_method.${d.paymentMethod}`)}</dd>
            </div>
          ) : null}
          {d.profession ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('profession_label')}: </dt>
              <dd className="sm:inline" data-testid="document-profession">{d.profession}</dd>
            </div>
          ) : null}
          <div className="contents sm:block">
            <dt className="text-slate-600 sm:inline">{t('total')}: </dt>
            <dd className="font-semibold sm:inline" data-testid="document-total" data-cents={d.totalCents}>
              <Price cents={d.totalCents} exact />
            </dd>
          </div>
          <div className="contents sm:block">
            <dt className="text-slate-600 sm:inline">{t('balance')}: </dt>
            <dd className="font-semibold sm:inline" data-testid="document-balance" data-cents={d.balanceCents}>
              <Price cents={d.balanceCents} exact />
            </dd>
          </div>
          {d.orderId !== null ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('order')}: </dt>
              <dd className="sm:inline">
                <Link to={`/orders/${d.orderId}`} className="link-button" data-testid="document-order">
                  {t('order_link', { id: d.orderId })}
                </Link>
              </dd>
            </div>
          ) : null}
          {parent ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('belongs_to')}: </dt>
              <dd className="sm:inline">
                <DocLink doc={parent} testId="document-parent" />
              </dd>
            </div>
          ) : null}
          {d.reason ? (
            <div className="contents sm:block">
              <dt className="text-slate-600 sm:inline">{t('reason_label')}: </dt>
              <dd className="sm:inline">{t(`reason.${d.reason}`, { defaultValue: d.reason })}</dd>
            </div>
          ) : null}
        </dl>
        <TabNav label={t('tabs_label')} tabs={tabs} name={(key) => t(`tab.${key}`)} testIdPrefix="document-tab" className="mt-4" />
      </header>
      <Outlet />
    </section>
  );
}
