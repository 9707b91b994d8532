// Staff download of a sent message's attachment (issue #33 §3): a resource route on the admin host,
// right mail.view; the bytes streamed from R2 as they were attached (a PDF opens in the browser).
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { attachmentHeaders } from '../../worker/http/attachment-headers';
import { requireStaff } from '../lib/auth.server';
import { resourceGuard } from '../lib/resource-errors.server';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return resourceGuard(async () => {
    await requireStaff(request, context, 'mail.view');
    const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
    const n = /^\d{1,3}$/.test(params.n ?? '') ? Number(params.n) : NaN;
    const file = Number.isFinite(id) && Number.isFinite(n) ? await context.services.staffMail.attachment(id, n) : null;
    if (!file) throw data(codeData({ code: ErrorCode.MAIL_MESSAGE_NOT_FOUND }), { status: 404 });
    return new Response(file.body, { headers: attachmentHeaders(file, 'inline') });
  });
}
