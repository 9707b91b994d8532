// The cart's form helpers, shared by the summary's line and its extras.
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveCode } from '../../../core/errors';
import { codeMessage } from '../../lib/codes';
import { useUi } from '../../lib/ui';

type FetcherReply = { ok: boolean; code?: number };

export function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** A cart form: a fetcher with JavaScript (js=1 asks for JSON), a plain POST that redirects without. */
export function useCartFetcher() {
  const fetcher = useFetcher<FetcherReply>();
  const { pushAlert } = useUi();
  const { t } = useTranslation('cart');
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data.ok || !fetcher.data.code) return;
    // 35001 (spec §8 cart_sync): the item went already (another tab); the revalidation after the
    // action drops it and refreshes the totals, which is all the customer needs to see.
    if (resolveCode(fetcher.data.code).handling === 'cart_sync') return;
    pushAlert('alert', codeMessage(t, fetcher.data.code));
  }, [fetcher.state, fetcher.data, pushAlert, t]);
  return fetcher;
}

