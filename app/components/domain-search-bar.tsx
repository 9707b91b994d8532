// The domain search bar of the home page (spec §2 "Domain search bar"): a plain GET form to
// /domains/search that works without JavaScript; empty input is never submitted. The search modes
// and the .el → .ελ rewrite arrive with the domain search itself (issue #4).
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function DomainSearchBar({ defaultValue = '' }: { defaultValue?: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(defaultValue);
  return (
    <Form
      method="get"
      action="/domains/search"
      role="search"
      className="flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
      onSubmit={(e) => {
        if (value.trim() === '') e.preventDefault();
      }}
      data-testid="domain-search"
    >
      <label htmlFor="domain-search-input" className="sr-only">
        {t('search.label')}
      </label>
      <input
        id="domain-search-input"
        name="q"
        type="search"
        required
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-lg text-slate-900 shadow-sm"
      />
      <button type="submit" className="btn-primary px-6 py-3 text-lg">
        {t('search.submit')}
      </button>
    </Form>
  );
}
