// The staff audit log (issue #10 §4): who did what to which order or customer, when and from where,
// newest first, filtered by action or target, fifty rows a page (keyset: "older" links carry the
// last id shown). Admin host, staff with audit.view (requireStaff). A GET form, no JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

/** The actions staff can pick from; the field also takes a prefix such as 'order.'. */
/**
 * The filter's suggestions: each area's prefix (the filter matches a prefix that ends in '.'), so every
 * action of an area is found, including those the back office's areas added (issue #22), without a
 * list of every action name to keep in step with the services.
 */
export const AUDIT_ACTION_AREAS = ['catalog.', 'coupon.', 'credit.', 'customer.', 'debit.', 'domain.', 'mydata.', 'order.', 'payment.', 'staff.'] as const;

function clean(value: string | null, max: number): string {
  return (value ?? '').trim().slice(0, max);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'audit.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const action = clean(url.searchParams.get('action'), 80);
  const target = clean(url.searchParams.get('target'), 80);
  const before = Number(url.searchParams.get('before'));
  const page = await context.services.audit.list({ action: action || undefined, target: target || undefined, before: Number.isInteger(before) && before > 0 ? before : undefined });
  return { meta: { title: t('admin:audit.meta_title') }, action, target, paged: Boolean(before), ...page };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AdminAudit() {
  const { rows, nextBefore, action, target, paged } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('admin');
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(ms));
  const query = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    if (action) p.set('action', action);
    if (target) p.set('target', target);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `/admin/audit?${p.toString()}`;
  };
  return (
    <div data-testid="admin-audit">
      <p className="text-sm">
        <Link to="/admin" className="text-blue-800 underline">
          {t('common:admin.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('audit.title')}</h1>
      <p className="mt-2 text-slate-700">{t('audit.intro')}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label={t('audit.filters')}>
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium">
            {t('audit.action')}
          </label>
          <input id="audit-action" name="action" list="audit-actions" defaultValue={action} className="mt-1 rounded border border-slate-300 px-3 py-2" maxLength={80} data-testid="audit-filter-action" />
          <datalist id="audit-actions">
            {AUDIT_ACTION_AREAS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor="audit-target" className="block text-sm font-medium">
            {t('audit.target')}
          </label>
          <input id="audit-target" name="target" defaultValue={target} placeholder="order:42" className="mt-1 rounded border border-slate-300 px-3 py-2" maxLength={80} aria-describedby="audit-target-hint" data-testid="audit-filter-target" />
          <p id="audit-target-hint" className="text-xs text-slate-600">
            {t('audit.target_hint')}
          </p>
        </div>
        <button type="submit" className="btn-secondary">
          {t('audit.filter')}
        </button>
        {action || target ? (
          <Link to="/admin/audit" className="link-button">
            {t('audit.clear')}
          </Link>
        ) : null}
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-600" data-testid="audit-empty">
          {t('audit.empty')}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t('audit.title')}</caption>
            <thead className="border-b border-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4">{t('audit.when')}</th>
                <th scope="col" className="py-2 pr-4">{t('audit.actor')}</th>
                <th scope="col" className="py-2 pr-4">{t('audit.action')}</th>
                <th scope="col" className="py-2 pr-4">{t('audit.target')}</th>
                <th scope="col" className="py-2 pr-4">{t('audit.details')}</th>
                <th scope="col" className="py-2 pr-4">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 align-top" data-testid={`audit-row-${r.id}`}>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={new Date(r.at).toISOString()}>{when(r.at)}</time>
                  </td>
                  <td className="py-2 pr-4">{r.actor ? `${r.actor.name} <${r.actor.email}>` : t('audit.system')}</td>
                  <td className="py-2 pr-4 font-mono" data-testid="audit-action">
                    {r.action}
                  </td>
                  <td className="py-2 pr-4 font-mono">
                    <Link to={`/admin/audit?target=${encodeURIComponent(`${r.targetType}:${r.targetId}`)}`} className="text-blue-800 underline">
                      {`${r.targetType}:${r.targetId}`}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">
                    <code className="break-all text-xs">{JSON.stringify(r.detail)}</code>
                  </td>
                  <td className="py-2 pr-4 font-mono text-xs">{r.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t('audit.pages')} className="mt-4 flex gap-3">
        {paged ? (
          <Link to={query({})} className="btn-secondary" data-testid="audit-newest">
            {t('audit.newest')}
          </Link>
        ) : null}
        {nextBefore ? (
          <Link to={query({ before: String(nextBefore) })} className="btn-secondary" data-testid="audit-older">
            {t('audit.older')}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
