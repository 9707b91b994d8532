// The results of a domain search: each registry family's answer arrives on its own (a promise from
// the loader, or an array when the page waited for all); rows show as soon as their family answers.
// Filters, sorting and the count apply to what has arrived; stars and the WHOIS modal work in place.
import { Form, Link, useFetcher, useSearchParams } from '@remix-run/react';
import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../flag';
import { CheckIcon, StarIcon, StarOutlineIcon } from '../icons';
import { matchesFilter, readFilter, readSort, RESULT_SORTS, sortResults, type FilterState } from '../../../core/domains/results';
import { TRANSFER_PATH } from '../../../core/domains/search-bar';
import type { SearchPlan, SearchResult } from '../../../worker/services/domains';
import { readLocalFavourites, toggleInList, writeLocalFavourites } from '../../lib/favourites';
import { codeMessage } from '../../lib/codes';
import { useHydrated } from '../../lib/hydrated';
import { useRootData } from '../../lib/root-data';
import { useUi } from '../../lib/ui';
import { PageIdInput } from '../page-id-input';
import { CsrfInput } from '../csrf-input';
import { LengthLabel } from '../length-label';
import { Price, VatNote } from '../price';
import { RenewalPrice } from '../renewal-price';
import { WhoisDialog } from './whois-dialog';

type FamilyState = SearchResult[] | 'pending' | { error: true };

function useFamilies(results: Record<string, SearchResult[] | Promise<SearchResult[]>>): Record<string, FamilyState> {
  const [state, setState] = useState<Record<string, FamilyState>>(() =>
    Object.fromEntries(Object.entries(results).map(([f, r]) => [f, Array.isArray(r) ? r : 'pending'])),
  );
  useEffect(() => {
    let live = true;
    for (const [family, r] of Object.entries(results)) {
      if (Array.isArray(r)) continue;
      // A transition: React renders the arrived rows in slices of a few milliseconds and the page stays
      // responsive (the total blocking time budget, decision 029); an urgent update would be one long task.
      r.then(
        (rows) => live && startTransition(() => setState((s) => ({ ...s, [family]: rows }))),
        () => live && startTransition(() => setState((s) => ({ ...s, [family]: { error: true } }))),
      );
    }
    return () => {
      live = false;
    };
  }, [results]);
  return state;
}

const CATEGORIES = ['greek', 'european', 'generic', 'new', 'country', 'adult'] as const;
// Rows the browser adds at once after the first paint: a slice small enough that its commit (the DOM
// of forms, prices, buttons) is a short task even on a slow phone (decision 029).
const REVEAL_STEP = 10;

/**
 * How many of `total` rows to render: whatever the server rendered at first (all of them when the page
 * waited for every registry, js=0), then REVEAL_STEP more per browser task until all are shown.
 */
function useRevealed(total: number): number {
  const [limit, setLimit] = useState(() => Math.max(total, REVEAL_STEP));
  useEffect(() => {
    if (limit >= total) return;
    const id = setTimeout(() => startTransition(() => setLimit((l) => l + REVEAL_STEP)), 0);
    return () => clearTimeout(id);
  }, [limit, total]);
  return limit;
}

export function SearchResults({
  plan,
  results,
  tldOrder,
  favourites: serverFavourites,
  loggedIn,
}: {
  plan: SearchPlan;
  results: Record<string, SearchResult[] | Promise<SearchResult[]>>;
  tldOrder: string[];
  filter: FilterState;
  sort: string;
  favourites: string[];
  loggedIn: boolean;
}) {
  const { t } = useTranslation('domains');
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const families = useFamilies(results);
  const filter = readFilter(params);
  const sort = readSort(params);
  const [favourites, setFavourites] = useState<string[]>(serverFavourites);
  const [whois, setWhois] = useState<string | null>(null);
  // A guest's stars with JavaScript live in localStorage (merged with any cookie ones from no-JS visits).
  useEffect(() => {
    if (!loggedIn) setFavourites((f) => [...new Set([...f, ...readLocalFavourites()])]);
  }, [loggedIn]);

  const arrived = useMemo(() => Object.values(families).flatMap((f) => (Array.isArray(f) ? f : [])), [families]);
  const pending = Object.entries(families).filter(([, f]) => f === 'pending').map(([k]) => k);
  const failed = Object.entries(families).filter(([, f]) => typeof f === 'object' && !Array.isArray(f)).map(([k]) => k);
  const favSet = useMemo(() => new Set(favourites), [favourites]);
  const order = useMemo(() => new Map(tldOrder.map((tld, i) => [tld, i])), [tldOrder]);
  const shown = sortResults(arrived.filter((r) => r.kind !== 'exact' && matchesFilter(r, filter, favSet)), sort, order);
  const exact = arrived.find((r) => r.kind === 'exact') ?? null;
  const exactPending = plan.exact !== null && !exact;
  const countries = [...new Set(arrived.map((r) => r.countryIso2).filter((c): c is string => Boolean(c)))];
  const revealed = useRevealed(shown.length);

  const link = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return `?${p.toString()}`;
  };
  const chip = (active: boolean) => `rounded-full border px-3 py-1 text-sm ${active ? 'border-blue-800 bg-blue-800 text-white' : 'border-slate-300 bg-white hover:border-blue-800'}`;

  // Stable, so a memoised row re-renders only when its own props change (a reveal step adds rows
  // without rendering the earlier ones again).
  const toggleStar = useCallback(
    (ascii: string) => {
      setFavourites((f) => {
        const next = toggleInList(f, ascii);
        if (!loggedIn) writeLocalFavourites(next);
        return next;
      });
    },
    [loggedIn],
  );

  const rowProps = { favSet, loggedIn, hydrated, onStar: toggleStar, onWhois: setWhois };
  return (
    <section className="mt-6" aria-labelledby="results-title" data-testid="search-results" data-pending={pending.length}>
      <h2 id="results-title" className="sr-only">
        {t('search.results')}
      </h2>
      {exact || exactPending ? (
        <div className="mb-6" data-testid="exact-result">
          {exact ? <ResultRow row={exact} big {...rowProps} /> : <div className="card animate-pulse text-slate-500">{t('search.checking_name', { name: plan.exact })}</div>}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium" aria-live="polite" data-testid="result-count" data-count={shown.length}>
          {t('search.count', { count: shown.length })}
          {pending.length ? <span className="ml-2 text-sm text-slate-600">{t('search.still_checking', { count: pending.length })}</span> : null}
        </p>
        <Form method="get" className="flex min-w-0 flex-wrap items-center gap-2" preventScrollReset data-testid="sort-form">
          {[...params.entries()].filter(([k]) => k !== 'sort').map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <label htmlFor="result-sort" className="text-sm">
            {t('search.sort')}
          </label>
          {/* No min-w-0: the select never shrinks below its longest choice (it was cut off at 390 px
              without JavaScript, beside the Apply button, issue #25 §6); the button wraps instead. */}
          <select
            id="result-sort"
            name="sort"
            defaultValue={sort}
            key={sort}
            className="max-w-full flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            data-testid="result-sort"
          >
            {RESULT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`search.sort_${s}`)}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" className="btn-secondary px-2 py-1 text-sm">
              {t('search.apply')}
            </button>
          )}
        </Form>
      </div>
      <nav aria-label={t('search.filters')} className="mt-3 flex flex-wrap gap-2" data-testid="result-filters">
        {(['all', 'country', 'discounted', 'favourites'] as const).map((f) => (
          <Link key={f} to={link({ filter: f === 'all' ? null : f, value: null })} preventScrollReset replace className={chip(filter.filter === f)} aria-current={filter.filter === f ? 'true' : undefined} data-testid={`filter-${f}`}>
            {t(`search.filter_${f}`)}
          </Link>
        ))}
        {CATEGORIES.map((c) => (
          <Link key={c} to={link({ filter: 'category', value: c })} preventScrollReset replace className={chip(filter.filter === 'category' && filter.value === c)} data-testid={`filter-category-${c}`}>
            {t(`categories.${c}`)}
          </Link>
        ))}
        {countries.map((c) => (
          <Link
            key={c}
            to={link({ filter: 'flag', value: c })}
            preventScrollReset
            replace
            className={chip(filter.filter === 'flag' && filter.value === c)}
            // The accessible name starts with the visible code (WCAG 2.5.3, axe label-content-name-mismatch).
            aria-label={t('search.filter_flag', { code: c, country: t(`countries:${c}`) })}
            data-testid={`filter-flag-${c}`}
          >
            <Flag iso2={c} /> {c}
          </Link>
        ))}
      </nav>
      <p className="mt-2 text-xs text-slate-600">
        <VatNote />
      </p>
      {failed.length ? (
        <p role="alert" className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="family-failed">
          {t('search.family_failed')}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="result-list">
        {shown.slice(0, revealed).map((r) => (
          <li key={r.asciiFqdn}>
            <ResultRow row={r} {...rowProps} />
          </li>
        ))}
        {pending.map((f) => (
          <li key={`pending-${f}`} className="animate-pulse px-4 py-3 text-sm text-slate-500" data-testid="pending-family">
            {t('search.checking_family', { family: t(`families.${f}`) })}
          </li>
        ))}
        {shown.length === 0 && pending.length === 0 ? <li className="px-4 py-6 text-center text-slate-600">{t('search.none_match')}</li> : null}
      </ul>
      {pending.length && !hydrated ? (
        <noscript>
          <p className="mt-3 text-sm">
            <a href={link({ js: '0' })} className="link-button">
              {t('search.show_all_nojs')}
            </a>
          </p>
        </noscript>
      ) : null}
      {whois ? <WhoisDialog domain={whois} onClose={() => setWhois(null)} /> : null}
    </section>
  );
}

/** The add button, or the 'in cart' state when the domain is in the cart (spec §2: marked 'selected'). */
function AddToCart({ row, hydrated }: { row: SearchResult; hydrated: boolean }) {
  const { t } = useTranslation('domains');
  const { cart } = useRootData();
  const fetcher = useFetcher<{ ok: boolean; code?: number }>();
  const inCart = cart.items.find((i) => i.asciiName === row.asciiFqdn);
  const { pushAlert } = useUi();
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && fetcher.data.code) pushAlert('alert', codeMessage(t, fetcher.data.code));
  }, [fetcher.state, fetcher.data, pushAlert, t]);
  if (inCart) {
    return (
      <Link to="/cart" className="btn-secondary" data-testid="in-cart" data-cart-item-id={inCart.id}>
        <CheckIcon /> {t('search.in_cart')}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart">
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="type" value="domain" />
      <input type="hidden" name="fqdn" value={row.asciiFqdn} />
      <input type="hidden" name="months" value={row.price?.months ?? ''} />
      {/* Without JavaScript the cart page opens after the add; with it, the visitor stays here. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className="btn-primary" disabled={fetcher.state !== 'idle'} data-testid="add-to-cart">
        {t('search.add')}
      </button>
    </fetcher.Form>
  );
}

const ResultRow = memo(function ResultRow({
  row,
  big = false,
  favSet,
  loggedIn,
  hydrated,
  onStar,
  onWhois,
}: {
  row: SearchResult;
  big?: boolean;
  favSet: ReadonlySet<string>;
  loggedIn: boolean;
  hydrated: boolean;
  onStar: (ascii: string) => void;
  onWhois: (ascii: string) => void;
}) {
  const { t } = useTranslation('domains');
  const [params] = useSearchParams();
  const star = useFetcher();
  const starred = favSet.has(row.asciiFqdn);
  const selected = useRootData().cart.items.some((i) => i.asciiName === row.asciiFqdn);
  const available = row.status === 'available';
  const back = `/domains/search?${params.toString()}`;
  return (
    // Phones: star and name on the first line (the name keeps the whole width), price and actions wrap
    // below it; from sm up one line: star, name, price and actions.
    <div
      className={`grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] ${big ? 'card border-2 border-blue-800' : ''}`}
      data-testid="result"
      data-fqdn={row.fqdn}
      data-ascii={row.asciiFqdn}
      data-status={row.status}
      data-premium={row.premium || undefined}
      data-selected={selected || undefined}
    >
      <star.Form
        method="post"
        action="/domains/search"
        onSubmit={(e) => {
          onStar(row.asciiFqdn);
          // A guest's star stays in this browser (localStorage): nothing to send.
          if (!loggedIn) e.preventDefault();
        }}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="favourite" />
        <input type="hidden" name="fqdn" value={row.asciiFqdn} />
        <input type="hidden" name="redirectTo" value={back} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button type="submit" className="icon-btn text-xl" aria-pressed={starred} aria-label={t(starred ? 'search.unstar' : 'search.star', { name: row.fqdn })} data-testid="star">
          <span aria-hidden="true" className={starred ? 'text-amber-500' : 'text-slate-400'}>
            {starred ? <StarIcon /> : <StarOutlineIcon />}
          </span>
        </button>
      </star.Form>
      <div className="min-w-0 flex-1">
        <p className={`break-all font-semibold ${big ? 'text-2xl' : 'text-lg'}`} lang={/[\u0370-\u03ff]/.test(row.fqdn) ? 'el' : undefined}>
          {row.fqdn}
        </p>
        <p className="flex flex-wrap gap-2 text-sm">
          <span className={available ? 'text-emerald-800' : 'text-slate-600'} data-testid="status-text">
            {t(`status.${row.status}`)}
          </span>
          {row.premium ? <span className="rounded bg-purple-100 px-2 text-purple-900">{t('search.premium')}</span> : null}
          {row.status === 'redemption' ? <span className="rounded bg-amber-100 px-2 text-amber-900">{t('search.rgp')}</span> : null}
          {available && row.price?.onPromo ? <span className="rounded bg-rose-100 px-2 text-rose-900">{t('search.discounted')}</span> : null}
          {row.kind === 'suggestion' ? <span className="rounded bg-slate-100 px-2 text-slate-700">{t('search.suggestion')}</span> : null}
          {row.status === 'error' && row.errorCode ? <span className="text-red-800">{t(`errors:${row.errorCode === 26000 ? 'registry_maintenance' : 'domain_check_failed'}`)}</span> : null}
        </p>
      </div>
      {available || row.status === 'registered' ? (
        <div className="col-start-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:col-start-3 sm:justify-end" data-testid="result-actions">
          {available && row.price ? (
            <div className="sm:text-right">
              {row.price.onPromo ? <Price cents={row.price.baseCents} strike className="mr-2 text-sm text-slate-500" /> : null}
              <Price cents={row.price.totalCents} className="text-lg font-semibold" />
              <span className="block text-xs text-slate-600">
                <LengthLabel months={row.price.months} />
              </span>
              <RenewalPrice renewal={row.renewal} />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            {available && row.requiresGr ? (
              <span className="max-w-xs text-sm text-slate-700" data-testid="requires-gr">
                {t('search.requires_gr')}
              </span>
            ) : available ? (
              <AddToCart row={row} hydrated={hydrated} />
            ) : row.status === 'registered' ? (
              <>
                <a
                  href={`/domains/whois?domain=${encodeURIComponent(row.asciiFqdn)}`}
                  className="btn-secondary"
                  onClick={(e) => {
                    e.preventDefault();
                    onWhois(row.asciiFqdn);
                  }}
                  data-testid="whois-open"
                >
                  WHOIS
                </a>
                <Link to={`${TRANSFER_PATH}?domain=${encodeURIComponent(row.fqdn)}`} className="link-button text-sm" data-testid="transfer-link">
                  {t('search.transfer_it')}
                </Link>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
});
