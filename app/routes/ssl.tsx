// SSL certificates: DV/OV/EV, wildcard and multi-domain, with price per year and the add-ons.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { pricePerInterval } from '../../core/lengths';
import { IntervalSuffix, LengthLabel } from '../components/length-label';
import { AddProduct } from '../components/cart/add-product';
import { Price, VatNote } from '../components/price';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const [certs, addons] = await Promise.all([
    context.services.catalog.productsByFamily(['ssl'], lang, { withOptions: false }),
    context.services.catalog.productsByFamily(['addon'], lang, { withOptions: false }),
  ]);
  const withIntervals = (list: typeof certs) =>
    list.map((p) => ({ ...p, prices: p.prices.map((l) => ({ ...l, perIntervalCents: pricePerInterval(l.totalCents, l.months), basePerIntervalCents: pricePerInterval(l.baseCents, l.months) })) }));
  return {
    meta: { title: t('ssl_page.meta_title'), description: t('ssl_page.meta_description') },
    certs: withIntervals(certs),
    addons: withIntervals(addons),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function SslPage() {
  const { certs, addons } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('ssl_page.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t('ssl_page.intro')}</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {certs.map((c) => {
          const settings = c.settings as { validation_type?: string; wildcard?: boolean; san_domains?: number; vendor_settings?: { domains_per_pack?: number; maximum?: number } };
          const first = c.prices[0];
          return (
            <li key={c.sku} id={settings.wildcard ? 'wildcard' : undefined} className="card flex flex-col" data-testid="ssl-card" data-sku={c.sku}>
              <p className="text-xs font-semibold uppercase tracking-wide text-blue-800">{t(`catalog:ssl_validation.${settings.validation_type ?? 'DV'}.title`)}</p>
              <h2 className="mt-1 text-xl font-bold">{c.name}</h2>
              <p className="mt-1 text-sm text-slate-600">{c.summary}</p>
              <ul className="mt-3 space-y-1 text-sm">
                <li>{t(`catalog:ssl_validation.${settings.validation_type ?? 'DV'}.description`)}</li>
                {settings.wildcard ? <li>{t('ssl_page.wildcard')}</li> : null}
                {settings.san_domains ? <li>{t('ssl_page.san', { count: settings.san_domains })}</li> : null}
                {settings.vendor_settings?.domains_per_pack ? (
                  <li>{t('ssl_page.packs', { pack: settings.vendor_settings.domains_per_pack, max: settings.vendor_settings.maximum ?? settings.vendor_settings.domains_per_pack })}</li>
                ) : null}
                {c.features.map((f) => (
                  <li key={f.key}>{t(`catalog:${f.key}`, { value: f.value })}</li>
                ))}
              </ul>
              {first ? (
                <p className="mt-4">
                  {first.onPromo ? <Price cents={first.basePerIntervalCents} strike className="mr-2 text-slate-500" /> : null}
                  <Price cents={first.perIntervalCents} className="text-2xl font-bold text-blue-900" />
                  <IntervalSuffix months={first.months} />
                </p>
              ) : null}
              {c.prices.length > 1 ? (
                <p className="text-sm text-slate-600">
                  {c.prices.slice(1).map((l) => (
                    <span key={l.months} className="mr-3">
                      <LengthLabel months={l.months} />: <Price cents={l.totalCents} />
                    </span>
                  ))}
                </p>
              ) : null}
              <div className="mt-auto">
                <AddProduct sku={c.sku} name={c.name} months={first?.months ?? 12} withLengthInput />
              </div>
            </li>
          );
        })}
      </ul>
      <h2 className="mt-12 text-2xl font-bold">{t('ssl_page.addons')}</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {addons.map((a) => {
          const first = a.prices[0];
          return (
            <li key={a.sku} className="card" data-sku={a.sku}>
              <h3 className="font-semibold">{a.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{a.summary}</p>
              {first ? (
                <p className="mt-2">
                  <Price cents={first.perIntervalCents} className="font-bold" />
                  <IntervalSuffix months={first.months} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-slate-600">
        <VatNote />
      </p>
    </div>
  );
}
