// The domain search bar (spec §2 "Domain search bar"): modes SEARCH, REGISTER and TRANSFER, with a
// visible dropdown between search and transfer that changes the placeholder and titles. Empty input
// is never submitted. In transfer mode the typed name goes into the 'domain_transfer' cookie, scoped
// to the transfer page, and the browser goes there; otherwise the search form is submitted. 400 ms
// after typing stops, a final '.el' becomes '.ελ'. Without JavaScript it is a plain GET form and the
// server does the transfer hand-off (app/routes/domains.search.tsx).
import { Form } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EL_REWRITE_DELAY_MS, rewriteElEnding, TRANSFER_COOKIE, TRANSFER_PATH, type SearchMode } from '../../core/domains/search-bar';
import { useHydrated } from '../lib/hydrated';

export function DomainSearchBar({ defaultValue = '', mode: initialMode = 'search', compact = false }: { defaultValue?: string; mode?: SearchMode; compact?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const [mode, setMode] = useState<SearchMode>(initialMode);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setValue(defaultValue), [defaultValue]);

  // The '.el' rewrite, once typing has paused.
  useEffect(() => {
    const next = rewriteElEnding(value);
    if (next === value) return;
    const timer = window.setTimeout(() => setValue(next), EL_REWRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  const transfer = mode === 'transfer';
  const key = transfer ? 'transfer' : mode === 'register' ? 'register' : 'search';
  return (
    <Form
      method="get"
      action="/domains/search"
      role="search"
      aria-label={t(`search.title_${key}`)}
      className={`flex w-full flex-col gap-2 sm:flex-row ${compact ? '' : 'max-w-2xl'}`}
      onSubmit={(e) => {
        const typed = rewriteElEnding(value).trim();
        if (typed === '') {
          e.preventDefault();
          input.current?.focus();
          return;
        }
        if (transfer) {
          e.preventDefault();
          document.cookie = `${TRANSFER_COOKIE}=${encodeURIComponent(typed)}; Path=${TRANSFER_PATH}; Max-Age=600; SameSite=Lax`;
          // A document load, not a client navigation: Remix would fetch '/domains/metafora.data', a path
          // the cookie's Path does not cover, so the page would never see the name.
          window.location.assign(TRANSFER_PATH);
        }
      }}
      data-testid="domain-search"
      data-mode={mode}
    >
      <label htmlFor="domain-search-mode" className="sr-only">
        {t('search.mode_label')}
      </label>
      <select
        id="domain-search-mode"
        name="mode"
        value={mode === 'register' ? 'search' : mode}
        onChange={(e) => setMode(e.target.value === 'transfer' ? 'transfer' : initialMode === 'register' ? 'register' : 'search')}
        className="rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-900"
        data-testid="domain-search-mode"
      >
        <option value="search">{t('search.mode_search')}</option>
        <option value="transfer">{t('search.mode_transfer')}</option>
      </select>
      <label htmlFor="domain-search-input" className="sr-only">
        {t(`search.title_${key}`)}
      </label>
      <input
        ref={input}
        id="domain-search-input"
        name="q"
        type="search"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t(`search.placeholder_${key}`)}
        title={t(`search.title_${key}`)}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-lg text-slate-900 shadow-sm"
        data-testid="domain-search-input"
      />
      {/* Without JavaScript the results page must not wait for streamed parts (see domains.search). */}
      {hydrated ? null : <input type="hidden" name="js" value="0" />}
      <button type="submit" className="btn-primary px-6 py-3 text-lg" data-testid="domain-search-submit">
        {transfer ? t('search.submit_transfer') : t('search.submit')}
      </button>
    </Form>
  );
}
