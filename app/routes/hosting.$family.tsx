// A page per hosting family: plan cards with features, the price per interval of each allowed
// length (spec §9 lengths), setup fees, and for servers the configurable options by category.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isListedOptionCategory } from '../../core/catalog';
import { ErrorCode } from '../../core/errors';
import { pricePerInterval } from '../../core/lengths';
import { hostingRenewal } from '../../core/renewal-price';
import { RenewalPrice } from '../components/renewal-price';
import { AddProduct } from '../components/cart/add-product';
import { IntervalSuffix, LengthLabel } from '../components/length-label';
import { Price, VatNote } from '../components/price';
import { HOSTING_PAGES, isHostingSlug } from '../lib/hosting-families';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { CheckIcon } from '../components/icons';
import { codeData } from '../lib/route-error.server';


export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isHostingSlug(params.family)) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const { t, lang } = await pageT(request);
  const page = HOSTING_PAGES[params.family];
  const plans = await context.services.catalog.productsByFamily(page.families, lang);
  return {
    meta: { title: t('hosting_page.meta_title', { family: t(page.titleKey) }), description: t(page.descKey) },
    slug: params.family,
    plans: plans.map((p) => ({
      ...p,
      prices: p.prices.map((l) => ({
        ...l,
        perIntervalCents: pricePerInterval(l.totalCents, l.months),
        basePerIntervalCents: pricePerInterval(l.baseCents, l.months),
        // What this length renews at (issue #25 §1): a promotion is for the first period only.
        renewal: hostingRenewal({ lengths: p.prices, months: l.months, monthlyFeeCents: p.monthlyFeeCents }),
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type Plan = Awaited<ReturnType<typeof loader>>['plans'][number];

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const [months, setMonths] = useState(plan.prices[0]?.months ?? 1);
  const selected = plan.prices.find((p) => p.months === months) ?? plan.prices[0];
  const listed = plan.options.filter((o) => isListedOptionCategory(o.category));
  const byName = new Map<string, typeof listed>();
  for (const o of listed) byName.set(o.name, [...(byName.get(o.name) ?? []), o]);
  return (
    <li className={`card flex flex-col ${plan.highlighted ? 'ring-2 ring-blue-700' : ''}`} data-testid="plan-card" data-sku={plan.sku}>
      {plan.highlighted ? <p className="mb-2 self-start rounded-full bg-blue-100 px-3 py-1 text-xs font-semibold text-blue-900">{t('hosting_page.popular')}</p> : null}
      <h2 className="text-xl font-bold">{plan.name}</h2>
      <p className="mt-1 text-sm text-slate-600">{plan.summary}</p>
      {selected ? (
        <div className="mt-4" data-testid="plan-price">
          {selected.onPromo ? <Price cents={selected.basePerIntervalCents} strike className="mr-2 text-slate-500" /> : null}
          <Price cents={selected.perIntervalCents} className="text-3xl font-bold text-blue-900" />
          <span className="text-slate-600">
            <IntervalSuffix months={selected.months} />
          </span>
          <RenewalPrice renewal={selected.renewal} perInterval className="block text-sm text-slate-600" />
          {selected.months > 1 ? (
            <p className="text-sm text-slate-600">
              {t('hosting_page.total_for')} <LengthLabel months={selected.months} />: <Price cents={selected.totalCents} />
            </p>
          ) : null}
          {plan.setupFeeCents > 0 ? (
            <p className="text-sm text-slate-600">
              {t('hosting_page.setup_fee')}: <Price cents={plan.setupFeeCents} />
            </p>
          ) : null}
        </div>
      ) : null}
      <AddProduct sku={plan.sku} name={plan.name} months={months} withLengthInput={plan.prices.length <= 1}>
      {plan.prices.length > 1 ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">{t('hosting_page.length')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {plan.prices.map((p) => (
              <label key={p.months} className={`chip cursor-pointer ${p.months === months ? 'chip-active' : ''}`}>
                <input type="radio" className="sr-only" name="months" value={p.months} checked={p.months === months} onChange={() => setMonths(p.months)} />
                <LengthLabel months={p.months} />
                <span className="text-slate-600">
                  {' · '}
                  <Price cents={p.perIntervalCents} />
                  <IntervalSuffix months={p.months} />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{t('hosting_page.monthly_only')}</p>
      )}
      </AddProduct>
      <ul className="mt-4 flex-1 space-y-1 text-sm">
        {plan.features.map((f) => (
          <li key={f.key} className="flex gap-2">
            <CheckIcon className="mt-0.5 text-emerald-600" />
            {t(`catalog:${f.key}`, { value: f.value })}
          </li>
        ))}
        {/* The staff catalogue's attribute values (issue #22): the label is the staff's own, per language. */}
        {plan.attributes.map((a) => (
          <li key={`attr-${a.name}`} className="flex gap-2" data-testid={`plan-attribute-${a.name}`}>
            <CheckIcon className="mt-0.5 text-emerald-600" />
            {a.label}: {a.value}
          </li>
        ))}
      </ul>
      {byName.size > 0 ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer py-1 font-medium text-blue-800">{t('hosting_page.options')}</summary>
          <dl className="mt-2 space-y-2">
            {[...byName.entries()].map(([name, opts]) => (
              <div key={name}>
                <dt className="font-medium">{t(`catalog:options.${name}`)}</dt>
                <dd>
                  <ul className="ml-4 list-disc">
                    {opts.map((o) => (
                      <li key={o.id}>
                        {o.label}
                        {o.storageType ? ` (${o.storageType})` : ''}
                        {o.isDefault ? ` · ${t('hosting_page.included')}` : null}
                        {o.monthlyCents > 0 ? (
                          <>
                            {' '}
                            · +<Price cents={o.monthlyCents} />
                            {t('lengths.per_month')}
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

export default function HostingFamily() {
  const { plans, slug } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const page = HOSTING_PAGES[slug];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(page.titleKey)}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t(page.descKey)}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {plans.map((p) => (
          <PlanCard key={p.sku} plan={p} />
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-600">
        <VatNote />
      </p>
    </div>
  );
}
