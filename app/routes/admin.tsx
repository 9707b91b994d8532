// The back office's layout (issue #22 §1): every admin.* route renders inside it, on the admin host
// only, in its own frame (components/admin/staff-frame.tsx) instead of the storefront's (the root
// draws no storefront chrome under a route whose handle says frame 'staff'). Its loader only says
// who is signed in: each page checks its own right (requireStaff), and a staff member who has not
// enrolled two-factor yet sees the frame without the menu (the enrolment page is all that opens).
// The error boundary draws refusals (175, 151) and 404s inside the same frame.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { isStaffGroup, staffCan } from '../../core/staff/permissions';
import { StaffFrame, type StaffFrameData } from '../components/admin/staff-frame';
import { ErrorContent } from '../components/error-page';
import { requireStaffEnrolling } from '../lib/auth.server';
import { staffMenu } from '../lib/staff-menu';

export const handle = { frame: 'staff' };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<StaffFrameData> {
  const session = await requireStaffEnrolling(request, context);
  const { userGroup, totpEnabled, accountName, email } = session.user;
  const group = isStaffGroup(userGroup) ? userGroup : 'support';
  return {
    staff: { name: accountName, email, group },
    menu: totpEnabled ? staffMenu(group) : [],
    canSearch: totpEnabled && staffCan(group, 'search.use'),
  };
}

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
