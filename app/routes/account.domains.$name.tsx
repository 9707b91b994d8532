// One domain's pages (issue #12 §2): a header with the name, its status, expiry and registry, and a
// sub-navigation to Overview, Nameservers, Hosts, Contacts and Ownership (each a child route). The
// loader is the shared guard: the customer's own name only (30014 otherwise), Unicode → ASCII.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { DomainHeader } from '../components/portal/domain-header';
import { loadOwnDomain } from '../lib/domain-route.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const domain = await loadOwnDomain(request, context, params);
  const { t } = await pageT(request);
  return data({
    meta: { title: `${domain.fqdn} · ${t('mydomains:title')}` },
    domain: { id: domain.id, fqdn: domain.fqdn, asciiFqdn: domain.asciiFqdn, status: domain.status, registry: domain.registry, expiresAt: domain.expiresAt.getTime() },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function DomainLayout() {
  const { domain } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="domain-title" data-testid="domain-page" data-fqdn={domain.fqdn}>
      <DomainHeader domain={domain} />
      <Outlet />
    </section>
  );
}
