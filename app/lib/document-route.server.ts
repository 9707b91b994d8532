// The document pages' shared guard (issue #13 §2): `/account/documents/:id` and its tabs load the
// customer's own document with its balance; anyone else's document, or none, is a 404 (35502
// sale_document_not_found), never a hint that the number exists.
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import type { Params } from '@remix-run/react';
import { ErrorCode } from '../../core/errors';
import { requireUser } from './auth.server';
import { codeData } from './route-error.server';

export async function loadOwnDocument(request: Request, context: AppLoadContext, params: Params) {
  const session = await requireUser(request, context);
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const document = Number.isSafeInteger(id) ? await context.services.documents.documentFor(session.user.id, id) : null;
  if (!document) throw data(codeData({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND }), { status: 404 });
  return { document, session };
}
