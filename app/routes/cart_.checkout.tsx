// Checkout (issue #5 §4): the billing profile (chosen, or created here: receipt, or invoice with ΑΦΜ
// and ΔΟΥ; an EU business outside Greece is checked in VIES and pays no VAT), the payment method
// (card through the hosted payment page, or bank transfer), the terms, and placing the order — once,
// whatever happens (a key per checkout page: a double click or a second tab finds the same order).
import { getInputProps } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { beginCheckoutEvent } from '../../core/analytics';
import { cartTotals } from '../../core/cart/pricing';
import { amountDue, creditToApply } from '../../core/orders/credit';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { billingProfileSchema, placeOrderSchema } from '../../core/validation/checkout-forms';
import { bankTransferLapsesAtMs, CARD_LAPSE_HOURS } from '../../core/orders/expiry';
import { requestCountryFrom } from '../../core/vat-evidence';
import { NewProfile } from '../components/billing-profile-form';
import { SslNamesStatus } from '../components/cart/cart-line-extras';
import { PayLabel } from '../components/cart/pay-label';
import { CsrfInput } from '../components/csrf-input';
import { RenewalPrice } from '../components/renewal-price';
import { LengthLabel } from '../components/length-label';
import { PageIdInput } from '../components/page-id-input';
import { Price } from '../components/price';
import { SaveCardOption } from '../components/save-card-option';
import { requireUser } from '../lib/auth.server';
import { cartOwner } from '../lib/cart.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FieldErrors, FormAlert, hiddenInputProps, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { fieldMessage, parseForm } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';
import { CheckoutConsent } from '../components/cart/checkout-consent';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t, lang } = await pageT(request);
  const owner = await cartOwner(context);
  const profiles = await context.services.orders.billingProfiles(session.user.id);
  const selected = profiles.find((p) => p.isDefault) ?? profiles[0] ?? null;
  const countries = await context.services.catalog.countries();
  const country = selected ? countries.find((c) => c.iso2 === selected.countryIso2) : undefined;
  const rateBp = !selected ? 2400 : selected.vatWaived || !country?.eu ? 0 : country.vatRateBp;
  const view = await context.services.cart.view(owner, { lang, vatRateBp: rateBp, vatWaived: selected?.vatWaived ?? false });
  if (!view.lines.length) throw redirect('/cart', 303);
  const credit = await context.services.orders.checkoutCredit(session.user.id);
  // The first billing profile is offered filled in from the registrant (or the profile): issue #25 §4.
  const registrantId = view.lines.find((l) => l.kind === 'domain' && l.config.contacts?.registrant)?.config.contacts?.registrant ?? null;
  const profileDraft = await context.services.contacts.billingDraft(session.user.id, { hasProfiles: profiles.length > 0, registrantId });
  return {
    credit,
    profileDraft,
    meta: { title: t('checkout:meta_title'), description: t('checkout:meta_description') },
    view,
    profiles: profiles.map((p) => ({ id: p.id, type: p.type, name: p.name, vatNumber: p.vatNumber, country: p.countryIso2, vatWaived: p.vatWaived, isDefault: p.isDefault })),
    selectedId: selected?.id ?? null,
    // One key per checkout page: placing the order twice from it finds the first order.
    key: crypto.randomUUID(),
    // A bank transfer placed now lapses unpaid on this date (core/orders/expiry.ts, decision 088).
    bankLapsesAtMs: bankTransferLapsesAtMs(Date.now()),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const intent = String(form.get('intent') ?? '');
  const uniqueId = typeof form.get('unique_id') === 'string' && form.get('unique_id') ? String(form.get('unique_id')) : null;
  const orders = context.services.orders;
  if (intent === 'create_profile') {
    const submission = parseForm(form, billingProfileSchema);
    if (submission.status !== 'success') return data({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
    const v = submission.value;
    const r = await orders.createBillingProfile(
      session.user.id,
      { type: v.type as 'REC' | 'INV', name: v.name, vatNumber: v.vat_number, taxOffice: v.tax_office, profession: v.profession, address: v.address, city: v.city, postcode: v.postcode, countryIso2: v.country },
      { makeDefault: true, uniqueId },
    );
    if (!r.ok) {
      const key = r.detail?.vies === 'invalid' ? 'VAT_INVALID' : r.detail?.vies === 'unavailable' ? 'VAT_UNAVAILABLE' : r.field === 'vat_number' ? 'VAT_INVALID' : 'REQUIRED';
      return data({ intent, code: r.code, result: submission.reply({ fieldErrors: r.field ? { [r.field]: fieldMessage(key as never) } : {} }) }, 400);
    }
    return redirect('/cart/checkout', 303);
  }
  if (intent === 'apply_coupon') {
    // A preview of the discount and the totals it leaves (the order checks the coupon again).
    const code = String(form.get('coupon') ?? '');
    const owner = await cartOwner(context);
    // The rate of the customer's default profile, as the page shows it (never a rate the form sends).
    const profiles = await context.services.orders.billingProfiles(session.user.id);
    const selected = profiles.find((p) => p.isDefault) ?? profiles[0] ?? null;
    const country = selected ? (await context.services.catalog.countries()).find((c) => c.iso2 === selected.countryIso2) : undefined;
    const rateBp = !selected ? 2400 : selected.vatWaived || !country?.eu ? 0 : country.vatRateBp;
    const view = await context.services.cart.view(owner, { lang, vatRateBp: rateBp, vatWaived: selected?.vatWaived ?? false });
    const c = await orders.coupon(session.user.id, code, view.totals.subTotalCents, lang);
    if (!c.ok) return data({ intent, couponError: c.key, couponParams: c.params, coupon: code }, 400);
    // The one VAT rule (core/vat.ts): the coupon shared over the lines, VAT per line, as the order will.
    const t = cartTotals(view.lines.map((l) => l.price?.totalCents ?? 0), view.totals.vatRateBp, false, c.discountCents);
    return { intent, coupon: c.code, preview: { discountCents: t.discountCents, subTotalCents: t.subTotalCents, vatCents: t.vatCents, grandTotalCents: t.grandTotalCents } };
  }
  if (intent === 'place_order') {
    const submission = parseForm(form, placeOrderSchema);
    if (submission.status !== 'success') return data({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
    const v = submission.value;
    const owner = await cartOwner(context);
    const placed = await orders.placeOrder(
      { ...owner, userId: session.user.id },
      { profileId: v.profile_id, method: v.method as 'card' | 'bank_transfer', idempotencyKey: v.key, lang, uniqueId, coupon: v.coupon, useCredit: v.use_credit === true, creditExpectedCents: Number(form.get('credit_expected')) || 0, requestCountry: requestCountryFrom(context.cloudflare.cf, request.headers.get('CF-IPCountry'), { cfIsReal: context.config.environment === 'production' }), termsAccepted: v.agree === true },
    );
    if (!placed.ok) {
      // A name registered by someone else since it was added: say so, and what to do (the cart marks it).
      if (placed.detail?.reason === 'taken') return data({ intent, code: placed.code, result: submission.reply(), taken: placed.detail.taken as TakenName[] }, 409);
      const couponKey = placed.field === 'coupon' ? String(placed.detail?.key ?? 'validation:coupon_invalid') : null;
      const couponMessage = couponKey ? JSON.stringify({ key: couponKey, ...(placed.detail?.params ? { params: placed.detail.params } : {}) }) : null;
      // A renewal with an open document to pay (issue #32 §1): the alert links to that document.
      const openDocumentId = placed.code === ErrorCode.RENEWAL_OPEN_DOCUMENT && typeof placed.detail?.documentId === 'number' ? placed.detail.documentId : undefined;
      return data({ intent, code: placed.code, result: submission.reply(couponMessage ? { fieldErrors: { coupon: [couponMessage] } } : undefined), names: (placed.detail?.names as string[] | undefined) ?? [], openDocumentId }, 400);
    }
    const placedOrder = await orders.order(session.user.id, placed.orderId);
    if (placedOrder?.order.paymentMethod === 'card' && placedOrder.order.status === 'pending') {
      const origin = new URL(request.url).origin;
      const pay = await orders.startCardPayment(session.user.id, placed.orderId, { returnUrl: `${origin}/orders/${placed.orderId}?payment=return`, cancelUrl: `${origin}/orders/${placed.orderId}?payment=cancelled` }, lang, { saveCard: form.get('save_card') === 'on' });
      if (pay.ok) return redirect(pay.redirectUrl, 303);
    }
    return redirect(`/orders/${placed.orderId}`, 303);
  }
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

type TakenName = { id: string; name: string; search: string };

type ActionData = { intent: string; code?: number; result?: never; names?: string[]; openDocumentId?: number; taken?: TakenName[]; coupon?: string; couponError?: string; couponParams?: Record<string, string | number>; preview?: { discountCents: number; subTotalCents: number; vatCents: number; grandTotalCents: number } };

export default function Checkout() {
  const { view, profiles, selectedId, key, credit, profileDraft, bankLapsesAtMs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation('checkout');
  const order = useAppForm({
    id: 'place-order',
    schema: placeOrderSchema,
    lastResult: actionData?.intent === 'place_order' ? actionData.result : undefined,
    defaultValue: { profile_id: selectedId ?? undefined, method: 'card', key, coupon: actionData?.coupon ?? '', use_credit: credit.show },
  });
  // The credit box: what the balance covers of the total shown (coupon preview included); with
  // JavaScript the summary follows the checkbox, without it the box says what will happen.
  const [useCredit, setUseCredit] = useState(credit.show);
  const preview = actionData?.intent === 'apply_coupon' ? actionData.preview : undefined;
  const totals = preview ?? { discountCents: 0, subTotalCents: view.totals.subTotalCents, vatCents: view.totals.vatCents, grandTotalCents: view.totals.grandTotalCents };
  const creditCents = creditToApply({ balanceCents: credit.balanceCents, grandTotalCents: totals.grandTotalCents, use: credit.show && useCredit });
  const coverable = creditToApply({ balanceCents: credit.balanceCents, grandTotalCents: totals.grandTotalCents, use: credit.show });
  const due = amountDue({ grandTotalCents: totals.grandTotalCents, creditCents });
  // The begin_checkout analytics event (spec §7 Cart analytics): the server builds its details; the
  // page forces EUR and pushes it to the data layer. Once per checkout page (its key).
  const { csrfToken } = useRootData();
  useEffect(() => {
    const body = new URLSearchParams({ _token: csrfToken });
    fetch('/cart/analytics/items', { method: 'POST', body, credentials: 'same-origin' })
      .then((r) => r.json() as Promise<{ success?: boolean; data?: { gtag?: { event_details?: Parameters<typeof beginCheckoutEvent>[0] } } }>)
      .then((res) => {
        const details = res.data?.gtag?.event_details;
        if (!res.success || !details) return;
        const w = window as unknown as { dataLayer?: unknown[] };
        w.dataLayer = w.dataLayer ?? [];
        w.dataLayer.push(beginCheckoutEvent(details));
      })
      .catch(() => undefined);
  }, [key, csrfToken]);
  const code = actionData?.code;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      {actionData?.taken?.length ? (
        <TakenAlert taken={actionData.taken} code={code} />
      ) : code !== undefined && code !== ErrorCode.VALIDATION_ERROR ? (
        <FormAlert type={codeAlertType(code)} testId="checkout-alert" code={code}>
          {codeMessage(t, code)} {actionData?.names?.length ? actionData.names.join(', ') : null}
          {actionData?.openDocumentId ? (
            <>
              {' '}
              <Link className="underline" to={`/account/documents/${actionData.openDocumentId}/pay`} data-testid="checkout-open-document">
                {t('renewal_open_document_link')}
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {/* A certificate whose paid extra domains are not all named (or without its approvers) is
          refused at checkout (issue #20 §2): each says what it misses, with the link to name them. */}
      {view.lines
        .filter((l) => l.sslStatus && !l.sslStatus.ready)
        .map((l) => (
          <div key={l.id} className="mb-4" data-testid="checkout-ssl-names">
            <p className="font-medium">{l.name}</p>
            <SslNamesStatus line={l} />
          </div>
        ))}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <section className="card" aria-labelledby="profile-title">
            <h2 id="profile-title" className="mb-3 text-xl font-semibold">
              {t('billing')}
            </h2>
            {profiles.length === 0 ? <p className="text-sm text-slate-700">{t('no_profiles')}</p> : null}
            <NewProfile actionData={actionData} open={profiles.length === 0} draft={profileDraft} />
          </section>
          <Form method="post" className="card space-y-4" {...order.formProps} data-testid="place-order-form">
            {order.errorSummary}
            <CsrfInput />
            <PageIdInput />
            <input {...hiddenInputProps(order.fields.key)} key={order.fields.key.key} />
            <fieldset>
              <legend className="text-lg font-semibold">{t('choose_profile')}</legend>
              <div className="mt-2 space-y-2">
                {profiles.map((p) => (
                  <label key={p.id} className="flex items-start gap-2 rounded border border-slate-200 p-2" data-testid="profile-option">
                    <input type="radio" name="profile_id" value={p.id} defaultChecked={p.id === selectedId} className="mt-1" />
                    <span>
                      <span className="font-medium">{p.type === 'INV' ? t('invoice') : t('receipt')}</span> · {p.name}
                      {p.vatNumber ? ` · ${p.vatNumber}` : ''} · {p.country}
                      {p.vatWaived ? <span className="ml-2 rounded bg-emerald-100 px-2 text-xs text-emerald-900">{t('reverse_charge')}</span> : null}
                    </span>
                  </label>
                ))}
              </div>
              <FieldErrors id={order.fields.profile_id.errorId} errors={order.fields.profile_id.errors} />
            </fieldset>
            {credit.show ? (
              <fieldset className="rounded border border-emerald-200 bg-emerald-50 p-3" data-testid="credit-box" data-balance={credit.balanceCents}>
                <legend className="px-1 text-lg font-semibold">{t('credit_title')}</legend>
                <p className="text-sm">{t('credit_balance', { amount: '' })}<Price cents={credit.balanceCents} exact /></p>
                <label className="mt-2 flex items-start gap-2">
                  <input type="hidden" name="credit_expected" value={coverable} />
                  <input
                    type="checkbox"
                    name="use_credit"
                    defaultChecked={credit.show}
                    onChange={(e) => setUseCredit(e.currentTarget.checked)}
                    className="mt-1"
                    data-testid="use-credit"
                  />
                  <span>
                    {t('use_credit')}
                    <span className="block text-sm text-slate-700">
                      {coverable >= totals.grandTotalCents ? t('use_credit_covers_all') : <>{t('use_credit_covers_part', { amount: '' })}<Price cents={coverable} exact /></>}
                    </span>
                  </span>
                </label>
              </fieldset>
            ) : null}
            <fieldset>
              <legend className="text-lg font-semibold">{t('payment')}</legend>
              <div className="mt-2 space-y-2">
                {(['card', 'bank_transfer'] as const).map((m) => (
                  <label key={m} className="flex items-start gap-2">
                    <input type="radio" name="method" value={m} defaultChecked={m === 'card'} className="mt-1" data-testid={`method-${m}`} />
                    <span>
                      <span className="font-medium">{t(`method_${m}`)}</span>
                      <span className="block text-sm text-slate-600">{t(`method_${m}_help`)}</span>
                      <span className="block text-sm text-slate-600" data-testid={`method-${m}-lapse`}>
                        {m === 'bank_transfer' ? t('method_bank_transfer_lapse', { date: athensFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(bankLapsesAtMs)) }) : t('method_card_lapse', { hours: CARD_LAPSE_HOURS })}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <SaveCardOption />
            </fieldset>
            <div className="flex flex-wrap items-end gap-2" data-testid="coupon">
              <InputField meta={order.fields.coupon} label={t('coupon')} autoComplete="off" className="min-w-0 flex-1" />
              <SubmitButton intent="apply_coupon" className="btn-secondary" testId="coupon-apply" noValidate>
                {t('coupon_apply')}
              </SubmitButton>
            </div>
            {actionData?.couponError ? (
              <p className="text-sm text-red-700" role="alert" data-testid="coupon-error">
                {t(actionData.couponError, actionData.couponParams ?? {})}
              </p>
            ) : null}
            <CheckoutConsent meta={order.fields.agree} />
            <SubmitButton intent="place_order" className="btn-primary w-full" testId="place-order" disabled={profiles.length === 0}>
              <PayLabel dueCents={due} />
            </SubmitButton>
          </Form>
        </div>
        {/* First on a phone (issue #25 §5): the order is read before the button that pays for it. */}
        <aside className="card order-first h-fit lg:order-none" aria-labelledby="summary-title" data-testid="checkout-summary">
          <h2 id="summary-title" className="mb-3 text-lg font-semibold">
            {t('summary')}
          </h2>
          <ul className="space-y-2 text-sm">
            {view.lines.map((l) => (
              <li key={l.id} className={`flex justify-between gap-2 ${l.parentId ? 'pl-3 text-slate-600' : ''}`}>
                <span className="break-all">
                  {l.name} {l.price ? <span className="text-slate-500">(<LengthLabel months={l.price.selected.months} />)</span> : null}
                  <RenewalPrice renewal={l.renewal} exact />
                </span>
                <Price cents={l.price?.totalCents ?? 0} exact />
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-slate-200 pt-2 text-sm">
            <div className="flex justify-between">
              <dt>{t('sub_total')}</dt>
              <dd>
                <Price cents={view.totals.subTotalCents} exact />
              </dd>
            </div>
            {totals.discountCents > 0 ? (
              <div className="flex justify-between text-emerald-800" data-testid="coupon-discount">
                <dt>{t('discount', { code: actionData?.coupon })}</dt>
                <dd>
                  −<Price cents={totals.discountCents} exact />
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>{view.totals.vatRateBp === 0 ? t('no_vat') : t('vat', { rate: view.totals.vatRateBp / 100 })}</dt>
              <dd>
                <Price cents={totals.vatCents} exact />
              </dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>{t('grand_total')}</dt>
              <dd data-testid="checkout-total" data-cents={totals.grandTotalCents}>
                <Price cents={totals.grandTotalCents} exact />
              </dd>
            </div>
            {creditCents > 0 ? (
              <>
                <div className="flex justify-between text-emerald-800" data-testid="checkout-credit" data-cents={creditCents}>
                  <dt>{t('credit_used')}</dt>
                  <dd>
                    −<Price cents={creditCents} exact />
                  </dd>
                </div>
                <div className="flex justify-between font-semibold">
                  <dt>{t('amount_due')}</dt>
                  <dd data-testid="checkout-due" data-cents={due}>
                    <Price cents={due} exact />
                  </dd>
                </div>
              </>
            ) : null}
          </dl>
          <Link to="/cart" className="link-button mt-3 inline-block text-sm">
            {t('back_to_cart')}
          </Link>
        </aside>
      </div>
    </div>
  );
}


/** Names registered by someone else since they were added: no retry can help, so the way on is shown. */
function TakenAlert({ taken, code }: { taken: TakenName[]; code?: number }) {
  const { t } = useTranslation('checkout');
  return (
    <FormAlert type="alert" testId="checkout-taken" code={code}>
      <p>{t('taken', { count: taken.length, names: taken.map((x) => x.name).join(', ') })}</p>
      <ul className="mt-2 list-disc pl-5">
        {taken.map((x) => (
          <li key={x.id}>
            <Link to={`/domains/search?q=${encodeURIComponent(x.search)}`} className="underline" data-testid="taken-search">
              {t('taken_search', { name: x.search })}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Link to="/cart" className="underline" data-testid="taken-cart">
          {t('taken_cart')}
        </Link>
      </p>
    </FormAlert>
  );
}
