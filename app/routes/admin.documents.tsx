// The back office's documents (issue #13 §2; decision 040): staff find a customer by e-mail and see
// their sale documents with status, total and balance, and on each the actions that apply — refund a
// card payment (all or part, with the refunds so far and their states), cancel a debit, cancel a credit
// note — and add a debit to the customer. Admin host; reading needs documents.view, every action documents.manage (requireStaff);
// one action switching on `intent`, every action a plain form (PRG) with its idempotency key, refusals
// as translated alerts carrying the catalogue code, the values typed kept.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, resolveCode } from '../../core/errors';
import { eurosToCents } from '../../core/validation/admin-forms';
import { decodeMessage, MESSAGES } from '../../core/validation/messages';
import { cancelDocumentSchema, confirmTransferSchema, debitFormSchema, debitLinesOf, dueAtOf, refundFormSchema, retryRefundSchema } from '../../core/validation/refund-forms';
import { StaffDebitForm, StaffDocumentCard, type StaffDocument } from '../components/admin/staff-documents';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';

const DONE = ['refunded', 'refund_pending', 'debit_added', 'debit_cancelled', 'credit_cancelled', 'transfer_confirmed'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'documents.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
  const found = email ? await context.services.refunds.customerDocuments(email) : null;
  const done = url.searchParams.get('done');
  const documents: StaffDocument[] = (found?.documents ?? []).map((d) => ({
    id: d.id,
    kind: d.kind,
    series: d.series,
    number: d.number,
    status: d.status,
    reason: d.reason,
    totalCents: d.totalCents,
    balanceCents: d.balanceCents,
    createdAt: d.createdAt.getTime(),
    dueAt: d.dueAt?.getTime() ?? null,
    // A fresh key per page view: a double submit of this form is one action, a new visit a new one.
    key: crypto.randomUUID(),
    payments: d.payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      refundedCents: p.refundedCents,
      creditedCents: p.creditedCents,
      refundableCents: p.refundableCents,
      refunds: p.refunds.map((r) => ({ id: r.id, amountCents: r.amountCents, status: r.status, reason: r.reason, lastError: r.lastError, at: r.createdAt.getTime() })),
    })),
    transfer: d.transfer,
  }));
  return {
    meta: { title: t('refunds:meta_title') },
    email,
    notFound: Boolean(email) && !found,
    customer: found ? { id: found.user.id, email: found.user.email, name: `${found.user.firstName} ${found.user.lastName}`.trim() } : null,
    documents,
    debitKey: crypto.randomUUID(),
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as (typeof DONE)[number]) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export type ActionData = { intent: string; code: number; documentId: number | null; field?: string; values: Record<string, string>; message?: string };

const statusOf = (code: number) => resolveCode(code).httpStatus;

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'documents.manage');
  // Every action writes its audit row (who, from where) in the action's own batch.
  const actor = { userId: session.user.id, ip: context.ip };
  const form = await readProtectedForm(request, context);
  const intent = String(form.get('intent') ?? '');
  const email = String(form.get('email') ?? '');
  const documentId = Number(form.get('document_id')) || null;
  const values = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== '_token' && typeof v === 'string')) as Record<string, string>;
  const back = (done: (typeof DONE)[number]) => redirect(`/admin/documents?email=${encodeURIComponent(email)}&done=${done}`, 303);
  const refuse = (code: number, field?: string, message?: string) => data<ActionData>({ intent, code, documentId, field, values, ...(message ? { message } : {}) }, statusOf(code));
  // An amount that reads two ways (1.234) says so, not only which field (issue #20 §2).
  const invalid = (errors: Record<string, string[] | null> | null | undefined) => {
    const field = Object.keys(errors ?? {})[0];
    const key = field ? decodeMessage(errors?.[field]?.[0] ?? '').key : undefined;
    return refuse(ErrorCode.VALIDATION_ERROR, field, key === MESSAGES.AMOUNT_AMBIGUOUS ? key : undefined);
  };

  if (intent === 'refund') {
    const submission = parseForm(form, refundFormSchema);
    if (submission.status !== 'success') return invalid(submission.error);
    const cents = eurosToCents(submission.value.amount);
    if (cents === null) return refuse(ErrorCode.VALIDATION_ERROR, 'amount');
    const r = await context.services.refunds.refundPayment({ paymentId: submission.value.payment_id, amountCents: cents, reason: submission.value.reason ?? '', idempotencyKey: submission.value.key }, actor);
    if (!r.ok) return refuse(r.code, r.field);
    return back(r.status === 'succeeded' ? 'refunded' : 'refund_pending');
  }
  if (intent === 'retry_refund') {
    const submission = parseForm(form, retryRefundSchema);
    if (submission.status !== 'success') return refuse(ErrorCode.VALIDATION_ERROR, 'refund_id');
    const r = await context.services.refunds.retryRefund(submission.value.refund_id, actor);
    if (!r.ok) return refuse(r.code, r.field);
    return back(r.status === 'succeeded' ? 'refunded' : 'refund_pending');
  }
  if (intent === 'confirm_debit_transfer') {
    const submission = parseForm(form, confirmTransferSchema);
    if (submission.status !== 'success') return refuse(ErrorCode.VALIDATION_ERROR, 'payment_id');
    const r = await context.services.refunds.confirmDebitTransfer({ documentId: submission.value.document_id, paymentId: submission.value.payment_id }, actor);
    if (!r.ok) return refuse(r.code, r.field);
    return back('transfer_confirmed');
  }
  if (intent === 'add_debit') {
    const submission = parseForm(form, debitFormSchema);
    if (submission.status !== 'success') return invalid(submission.error);
    const lines = debitLinesOf(submission.value);
    if (!lines.ok) return refuse(ErrorCode.VALIDATION_ERROR, lines.field);
    const dueAt = dueAtOf(submission.value.due_date, new Date());
    if (!dueAt) return refuse(ErrorCode.VALIDATION_ERROR, 'due_date');
    const r = await context.services.debits.addDebit({ userId: submission.value.user_id, reason: submission.value.reason, lines: lines.lines, dueAt, key: submission.value.key }, actor);
    if (!r.ok) return refuse(r.code, r.field);
    return back('debit_added');
  }
  if (intent === 'cancel_debit' || intent === 'cancel_credit') {
    const submission = parseForm(form, cancelDocumentSchema);
    if (submission.status !== 'success') return refuse(ErrorCode.VALIDATION_ERROR, 'document_id');
    const r = intent === 'cancel_debit' ? await context.services.debits.cancelDebit(submission.value.document_id, actor) : await context.services.debits.cancelCreditNote(submission.value.document_id, actor);
    if (!r.ok) return refuse(r.code);
    return back(intent === 'cancel_debit' ? 'debit_cancelled' : 'credit_cancelled');
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

export default function AdminDocuments() {
  const { email, notFound, customer, documents, debitKey, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  const alert = actionData ? (
    <FormAlert type={codeAlertType(actionData.code)} testId="staff-documents-alert" code={actionData.code}>
      {codeMessage(t, actionData.code)}
      {actionData.field ? ` (${t(`refunds:field.${actionData.field.replace(/_\d$/, '')}`)})` : ''}
      {actionData.message ? ` ${t(actionData.message)}` : ''}
    </FormAlert>
  ) : null;
  return (
    <div data-testid="admin-documents">
      <p className="text-sm">
        <Link to="/admin" className="text-blue-800 underline">
          {t('admin.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('refunds:title')}</h1>
      <p className="mt-1 text-slate-600">{t('refunds:intro')}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <div className="grow sm:grow-0">
          <label htmlFor="staff-documents-email" className="block text-sm font-medium">
            {t('refunds:find_label')}
          </label>
          <input id="staff-documents-email" name="email" type="email" required defaultValue={email} autoComplete="off" className="mt-1 w-full rounded border border-slate-300 px-3 py-2 sm:w-80" data-testid="staff-documents-email" />
        </div>
        <button type="submit" className="btn-primary" data-testid="staff-documents-find">
          {t('refunds:find')}
        </button>
      </Form>
      <div className="mt-4 space-y-3" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="staff-documents-done">
            {t(`refunds:done.${done}`)}
          </FormAlert>
        ) : null}
        {/* Where the refusal has no place of its own on the page (no customer shown, or its document gone). */}
        {actionData && (!customer || (actionData.intent !== 'add_debit' && !documents.some((d) => d.id === actionData.documentId))) ? alert : null}
        {notFound ? (
          <FormAlert type="warning" testId="staff-documents-not-found">
            {t('refunds:not_found', { email })}
          </FormAlert>
        ) : null}
      </div>
      {customer ? (
        <>
          <h2 className="mt-6 text-xl font-semibold" data-testid="staff-documents-customer">
            {customer.name} ·{' '}
            <a href={`mailto:${customer.email}`} className="break-all">
              {customer.email}
            </a>
          </h2>
          {documents.length === 0 ? (
            <p className="mt-3 text-slate-600">{t('refunds:none')}</p>
          ) : (
            <ul className="mt-4 space-y-4" aria-label={t('refunds:documents')}>
              {documents.map((d) => (
                <StaffDocumentCard key={d.id} doc={d} email={customer.email} alert={actionData?.documentId === d.id ? alert : null} values={actionData?.documentId === d.id ? actionData.values : undefined} />
              ))}
            </ul>
          )}
          <StaffDebitForm userId={customer.id} email={customer.email} debitKey={debitKey} alert={actionData?.intent === 'add_debit' ? alert : null} values={actionData?.intent === 'add_debit' ? actionData.values : undefined} />
        </>
      ) : null}
    </div>
  );
}
