// What the login page and the GDPR approval page (its last step, issue #24 §3) share: the request's
// session metadata, the held form values (keep_progress), and the answer to a login that succeeded.
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { encodeProgress, KEEP_PROGRESS_COOKIE, KEEP_PROGRESS_SECONDS, sanitiseProgress, type Progress } from '../../core/keep-progress';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';
import type { LoginActionData } from '../components/login-forms';

export function loginMeta(request: Request, context: AppLoadContext, form: FormData) {
  const uniqueId = form.get('unique_id');
  return {
    ip: context.ip,
    userAgent: request.headers.get('User-Agent') ?? '',
    visitorId: context.visitorId,
    uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
  };
}

/** keep_progress: a form's values that came along to the login go back to their page in a cookie. */
export function progressOf(form: FormData): Progress | null {
  return sanitiseProgress(form.get('progress_form'), Object.fromEntries([...form].filter(([k]) => k.startsWith('progress.')).map(([k, v]) => [k.slice('progress.'.length), v])));
}

/** Logged in: the session's cookies (and the held values'), then the way back. */
export function loginSuccess(request: Request, form: FormData, redirectTo: string, progress: Progress | null, setCookies: string[]) {
  const headers = new Headers();
  for (const c of setCookies) headers.append('Set-Cookie', c);
  if (progress) headers.append('Set-Cookie', serializeCookie(KEEP_PROGRESS_COOKIE, encodeProgress(progress), { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: KEEP_PROGRESS_SECONDS }));
  // The dialog loads the page afresh itself: a fetcher's redirect can race the page's own re-reads
  // (the cart merge is broadcast to this tab) and show it with the cookies from before the login.
  if (form.get('dialog') === '1') return data({ result: null, view: 'done', redirectTo } satisfies LoginActionData, { headers });
  return redirect(redirectTo, { status: 303, headers });
}

/** An answer that keeps the held values for another try. */
export function loginReply(progress: Progress | null) {
  return (body: LoginActionData, status: number, retryAfter?: number) => {
    const headers = new Headers();
    if (retryAfter) headers.set('Retry-After', String(retryAfter));
    return data(progress && !body.progress ? { ...body, progress } : body, { status, headers });
  };
}
