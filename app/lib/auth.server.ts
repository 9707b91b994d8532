// Route guards (spec §6): logged-in pages send guests to the login with a way back; the admin area
// answers only admins on the admin host (others → /access_denied).
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import type { CurrentSession } from '../../worker/services/auth';

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  const session = await context.session();
  if (!session) throw redirect(loginUrl(request), 303);
  return session;
}

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  // On a storefront host the admin area does not exist at all.
  if (!context.isAdminHost) throw data({ code: ErrorCode.UNRECOGNIZED_ACTION }, { status: 404 });
  const current = await context.session();
  if (!current) {
    // Spec §8 / issue #3: in the admin area a suspension sets the errorCode cookie, so the login page
    // says why the session ended ('account_suspended:false' → an alert with the catalogue's text).
    const suspended = await context.services.auth.suspendedSession(request);
    if (suspended) {
      const name = suspended === 'auto' ? 'account_auto_suspended' : 'account_suspended';
      throw redirect(loginUrl(request), { status: 303, headers: { 'Set-Cookie': serializeCookie('errorCode', `${name}:false`, { sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 300 }) } });
    }
  }
  const session = await requireUser(request, context);
  if (session.user.userGroup !== 'admin') throw redirect('/access_denied', 303);
  return session;
}

