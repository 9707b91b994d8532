// Route guards (spec §6): logged-in pages send guests to the login with a way back; the admin area
// answers only admins on the admin host (others → /access_denied), and only once they have enrolled
// an authenticator app (issue #10 §4, decision 024: every other admin page and action sends them to
// the enrolment first).
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import type { CurrentSession } from '../../worker/services/accounts';
import { codeData } from './route-error.server';

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  const session = await context.session();
  if (!session) throw redirect(loginUrl(request), 303);
  return session;
}

/** The page where staff without two-factor enrol; the only admin page open to them. */
export const STAFF_ENROLMENT_PATH = '/admin/two-factor';

/** An admin on the admin host, with or without two-factor yet: for the enrolment page itself. */
export async function requireStaffEnrolling(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  // On a storefront host the admin area does not exist at all.
  if (!context.isAdminHost) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
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


export async function requireAdmin(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  const session = await requireStaffEnrolling(request, context);
  if (!session.user.totpEnabled) {
    const url = new URL(request.url);
    throw redirect(`${STAFF_ENROLMENT_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  return session;
}
