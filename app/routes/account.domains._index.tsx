// My domains (issue #12 §2; spec §3 Domain "List previews"): the customer's names with the previews
// (registered, expiring soon, expired) as filter links with counts, search, sort and pages of 50 (all
// GET, so links and the back button work), row actions (Manage, Renew/Restore through the cart) and a
// bulk form over the ticked names (renew, auto-renew, lock, nameservers). One action: intent 'bulk'.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BULK_ACTIONS, expiryStanding, listSearch, readListQuery } from '../../core/domains/portal';
// Calendar days in Athens, as the reminders count them: the date shown and the days agree.
import { daysLeft } from '../../core/domains/reminders';
import { ErrorCode } from '../../core/errors';
import { bulkSchema } from '../../core/validation/my-domains-forms';
import type { BulkResult } from '../../worker/services/domains';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { DomainPager, DomainPreviews, DomainSearchForm, DomainTable, RenewForms } from '../components/portal/domain-list';
import { readAccountAction } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { cartOwner } from '../lib/cart.server';
import { codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';

type ActionData = { intent: 'bulk'; action: string; code: number; results: BulkResult[] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params);
  const list = await context.services.myDomains.list(session.user.id, query);
  const now = new Date();
  return data({
    meta: { title: t('mydomains:meta_title') },
    query: { ...query, page: list.page },
    counts: list.counts,
    total: list.total,
    pages: list.pages,
    selectAll: params.get('select') === 'page',
    rows: list.rows.map((d) => ({
      id: d.id,
      fqdn: d.fqdn,
      asciiFqdn: d.asciiFqdn,
      status: d.status,
      expiresAt: d.expiresAt.getTime(),
      autoRenew: d.autoRenew,
      locked: d.locked,
      standing: expiryStanding(d, now),
      daysLeft: daysLeft(d.expiresAt, now),
    })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, uniqueId } = await readAccountAction(request, context);
  if (intent !== 'bulk') return data<ActionData>({ intent: 'bulk', action: intent, code: ErrorCode.UNRECOGNIZED_ACTION, results: [] }, 404);
  const parsed = bulkSchema.safeParse({ action: form.get('action'), domain: form.getAll('domain') });
  if (!parsed.success) return data<ActionData>({ intent, action: String(form.get('action') ?? ''), code: ErrorCode.VALIDATION_ERROR, results: [] }, 400);
  const { action: bulkAction, domain: names } = parsed.data;
  // The nameserver change has its own page (groups, a custom list). The names go there in the body, not
  // the address (2,000 names are 53 KB, past the edge's URL limit): a 307 has the browser post the same
  // form there, and Remix's client does the same with JavaScript (issue #32 §5).
  if (bulkAction === 'nameservers') return redirect('/account/nameservers/apply', 307);
  const r = await context.services.myDomains.bulk(session.user.id, await cartOwner(context), bulkAction, names, uniqueId);
  if (!r.ok) return data<ActionData>({ intent, action: bulkAction, code: r.code, results: [] }, 400);
  return data<ActionData>({ intent, action: bulkAction, code: r.code, results: r.results });
}

export default function MyDomainsPage() {
  const { query, counts, total, pages, rows, selectAll } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('mydomains');
  const revalidator = useRevalidator();
  // A change in another tab (a lock, a renewal that landed): read the page again.
  useLiveChannel('domain', () => revalidator.revalidate());

  return (
    <section aria-labelledby="my-domains-title">
      <h1 id="my-domains-title" className="mb-4 text-2xl font-semibold">
        {t('title')}
      </h1>
      <DomainPreviews query={query} counts={counts} />
      <DomainSearchForm query={query} />
      {actionData ? <BulkOutcome data={actionData} /> : null}
      {counts.all === 0 ? (
        <p className="text-slate-700" data-testid="no-domains">
          {t('empty')}
        </p>
      ) : (
        <div className="card">
          <RenewForms />
          <Form method="post" id="bulk" className="mb-3 flex flex-wrap items-end gap-3" data-testid="bulk-form">
            <CsrfInput />
            <PageIdInput />
            <label className="flex flex-col text-sm">
              <span className="mb-1 font-medium">{t('bulk_label')}</span>
              <select name="action" className="rounded border border-slate-300 px-3 py-2" data-testid="bulk-action">
                {BULK_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {t(`bulk_action.${a}`)}
                  </option>
                ))}
              </select>
            </label>
            <SubmitButton intent="bulk" className="btn-primary" testId="bulk-submit">
              {t('bulk_submit')}
            </SubmitButton>
            <span className="ml-auto flex gap-3 text-sm">
              <Link to={`${listSearch(query) || '?'}${listSearch(query) ? '&' : ''}select=page`} className="underline" data-testid="select-page" preventScrollReset>
                {t('select_page')}
              </Link>
              {selectAll ? (
                <Link to={listSearch(query) || '?'} className="underline" preventScrollReset>
                  {t('select_none')}
                </Link>
              ) : null}
            </span>
          </Form>
          <p className="mb-2 text-sm text-slate-600" data-testid="domain-total">
            {t('count', { count: total })}
          </p>
          {rows.length === 0 ? <p className="text-slate-700">{t('no_match')}</p> : <DomainTable rows={rows} selectAll={selectAll} key={`${selectAll}`} />}
          <DomainPager query={query} pages={pages} />
        </div>
      )}
    </section>
  );
}

function BulkOutcome({ data }: { data: ActionData }) {
  const { t } = useTranslation(['mydomains', 'errors']);
  if (!data.results.length) {
    return (
      <FormAlert type="alert" code={data.code} testId="bulk-alert">
        {data.code === ErrorCode.VALIDATION_ERROR ? t('bulk_none') : codeMessage(t, data.code)}
      </FormAlert>
    );
  }
  const failed = data.results.filter((r) => !r.ok);
  // Names already as asked are neither done nor failed (issue #25 §6): listed apart, in words.
  const unchanged = data.results.filter((r) => r.ok && r.unchanged);
  const done = data.results.length - failed.length - unchanged.length;
  return (
    <FormAlert type={failed.length ? 'warning' : 'success'} testId="bulk-outcome">
      <p>{t('bulk_done', { done, total: data.results.length })}</p>
      {unchanged.length ? (
        <p data-testid="bulk-unchanged">
          {t('bulk_unchanged', { count: unchanged.length })}{' '}
          {unchanged.map((r, i) => (
            <span key={r.fqdn} data-unchanged={r.fqdn}>
              {i ? ', ' : ''}
              <span className="font-medium">{r.fqdn}</span>
            </span>
          ))}
        </p>
      ) : null}
      {data.action === 'renew' && done > 0 ? (
        <p>
          <Link to="/cart" className="underline">
            {t('bulk_go_cart')}
          </Link>
        </p>
      ) : null}
      {failed.length ? (
        <>
          <p className="mt-2 font-medium">{t('bulk_failed_title')}</p>
          <ul className="list-disc pl-5" data-testid="bulk-failures">
            {failed.map((r) => (
              <li key={r.fqdn} data-fqdn={r.fqdn} data-code={r.code}>
                <span className="font-medium">{r.fqdn}</span>: {codeMessage(t, r.code)}
                {r.reason ? ` (${t(`reason.${r.reason}`)})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </FormAlert>
  );
}
