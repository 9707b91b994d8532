// An address under /admin that names no screen: the 404 inside the back office's frame (the layout's
// error boundary), not the storefront's.
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { requireStaffEnrolling } from '../lib/auth.server';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffEnrolling(request, context);
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
