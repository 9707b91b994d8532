import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { fromPrice, pricePerInterval } from '../../core/lengths';
import { Counter } from '../components/counter';
import { IntervalSuffix } from '../components/length-label';
import { DomainSearchBar } from '../components/domain-search-bar';
import { Price, VatNote } from '../components/price';
import { PromotionCountdown } from '../components/promotion-countdown';
import { HOSTING_PAGES, type HostingSlug } from '../lib/hosting-families';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

const HOME_FAMILIES: HostingSlug[] = ['shared-linux', 'wordpress', 'cloud-vps', 'dedicated'];

// toLocaleString builds a number formatter (locale data) on each call: one per language instead.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const [tlds, products, stats] = await Promise.all([
    context.services.catalog.tldPricing({ featuredOnly: true, actions: ['register'] }),
    context.services.catalog.productsByFamily(['shared_linux', 'wordpress', 'cloud_vps', 'dedicated', 'ssl'], lang, { withOptions: false }),
    context.services.catalog.stats(),
  ]);
  const featured = tlds.flatMap((tld) => {
    const first = tld.actions.register?.[0];
    return first ? [{ tld: tld.tld, months: first.months, perYearCents: pricePerInterval(first.totalCents, first.months), basePerYearCents: pricePerInterval(first.baseCents, first.months), onPromo: first.onPromo }] : [];
  });
  const families = HOME_FAMILIES.map((slug) => {
    const list = products.filter((p) => (HOSTING_PAGES[slug].families as readonly string[]).includes(p.family));
    return { slug, plans: list.length, from: fromPrice(list.map((p) => p.prices)) };
  });
  const ssl = products.filter((p) => p.family === 'ssl');
  const sslFrom = fromPrice(ssl.map((p) => p.prices));
  return {
    meta: { title: t('home.meta_title'), description: t('home.meta_description') },
    featured,
    families,
    sslFrom,
    stats,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function Home() {
  const { featured, families, sslFrom, stats } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const formatter = numberFormat(i18n.language === 'en' ? 'en-GB' : 'el-GR');
  const number = (n: number) => formatter.format(n);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title" id="domain-search">
        <div className="mx-auto max-w-7xl px-4 py-14 lg:py-20">
          <PromotionCountdown />
          <h1 id="hero-title" className="mt-6 max-w-3xl text-3xl font-bold tracking-tight text-white sm:text-5xl">
            {t('home.title')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-blue-100">{t('home.subtitle')}</p>
          <div className="mt-8">
            <DomainSearchBar />
          </div>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label={t('home.featured_tlds')} data-testid="featured-tlds">
            {featured.map((f) => (
              <li key={f.tld} className="tld-chip" data-tld={f.tld}>
                <span className="font-semibold">.{f.tld}</span>
                {f.onPromo ? <Price cents={f.basePerYearCents} strike className="text-blue-200" /> : null}
                <Price cents={f.perYearCents} className="font-semibold" />
                <span className="text-blue-100">{t('lengths.per_year')}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-blue-100">
            <VatNote />
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="families-title">
        <h2 id="families-title" className="text-2xl font-bold">
          {t('home.hosting_title')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {families.map((f) => (
            <li key={f.slug} className="card flex flex-col" data-testid={`family-${f.slug}`}>
              <h3 className="text-lg font-semibold">{t(HOSTING_PAGES[f.slug].titleKey)}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{t(HOSTING_PAGES[f.slug].descKey)}</p>
              {f.from !== null ? (
                <p className="mt-4">
                  <span className="text-sm text-slate-600">{t('prices.from')} </span>
                  <Price cents={f.from.cents} className="text-2xl font-bold text-blue-900" />
                  <span className="text-sm text-slate-600">
                    {' '}
                    <IntervalSuffix months={f.from.months} />
                  </span>
                </p>
              ) : null}
              <Link to={`/hosting/${f.slug}`} className="btn-secondary mt-4 text-center">
                {t('home.see_plans', { count: f.plans })}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white" aria-labelledby="ssl-title">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="ssl-title" className="text-2xl font-bold">
              {t('home.ssl_title')}
            </h2>
            <p className="mt-2 text-slate-600">{t('home.ssl_text')}</p>
          </div>
          <div className="flex items-center gap-4">
            {sslFrom !== null ? (
              <p>
                <span className="text-sm text-slate-600">{t('prices.from')} </span>
                <Price cents={sslFrom.cents} className="text-2xl font-bold text-blue-900" />
                <span className="text-sm text-slate-600">
                  {' '}
                  <IntervalSuffix months={sslFrom.months} />
                </span>
              </p>
            ) : null}
            <Link to="/ssl" className="btn-primary">
              {t('home.ssl_cta')}
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="numbers-title">
        <h2 id="numbers-title" className="text-2xl font-bold">
          {t('home.numbers_title')}
        </h2>
        <dl className="mt-6 grid gap-6 sm:grid-cols-3">
          {[
            { key: 'tlds', value: stats.tlds },
            { key: 'plans', value: stats.plans },
            { key: 'countries', value: stats.countries },
          ].map((n) => (
            <div key={n.key} className="card text-center">
              <dt className="text-sm text-slate-600">{t(`home.numbers.${n.key}`)}</dt>
              <dd className="mt-2 text-4xl font-bold text-blue-900">
                <Counter value={n.value} format={number} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
