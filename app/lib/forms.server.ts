// Shared helpers for Remix actions: every state-changing form carries `_token` (CSRF) and a
// same-origin `redirectTo`, so a failed check changes nothing and no form can redirect off-site.
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { safeRedirectPath } from '../../core/safe-redirect';
import { codeData } from './route-error.server';

export async function readProtectedForm(request: Request, context: AppLoadContext): Promise<FormData> {
  // Spec §8 403 ip_blacklisted: a blacklisted address may read the shop but change nothing.
  if (await context.services.rateLimits.isBlacklisted(context.ip)) throw data(codeData({ code: ErrorCode.IP_BLACKLISTED }), { status: 403 });
  const form = await request.formData();
  if (!context.verifyCsrf(form.get('_token'))) throw data(codeData({ code: ErrorCode.TOKEN_ERROR }), { status: 403 });
  return form;
}

export function safeRedirectTo(value: FormDataEntryValue | null, fallback = '/'): string {
  return safeRedirectPath(value, fallback);
}
