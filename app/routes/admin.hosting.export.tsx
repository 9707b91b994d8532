// The hosting list as CSV (issue #23 §2): the list's filters, every matching service, read by id a
// page at a time as the download proceeds (worker/http/csv-stream.ts). Right hosting.view.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { parseListQuery } from '../../core/staff/list-query';
import { parseStaffHostingFilters, STAFF_HOSTING_LIST } from '../../core/staff/hosting-list';
import { csvResponse } from '../../worker/http/csv-stream';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';

const PAGE = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'hosting.view');
  const { t } = await pageT(request);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, STAFF_HOSTING_LIST);
  const filters = parseStaffHostingFilters(params, query.q);
  const header = ['id', 'name', 'holder_id', 'holder_email', 'plan', 'kind', 'status', 'server', 'renewal'].map((k) => t(`adminhosting:csv.${k}`));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return csvResponse<number>(`hosting-${context.now.toISOString().slice(0, 10)}.csv`, header, async (after) => {
    const rows = await context.services.staffHosting.exportPage(filters, after ?? 0, PAGE);
    return {
      rows: rows.map((r) => [r.id, r.domain ?? r.username, r.userId, r.email, r.sku, r.kind, r.status, r.server, day(r.expiresAt)]),
      next: rows.length === PAGE ? rows[rows.length - 1]!.id : null,
    };
  });
}
