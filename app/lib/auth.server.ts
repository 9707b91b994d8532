// Route guards (spec §6): logged-in pages send guests to the login with a way back; the admin area
// answers only admins on the admin host (others → /access_denied), and only once they have enrolled
// an authenticator app (issue #10 §4, decision 024: every other admin page and action sends them to
// the enrolment first).
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { isStaffGroup, staffCan, type StaffPermission } from '../../core/staff/permissions';
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

/** Staff (admin or support) on the admin host, with or without two-factor yet: for the enrolment page itself. */
export async function requireStaffEnrolling(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  // On a storefront host the admin area does not exist at all.
  if (!context.isAdminHost) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const current = await context.session();
  if (!current) {
    // Spec §8 / issue #3: in the admin area a suspension sets the errorCode cookie, so the login page
    // says why the session ended ('account_suspended:false' → an alert with the catalogue's text).
    if (await context.services.auth.suspendedSession(request)) {
      throw redirect(loginUrl(request), { status: 303, headers: { 'Set-Cookie': serializeCookie('errorCode', 'account_suspended:false', { sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 300 }) } });
    }
  }
  const session = await requireUser(request, context);
  if (!isStaffGroup(session.user.userGroup)) throw redirect('/access_denied', 303);
  return session;
}


/**
 * A member of staff with the given right (core/staff/permissions.ts), enrolled in two-factor. A staff
 * member without the right gets 175 insufficient_permissions (403), in a loader and in an action
 * alike: the side menu hides what a group cannot do, and this check is what makes it true.
 */
export async function requireStaff(request: Request, context: AppLoadContext, permission: StaffPermission): Promise<CurrentSession> {
  const session = await requireEnrolledStaff(request, context);
  if (!staffCan(session.user.userGroup, permission)) {
    throw data(codeData({ code: ErrorCode.INSUFFICIENT_PERMISSIONS }), { status: 403 });
  }
  return session;
}

/** The admin group only (every right): for the screens written before the support group existed. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  const session = await requireEnrolledStaff(request, context);
  if (session.user.userGroup !== 'admin') throw data(codeData({ code: ErrorCode.INSUFFICIENT_PERMISSIONS }), { status: 403 });
  return session;
}

async function requireEnrolledStaff(request: Request, context: AppLoadContext): Promise<CurrentSession> {
  const session = await requireStaffEnrolling(request, context);
  if (!session.user.totpEnabled) {
    const url = new URL(request.url);
    throw redirect(`${STAFF_ENROLMENT_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  return session;
}
