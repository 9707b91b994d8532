// The back office's global search (issue #22 §1): `/admin/search?q=` finds a domain (Greek, Latin or
// punycode), a customer's e-mail, an order number, a document number or an ΑΦΜ, grouped by kind with
// links to their pages; a text that names exactly one thing goes straight to its page. Right
// `search.use`; a result whose page the member's group cannot open is listed without its link. A GET
// form: no JavaScript needed (the staff header's box posts here too).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { onlyExactHit, SEARCH_LIMIT, SEARCH_MAX_LENGTH } from '../../core/staff/search-query';
import { staffCan } from '../../core/staff/permissions';
import type { SearchHit } from '../../worker/services/staff';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'search.use');
  const { t } = await pageT(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const meta = { title: t('staff:search.meta_title') };
  if (!q) return { meta, q, groups: [], total: 0 };
  const result = await context.services.staffSearch.search(q);
  const group = session.user.userGroup;
  const exact = onlyExactHit(result.groups);
  // Each hit names the right of its page (a member of staff's is the staff page's, not a customer's).
  if (exact && staffCan(group, exact.right)) throw redirect(exact.href, 303);
  const groups = result.groups.map((g) => ({ kind: g.kind, hits: g.hits.map(({ right, ...h }): Omit<SearchHit, 'right' | 'href'> & { href: string | null } => ({ ...h, href: staffCan(group, right) ? h.href : null })) }));
  return { meta, q, groups, total: result.total };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AdminSearch() {
  const { q, groups, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  return (
    <div data-testid="admin-search">
      <h1 className="text-3xl font-bold">{t('search.title')}</h1>
      <Form method="get" action="/admin/search" role="search" className="mt-4 flex max-w-2xl flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="admin-search-q" className="block text-sm font-medium">
            {t('search.label')}
          </label>
          <input
            id="admin-search-q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={SEARCH_MAX_LENGTH}
            aria-describedby="admin-search-hint"
            className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
            data-testid="admin-search-q"
          />
          <p id="admin-search-hint" className="mt-1 text-xs text-slate-600">
            {t('search.hint')}
          </p>
        </div>
        <button type="submit" className="btn-primary" data-testid="admin-search-submit">
          {t('search.submit')}
        </button>
      </Form>
      {!q ? (
        <p className="mt-6 text-slate-700">{t('search.empty')}</p>
      ) : total === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="admin-search-none">
          {t('search.none', { q })}
        </p>
      ) : (
        <section className="mt-6" aria-labelledby="admin-search-results">
          <h2 id="admin-search-results" className="text-xl font-semibold">
            {t('search.results_for', { q })}
          </h2>
          {groups.map((g) => (
            <div key={g.kind} className="mt-4" data-testid="admin-search-group" data-kind={g.kind}>
              <h3 className="font-semibold">{t(`search.kinds.${g.kind}`)}</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded border border-slate-200">
                {g.hits.map((h) => (
                  <li key={`${h.kind}-${h.label}-${h.detail}`} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2" data-testid="admin-search-hit">
                    {h.href ? (
                      <Link to={h.href} className="link-button break-all">
                        {h.label}
                      </Link>
                    ) : (
                      <span className="break-all font-semibold">{h.label}</span>
                    )}
                    <span className="break-all text-sm text-slate-600">{h.detail}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {groups.some((g) => g.hits.length >= SEARCH_LIMIT) ? <p className="mt-4 text-sm text-slate-600">{t('search.limited', { count: SEARCH_LIMIT })}</p> : null}
        </section>
      )}
    </div>
  );
}
