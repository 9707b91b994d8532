// The bodies a page's form action reads (issue #32 §3). Every Remix action reads `request.formData()`,
// which throws on a JSON or text body, on none, and on a multipart that does not parse: the action
// failed with a 500. The Worker's entry asks this module first, once for every action, so a route
// written tomorrow is covered too: a body that is no form is refused with 415, a broken multipart
// with 400, each with its catalogue code, before any action runs.
import { ErrorCode } from '../../core/errors';
import { isStateChanging } from './csrf';

export type FormBodyRefusal = { status: 400 | 415; code: typeof ErrorCode.UNSUPPORTED_FORM_BODY | typeof ErrorCode.MALFORMED_FORM_BODY };

// The two encodings an HTML form (and Remix's own client) sends. `text/plain`, the third encoding of
// HTML, is no form to `formData()`, so it is refused like JSON.
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

// One-click unsubscribe (RFC 8058, routes/newsletter.unsubscribe.tsx): the token in the address is the
// whole authority and the body only says which button it was, so a mail client's sloppy body still
// unsubscribes (the route reads a broken one as empty) rather than being refused.
const BODY_OPTIONAL = new Set(['/newsletter/unsubscribe']);

/** The page's path without single fetch's `.data` suffix (`/account.data`, `/_root.data` for `/`). */
export function pagePath(pathname: string): string {
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

/** Why a request to a page cannot reach its action, or null when its body is a form (or it reads none). */
export async function formBodyRefusal(request: Request): Promise<FormBodyRefusal | null> {
  if (!isStateChanging(request.method)) return null;
  if (BODY_OPTIONAL.has(pagePath(new URL(request.url).pathname))) return null;
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, code: ErrorCode.UNSUPPORTED_FORM_BODY };
  // A URL-encoded body always parses (a stray % stays as it is); a multipart one is read here on a
  // copy, so the action still reads the original. Only file uploads are multipart (a legal
  // document's PDF in the back office): the copy costs that body's size once more, nothing else.
  if (type === 'multipart/form-data') {
    try {
      await request.clone().formData();
    } catch {
      return { status: 400, code: ErrorCode.MALFORMED_FORM_BODY };
    }
  }
  return null;
}

/**
 * Whether the refusal goes to a script (the envelope) rather than to a browser's page (an HTML page):
 * Remix's own fetches (`.data`), and any client that does not ask for HTML.
 */
export function wantsEnvelope(request: Request): boolean {
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data') || url.searchParams.has('_data')) return true;
  return !(request.headers.get('Accept') ?? '').includes('text/html');
}
