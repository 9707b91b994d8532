// The TLD price list: every offered extension with its registry and the price per year to register,
// renew and transfer (per interval of the first allowed length), promotions struck through.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { describeLength, pricePerInterval } from '../../core/lengths';
import { IntervalSuffix, LengthLabel } from '../components/length-label';
import { Price, VatNote } from '../components/price';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { Flag } from '../components/flag';

const CATEGORIES = ['all', 'greek', 'european', 'generic', 'new', 'country', 'adult'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const wanted = url.searchParams.get('category') ?? 'all';
  const category = (CATEGORIES as readonly string[]).includes(wanted) ? wanted : 'all';
  const all = await context.services.catalog.tldPricing({ actions: ['register', 'renew', 'transfer', 'transfer_renew'] });
  const rows = all
    .filter((tld) => category === 'all' || tld.category === category)
    .map((tld) => {
      const pick = (action: 'register' | 'renew' | 'transfer' | 'transfer_renew') => {
        const first = tld.actions[action]?.[0];
        if (!first) return null;
        return {
          months: first.months,
          totalCents: first.totalCents,
          perIntervalCents: pricePerInterval(first.totalCents, first.months),
          basePerIntervalCents: pricePerInterval(first.baseCents, first.months),
          onPromo: first.onPromo,
        };
      };
      return {
        tld: tld.tld,
        registry: tld.registry,
        category: tld.category,
        countryIso2: tld.countryIso2,
        register: pick('register'),
        renew: pick('renew'),
        transfer: pick('transfer') ?? pick('transfer_renew'),
        lengths: (tld.actions.register ?? []).map((l) => l.months),
      };
    });
  return { meta: { title: t('prices_page.meta_title'), description: t('prices_page.meta_description') }, rows, category };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type Cell = Awaited<ReturnType<typeof loader>>['rows'][number]['register'];

function PriceCell({ cell }: { cell: Cell }) {
  const { t } = useTranslation();
  if (!cell) return <span className="text-slate-400">{t('prices_page.not_offered')}</span>;
  return (
    <span className="flex flex-col items-end">
      {/* The struck price may take its own line: on a phone the table fits without scrolling sideways. */}
      <span className="flex flex-wrap items-baseline justify-end gap-x-2">
        {cell.onPromo ? <Price cents={cell.basePerIntervalCents} strike className="text-sm text-slate-500" /> : null}
        <span className="whitespace-nowrap">
          <Price cents={cell.perIntervalCents} className={cell.onPromo ? 'font-semibold text-emerald-700' : 'font-semibold'} />
          <span className="text-sm text-slate-600">
            <IntervalSuffix months={cell.months} />
          </span>
        </span>
      </span>
      {cell.months > 12 ? (
        <span className="text-xs text-slate-500">
          <LengthLabel months={cell.months} />: <Price cents={cell.totalCents} />
        </span>
      ) : null}
    </span>
  );
}

export default function DomainPrices() {
  const { rows, category } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('prices_page.title')}</h1>
      <p className="mt-2 text-slate-600">{t('prices_page.intro')}</p>
      <nav aria-label={t('prices_page.filter')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {CATEGORIES.map((c) => {
            const next = new URLSearchParams(params);
            if (c === 'all') next.delete('category');
            else next.set('category', c);
            const qs = next.toString();
            return (
              <li key={c}>
                <Link to={qs ? `?${qs}` : '.'} className={c === category ? 'chip chip-active' : 'chip'} aria-current={c === category ? 'page' : undefined}>
                  {t(`catalog:categories_tld.${c}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="tld-price-table">
          <caption className="sr-only">{t('prices_page.caption')}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-3 sm:px-4">
                {t('prices_page.col_tld')}
              </th>
              <th scope="col" className="hidden px-2 py-3 sm:px-4 md:table-cell">
                {t('prices_page.col_registry')}
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right">
                {t('prices_page.col_register')}
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right">
                {t('prices_page.col_renew')}
              </th>
              <th scope="col" className="hidden px-2 py-3 sm:px-4 text-right sm:table-cell">
                {t('prices_page.col_transfer')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.tld} className="border-t border-slate-100" data-tld={r.tld}>
                <th scope="row" className="px-2 py-3 sm:px-4 font-semibold">
                  <span className="whitespace-nowrap">
                    {r.countryIso2 ? <Flag iso2={r.countryIso2} label={t(`countries:${r.countryIso2}`)} className="mr-1.5" /> : null}.{r.tld}
                  </span>
                  <span className="block text-xs font-normal text-slate-500">
                    {r.lengths.every((m) => describeLength(m).unit === 'year')
                      ? t('prices_page.lengths', { list: r.lengths.map((m) => describeLength(m).count).join(', ') })
                      : r.lengths.map((m) => <LengthLabel key={m} months={m} />)}
                  </span>
                </th>
                <td className="hidden px-2 py-3 sm:px-4 text-slate-600 md:table-cell">{t(`catalog:registries.${r.registry}`)}</td>
                <td className="px-2 py-3 sm:px-4 text-right">
                  <PriceCell cell={r.register} />
                </td>
                <td className="px-2 py-3 sm:px-4 text-right">
                  <PriceCell cell={r.renew} />
                </td>
                <td className="hidden px-2 py-3 sm:px-4 text-right sm:table-cell">
                  <PriceCell cell={r.transfer} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        <VatNote />
      </p>
    </div>
  );
}
