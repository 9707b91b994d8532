// One line of the cart summary: name, price, length select and remove button, with its extras and
// children. A cart of 60 lines was most of the page's render time (docs/decisions/030): the line's
// remove button and length select no longer sit in forms of their own, each repeating the CSRF token,
// the page id and the intent, but name one shared form of the page with the `form` attribute
// (CartLineForms). Without JavaScript the browser posts that form with the button's `id` (and every
// select of the page as `months_<id>`, of which the action reads the line's own); with JavaScript the
// line's fetcher posts the same fields.
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import type { CartLine } from '../../../worker/services/cart';
import { codeMessage } from '../../lib/codes';
import { useHydrated } from '../../lib/hydrated';
import { getPageId } from '../../lib/page-id';
import { useRootData } from '../../lib/root-data';
import { CsrfInput } from '../csrf-input';
import { LengthLabel } from '../length-label';
import { PageIdInput } from '../page-id-input';
import { Price, usePriceFormatter } from '../price';
import { RenewalPrice } from '../renewal-price';
import { useCartFetcher } from './cart-fetcher';
import { CrossSells, ItemSettings, Specs, SslNamesStatus, Upsells } from './cart-line-extras';
import { DomainConfigPanel, type ContactOption, type GroupOption } from './domain-config';

/** The ids of the page's shared forms (one each, rendered by CartLineForms). */
export const REMOVE_FORM_ID = 'cart-remove';
export const LENGTH_FORM_ID = 'cart-length';

/** The shared forms the lines' buttons and selects belong to: rendered once per page. */
export function CartLineForms() {
  const hydrated = useHydrated();
  return (
    <>
      {(['remove', 'length'] as const).map((intent) => (
        <form key={intent} id={intent === 'remove' ? REMOVE_FORM_ID : LENGTH_FORM_ID} method="post" action="/cart">
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value={intent} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        </form>
      ))}
    </>
  );
}

export function LineCard({ line, children, contacts, groups, loggedIn }: { line: CartLine; children: CartLine[]; contacts: ContactOption[]; groups: GroupOption[]; loggedIn: boolean }) {
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
            {/* A renewal or a plan change of a service the customer has (issue #23) says so, not the plan's summary. */}
            {line.kind === 'domain' ? t(`actions.${line.action ?? 'register'}`) : line.config.renewsService ? t('service_line.renew') : line.config.planChange ? t('service_line.plan_change') : line.subName}
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
        <button
          type="submit"
          form={REMOVE_FORM_ID}
          name="id"
          value={line.id}
          onClick={(e) => {
            if (!hydrated) return;
            // The shared form with this button as submitter: _token, unique_id, intent, js and id.
            e.preventDefault();
            remover.submit(e.currentTarget);
          }}
          className={`link-button text-sm text-red-800 ${line.configurable ? '' : 'ml-auto'}`}
          title={t('remove_title')}
          data-testid="remove"
        >
          {t('remove')}
        </button>
      </div>
      {line.taken ? <TakenNotice line={line} /> : null}
      {line.serviceConflict !== null ? <ServiceConflictNotice code={line.serviceConflict} /> : null}
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
      {line.sslStatus ? <SslNamesStatus line={line} /> : null}
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
              {c.sslStatus ? <SslNamesStatus line={c} /> : null}
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
  // The line's whole price (length, set-up fee, extra domains, server options) is one amount, shown
  // with VAT rounded on it alone: the VAT rule of core/vat.ts, so the lines add up to the total.
  const extras = p.totalCents - p.selected.totalCents;
  return (
    <div className={`text-right ${small ? '' : 'text-lg'}`} data-testid="line-price" data-cents={p.totalCents}>
      {p.selected.onPromo && p.selected.baseCents !== p.selected.totalCents ? <Price cents={p.selected.baseCents + extras} strike className="mr-2 text-sm text-slate-500" /> : null}
      <Price cents={p.totalCents} className="font-semibold" />
      {p.setupFeeCents > 0 ? (
        <span className="block text-xs text-slate-700" data-testid="setup-fee">
          {line.rgp ? t('rgp_fee_included') : t('setup_fee_included')}: <Price cents={p.setupFeeCents} />
        </span>
      ) : null}
      <RenewalPrice renewal={line.renewal} />
    </div>
  );
}

function LengthForm({ line, hydrated }: { line: CartLine; hydrated: boolean }) {
  const { t } = useTranslation('cart');
  const fetcher = useCartFetcher();
  const { csrfToken } = useRootData();
  const [months, setMonths] = useState(line.lengthMonths);
  useEffect(() => setMonths(line.lengthMonths), [line.lengthMonths]);
  // Wraps: without JavaScript the 'change' button joins the row, too wide for a 390 px phone.
  // The options' labels are made here, not by a component per option: a cart of 60 lines has about
  // 360 options, and a translator and price formatter per option was a large part of the page's
  // render time (docs/decisions/030).
  const label = useLengthOptionLabel();
  const price = line.price!;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`len-${line.id}`} className="text-sm">
        {t('duration')}
      </label>
      <select
        id={`len-${line.id}`}
        form={LENGTH_FORM_ID}
        name={`months_${line.id}`}
        value={months}
        onChange={(e) => {
          const next = Number(e.target.value);
          setMonths(next);
          if (hydrated) fetcher.submit({ _token: csrfToken, unique_id: getPageId(), intent: 'length', id: line.id, months: String(next), js: '1' }, { method: 'post', action: '/cart' });
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
        <button type="submit" form={LENGTH_FORM_ID} name="id" value={line.id} className="btn-secondary px-2 py-1 text-sm">
          {t('change')}
        </button>
      )}
    </div>
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


/** A renewal beside an open plan change of the same service, or the other way round (issue #32 §1): the line waits. */
function ServiceConflictNotice({ code }: { code: number }) {
  const { t } = useTranslation('cart');
  return (
    <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid="line-service-conflict">
      {codeMessage(t, code)}{' '}
      <Link to="/account/orders" className="underline">
        {t('service_line.open_orders')}
      </Link>
    </p>
  );
}

/** The checkout found this name registered by someone else: remove it (the line's button) or search again. */
function TakenNotice({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  const label = line.name.endsWith(`.${line.sku}`) ? line.name.slice(0, -(line.sku.length + 1)) : line.name;
  return (
    <p className="mt-2 rounded bg-red-50 px-3 py-2 text-sm text-red-900" role="status" data-testid="line-taken">
      {t('taken', { name: line.name })}{' '}
      <Link to={`/domains/search?q=${encodeURIComponent(label)}`} className="underline" data-testid="line-taken-search">
        {t('taken_search')}
      </Link>
    </p>
  );
}
