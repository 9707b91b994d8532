// Route guards (spec §6): logged-in pages send guests to the login with a way back; the admin area
// answers only admins on the admin host (others → /access_denied).
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
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
  const session = await requireUser(request, context);
  if (session.user.userGroup !== 'admin') throw redirect('/access_denied', 303);
  return session;
}

