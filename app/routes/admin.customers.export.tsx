// The customer list as CSV (issue #22 §1: exports are streamed, not built in memory): the same
// search and filters as /admin/customers, every matching row, read by keyset a page at a time as the
// download proceeds (worker/http/csv-stream.ts). Same right as the list: customers.view.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { CUSTOMER_LIST, parseCustomerFilters } from '../../core/staff/customers';
import { parseListQuery } from '../../core/staff/list-query';
import { csvResponse } from '../../worker/http/csv-stream';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'customers.view');
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const { q } = parseListQuery(params, CUSTOMER_LIST);
  const filters = parseCustomerFilters(params);
  const header = ['csv_id', 'col_name', 'col_email', 'col_status', 'col_registered', 'col_last_login', 'col_domains', 'col_orders'].map((k) => t(`admincustomers:${k}`));
  const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
  const service = context.services.staffCustomers;
  return csvResponse<number>(`customers-${new Date().toISOString().slice(0, 10)}.csv`, header, async (after) => {
    const page = await service.exportPage(q, filters, after);
    return {
      rows: page.rows.map((r) => [r.id, r.name, r.email, t(`admincustomers:status_${r.status}`), iso(r.registeredAt), iso(r.lastLoginAt), r.domains, r.orders]),
      next: page.next,
    };
  });
}
