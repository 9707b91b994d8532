// Shared helpers for Remix actions: every state-changing form carries `_token` (CSRF) and a
// same-origin `redirectTo`, so a failed check changes nothing and no form can redirect off-site.
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { CSRF_FIELD, tokensMatch } from '../../worker/http/csrf';

export async function readProtectedForm(request: Request, context: AppLoadContext): Promise<FormData> {
  const form = await request.formData();
  const submitted = form.get(CSRF_FIELD);
  if (!context.csrfCookiePresent || typeof submitted !== 'string' || !tokensMatch(context.csrfToken, submitted)) {
    throw data({ code: ErrorCode.TOKEN_ERROR }, { status: 403 });
  }
  return form;
}

export function safeRedirectTo(value: FormDataEntryValue | null, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
