// The download of a legal document's file (issue #13 §3, decision 042): a resource route (no page),
// the owner's only — another customer's file, or a file of another document, is the same 404 (35502)
// as a document that does not exist; a guest goes to the login first (requireUser).
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { loadOwnDocument } from '../lib/document-route.server';
import { resourceGuard } from '../lib/resource-errors.server';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return resourceGuard(async () => {
    const { document, session } = await loadOwnDocument(request, context, params);
    const fileId = /^\d{1,12}$/.test(params.fileId ?? '') ? Number(params.fileId) : NaN;
    const found = await context.services.legalDocuments.fileFor(session.user.id, fileId, document.id);
    const response = found ? await context.services.legalDocuments.download(found.file) : null;
    if (!response) throw data(codeData({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND }), { status: 404 });
    return response;
  });
}
