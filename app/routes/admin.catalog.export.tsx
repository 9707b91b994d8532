// The hosting products list as CSV (issue #22 §1: exports streamed, read by keyset pages), with the
// filters of the list's address. Read right: catalog.view.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { parseProductFilters } from '../../core/catalog-admin';
import { requireStaff } from '../lib/auth.server';
import { csvResponse } from '../../worker/http/csv-stream';

/** Rows per D1 read: a page is read only when the client has taken the one before. */
const PAGE = 500;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'catalog.view');
  const params = new URL(request.url).searchParams;
  const filters = parseProductFilters(params);
  const text = (params.get('q') ?? '').trim().slice(0, 100);
  const service = context.services.catalogAdmin;
  const header = ['id', 'sku', 'family', 'name_el', 'name_en', 'active', 'from_cents', 'lengths', 'order_lines'];
  return csvResponse<number>('catalog.csv', header, async (after) => {
    const rows = await service.exportPage(text, filters, after, PAGE);
    return {
      rows: rows.map((r) => [r.id, r.sku, r.family, r.nameEl, r.nameEn, r.active ? 1 : 0, r.fromCents, r.lengths, r.sold]),
      next: rows.length === PAGE ? rows[rows.length - 1]!.id : null,
    };
  });
}
