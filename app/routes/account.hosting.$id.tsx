// One service's pages (issue #23 §1): a header with plan, domain, status and renewal, and the
// sub-navigation (Overview; Server for VPS and dedicated; Plan & renewal), each a child route. The
// loader is the shared guard and the sync: the customer's own service only (404 otherwise), its
// status and expiry read from the panel and written back (decision 069); when the panel cannot
// answer, the stored data with the reason as a notice. Children read it with useServiceData()
// (app/components/hosting/service-data.ts).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { ServiceHeader } from '../components/hosting/service-header';
import { requireUser } from '../lib/auth.server';
import { notFound, serviceIdOf } from '../lib/hosting-route.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t, lang } = await pageT(request);
  const page = await context.services.myServices.current(session.user.id, serviceIdOf(params), lang);
  if (!page) throw notFound();
  const s = page.service;
  return data({
    meta: { title: `${s.planName}${s.domain ? ` · ${s.domain}` : ''} · ${t('hosting:title')}` },
    notice: page.notice,
    service: {
      id: s.id,
      planName: s.planName,
      sku: s.sku,
      domain: s.domain,
      kind: s.kind,
      productType: s.productType,
      status: s.status,
      expiresAt: s.expiresAt.getTime(),
      startedAt: s.startedAt.getTime(),
      syncedAt: s.syncedAt.getTime(),
      lengthMonths: s.lengthMonths,
      priceCents: s.priceCents,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      username: s.username,
      panelUrl: s.panelUrl,
      server: s.server,
      datacenter: s.datacenter,
      options: s.options,
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function ServiceLayout() {
  const { service } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="service-title" data-testid="service-page" data-id={service.id} data-kind={service.kind}>
      <ServiceHeader service={service} />
      <Outlet />
    </section>
  );
}
