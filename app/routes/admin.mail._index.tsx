// The staff e-mail log (issue #33 §3, decision 100): every message of the queue, newest first, with
// its recipient, subject, kind (in words), status (word and colour) and customer; searched by address,
// filtered by status (or "needs attention": failed or bounced), kind and customer; a page at a time.
// A GET form and plain links: it works without JavaScript. Right mail.view (support reads it too).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { parseListQuery } from '../../core/staff/list-query';
import { MAIL_LOG_ATTENTION, MAIL_LOG_LIST, MAIL_LOG_STATUSES, parseMailLogFilters, statusFilterValue } from '../../core/staff/mail-log';
import { ListFilterForm, ListPager } from '../components/admin/list-controls';
import { MailStatusBadge } from '../components/admin/mail-status';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { athensFormat } from '../lib/date-format';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'mail.view');
  const { t, lang } = await pageT(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, MAIL_LOG_LIST);
  const filters = parseMailLogFilters(url.searchParams, query.q, context.services.staffMail.templateKeys());
  const { rows, total } = await context.services.staffMail.list({ filters, perPage: query.perPage, offset: query.offset });
  const names = context.services.staffMail.templateNames(lang);
  return {
    meta: { title: t('staff:mail_log.meta_title') },
    query,
    total,
    filters: { status: statusFilterValue(filters), template: filters.template ?? '', user: filters.userId },
    // The select's choices, sorted by their words in this language.
    templates: Object.entries(names)
      .map(([key, name]) => ({ key, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    rows: rows.map((r) => ({ ...r, templateName: names[r.template] ?? r.template })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

const field = 'mt-1 block w-full max-w-full rounded border border-slate-300 px-3 py-2 sm:w-auto';

export default function AdminMailLog() {
  const { query, total, rows, filters, templates } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('staff');
  const location = useLocation();
  const when = athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const columns = [
    { key: 'when', label: t('mail_log.col.when') },
    { key: 'to', label: t('mail_log.col.to') },
    { key: 'subject', label: t('mail_log.col.subject') },
    { key: 'template', label: t('mail_log.col.template') },
    { key: 'status', label: t('mail_log.col.status') },
    { key: 'customer', label: t('mail_log.col.customer') },
  ];
  return (
    <div data-testid="admin-mail">
      <h1 className="text-3xl font-bold">{t('mail_log.title')}</h1>
      <p className="mt-2 text-slate-700">{t('mail_log.intro')}</p>
      <div className="mt-4">
        <ListFilterForm label={t('mail_log.filters')} keep={['per', 'user']} testId="mail-filters">
          <div>
            <label htmlFor="mail-q" className="block text-sm font-medium">
              {t('mail_log.q')}
            </label>
            <input id="mail-q" name="q" type="search" defaultValue={query.q} maxLength={100} className={field} data-testid="mail-q" />
          </div>
          <div>
            <label htmlFor="mail-status" className="block text-sm font-medium">
              {t('mail_log.status')}
            </label>
            <select id="mail-status" name="status" defaultValue={filters.status} className={field} data-testid="mail-status-filter">
              <option value="">{t('mail_log.any')}</option>
              <option value={MAIL_LOG_ATTENTION}>{t('mail_log.attention')}</option>
              {MAIL_LOG_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`mail_log.statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="mail-template" className="block text-sm font-medium">
              {t('mail_log.template')}
            </label>
            <select id="mail-template" name="template" defaultValue={filters.template} className={field} data-testid="mail-template-filter">
              <option value="">{t('mail_log.any')}</option>
              {templates.map((tpl) => (
                <option key={tpl.key} value={tpl.key}>
                  {tpl.name}
                </option>
              ))}
            </select>
          </div>
        </ListFilterForm>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700" data-testid="mail-total">
          {t('mail_log.total', { count: total })}
        </p>
        {filters.user ? (
          <p className="text-sm">
            <Link to={`/admin/customers/${filters.user}`} className="text-blue-800 underline" data-testid="mail-customer-filter">
              {t('mail_log.customer_filter', { id: filters.user })}
            </Link>
          </p>
        ) : null}
      </div>
      <div className="mt-2">
        <ResponsiveTable caption={t('mail_log.caption')} columns={columns} testId="mail-table" empty={{ when: rows.length === 0, text: t('mail_log.empty'), testId: 'mail-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid="mail-row" data-id={r.id} data-template={r.template}>
              <Cell label={t('mail_log.col.when')}>
                <time dateTime={new Date(r.createdAt).toISOString()}>{when.format(r.createdAt)}</time>
              </Cell>
              <Cell label={t('mail_log.col.to')}>
                <span className="break-all" data-testid="mail-to">
                  {r.toAddress}
                </span>
              </Cell>
              <Cell label={t('mail_log.col.subject')} rowHeader>
                <Link to={`/admin/mail/${r.id}${location.search}`} className="text-blue-800 underline" data-testid="mail-link">
                  {r.subject || `#${r.id}`}
                </Link>
                {r.resentOf ? <span className="block text-xs text-slate-600">{t('mail_log.resent_mark', { id: r.resentOf })}</span> : null}
                {r.redacted ? <span className="block text-xs text-slate-600">{t('mail_log.redacted_mark')}</span> : null}
              </Cell>
              <Cell label={t('mail_log.col.template')}>
                <span data-testid="mail-template">{r.templateName}</span>
              </Cell>
              <Cell label={t('mail_log.col.status')}>
                <MailStatusBadge status={r.status} />
              </Cell>
              <Cell label={t('mail_log.col.customer')}>
                {r.userId ? (
                  <Link to={`/admin/customers/${r.userId}`} className="text-blue-800 underline" data-testid="mail-customer">
                    #{r.userId}
                  </Link>
                ) : (
                  t('mail_log.no_customer')
                )}
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <ListPager total={total} query={query} />
    </div>
  );
}
