// The coupons list as CSV (issue #22 §1): the list's search and filters, streamed by keyset pages in
// code order (worker/http/csv-stream.ts), so the export never sits in memory. Needs coupons.view.
import { type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { couponStatusLabel } from '../../core/orders/coupons';
import { parseListQuery } from '../../core/staff/list-query';
import { COUPON_SORTS, couponListFilters } from '../../core/validation/coupon-forms';
import { csvResponse } from '../../worker/http/csv-stream';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { resourceGuard } from '../lib/resource-errors.server';

const COLUMNS = ['code', 'status', 'kind', 'amount_cents', 'percent', 'audience', 'never_ordered', 'valid_from', 'valid_to', 'max_redemptions', 'max_per_customer', 'min_order_cents', 'allow_zero_total', 'uses', 'created'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return resourceGuard(async () => {
    await requireStaff(request, context, 'coupons.view');
    const { t } = await pageT(request);
    const params = new URL(request.url).searchParams;
    const { q } = parseListQuery(params, { sorts: COUPON_SORTS, defaultSort: 'code', defaultDir: 'asc' });
    const filters = couponListFilters(params);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return csvResponse<string>(`${t('admincoupons:csv.filename')}.csv`, COLUMNS.map((c) => t(`admincoupons:csv.${c}`)), async (after) => {
      const page = await context.services.coupons.exportPage(q, filters, after);
      return {
        next: page.next,
        rows: page.rows.map((c) => [
          c.code,
          couponStatusLabel(c.status),
          c.kind,
          c.kind === 'amount' ? c.value : null,
          c.kind === 'percent' ? c.value / 100 : null,
          c.audience,
          c.neverOrdered,
          iso(c.validFrom),
          iso(c.validTo),
          c.maxRedemptions,
          c.maxPerCustomer,
          c.minOrderCents,
          c.allowZeroTotal,
          c.uses,
          iso(c.createdAt),
        ]),
      };
    });
  });
}
