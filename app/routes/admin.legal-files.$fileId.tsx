// Staff download of a legal document's file (issue #13 §3): a resource route on the admin host,
// staff with documents.manage (requireStaff), any customer's file; a missing one is 404 35502.
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { requireStaff } from '../lib/auth.server';
import { resourceGuard } from '../lib/resource-errors.server';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return resourceGuard(async () => {
    await requireStaff(request, context, 'documents.manage');
    const fileId = /^\d{1,12}$/.test(params.fileId ?? '') ? Number(params.fileId) : NaN;
    const found = await context.services.legalDocuments.fileFor(null, fileId);
    const response = found ? await context.services.legalDocuments.download(found.file) : null;
    if (!response) throw data(codeData({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND }), { status: 404 });
    return response;
  });
}
