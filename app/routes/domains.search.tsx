// Domain search results (spec §2 "Domain search results", issue #4 §4). The keyword is checked under
// every TLD we sell, the exact name first, with suggestions; each registry family answers on its own
// and the page shows results as they arrive (streamed promises). Without JavaScript the search form
// sends js=0 and the page waits for every answer, as it does for any page load (a link opened directly). Filters and sorting are links (GET); with JavaScript
// they apply at once without asking the registries again. Stars: D1 for customers, the browser for guests.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { isSearchMode, TRANSFER_COOKIE, TRANSFER_PATH } from '../../core/domains/search-bar';
import { readFilter, readSort } from '../../core/domains/results';
import { readCookie, serializeCookie, wantsSecure } from '../../worker/http/cookies';
import type { SearchResult } from '../../worker/services/domains';
import { DomainSearchBar } from '../components/domain-search-bar';
import { SearchResults } from '../components/domains/search-results';
import { codeMessage } from '../lib/codes';
import { GUEST_FAVOURITES_COOKIE, parseFavouriteList, toggleInList } from '../lib/favourites';
import { FormAlert } from '../lib/forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim();
  const mode = isSearchMode(url.searchParams.get('mode')) ? url.searchParams.get('mode') : 'search';
  // Transfer mode without JavaScript: the server does what the search bar's script would.
  if (mode === 'transfer' && q) {
    throw redirect(TRANSFER_PATH, {
      status: 303,
      headers: { 'Set-Cookie': serializeCookie(TRANSFER_COOKIE, q, { path: TRANSFER_PATH, maxAgeSeconds: 600, sameSite: 'Lax', secure: wantsSecure(request) }) },
    });
  }
  const session = await context.session();
  const favourites = session ? await context.services.domains.favourites(session.user.id) : parseFavouriteList(readCookie(request, GUEST_FAVOURITES_COOKIE));
  const base = {
    meta: { title: q ? t('domains:search.meta_title_q', { q }) : t('domains:search.meta_title'), description: q ? t('domains:search.meta_description', { q }) : t('domains:search.meta_description_empty') },
    q,
    mode: mode === 'register' ? ('register' as const) : ('search' as const),
    favourites,
    loggedIn: Boolean(session),
  };
  if (!q) return { ...base, outcome: null };
  const outcome = await context.services.domains.search(q, { userId: session?.user.id ?? null, ip: context.ip });
  // Issue #10 §4: over the search quota the page says so (HTTP 429 with Retry-After), no script needed.
  if (!outcome.ok && 'retryAfter' in outcome) {
    return data({ ...base, outcome: { ok: false as const, code: outcome.code, seconds: outcome.retryAfter } }, { status: 429, headers: { 'Retry-After': String(outcome.retryAfter) } });
  }
  if (!outcome.ok) return { ...base, outcome: { ok: false as const, code: outcome.code, seconds: 0 } };
  // The page waits for every registry without JavaScript (js=0 from the search form), and also when the
  // page itself is loaded (a search link opened directly, a bookmark, a reload): without JavaScript the
  // streamed answers never arrive, and the page said "no results" above checks that never finished
  // (issue #25 §5). Only the app's own navigations (data requests, not documents) stream.
  const waitForAll = url.searchParams.get('js') === '0' || request.headers.get('Sec-Fetch-Dest') === 'document';
  const results: Record<string, SearchResult[] | Promise<SearchResult[]>> = {};
  for (const family of outcome.plan.families) results[family] = waitForAll ? await outcome.byFamily[family]! : outcome.byFamily[family]!;
  const pricing = await context.services.catalog.tldPricing({ actions: ['register'] });
  return {
    ...base,
    outcome: { ok: true as const, plan: outcome.plan, results, tldOrder: pricing.map((p) => p.tld), filter: readFilter(url.searchParams), sort: readSort(url.searchParams) },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers = retryAfterHeaders({ from: 'loader' });

// Filters, sorting and stars change only what is shown: the registries are not asked again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== 'GET') return false;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const k of ['filter', 'value', 'sort']) p.delete(k);
    return `${u.pathname}?${p.toString()}`;
  };
  if (currentUrl.pathname === nextUrl.pathname && strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  if (form.get('intent') !== 'favourite') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const ascii = String(form.get('fqdn') ?? '').toLowerCase();
  if (!/^[a-z0-9.-]{3,253}$/.test(ascii)) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  const back = safeRedirectTo(form.get('redirectTo'), '/domains/search');
  const session = await context.session();
  if (session) {
    const starred = await context.services.domains.toggleFavourite(session.user.id, ascii);
    if (form.get('js') === '1') return { ok: true, fqdn: ascii, starred };
    return redirect(back, 303);
  }
  // A guest without JavaScript: the cookie is the browser's storage.
  const list = toggleInList(parseFavouriteList(readCookie(request, GUEST_FAVOURITES_COOKIE)), ascii);
  return redirect(back, { status: 303, headers: { 'Set-Cookie': serializeCookie(GUEST_FAVOURITES_COOKIE, list.join(','), { maxAgeSeconds: 365 * 86_400, sameSite: 'Lax', secure: wantsSecure(request) }) } });
}

export default function DomainSearch() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('domains');
  const outcome = data.outcome;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{data.q ? t('search.title_q', { q: data.q }) : t('search.title')}</h1>
      <DomainSearchBar defaultValue={data.q} mode={data.mode} compact />
      {outcome && !outcome.ok ? (
        <div className="mt-4">
          <FormAlert type="alert" testId="search-alert" code={outcome.code}>
            {codeMessage(t, outcome.code, { seconds: outcome.seconds })}
          </FormAlert>
        </div>
      ) : null}
      {outcome?.ok ? (
        <SearchResults
          key={data.q}
          plan={outcome.plan}
          results={outcome.results as Record<string, SearchResult[] | Promise<SearchResult[]>>}
          tldOrder={outcome.tldOrder}
          filter={outcome.filter}
          sort={outcome.sort}
          favourites={data.favourites}
          loggedIn={data.loggedIn}
        />
      ) : null}
      {!data.q ? <p className="mt-6 text-slate-700">{t('search.intro')}</p> : null}
    </div>
  );
}
