// The extras under a cart line: a server's specs, an SSL certificate's or installation's domain, the
// up-sells and the cross-sells (spec §2). Each is a form of its own: a plain POST to /cart, with
// JavaScript a fetcher.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../worker/services/cart';
import { CsrfInput } from '../csrf-input';
import { CheckCircleIcon, WarningIcon } from '../icons';
import { LengthLabel } from '../length-label';
import { PageIdInput } from '../page-id-input';
import { Price } from '../price';
import { Hidden, useCartFetcher } from './cart-fetcher';

/** The specs panel of a server (spec §2): its options by category, without 'management'. */
export function Specs({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  return (
    <details className="mt-3 rounded border border-slate-200 p-2 text-sm" data-testid="specs">
      <summary className="cursor-pointer font-medium">
        {t('specs')}
        {line.optionsCents > 0 ? (
          <span className="ml-2 font-normal text-slate-600">
            (<Price cents={line.optionsCents} /> {t('in_price')})
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
export function ItemSettings({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
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
          {t('ssl.extra_cost')}: <Price cents={line.extraCents} /> {t('in_price')}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * An SSL certificate's names (issue #20 §2): what is still missing before checkout — the paid extra
 * domains to name, an approver to choose — next to the link to the page where it is done.
 */
export function SslNamesStatus({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  const status = line.sslStatus;
  if (!status) return null;
  return (
    <p className={`mt-3 flex flex-wrap items-center gap-2 rounded px-3 py-2 text-sm ${status.ready ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`} data-testid="ssl-names-status" data-ready={status.ready} data-problem={status.problem ?? ''}>
      {status.ready ? <CheckCircleIcon className="text-emerald-700" /> : <WarningIcon className="text-amber-700" />}
      {status.problem ? <span id={`ssl-status-${line.id}`}>{t(`ssl.status.${status.problem}`, { count: status.unnamed })}</span> : null}
      {status.problem !== 'domain' ? (
        <Link to={`/cart/configure/${line.id}`} className="link-button ml-auto" aria-describedby={status.problem ? `ssl-status-${line.id}` : undefined} data-testid="ssl-names-link">
          {t('ssl.names_link')}
        </Link>
      ) : null}
    </p>
  );
}

export function Upsells({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
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
export function CrossSells({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
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

