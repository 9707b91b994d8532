// The mini-cart's lists (spec §2 Cart): the header dropdown's panel and the side cart's, loaded by the
// browser when first needed (app/lib/deferred-part.ts, decision 067); the server renders them with
// every page, so the header's dropdown works without JavaScript as before.
import { Link, useSubmit } from '@remix-run/react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/hydrated';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import type { RootData } from '../../lib/root-data';
import { Price, PriceSum } from '../price';

type MiniItem = RootData['cart']['items'][number];

function ItemRow({ item, formId, onRemove }: { item: MiniItem; formId: string; onRemove: (button: HTMLButtonElement, id: string) => boolean }) {
  const { t } = useTranslation('cart');
  return (
    <li className="flex items-start justify-between gap-2 py-2 text-sm" data-testid="mini-item" data-name={item.asciiName ?? item.name}>
      <span className={`min-w-0 break-all ${item.parentId ? 'pl-3 text-slate-600' : 'font-medium'}`}>{item.name}</span>
      {item.bundle ? (
        <span className="shrink-0 text-emerald-800">{t('bundle_included')}</span>
      ) : (
        <div className="flex shrink-0 items-center gap-2">
          <Price cents={item.totalCents} />
          <button
            type="submit"
            form={formId}
            name="id"
            value={item.id}
            onClick={(e) => {
              if (onRemove(e.currentTarget, item.id)) e.preventDefault();
            }}
            className="text-red-800"
            title={t('mini.remove')}
            data-testid="mini-remove"
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">{`${t('mini.remove')}: ${item.name}`}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The list with one remove form its buttons name (the `form` attribute): 60 items no longer repeat the
 * CSRF token, page id and intent each (docs/decisions/030). With JavaScript a button submits that form
 * as a fetcher keyed by the item, which useMiniCart reads to hide the item at once.
 */
function ItemList({ items, formId }: { items: MiniItem[]; formId: string }) {
  const { t } = useTranslation('cart');
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!items.length) return <p className="py-2 text-sm text-slate-600">{t('mini.empty')}</p>;
  const onRemove = (button: HTMLButtonElement, id: string) => {
    if (!hydrated) return false;
    submit(button, { method: 'post', action: '/cart', navigate: false, fetcherKey: `remove-${id}` });
    return true;
  };
  return (
    <>
      <form id={formId} method="post" action="/cart">
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="intent" value="remove" />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      </form>
      <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
        {items.map((i) => (
          <ItemRow key={i.id} item={i} formId={formId} onRemove={onRemove} />
        ))}
      </ul>
    </>
  );
}

/** The header dropdown's panel. */
export function HeaderCartPanel({ items, lineCents }: { items: MiniItem[]; lineCents: number[] }) {
  const { t } = useTranslation('cart');
  return (
    <div className="dropdown-panel dropdown-panel-end" data-testid="header-cart-panel">
      <p className="mb-1 font-semibold">{t('mini.title')}</p>
      <ItemList items={items} formId="mini-remove-header" />
      {/* Spec §2: the empty cart hides the 'go to cart' links. */}
      {items.length ? (
        <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-2">
          <PriceSum lines={lineCents} className="font-semibold" />
          <Link to="/cart" className="btn-primary px-3 py-1 text-sm" data-testid="go-to-cart">
            {t('mini.go')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The side cart while shown (its state and timers stay in SideCart; the badge comes from there too,
 * so that this chunk imports nothing of the root route's own chunk).
 */
export function SideCartPanel({ items, count, badge, open, onToggle, list }: { items: MiniItem[]; count: number; badge: ReactNode; open: boolean; onToggle: () => void; list: RefObject<HTMLDivElement> }) {
  const { t } = useTranslation('cart');
  return (
    <aside className="fixed right-0 top-1/3 z-30 hidden lg:flex" aria-label={t('mini.title')} data-testid="side-cart" data-state="active" data-open={open}>
      <button type="button" className="side-cart-toggle" onClick={onToggle} aria-expanded={open} aria-controls="side-cart-panel" data-testid="side-cart-toggle">
        <span className="sr-only">{t('mini.toggle', { count })}</span>
        {badge}
      </button>
      <div id="side-cart-panel" hidden={!open} className="w-72 rounded-l-lg border border-slate-200 bg-white p-3 shadow-xl">
        <div ref={list}>
          <ItemList items={items} formId="mini-remove-side" />
        </div>
        <Link to="/cart" className="btn-primary mt-2 block text-center text-sm">
          {t('mini.go')}
        </Link>
      </div>
    </aside>
  );
}
