// The CSV export of all domains (issue #22 §2), with the list's filters and sort: streamed, read by
// keyset pages of EXPORT_PAGE_ROWS (worker/http/csv-stream.ts), so 100,000 names are 40 D1 reads and
// never sit in memory at once (decision 061 has the measured figures). Right domains.view.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { parseListQuery } from '../../core/staff/list-query';
import { parseStaffDomainFilters, STAFF_DOMAIN_LIST, type DomainKeyset } from '../../core/staff/domain-list';
import { csvResponse } from '../../worker/http/csv-stream';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'domains.view');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, STAFF_DOMAIN_LIST);
  const filters = parseStaffDomainFilters(url.searchParams, query.q);
  const header = ['id', 'name', 'ascii', 'holder_id', 'holder_email', 'holder_name', 'registry', 'status', 'expires', 'auto_renew', 'locked', 'created'].map((k) => t(`admindomains:csv.${k}`));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const stamp = context.now.toISOString().slice(0, 10);
  return csvResponse<DomainKeyset>(`domains-${stamp}.csv`, header, async (key) => {
    const page = await context.services.staffDomains.exportPage({ filters, sort: query.sort, dir: query.dir, key });
    return {
      next: page.next,
      rows: page.rows.map((r) => [r.id, r.fqdn, r.asciiFqdn, r.userId, r.email, `${r.firstName} ${r.lastName}`.trim(), r.registry, r.status, day(r.expiresAt), r.autoRenew ? 1 : 0, r.locked ? 1 : 0, day(r.createdAt)]),
    };
  });
}
