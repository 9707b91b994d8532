// The cart's action plumbing shared by the routes that post to it: who owns the cart, and how an
// outcome reaches a browser without JavaScript (a redirect carrying the errorCode cookie, spec §8) or
// a fetcher (JSON with the code).
import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { resolveCode } from '../../core/errors';
import { serializeCookie, wantsSecure } from '../../worker/http/cookies';

export async function cartOwner(context: AppLoadContext) {
  return context.services.cart.ownerOf(await context.session(), context.visitorId);
}

/** A plain POST's outcome: back to the page, with the catalogue code in the errorCode cookie on failure. */
export function redirectWithCode(request: Request, to: string, code: number | null) {
  const headers = new Headers();
  if (code !== null) {
    headers.append('Set-Cookie', serializeCookie('errorCode', `${resolveCode(code).name}:false`, { sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 120 }));
  }
  return redirect(to, { status: 303, headers });
}
