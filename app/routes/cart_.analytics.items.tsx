// POST /cart/analytics/items (spec §7 Cart analytics): the checkout asks for the begin_checkout event's
// details, built on the server from the cart's own prices, and pushes them to the page's data layer.
import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { ecommerceDetails } from '../../core/analytics';
import { envelopeFor, ErrorCode } from '../../core/errors';
import { cartOwner } from '../lib/cart.server';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';

export async function action({ request, context }: ActionFunctionArgs) {
  await readProtectedForm(request, context);
  const { t, lang } = await pageT(request);
  const vat = context.services.preferences.vatDisplay(context.prefs, await context.services.catalog.countries());
  const view = await context.services.cart.view(await cartOwner(context), { lang, vatRateBp: vat.rateBp });
  if (!view.lines.length) return Response.json(envelopeFor(ErrorCode.CART_NOT_FOUND, t('errors:cart_not_found'), null), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const details = ecommerceDetails(
    view.lines.map((l) => ({ sku: l.sku, name: l.name, kind: l.kind, action: l.action, lengthMonths: l.lengthMonths, totalCents: l.price?.totalCents ?? 0 })),
    view.totals,
  );
  // A resource route answers with a plain Response (single fetch turns nothing here into turbo-stream).
  return Response.json(envelopeFor(ErrorCode.SUCCESS, '', { gtag: { event: 'begin_checkout', event_details: details } }), { headers: { 'Cache-Control': 'no-store' } });
}
