// The account menu's "Preferences" link: sets the openPref cookie and lands on the account page,
// whose preferences tab opens by itself because of it (spec §2 Account area, §9 Cookies).
import { redirect, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import { requireUser } from '../lib/auth.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return redirect('/account', { status: 303, headers: { 'Set-Cookie': serializeCookie('openPref', '1', { maxAgeSeconds: 60, sameSite: 'Lax', secure: wantsSecure(request) }) } });
}
