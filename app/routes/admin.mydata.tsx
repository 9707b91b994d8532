// The back office's myDATA transmissions (issue #13 §4, decision 041): counts per status, the
// documents AADE refused (failed, waiting for staff) or that have been pending too long, each with
// AADE's error; send again now, or cancel a transmitted document at AADE. Admin host; mydata.view reads, mydata.manage acts (requireStaff);
// every action is a plain form (PRG) with its audit row written in the same batch.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { Price } from '../components/price';
import { requireStaff } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';
import { documentNumber } from '../../core/documents/format';
import { DocumentNumberText } from '../components/documents/no-break-number';

const DONE = ['sent', 'pending', 'failed', 'cancelled'] as const;
type Done = (typeof DONE)[number];

type Row = Awaited<ReturnType<import('../../worker/services/documents').MydataService['failures']>>['problems'][number];
const plain = (r: Row) => ({
  documentId: r.documentId,
  status: r.status,
  kind: r.kind,
  number: documentNumber(r),
  totalCents: r.totalCents,
  email: r.email,
  invoiceType: r.invoiceType,
  mark: r.mark,
  cancellationMark: r.cancellationMark,
  attempts: r.attempts,
  nextAttemptAt: r.nextAttemptAt?.getTime() ?? null,
  lastError: r.lastError,
  createdAt: r.createdAt.getTime(),
  sentAt: r.sentAt?.getTime() ?? null,
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'mydata.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const { counts, problems, recent } = await context.services.mydata.failures();
  const done = url.searchParams.get('done');
  return {
    meta: { title: t('mydata:meta_title') },
    counts,
    problems: problems.map(plain),
    recent: recent.map(plain),
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as Done) : null,
    doneDocument: url.searchParams.get('document') ?? '',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { code: number; documentId: number; errors: { code: string; message: string }[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'mydata.manage');
  const actor = { userId: session.user.id, ip: context.ip };
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  const documentId = Number(form.get('document_id'));
  if (!Number.isInteger(documentId) || documentId <= 0) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  const number = String(form.get('number') ?? documentId).slice(0, 40);
  const back = (done: Done) => redirect(`/admin/mydata?done=${done}&document=${encodeURIComponent(number)}`, 303);
  if (intent === 'retry') {
    const outcome = await context.services.mydata.retryNow(documentId, actor);
    if (outcome.status === 'not_found' || outcome.status === 'not_transmittable') return data<ActionData>({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND, documentId, errors: [] }, 404);
    if (outcome.status === 'failed') return data<ActionData>({ code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION, documentId, errors: outcome.errors }, 422);
    return back(outcome.status === 'sent' ? 'sent' : outcome.status === 'cancelled' ? 'cancelled' : 'pending');
  }
  if (intent === 'cancel') {
    const result = await context.services.mydata.cancel(documentId, actor);
    if (!result.ok) return data<ActionData>({ code: ErrorCode.SALE_DOCUMENT_UPDATE_EXCEPTION, documentId, errors: result.errors }, 409);
    return back('cancelled');
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

export default function AdminMydata() {
  const { counts, problems, recent, done, doneDocument } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation();
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  return (
    <div data-testid="admin-mydata">
      <p className="text-sm">
        <Link to="/admin" className="text-blue-800 underline">
          {t('admin.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('mydata:title')}</h1>
      <p className="mt-1 text-slate-600">{t('mydata:intro')}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="mydata-counts">
        {(['pending', 'sent', 'failed', 'cancelled'] as const).map((s) => (
          <div key={s} className="card" data-testid={`mydata-count-${s}`}>
            <dt className="text-sm text-slate-600">{t(`mydata:status.${s}`)}</dt>
            <dd className="text-2xl font-semibold">{counts[s]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4" aria-live="polite">
        {done ? (
          <FormAlert type={done === 'sent' || done === 'cancelled' ? 'success' : 'warning'} testId="mydata-done">
            {t(`mydata:done.${done}`, { number: doneDocument })}
          </FormAlert>
        ) : null}
        {failed ? (
          <FormAlert type="alert" testId="mydata-alert" code={failed.code}>
            <p>{codeMessage(t, failed.code)}</p>
            {failed.errors.length ? (
              <ul className="mt-1 list-disc pl-5 font-mono text-xs">
                {failed.errors.map((e, i) => (
                  <li key={i}>{OWN_PROBLEMS.includes(e.code) ? t(`mydata:problem.${e.code}`) : `${e.code}: ${e.message}`}</li>
                ))}
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
      </div>

      <h2 className="mt-6 text-xl font-semibold">{t('mydata:problems_title')}</h2>
      {problems.length === 0 ? (
        <p className="mt-2 text-slate-600" data-testid="mydata-no-problems">
          {t('mydata:no_problems')}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {problems.map((r) => (
            <li key={r.documentId} className="card" data-testid={`mydata-row-${r.documentId}`} data-status={r.status} data-number={r.number}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">
                  {t(`mydata:kind.${r.kind}`)} <DocumentNumberText number={r.number} /> <span className="font-normal text-slate-600">· {when(r.createdAt)}</span>
                </h3>
                <span className="text-sm font-medium" data-testid="mydata-status">
                  {t(`mydata:status.${r.status}`)}
                </span>
              </div>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <CustomerAndTotal email={r.email} totalCents={r.totalCents} />
                <Item label={t('mydata:type')}>{r.invoiceType ?? '—'}</Item>
                <Item label={t('mydata:attempts')}>{r.attempts}</Item>
                {r.status === 'pending' && r.nextAttemptAt ? <Item label={t('mydata:next_attempt')}>{when(r.nextAttemptAt)}</Item> : null}
              </dl>
              <p className="mt-2 break-words font-mono text-xs text-slate-800" data-testid="mydata-error">
                <span className="font-sans text-sm text-slate-600">{t('mydata:last_error')}: </span>
                {r.lastError ? errorLabel(t, r.lastError) : '—'}
              </p>
              <Form method="post" className="mt-3">
                <CsrfInput />
                <input type="hidden" name="document_id" value={r.documentId} />
                <input type="hidden" name="number" value={r.number} />
                <SubmitButton intent="retry" testId={`mydata-retry-${r.documentId}`}>
                  {t('mydata:retry')}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-semibold">{t('mydata:recent_title')}</h2>
      {recent.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('mydata:no_recent')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {recent.map((r) => (
            <li key={r.documentId} className="card" data-testid={`mydata-sent-${r.documentId}`} data-status={r.status} data-number={r.number}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold">
                  {t(`mydata:kind.${r.kind}`)} <DocumentNumberText number={r.number} /> <span className="font-normal text-slate-600">· {r.invoiceType}</span>
                </h3>
                <span className="text-sm">{t(`mydata:status.${r.status}`)}</span>
              </div>
              <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <Item label={t('mydata:mark')}>
                  <code data-testid="mydata-mark">{r.mark}</code>
                </Item>
                {r.cancellationMark ? (
                  <Item label={t('mydata:cancellation_mark')}>
                    <code>{r.cancellationMark}</code>
                  </Item>
                ) : null}
                {r.sentAt ? <Item label={t('mydata:sent_at')}>{when(r.sentAt)}</Item> : null}
                <CustomerAndTotal email={r.email} totalCents={r.totalCents} />
              </dl>
              {r.status === 'sent' ? (
                <Form method="post" className="mt-2">
                  <CsrfInput />
                  <input type="hidden" name="document_id" value={r.documentId} />
                  <input type="hidden" name="number" value={r.number} />
                  <SubmitButton intent="cancel" className="btn-secondary" testId={`mydata-cancel-${r.documentId}`}>
                    {t('mydata:cancel')}
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whose document it is and its total: in both lists. */
function CustomerAndTotal({ email, totalCents }: { email: string; totalCents: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Item label={t('mydata:customer')}>
        <a href={`mailto:${email}`}>{email}</a>
      </Item>
      <Item label={t('mydata:total')}>
        <Price cents={totalCents} exact />
      </Item>
    </>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 max-w-full flex-wrap gap-x-1">
      <dt className="text-slate-600">{label}:</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Our own mapping problems have a translated label; AADE's errors are shown as AADE wrote them. */
const OWN_PROBLEMS = ['original_not_sent', 'counterpart_incomplete', 'unknown_vat_rate', 'credit_note_active'];
function errorLabel(t: (key: string) => string, lastError: string): string {
  return OWN_PROBLEMS.includes(lastError) ? t(`mydata:problem.${lastError}`) : lastError;
}
