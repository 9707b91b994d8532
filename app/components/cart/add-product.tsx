// An 'add to cart' form for a product (hosting plan, SSL certificate …): a plain POST to /cart that
// takes the chosen length without JavaScript; with it, a fetcher keeps the visitor on the page (the
// side cart slides open). Children of the form (a length choice named 'months') are submitted with it.
import { useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/hydrated';
import { useRootData } from '../../lib/root-data';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

export function AddProduct({ sku, name, months, withLengthInput, children }: { sku: string; name: string; months: number; withLengthInput: boolean; children?: ReactNode }) {
  const { t } = useTranslation('cart');
  const fetcher = useFetcher<{ ok: boolean; code?: number }>();
  const hydrated = useHydrated();
  const { cart } = useRootData();
  const count = cart.items.filter((i) => i.kind !== 'domain' && !i.parentId && i.name === name).length;
  return (
    <fetcher.Form method="post" action="/cart" className="contents">
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="type" value="product" />
      <input type="hidden" name="sku" value={sku} />
      {withLengthInput ? <input type="hidden" name="months" value={months} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {children}
      <button type="submit" className="btn-primary mt-4" disabled={fetcher.state !== 'idle'} data-testid="add-plan">
        {t('add_plan')}
        {count > 0 ? <span className="ml-2 text-xs">({t('mini.in_cart')}: {count})</span> : null}
      </button>
    </fetcher.Form>
  );
}
