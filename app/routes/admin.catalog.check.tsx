// The availability check the catalogue forms call while staff type (issue #22 §2, spec §5): is this
// SKU (or attribute name) well formed and free? GET only, JSON, for managers of the catalogue; the
// save checks again, so this answer is a convenience, never the guard.
import { type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isValidAttributeName, isValidSku } from '../../core/catalog-admin';
import { requireStaff } from '../lib/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'catalog.manage');
  const url = new URL(request.url);
  const service = context.services.catalogAdmin;
  const headers = { 'Cache-Control': 'no-store' };
  const attribute = url.searchParams.get('attribute');
  if (attribute !== null) {
    const name = attribute.trim().slice(0, 60);
    const valid = isValidAttributeName(name);
    return Response.json({ name, valid, available: valid ? await service.attributeNameAvailable(name) : false }, { headers });
  }
  const sku = (url.searchParams.get('sku') ?? '').trim().slice(0, 60);
  const except = Number(url.searchParams.get('except'));
  const valid = isValidSku(sku);
  return Response.json({ sku, valid, available: valid ? await service.skuAvailable(sku, Number.isInteger(except) && except > 0 ? except : null) : false }, { headers });
}
