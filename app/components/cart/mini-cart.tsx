// Where the cart shows outside its page (spec §2 Cart): badges counting visible items (pulsing for 7 s
// when the count changes), the header dropdown, the side cart on large screens (shown past 70 px of
// scroll when it has items; after an add it slides open, scrolls to the last item and closes after
// 5 s; a toggle), the bottom bar on small screens, and the live sync between tabs (issue #5 §3).
import { Link, useFetchers, useLocation, useRevalidator, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_HINT_COOKIE } from '../../../core/cart/types';
import { useHydrated } from '../../lib/hydrated';
import { useLiveChannel } from '../../lib/live';
import { useRootData } from '../../lib/root-data';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';
import { PageIdInput } from '../page-id-input';
import { Price, PriceSum } from '../price';

export const BADGE_PULSE_MS = 7000;
export const SIDE_CART_SCROLL_PX = 70;
export const SIDE_CART_AUTOCLOSE_MS = 5000;

type MiniItem = ReturnType<typeof useRootData>['cart']['items'][number];

/** The cart as the header, side cart and bottom bar show it, hiding items being removed right now. */
function useMiniCart() {
  const { cart } = useRootData();
  const fetchers = useFetchers();
  const removing = new Set(fetchers.filter((f) => f.formData?.get('intent') === 'remove').map((f) => String(f.formData?.get('id'))));
  const items = cart.items.filter((i) => !removing.has(i.id) && !(i.parentId && removing.has(i.parentId)));
  return { items, count: Math.max(0, cart.count - (cart.items.length - items.length)), lineCents: items.map((i) => i.totalCents) };
}

export function CartBadge({ count, className = '' }: { count: number; className?: string }) {
  const [pulse, setPulse] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPulse(true);
    const timer = window.setTimeout(() => setPulse(false), BADGE_PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [count]);
  if (count === 0) return null;
  return (
    <span className={`cart-badge ${pulse ? 'animate-pulse' : ''} ${className}`} data-testid="cart-badge" data-count={count} data-pulse={pulse || undefined}>
      {count}
    </span>
  );
}

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

/** The header's cart: a badge and a dropdown (a <details>, so it opens without JavaScript). */
export function HeaderCart() {
  const { t } = useTranslation('cart');
  const { items, count, lineCents } = useMiniCart();
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  return (
    <details ref={ref} className="relative" data-testid="header-cart">
      {/* Named by hidden text, not aria-label: the visible badge would otherwise differ from the name. */}
      <summary className="icon-btn relative list-none">
        <span className="sr-only">{t('mini.toggle', { count })}</span>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="10" cy="20" r="1.5" fill="currentColor" />
          <circle cx="17" cy="20" r="1.5" fill="currentColor" />
        </svg>
        <span aria-hidden="true">
          <CartBadge count={count} className="absolute -right-1 -top-1" />
        </span>
      </summary>
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
    </details>
  );
}

/** The side cart: large screens only, past 70 px of scroll, when it has items (states empty/active/hidden). */
export function SideCart() {
  const { t } = useTranslation('cart');
  const { items, count } = useMiniCart();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const previous = useRef(count);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SIDE_CART_SCROLL_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // After an add: slide open, scroll to the last item, close after 5 s.
  useEffect(() => {
    const added = count > previous.current;
    previous.current = count;
    if (!added) return;
    setOpen(true);
    requestAnimationFrame(() => list.current?.scrollTo({ top: list.current.scrollHeight, behavior: 'smooth' }));
    const timer = window.setTimeout(() => setOpen(false), SIDE_CART_AUTOCLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [count]);
  const state = items.length === 0 ? 'empty' : scrolled || open ? 'active' : 'hidden';
  if (state !== 'active') return <div hidden data-testid="side-cart" data-state={state} />;
  return (
    <aside className="fixed right-0 top-1/3 z-30 hidden lg:flex" aria-label={t('mini.title')} data-testid="side-cart" data-state={state} data-open={open}>
      <button type="button" className="side-cart-toggle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="side-cart-panel" data-testid="side-cart-toggle">
        <span className="sr-only">{t('mini.toggle', { count })}</span>
        <CartBadge count={count} />
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

/** The bottom bar on small screens. */
export function MobileCartBar() {
  const { t } = useTranslation('cart');
  const { items, count, lineCents } = useMiniCart();
  const { pathname } = useLocation();
  // On the cart and checkout pages the bar would only link to where the visitor already is, over the page.
  if (!items.length || pathname === '/cart' || pathname.startsWith('/cart/')) return null;
  return (
    <div className="mobile-cart-bar fixed inset-x-0 bottom-0 z-30 flex items-center justify-between border-t border-slate-200 bg-white px-4 py-2 shadow lg:hidden" data-testid="mobile-cart-bar">
      <span className="flex items-center gap-2 text-sm">
        {t('mini.title')} <CartBadge count={count} /> <PriceSum lines={lineCents} className="font-semibold" />
      </span>
      <Link to="/cart" className="btn-primary px-3 py-1 text-sm">
        {t('mini.go')}
      </Link>
    </div>
  );
}

/**
 * Another tab changed the cart (issue #5 §3): this tab re-reads it, so badges, side cart, summary and
 * search marks follow. On /domains/search the idle-cart modal opens instead (spec §2).
 */
export function CartLiveSync() {
  const { t } = useTranslation('cart');
  const revalidator = useRevalidator();
  const location = useLocation();
  const [idle, setIdle] = useState(false);
  // This page's own changes never come back here (the unique_id rule); these are another tab's.
  useLiveChannel('cart', (m) => {
    const count = (m.data as { count?: unknown }).count;
    if (typeof count === 'number') document.cookie = `${CART_HINT_COOKIE}=${count}; Path=/; Max-Age=${30 * 86_400}; SameSite=Lax`;
    if (location.pathname === '/domains/search') setIdle(true);
    else revalidator.revalidate();
  });
  return idle ? (
    <Dialog open onClose={() => setIdle(false)} title={t('mini.idle_title')} testId="idle-cart">
      <p>{t('mini.idle_text')}</p>
      <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
        {t('mini.idle_reload')}
      </button>
    </Dialog>
  ) : null;
}
