// Where the cart shows outside its page (spec §2 Cart): badges counting visible items (pulsing for 7 s
// when the count changes), the header dropdown, the side cart on large screens (shown past 70 px of
// scroll when it has items; after an add it slides open, scrolls to the last item and closes after
// 5 s; a toggle), the bottom bar on small screens, and the live sync between tabs (issue #5 §3).
import { Link, useFetchers, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CART_HINT_COOKIE } from '../../../core/cart/types';
import { deferredPart, keepServerHtml, useHeldClick } from '../../lib/deferred-part';
import { useLiveChannel } from '../../lib/live';
import { useRootData, type RootData } from '../../lib/root-data';
import { CartBadge } from './cart-badge';
import { Dialog } from '../dialog';
import { PriceSum } from '../price';
import * as serverPanels from './mini-cart-panel';

export const SIDE_CART_SCROLL_PX = 70;
export const SIDE_CART_AUTOCLOSE_MS = 5000;

// The dropdown's and the side cart's lists: imported by the server, loaded by the browser when needed.
const panels = deferredPart(() => import('./mini-cart-panel'), import.meta.env.SSR ? serverPanels : undefined);

export type MiniItem = RootData['cart']['items'][number];

/** The cart as the header, side cart and bottom bar show it, hiding items being removed right now. */
function useMiniCart() {
  const { cart } = useRootData();
  const fetchers = useFetchers();
  const removing = new Set(fetchers.filter((f) => f.formData?.get('intent') === 'remove').map((f) => String(f.formData?.get('id'))));
  const items = cart.items.filter((i) => !removing.has(i.id) && !(i.parentId && removing.has(i.parentId)));
  return { items, count: Math.max(0, cart.count - (cart.items.length - items.length)), lineCents: items.map((i) => i.totalCents) };
}

/**
 * The header's cart: a badge and a dropdown (a <details>, so it opens without JavaScript). The
 * dropdown's code loads when it is first opened or the cart changes (decision 067); until then the
 * server's HTML of the panel stays as it is.
 */
export function HeaderCart() {
  const { t } = useTranslation('cart');
  const { cart } = useRootData();
  const { items, count, lineCents } = useMiniCart();
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const firstCart = useRef(cart);
  const Panel = panels.useModule(opened || cart !== firstCart.current)?.HeaderCartPanel;
  const holdClick = useHeldClick(Panel !== undefined, '[data-testid="header-cart-panel"]', () => setOpened(true));
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  return (
    <details ref={ref} className="relative" data-testid="header-cart" onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && setOpened(true)} onClickCapture={holdClick}>
      {/* Named by hidden text, not aria-label: the visible badge would otherwise differ from the name. */}
      <summary className="icon-btn relative list-none" onPointerEnter={panels.preload} onFocus={panels.preload}>
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
      {Panel ? <Panel key="panel" items={items} lineCents={lineCents} /> : <div key="server-html" className="dropdown-panel dropdown-panel-end" data-testid="header-cart-panel" {...keepServerHtml} />}
    </details>
  );
}

/** The side cart: large screens only, past 70 px of scroll, when it has items (states empty/active/hidden). */
export function SideCart() {
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
  // Never shown by the server (it needs the scroll position): its code loads when it is first shown.
  const Panel = panels.useModule(state === 'active')?.SideCartPanel;
  if (state !== 'active' || !Panel) return <div hidden data-testid="side-cart" data-state={state === 'active' ? 'hidden' : state} />;
  return <Panel items={items} count={count} badge={<CartBadge count={count} />} open={open} onToggle={() => setOpen((o) => !o)} list={list} />;
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
