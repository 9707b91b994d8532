// The service pages' shared guard (issue #23 §1): `/account/hosting/:id` and its children load the
// customer's own service by its number; anyone else's id, or no such service, is a 404 (40501: the
// provider's product not found), so ids cannot be probed.
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import type { Params } from '@remix-run/react';
import { ErrorCode } from '../../core/errors';
import { requireUser } from './auth.server';
import { codeData } from './route-error.server';

/** The service id of the address, or a 404 for anything that is not one. */
export function serviceIdOf(params: Params): number {
  const raw = params.id ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function notFound() {
  return data(codeData({ code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND }), { status: 404 });
}

/** The customer and their own service as stored (no panel call): for the child pages' loaders and actions. */
export async function loadOwnService(request: Request, context: AppLoadContext, params: Params) {
  const session = await requireUser(request, context);
  const service = await context.services.myServices.own(session.user.id, serviceIdOf(params));
  if (!service) throw notFound();
  return { session, service };
}
