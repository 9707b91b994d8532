// The back office's layout (issue #22 §1): every admin.* route renders inside it, on the admin host
// only, in its own frame (components/admin/staff-frame.tsx) instead of the storefront's (the root
// draws no storefront chrome under a route whose handle says frame 'staff'). Its loader only says
// who is signed in: each page checks its own right (requireStaff), and a staff member who has not
// enrolled two-factor yet sees the frame without the menu (the enrolment page is all that opens).
// The error boundary draws refusals (175, 151) and 404s inside the same frame.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { resolveCode } from '../../core/errors';
import { isStaffGroup, staffCan } from '../../core/staff/permissions';
import { StaffFrame, type StaffFrameData } from '../components/admin/staff-frame';
import { ErrorContent } from '../components/error-page';
import { requireStaffEnrolling } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { staffMenu } from '../lib/staff-menu';

export const handle = { frame: 'staff' };

/** The refusals a page under the layout throws most (151, 175); any other error gets the generic title. */
const REFUSALS = [151, 175].map((code) => resolveCode(code).key);

export async function loader({ request, context }: LoaderFunctionArgs): Promise<StaffFrameData & { errorTitles: Record<string, string> }> {
  const session = await requireStaffEnrolling(request, context);
  const { t } = await pageT(request);
  const titled = (title: string) => t('errors:error_meta_title', { title, brand: t('staff:frame.title') });
  const { userGroup, totpEnabled, accountName, email } = session.user;
  const group = isStaffGroup(userGroup) ? userGroup : 'support';
  return {
    staff: { name: accountName, email, group },
    menu: totpEnabled ? staffMenu(group) : [],
    canSearch: totpEnabled && staffCan(group, 'search.use'),
    // The document title of the error page drawn by this layout's boundary (meta() cannot translate,
    // and the root draws a title only for errors that reach the root).
    errorTitles: Object.fromEntries([['404', titled(t('errors:page_not_found_title'))], ['other', titled(t('errors:http.500'))], ...REFUSALS.map((key) => [key, titled(t(`errors:${key}`))])]),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error || !data) return [];
  const key = isRouteErrorResponse(error) ? (error.status === 404 ? '404' : (error.data as { key?: unknown } | null)?.key) : null;
  return [{ title: (typeof key === 'string' && data.errorTitles[key]) || data.errorTitles.other }];
};

export default function AdminLayout() {
  const frame = useLoaderData<typeof loader>();
  return (
    <StaffFrame frame={frame}>
      <Outlet />
    </StaffFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The layout's own data when its loader ran (a page below it refused or found nothing).
  const frame = useRouteLoaderData<typeof loader>('routes/admin');
  const content = <ErrorContent error={error} home="/admin" className="max-w-2xl py-8" />;
  return frame ? <StaffFrame frame={frame}>{content}</StaffFrame> : <main id="main">{content}</main>;
}
