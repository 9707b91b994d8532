// An order (issue #5 §4–5): its items with their fulfilment state (carried out, being prepared, retried
// after a failure), its documents (the order, then the receipt or invoice and the payment, each with
// its number), the payment — the card page again for an unpaid card order, the bank details for a bank
// transfer, the credit it used and what is left to pay. An unpaid order can be cancelled (its credit
// goes back). After the hosted payment page the browser lands here (?payment=return|cancelled).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentNumber } from '../../core/documents/format';
import { orderLinesWithVat } from '../../core/documents/lines';
import { ErrorCode } from '../../core/errors';
import { bankDetails } from '../../core/orders/bank';
import { lapsesAtMs } from '../../core/orders/expiry';
import { amountDue } from '../../core/orders/credit';
import { CsrfInput } from '../components/csrf-input';
import { LengthLabel } from '../components/length-label';
import { OrderNextStep } from '../components/orders/order-next-step';
import { Price } from '../components/price';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const found = await context.services.orders.order(session.user.id, Number(params.id));
  if (!found) throw data(codeData({ code: ErrorCode.ORDER_NOT_FOUND }), { status: 404 });
  const url = new URL(request.url);
  const payment = url.searchParams.get('payment');
  // Lines with VAT, as the grand total under them (core/documents/lines.ts: the document's own rule).
  const priced = orderLinesWithVat(
    found.items.map((i) => i.priceCents),
    found.order,
  );
  return {
    meta: { title: t('checkout:order_meta_title', { id: found.order.id }) },
    order: found.order,
    items: found.items.map((i) => ({ id: i.id, position: i.position, parentPosition: i.parentPosition, kind: i.kind, sku: i.sku, action: i.action, name: i.name, asciiName: i.asciiName, serviceId: i.serviceId, sslDomain: sslDomainOf(i, found.items), lengthMonths: i.lengthMonths, priceCents: i.priceCents, grossCents: priced.lineGrossCents[found.items.indexOf(i)] ?? i.priceCents, status: i.status, attempts: i.attempts, result: i.result })),
    documents: found.documents.map((d) => ({ id: d.id, kind: d.kind, series: d.series, number: d.number, status: d.status, totalCents: d.totalCents })),
    discountGrossCents: priced.discountGrossCents,
    payments: found.payments.map((p) => ({ id: p.id, method: p.method, status: p.status, amountCents: p.amountCents })),
    returned: payment === 'return' || payment === 'cancelled' ? payment : null,
    justCancelled: url.searchParams.get('cancelled') === '1',
    // The seller's account and name, as on the receipt (issue #20 §1).
    bank: bankDetails(context.config.seller),
    // An unpaid order lapses (7 days for a bank transfer, 48 hours otherwise; a renewal order never):
    // its coupon use and credit go back (core/orders/expiry.ts, decision 088).
    payByMs: lapsesAtMs({ createdAtMs: found.order.createdAt.getTime(), paymentMethod: found.order.paymentMethod, idempotencyKey: found.order.idempotencyKey }),
  };
}

/** The name a certificate protects, as the portal's URLs spell it: the domain ordered with it, else its own. */
function sslDomainOf(item: { kind: string; config: Record<string, unknown> }, items: { kind: string; name: string; asciiName: string | null }[]): string | null {
  if (item.kind !== 'ssl') return null;
  const named = typeof item.config.domain === 'string' ? item.config.domain : null;
  const domain = items.find((d) => d.kind === 'domain' && (named === null || d.name === named || d.asciiName === named));
  return domain ? (domain.asciiName ?? domain.name) : named && /^[\x00-\x7f]+$/.test(named) ? named : null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const id = Number(params.id);
  if (form.get('intent') === 'cancel') {
    const r = await context.services.orders.cancelOrder(session.user.id, id);
    if (!r.ok) return data({ code: r.code }, r.code === ErrorCode.ORDER_NOT_FOUND ? 404 : 409);
    return redirect(`/orders/${id}?cancelled=1`, 303);
  }
  if (form.get('intent') !== 'pay') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const { lang } = await pageT(request);
  const origin = new URL(request.url).origin;
  const r = await context.services.orders.startCardPayment(session.user.id, id, { returnUrl: `${origin}/orders/${id}?payment=return`, cancelUrl: `${origin}/orders/${id}?payment=cancelled` }, lang);
  if (!r.ok) return data({ code: r.code }, 400);
  return redirect(r.redirectUrl, 303);
}

export default function OrderPage() {
  const { order, items, documents, payments, returned, justCancelled, bank, payByMs, discountGrossCents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { code?: number } | undefined;
  const { t, i18n } = useTranslation('checkout');
  const paid = order.status !== 'pending' && order.status !== 'cancelled';
  const due = amountDue(order);
  const longDate = (ms: number) => athensFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(ms));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8" data-testid="order" data-status={order.status}>
      <h1 className="text-3xl font-bold">{t('order_title', { id: order.id })}</h1>
      <p className="mt-1 text-slate-700" data-testid="order-status">
        {t(`order_status.${order.status}`)}
      </p>
      {actionData?.code ? (
        <div className="mt-4">
          <FormAlert type={codeAlertType(actionData.code)} testId="order-alert" code={actionData.code}>
            {codeMessage(t, actionData.code)}
          </FormAlert>
        </div>
      ) : null}
      {justCancelled && order.status === 'cancelled' ? (
        <div className="mt-4">
          <FormAlert type="info" testId="order-cancelled">
            {order.creditCents > 0 ? t('cancelled_credit_back') : t('cancelled_done')}
          </FormAlert>
        </div>
      ) : null}
      {order.status === 'cancelled' && order.lapsedAt ? (
        <div className="mt-4">
          <FormAlert type="warning" testId="order-lapsed">
            {t('order_lapsed', { date: longDate(new Date(order.lapsedAt).getTime()) })}
          </FormAlert>
        </div>
      ) : null}
      {returned === 'cancelled' && order.status === 'pending' ? (
        <div className="mt-4">
          <FormAlert type="warning" testId="payment-cancelled">
            {t('payment_cancelled')}
          </FormAlert>
        </div>
      ) : null}
      {returned === 'return' && paid ? (
        <div className="mt-4">
          <FormAlert type="success" testId="payment-done">
            {t('payment_done')}
          </FormAlert>
        </div>
      ) : null}
      {order.status === 'pending' && order.paymentMethod === 'bank_transfer' ? (
        <section className="card mt-6" data-testid="bank-details">
          <h2 className="text-lg font-semibold">{t('bank_title')}</h2>
          <p className="mt-2 text-sm">{t('bank_text')}</p>
          {payByMs !== null ? (
            <p className="mt-2 text-sm font-medium" data-testid="pay-by">
              {t('pay_by', { date: longDate(payByMs) })}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 text-sm">
            <dt className="font-medium">{t('bank_name')}</dt>
            <dd>{bank.bank}</dd>
            <dt className="font-medium">IBAN</dt>
            <dd className="font-mono">{bank.iban}</dd>
            <dt className="font-medium">{t('beneficiary')}</dt>
            <dd>{bank.beneficiary}</dd>
            <dt className="font-medium">{t('reference')}</dt>
            <dd className="whitespace-nowrap font-mono">ORD-{order.id}</dd>
            <dt className="font-medium">{t('amount')}</dt>
            <dd data-testid="bank-amount" data-cents={due}>
              <Price cents={due} exact />
            </dd>
          </dl>
        </section>
      ) : null}
      {order.status === 'pending' && order.paymentMethod === 'card' ? (
        <Form method="post" className="mt-6">
          {payByMs !== null ? (
            <p className="mb-2 text-sm font-medium" data-testid="pay-by">
              {t('pay_by_card_lapse', { date: longDate(payByMs) })}
            </p>
          ) : null}
          <CsrfInput />
          <SubmitButton intent="pay" testId="pay-again">
            {t('pay_by_card', { amount: '' })}
            <Price cents={due} exact />
          </SubmitButton>
        </Form>
      ) : null}
      {order.status === 'pending' ? (
        <Form method="post" className="mt-4" data-testid="cancel-order">
          <CsrfInput />
          <p className="text-sm text-slate-700">{order.creditCents > 0 ? t('cancel_help_credit') : t('cancel_help')}</p>
          <SubmitButton intent="cancel" className="btn-secondary mt-2" testId="cancel-order-submit">
            {t('cancel_order')}
          </SubmitButton>
        </Form>
      ) : null}
      <section className="card mt-6" aria-labelledby="items-title">
        <h2 id="items-title" className="mb-3 text-lg font-semibold">
          {t('items')}
        </h2>
        <ul className="divide-y divide-slate-100">
          {items.map((i) => (
            <li key={i.id} className={`flex flex-wrap items-center justify-between gap-2 py-2 ${i.parentPosition ? 'pl-4 text-sm' : ''}`} data-testid="order-item" data-kind={i.kind} data-name={i.name} data-status={i.status}>
              <span className="min-w-0 break-all">
                <span className="font-medium">{i.name || i.sku}</span>{' '}
                <span className="text-sm text-slate-600">
                  (<LengthLabel months={i.lengthMonths} />)
                </span>
              </span>
              <span className="flex items-center gap-3 text-sm">
                <ItemState status={i.status} attempts={i.attempts} result={i.result} />
                <span data-testid="order-item-price" data-cents={i.grossCents}>
                  <Price cents={i.grossCents} exact />
                </span>
              </span>
              <OrderNextStep item={i} />
            </li>
          ))}
        </ul>
        {order.discountCents > 0 ? (
          <p className="mt-3 text-right text-sm text-emerald-800" data-testid="order-discount">
            {t('discount', { code: order.couponCode })}: −<Price cents={discountGrossCents} exact />
          </p>
        ) : null}
        <p className="mt-3 text-right font-semibold" data-testid="order-total" data-cents={order.grandTotalCents}>
          {t('grand_total')}: <Price cents={order.grandTotalCents} exact />
          {order.vatWaived ? <span className="ml-2 text-xs font-normal text-slate-600">{t('reverse_charge_note')}</span> : null}
        </p>
        {order.vatCents > 0 ? (
          <p className="mt-1 text-right text-xs text-slate-600" data-testid="order-vat" data-cents={order.vatCents}>
            {t('vat_included', { rate: order.vatRateBp / 100 })}: <Price cents={order.vatCents} exact />
          </p>
        ) : null}
        {order.creditCents > 0 ? (
          <>
            <p className="mt-1 text-right text-sm text-emerald-800" data-testid="order-credit" data-cents={order.creditCents}>
              {t('credit_used')}: −<Price cents={order.creditCents} exact />
            </p>
            <p className="mt-1 text-right text-sm font-semibold" data-testid="order-due" data-cents={due}>
              {t('amount_due')}: <Price cents={due} exact />
            </p>
          </>
        ) : null}
      </section>
      <section className="card mt-6" aria-labelledby="docs-title">
        <h2 id="docs-title" className="mb-3 text-lg font-semibold">
          {t('documents')}
        </h2>
        <ul className="space-y-1 text-sm" data-testid="documents">
          {documents.map((d) => (
            <li key={d.id} className="flex justify-between gap-2" data-testid="document" data-id={d.id} data-kind={d.kind} data-status={d.status}>
              <span>
                {t(`doc_kind.${d.kind}`)}{' '}
                <Link to={`/account/documents/${d.id}`} className="link-button whitespace-nowrap" data-testid="document-link" data-id={d.id}>
                  {documentNumber(d)}
                </Link>
                {d.kind === 'invoice' || d.kind === 'receipt' ? (
                  <>
                    {' · '}
                    <Link to={`/account/documents/${d.id}/legal`} className="text-blue-800 underline" data-testid="document-legal-link">
                      {t('legal:title')}
                    </Link>
                  </>
                ) : null}
              </span>
              <span>
                {t(`documents:status.${d.status}`)} · <Price cents={d.totalCents} exact />
              </span>
            </li>
          ))}
        </ul>
        {payments.length ? (
          <p className="mt-2 text-xs text-slate-600">
            {payments.map((p) => `${t(`method_${p.method}`)}: ${t(`payment_status.${p.status}`)}`).join(' · ')}
          </p>
        ) : null}
      </section>
      <p className="mt-6">
        <Link to="/account/orders" className="link-button">
          {t('all_orders')}
        </Link>
      </p>
    </div>
  );
}

function ItemState({ status, attempts, result }: { status: string; attempts: number; result: Record<string, unknown> }) {
  const { t } = useTranslation('checkout');
  const tone = status === 'completed' ? 'bg-emerald-100 text-emerald-900' : status === 'failed' ? 'bg-amber-100 text-amber-900' : status === 'refunded' ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-800';
  const label = status === 'completed' && result.status === 'transfer_pending' ? t('item_status.transfer_pending') : status === 'completed' && (result.status === 'provisioning' || result.status === 'PENDING') ? t('item_status.preparing') : t(`item_status.${status}`);
  return (
    <span className={`rounded px-2 ${tone}`} data-testid="item-state" title={status === 'failed' ? t('retrying', { count: attempts }) : status === 'refunded' ? t('refunded_help') : undefined}>
      {label}
    </span>
  );
}
