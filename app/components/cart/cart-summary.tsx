// The summary page's body (spec §2 "Cart step / product summary page"): lines grouped domains →
// hosting → ssl → installations, children under their parents, prices with struck base prices, the
// duration select with per-interval prices, fees, domain configuration with its status, up-sells, and
// the totals. Each form is a plain POST to /cart; with JavaScript a fetcher, and removal hides the line
// at once, showing it again if the server refuses (spec §4 Cart item lifecycle).
import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, resolveCode } from '../../../core/errors';
import type { CartLine, CartView } from '../../../worker/services/cart';
import { codeMessage } from '../../lib/codes';
import { useHydrated } from '../../lib/hydrated';
import { useUi } from '../../lib/ui';
import { CsrfInput } from '../csrf-input';
import { LengthLabel } from '../length-label';
import { PageIdInput } from '../page-id-input';
import { Price, usePriceFormatter, VatNote } from '../price';
import { DomainConfigPanel, NewContactForm, NewGroupForm, type ContactOption, type GroupOption } from './domain-config';

type FetcherReply = { ok: boolean; code?: number };

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** A cart form: a fetcher with JavaScript (js=1 asks for JSON), a plain POST that redirects without. */
function useCartFetcher() {
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

export function CartSummary({ view, contacts, groups }: { view: CartView; contacts: ContactOption[]; groups: GroupOption[] }) {
  const { t } = useTranslation('cart');
  const parents = view.lines.filter((l) => !l.parentId);
  // minmax(0, …) tracks: a wide line (a long name, a form) must not widen the page on a phone.
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4" data-testid="cart-lines">
        {view.needsLogin ? (
          <p className="rounded border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="cart-login-note">
            {t('login_note')}{' '}
            <Link to="/auth/login?redirectTo=%2Fcart" className="link-button">
              {t('login')}
            </Link>
          </p>
        ) : null}
        {parents.map((line) => (
          <LineCard key={line.id} line={line} children={view.lines.filter((c) => c.parentId === line.id)} contacts={contacts} groups={groups} loggedIn={!view.needsLogin} />
        ))}
        {!view.needsLogin && view.lines.some((l) => l.kind === 'domain' && l.configStatus?.sections.contacts) ? (
          <div className="grid gap-4 md:grid-cols-2">
            <NewContactForm />
            <NewGroupForm />
          </div>
        ) : null}
      </div>
      <aside className="card h-fit lg:sticky lg:top-24" aria-labelledby="totals-title" data-testid="cart-totals">
        <h2 id="totals-title" className="mb-3 text-lg font-semibold">
          {t('totals')}
        </h2>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>{t('sub_total')}</dt>
            <dd>
              <span data-testid="sub-total">{formatNet(view.totals.subTotalCents)}</span>
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>{t('vat', { rate: view.totals.vatRateBp / 100 })}</dt>
            <dd data-testid="vat-total">{formatNet(view.totals.vatCents)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
            <dt>{t('grand_total')}</dt>
            <dd data-testid="grand-total" data-cents={view.totals.grandTotalCents}>
              {formatNet(view.totals.grandTotalCents)}
            </dd>
          </div>
        </dl>
        {view.ready && !view.needsLogin ? (
          <Link to="/cart/checkout" className="btn-primary mt-4 block text-center" data-testid="to-checkout">
            {t('checkout')}
          </Link>
        ) : (
          <p className="mt-4 text-sm text-slate-700" data-testid="not-ready">
            {view.needsLogin ? t('login_to_checkout') : t('not_ready')}
          </p>
        )}
      </aside>
    </div>
  );
}

// Totals are exact amounts to pay (VAT included on its own line), formatted without the VAT display.
function formatNet(cents: number) {
  return <Price cents={cents} exact />;
}

function LineCard({ line, children, contacts, groups, loggedIn }: { line: CartLine; children: CartLine[]; contacts: ContactOption[]; groups: GroupOption[]; loggedIn: boolean }) {
  const { t } = useTranslation('cart');
  const remover = useCartFetcher();
  // Hidden at once; shown again only if the server refuses (an item already gone stays hidden: 35001).
  const removing = remover.state !== 'idle' || remover.data?.ok === true || remover.data?.code === ErrorCode.CART_ITEM_NOT_FOUND;
  const hydrated = useHydrated();
  if (removing) return null;
  return (
    <section className="card" aria-labelledby={`line-${line.id}`} data-testid="cart-line" data-kind={line.kind} data-name={line.asciiName ?? line.sku} data-id={line.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`line-${line.id}`} className="break-all text-lg font-semibold">
            {line.name}
          </h2>
          <p className="text-sm text-slate-600">
            {line.kind === 'domain' ? t(`actions.${line.action ?? 'register'}`) : line.subName}
            {line.premium ? <span className="ml-2 rounded bg-purple-100 px-2 text-purple-900">Premium</span> : null}
            {line.price?.promotion.exists ? (
              // Spec §4 Promotions: 'offer yes' while the offer runs, 'offer no' when it exists but does not.
              <span className={`ml-2 rounded px-2 ${line.price.promotion.active ? 'bg-rose-100 text-rose-900' : 'bg-slate-100 text-slate-700'}`} data-testid="offer" data-active={line.price.promotion.active}>
                {line.price.promotion.active ? t('offer_yes') : t('offer_no')}
              </span>
            ) : null}
          </p>
        </div>
        <LinePrice line={line} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {line.price && (line.price.lengths.length > 1 || !line.lengthOffered) ? <LengthForm line={line} hydrated={hydrated} /> : line.price ? (
          <span className="text-sm text-slate-700">
            <LengthLabel months={line.price.selected.months} />
          </span>
        ) : null}
        {line.configurable ? (
          <Link to={`/cart/configure/${line.id}`} className="link-button ml-auto text-sm" data-testid="configure-link">
            {t('configure')}
          </Link>
        ) : null}
        <remover.Form method="post" action="/cart" className={line.configurable ? '' : 'ml-auto'}>
          <CsrfInput />
          <PageIdInput />
          <Hidden fields={{ intent: 'remove', id: line.id, ...(hydrated ? { js: '1' } : {}) }} />
          <button type="submit" className="link-button text-sm text-red-800" title={t('remove_title')} data-testid="remove">
            {t('remove')}
          </button>
        </remover.Form>
      </div>
      {line.lengthOffered ? null : (
        <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="length-not-offered">
          {t('length_not_offered')}
        </p>
      )}
      {line.bundleNotes.length ? (
        <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="bundle-note">
          {line.bundleNotes.map((b) => t('bundle_needs_length', { name: b.name, months: b.minMonths })).join(' ')}
        </p>
      ) : null}
      {line.specs.length ? <Specs line={line} /> : null}
      {line.needsDomain ? <ItemSettings line={line} hydrated={hydrated} /> : null}
      {line.upsells.length ? <Upsells line={line} hydrated={hydrated} /> : null}
      {line.crossSells.length ? <CrossSells line={line} hydrated={hydrated} /> : null}
      {line.configStatus ? <DomainConfigPanel line={line} contacts={contacts} groups={groups} loggedIn={loggedIn} /> : null}
      {children.length ? (
        <ul className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4">
          {children.map((c) => (
            <li key={c.id} className="text-sm" data-testid="cart-child" data-sku={c.sku} data-id={c.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {c.name}
                  {c.relation === 'cross_sell' && c.domain ? <span className="text-slate-600"> · {t('for_domain', { domain: line.name })}</span> : null}
                </span>
                <LinePrice line={c} small />
              </div>
              {/* A cross-sell is a product of its own: its own length (up-sells follow their parent). */}
              {c.relation === 'cross_sell' && c.price && c.price.lengths.length > 1 ? (
                <div className="mt-1">
                  <LengthForm line={c} hydrated={hydrated} />
                </div>
              ) : null}
              {c.needsDomain ? <ItemSettings line={c} hydrated={hydrated} /> : null}
              {c.upsells.length ? <Upsells line={c} hydrated={hydrated} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function LinePrice({ line, small = false }: { line: CartLine; small?: boolean }) {
  const { t } = useTranslation('cart');
  if (!line.price) return <span className="text-sm text-red-800">{t('no_price')}</span>;
  const p = line.price;
  if (line.relation === 'bundle') {
    return (
      <div className="text-right" data-testid="line-price" data-cents={0}>
        <Price cents={p.selected.baseCents} strike className="mr-2 text-sm text-slate-500" />
        <span className="rounded bg-emerald-100 px-2 font-semibold text-emerald-900" data-testid="bundle-included">
          {t('bundle_included')}
        </span>
        <span className="block text-xs text-slate-600">
          <LengthLabel months={p.selected.months} />
        </span>
      </div>
    );
  }
  return (
    <div className={`text-right ${small ? '' : 'text-lg'}`} data-testid="line-price" data-cents={p.totalCents}>
      {p.selected.onPromo && p.selected.baseCents !== p.selected.totalCents ? <Price cents={p.selected.baseCents} strike className="mr-2 text-sm text-slate-500" /> : null}
      <Price cents={p.selected.totalCents} className="font-semibold" />
      {p.setupFeeCents > 0 ? (
        <span className="block text-xs text-slate-700" data-testid="setup-fee">
          {line.rgp ? t('rgp_fee') : t('setup_fee')}: <Price cents={p.setupFeeCents} />
        </span>
      ) : null}
    </div>
  );
}

function LengthForm({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  const fetcher = useCartFetcher();
  const [months, setMonths] = useState(line.lengthMonths);
  useEffect(() => setMonths(line.lengthMonths), [line.lengthMonths]);
  // Wraps: without JavaScript the 'change' button joins the row, too wide for a 390 px phone.
  // The options' labels are made here, not by a component per option: a cart of 60 lines has about
  // 360 options, and a translator and price formatter per option was a large part of the page's
  // render time (docs/decisions/030).
  const label = useLengthOptionLabel();
  const price = line.price!;
  return (
    <fetcher.Form method="post" action="/cart" className="flex flex-wrap items-center gap-2">
      <CsrfInput />
      <PageIdInput />
      <Hidden fields={{ intent: 'length', id: line.id, ...(hydrated ? { js: '1' } : {}) }} />
      <label htmlFor={`len-${line.id}`} className="text-sm">
        {t('duration')}
      </label>
      <select
        id={`len-${line.id}`}
        name="months"
        value={months}
        onChange={(e) => {
          setMonths(Number(e.target.value));
          if (hydrated) fetcher.submit(e.currentTarget.form);
        }}
        className="max-w-full min-w-0 rounded border border-slate-300 px-2 py-1 text-sm"
        data-testid="length-select"
      >
        {price.lengths.map((l) => (
          <option key={l.months} value={l.months}>
            {label(l.months, l.onPromo ? l.perIntervalCents : price.promotion.exists && !price.promotion.active ? l.basePerIntervalCents : l.perIntervalCents)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary px-2 py-1 text-sm">
          {t('change')}
        </button>
      )}
    </fetcher.Form>
  );
}

/** An <option> holds text only: "1 έτος · 37,82 €/έτος", the price formatted to a string here. */
function useLengthOptionLabel(): (months: number, perIntervalCents: number) => string {
  const { t } = useTranslation();
  const format = usePriceFormatter();
  return (months, perInterval) => {
    const interval = months < 12 ? t('lengths.per_month') : t('lengths.per_year');
    return `${months < 12 ? t('lengths.months', { count: months }) : t('lengths.years', { count: months / 12 })} · ${format(perInterval)}${interval}`;
  };
}

/** The specs panel of a server (spec §2): its options by category, without 'management'. */
function Specs({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  return (
    <details className="mt-3 rounded border border-slate-200 p-2 text-sm" data-testid="specs">
      <summary className="cursor-pointer font-medium">
        {t('specs')}
        {line.optionsCents > 0 ? (
          <span className="ml-2 font-normal text-slate-600">
            (+<Price cents={line.optionsCents} />)
          </span>
        ) : null}
      </summary>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        {line.specs.map((g) => (
          <div key={g.category}>
            <dt className="font-semibold">{t(`categories.${g.category}`)}</dt>
            <dd>
              <ul className="ml-4 list-disc">
                {g.items.map((i) => (
                  <li key={i.name}>
                    {t(`catalog:options.${i.name}`)}: {i.label}
                    {i.storageType ? ` (${i.storageType})` : ''}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** An SSL certificate's domain (and extra domains), an installation's domain. */
function ItemSettings({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  const fetcher = useCartFetcher();
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok;
  return (
    <fetcher.Form method="post" action="/cart" className="mt-3 flex flex-wrap items-end gap-3" data-testid="item-settings">
      <CsrfInput />
      <PageIdInput />
      <Hidden fields={{ intent: 'item_settings', id: line.id, ...(hydrated ? { js: '1' } : {}) }} />
      <div>
        <label htmlFor={`domain-${line.id}`} className="block text-sm">
          {line.kind === 'ssl' ? t('ssl.common_name') : t('ssl.install_domain')}
          {!line.domain ? <span className="text-red-700"> *</span> : null}
        </label>
        <input
          id={`domain-${line.id}`}
          name="domain"
          defaultValue={line.domain ?? ''}
          key={line.domain ?? ''}
          placeholder="example.gr"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? `domain-${line.id}-error` : undefined}
          className="mt-1 rounded border border-slate-300 px-2 py-1 text-sm"
          data-testid="item-domain"
        />
        {failed ? (
          <p id={`domain-${line.id}-error`} className="mt-1 text-sm text-red-700">
            {t('ssl.domain_invalid')}
          </p>
        ) : null}
      </div>
      {line.quantityOptions.length ? (
        <div>
          <label htmlFor={`qty-${line.id}`} className="block text-sm">
            {t('ssl.extra_domains')}
          </label>
          <select id={`qty-${line.id}`} name="quantity" defaultValue={line.quantity} key={line.quantity} className="mt-1 rounded border border-slate-300 px-2 py-1 text-sm" data-testid="item-quantity">
            {line.quantityOptions.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn-secondary px-2 py-1 text-sm" data-testid="item-settings-save">
        {line.domain ? t('change') : t('config.save')}
      </button>
      {line.extraCents > 0 ? (
        <span className="text-xs text-slate-600">
          {t('ssl.extra_cost')}: <Price cents={line.extraCents} />
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function Upsells({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  return (
    <div className="mt-3 rounded border border-slate-200 bg-slate-50 p-3" data-testid="upsells">
      <h3 className="text-sm font-semibold">{t('upsells')}</h3>
      {line.upsells.map((u) => (
        <UpsellRow key={u.sku} parentId={u.parentId} upsell={u} hydrated={hydrated} />
      ))}
    </div>
  );
}

function UpsellRow({ parentId, upsell, hydrated }: { parentId: string; upsell: CartLine['upsells'][number]; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  const fetcher = useCartFetcher();
  const inCart = upsell.childId !== null;
  const pending = fetcher.state !== 'idle';
  const checked = pending ? !inCart : inCart;
  return (
    <fetcher.Form method="post" action="/cart" className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid={`upsell-${upsell.sku}`} data-in-cart={inCart}>
      <CsrfInput />
      <PageIdInput />
      <Hidden fields={inCart ? { intent: 'remove', id: upsell.childId! } : { intent: 'add', type: 'product', sku: upsell.sku, parent_id: parentId }} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <label className="flex items-center gap-2">
        {/* The checkbox mirrors whether the up-sell's child is in the cart (spec §4 Summary rebuild). */}
        <input type="checkbox" checked={checked} onChange={(e) => e.currentTarget.form?.requestSubmit()} disabled={pending} />
        <span>
          {upsell.name} {upsell.priceCents !== null ? <>(+<Price cents={upsell.priceCents} />)</> : null}
        </span>
      </label>
      <span className="text-xs text-slate-600">{t(`upsell_help.${upsell.sku}`)}</span>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary px-2 py-1 text-xs">
          {inCart ? t('remove') : t('add')}
        </button>
      )}
    </fetcher.Form>
  );
}

/** Spec §2 add-ons / cross-sell panel: products for this domain, each with why one would want it. */
function CrossSells({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  return (
    <div className="mt-3 rounded border border-sky-200 bg-sky-50 p-3" data-testid="cross-sells">
      <h3 className="text-sm font-semibold">{t('cross_sells', { domain: line.name })}</h3>
      <ul>
        {line.crossSells.map((c) => (
          <CrossSellRow key={c.sku} parentId={line.id} offer={c} hydrated={hydrated} />
        ))}
      </ul>
    </div>
  );
}

function CrossSellRow({ parentId, offer, hydrated }: { parentId: string; offer: CartLine['crossSells'][number]; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  const fetcher = useCartFetcher();
  const pending = fetcher.state !== 'idle';
  // Optimistic: while the request runs the row already shows what it will be.
  const inCart = pending ? offer.childId === null : offer.childId !== null;
  return (
    <li className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid={`cross-sell-${offer.sku}`} data-in-cart={offer.childId !== null}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{offer.name}</span>
        {offer.priceCents !== null && offer.months !== null ? (
          <span className="text-slate-700">
            {' '}
            · {t('from')} <Price cents={offer.priceCents} /> / <LengthLabel months={offer.months} />
          </span>
        ) : null}
        <span className="block text-xs text-slate-600">{t(`cross_sell_help.${offer.sku}`)}</span>
      </span>
      <fetcher.Form method="post" action="/cart">
        <CsrfInput />
        <PageIdInput />
        <Hidden fields={offer.childId !== null ? { intent: 'remove', id: offer.childId } : { intent: 'add', type: 'product', sku: offer.sku, parent_id: parentId, relation: 'cross_sell' }} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        {inCart ? (
          <span className="flex items-center gap-2">
            <span className="rounded bg-emerald-100 px-2 text-emerald-900" data-testid="cross-sell-in-cart">
              {t('in_cart')}
            </span>
            <button type="submit" className="link-button text-xs text-red-800" disabled={pending} data-testid="cross-sell-remove">
              {t('remove')}
            </button>
          </span>
        ) : (
          <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={pending} data-testid="cross-sell-add">
            {t('add')}
          </button>
        )}
      </fetcher.Form>
    </li>
  );
}

export { VatNote };
