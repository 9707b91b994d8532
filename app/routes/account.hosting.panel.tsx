// The menu's "panel login" (spec §2/§6, shown when has_pbas_account): straight to the control panel
// of the customer's hosting account; without a living one, to the services list.
import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { requireUser } from '../lib/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const url = await context.services.myServices.panelLogin(session.user.id);
  // Only an https address the panel gave us is followed; anything else stays on our side.
  return redirect(url && /^https:\/\//i.test(url) ? url : '/account/hosting', 303);
}
