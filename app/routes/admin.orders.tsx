// The back office's orders (spec §2 admin; issue #5 §4 "order pending until staff marks it paid"):
// three queues — bank transfers waiting for their money, orders with an item that failed or was
// refunded, the latest orders — and the staff actions on them: the transfer arrived (the order is
// paid, its receipt or invoice numbered, fulfilment starts), try the failed items now, and grant a
// customer credit. Admin host; support reads the queues (orders.view), the actions need money.manage (requireStaff); every action is a plain form (PRG).
// An order whose VAT location evidence contradicts itself (core/vat-evidence.ts) carries a badge with
// its countries in every queue, and the 'vat' queue lists them.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { amountDue } from '../../core/orders/credit';
import { isStaleClaim } from '../../core/orders/fulfilment';
import { creditGrantSchema, eurosToCents } from '../../core/validation/admin-forms';
import { CsrfInput } from '../components/csrf-input';
import { Price } from '../components/price';
import { staffCan } from '../../core/staff/permissions';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, type FormResult } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

const VIEWS = ['bank', 'attention', 'recent', 'vat', 'refunds'] as const;
type View = (typeof VIEWS)[number];
const DONE = ['paid', 'retried', 'credited'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'orders.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('view');
  const view: View = (VIEWS as readonly string[]).includes(asked ?? '') ? (asked as View) : 'bank';
  const rows = await context.services.orders.staffOrders(view);
  const done = url.searchParams.get('done');
  return {
    meta: { title: t('admin.orders.meta_title') },
    view,
    // Support reads the queues; the buttons that move money or retry are drawn for admins only.
    canManage: staffCan(session.user.userGroup, 'money.manage'),
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as (typeof DONE)[number]) : null,
    doneOrder: Number(url.searchParams.get('order')) || null,
    // A fresh key per page view for the credit grant: a double submit grants once (issue #20 §2).
    grantKey: crypto.randomUUID(),
    orders: rows.map(({ order, email, firstName, lastName, items, pendingRefunds }) => ({
      id: order.id,
      status: order.status,
      method: order.paymentMethod,
      createdAt: order.createdAt.getTime(),
      grandTotalCents: order.grandTotalCents,
      dueCents: amountDue(order),
      customer: `${firstName} ${lastName}`.trim(),
      email,
      vatEvidence: order.vatEvidence ? { billing: order.vatEvidence.billingCountry, request: order.vatEvidence.requestCountry ?? null, card: order.vatEvidence.cardCountry ?? null } : null,
      vatEvidenceConflict: order.vatEvidenceConflict,
      // Card refunds the processor has not decided yet: settled by its refund webhook (decision 046).
      pendingRefunds: pendingRefunds.map((r) => ({ id: r.id, amountCents: r.amountCents, at: r.createdAt.getTime(), lastError: r.lastError })),
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        sku: i.sku,
        action: i.action,
        status: i.status,
        attempts: i.attempts,
        nextAttemptAt: i.nextAttemptAt?.getTime() ?? null,
        lastError: i.lastError,
        // Claimed and never finished (a crash): cron takes it back after the claim's time limit.
        stuck: i.status === 'processing' && isStaleClaim(i.claimedAt?.getTime() ?? null, Date.now()),
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: 'grant_credit'; result: FormResult } | { intent: 'order'; code: number; orderId: number };

export async function action({ request, context }: ActionFunctionArgs) {
  // Every action here moves money or fulfilment: support may read the queues, not act on them (175).
  const session = await requireStaff(request, context, 'money.manage');
  // Every action below writes its audit row (who, from where) in the action's own batch.
  const actor = { userId: session.user.id, ip: context.ip };
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  const view = String(form.get('view') ?? 'bank');
  if (intent === 'grant_credit') {
    const submission = parseForm(form, creditGrantSchema);
    if (submission.status !== 'success') return data<ActionData>({ intent: 'grant_credit', result: submission.reply() }, 400);
    const cents = eurosToCents(submission.value.amount);
    if (cents === null) return data<ActionData>({ intent: 'grant_credit', result: submission.reply({ fieldErrors: { amount: fieldMessage('NUMERIC') } }) }, 400);
    const granted = await context.services.orders.grantCredit(submission.value.email.trim().toLowerCase(), cents, submission.value.note ?? '', actor, `${session.user.id}:${submission.value.key}`);
    if (!granted) return data<ActionData>({ intent: 'grant_credit', result: submission.reply({ fieldErrors: { email: fieldMessage('CUSTOMER_NOT_FOUND') } }) }, 404);
    return redirect(`/admin/orders?view=${encodeURIComponent(view)}&done=credited`, 303);
  }
  const orderId = Number(form.get('order_id'));
  if (!Number.isInteger(orderId) || orderId <= 0) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  if (intent === 'bank_received') {
    // Once only: a second click (or a second staff member) finds the order no longer pending.
    const ok = await context.services.orders.confirmBankTransfer(orderId, actor);
    // A lapsed order says so (its prices no longer stand: the money goes back, e.g. as credit below).
    if (!ok) return data<ActionData>({ intent: 'order', code: await context.services.orders.bankTransferRefusal(orderId), orderId }, 409);
    return redirect(`/admin/orders?view=${encodeURIComponent(view)}&done=paid&order=${orderId}`, 303);
  }
  if (intent === 'retry_now') {
    const ok = await context.services.orders.retryNow(orderId, actor);
    if (!ok) return data<ActionData>({ intent: 'order', code: ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE, orderId }, 409);
    return redirect(`/admin/orders?view=attention&done=retried&order=${orderId}`, 303);
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

export default function AdminOrders() {
  const { view, orders, done, doneOrder, grantKey, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation();
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const orderAlert = actionData?.intent === 'order' ? actionData : null;
  return (
    <div data-testid="admin-orders">
      <p className="text-sm">
        <Link to="/admin" className="text-blue-800 underline">
          {t('admin.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('admin.orders.title')}</h1>
      <nav aria-label={t('admin.orders.views')} className="mt-4 flex flex-wrap gap-2 border-b border-slate-200">
        {VIEWS.map((v) => (
          <Link
            key={v}
            to={`/admin/orders?view=${v}`}
            aria-current={v === view ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${v === view ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            data-testid={`admin-view-${v}`}
          >
            {v === 'vat' ? t('billing:admin_view_vat') : t(`admin.orders.view.${v}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-4 space-y-3" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="admin-done">
            {t(`admin.orders.done.${done}`, { id: doneOrder ?? '' })}
          </FormAlert>
        ) : null}
        {orderAlert ? (
          <FormAlert type={codeAlertType(orderAlert.code)} testId="admin-alert" code={orderAlert.code}>
            {t('admin.orders.order_n', { id: orderAlert.orderId })}: {codeMessage(t, orderAlert.code)}
          </FormAlert>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <p className="mt-6 text-slate-600" data-testid="admin-orders-empty">
          {view === 'vat' ? t('billing:admin_empty_vat') : t(`admin.orders.empty.${view}`)}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((o) => (
            <li key={o.id} className="card" data-testid={`admin-order-${o.id}`} data-status={o.status}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <span>{t('admin.orders.order_n', { id: o.id })}</span> <span className="font-normal text-slate-600">· {when(o.createdAt)}</span>
                </h2>
                <span className="text-sm" data-testid="admin-order-status">
                  {t(`checkout:order_status.${o.status}`)} · {t(`admin.orders.method.${o.method}`)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {o.customer} · <a href={`mailto:${o.email}`}>{o.email}</a>
              </p>
              {o.vatEvidenceConflict && o.vatEvidence ? (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-900" data-testid="vat-evidence-conflict">
                    {t('billing:admin_conflict')}
                  </span>
                  <span className="text-slate-700" data-testid="vat-evidence-countries">
                    {t('billing:admin_evidence', { billing: o.vatEvidence.billing, request: o.vatEvidence.request ?? t('billing:unknown_country'), card: o.vatEvidence.card ?? t('billing:unknown_country') })}
                  </span>
                </p>
              ) : null}
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div className="flex gap-1">
                  <dt className="text-slate-600">{t('admin.orders.total')}:</dt>
                  <dd>
                    <Price cents={o.grandTotalCents} exact />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600">{t('admin.orders.due')}:</dt>
                  <dd data-testid="admin-order-due">
                    <Price cents={o.dueCents} exact />
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600">{t('admin.orders.reference')}:</dt>
                  <dd>
                    <code>{`ORD-${o.id}`}</code>
                  </dd>
                </div>
              </dl>
              {o.pendingRefunds.length ? (
                <ul className="mt-2 space-y-1 text-sm" aria-label={t('admin.orders.pending_refunds')}>
                  {o.pendingRefunds.map((r) => (
                    <li key={r.id} className="rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid={`pending-refund-${r.id}`}>
                      {t('admin.orders.pending_refund', { when: when(r.at) })} <Price cents={r.amountCents} />
                      {r.lastError ? <span className="ml-2 font-mono text-xs">{r.lastError}</span> : null}{' '}
                      <Link className="underline" to={`/admin/documents?email=${encodeURIComponent(o.email)}`}>
                        {t('admin.orders.pending_refund_open')}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <table className="mt-3 w-full text-left text-sm">
                <caption className="sr-only">{t('admin.orders.items')}</caption>
                <thead className="text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      {t('admin.orders.item')}
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      {t('admin.orders.item_status')}
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      {t('admin.orders.last_error')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {o.items.map((i) => (
                    <tr key={i.id} className="border-t border-slate-100" data-testid={`admin-item-${i.id}`} data-status={i.status}>
                      <td className="py-1 pr-3">
                        {i.name} <span className="text-slate-500">({i.sku})</span>
                      </td>
                      <td className="py-1 pr-3">
                        {t(`checkout:item_status.${i.status}`)}
                        {i.stuck ? (
                          <span className="block text-xs text-amber-800" data-testid={`admin-item-stuck-${i.id}`}>
                            {t('admin.orders.stuck')}
                          </span>
                        ) : null}
                        {i.status === 'failed' && i.nextAttemptAt ? (
                          <span className="block text-xs text-slate-600">
                            {t('admin.orders.next_attempt', { when: when(i.nextAttemptAt), count: i.attempts })}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-1 font-mono text-xs text-slate-700">{i.lastError ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="mt-3 flex flex-wrap gap-3">
                {canManage && o.status === 'pending' && o.method === 'bank_transfer' ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="order_id" value={o.id} />
                    <input type="hidden" name="view" value={view} />
                    <SubmitButton intent="bank_received" testId={`bank-received-${o.id}`}>
                      {t('admin.orders.bank_received')}
                    </SubmitButton>
                  </Form>
                ) : null}
                {canManage && o.items.some((i) => i.status === 'failed' && i.nextAttemptAt) ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="order_id" value={o.id} />
                    <input type="hidden" name="view" value={view} />
                    <SubmitButton intent="retry_now" className="btn-secondary" testId={`retry-now-${o.id}`}>
                      {t('admin.orders.retry_now')}
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canManage ? <CreditGrant view={view} grantKey={grantKey} result={actionData?.intent === 'grant_credit' ? actionData.result : undefined} /> : null}
    </div>
  );
}

function CreditGrant({ view, grantKey, result }: { view: View; grantKey: string; result?: FormResult }) {
  const { t } = useTranslation();
  const { fields, formProps, errorSummary } = useAppForm({ id: 'credit-grant', schema: creditGrantSchema, lastResult: result });
  return (
    <section className="card mt-10" aria-labelledby="credit-grant-title" data-testid="credit-grant">
      <h2 id="credit-grant-title" className="text-xl font-semibold">
        {t('admin.credit.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('admin.credit.intro')}</p>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <input type="hidden" name="view" value={view} />
        {/* A refused submit keeps its key: the corrected form is still the same grant. */}
        <input type="hidden" name="key" value={(fields.key.initialValue as string | undefined) || grantKey} />
        <InputField meta={fields.email} label={t('admin.credit.email')} type="email" autoComplete="off" />
        <InputField meta={fields.amount} label={t('admin.credit.amount')} inputMode="decimal" hint={t('admin.credit.amount_hint')} />
        <InputField meta={fields.note} label={t('admin.credit.note')} />
        <div className="sm:col-span-3">
          <SubmitButton intent="grant_credit" testId="credit-grant-submit">
            {t('admin.credit.submit')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
