// Remix forwards only Set-Cookie from loaders and actions by itself: a 429 must also say when to
// retry (spec §8, issue #10 §4), so the routes that can answer one pass its Retry-After on.
import type { HeadersFunction } from '@remix-run/cloudflare';

/** The route's headers: Retry-After from its action and/or loader; `noStore` for pages of one visitor. */
export function retryAfterHeaders({ from = 'both', noStore = false }: { from?: 'loader' | 'action' | 'both'; noStore?: boolean } = {}): HeadersFunction {
  return ({ actionHeaders, loaderHeaders }) => {
    const headers = new Headers(noStore ? { 'Cache-Control': 'no-store' } : undefined);
    const retry = (from !== 'loader' ? actionHeaders.get('Retry-After') : null) ?? (from !== 'action' ? loaderHeaders.get('Retry-After') : null);
    if (retry) headers.set('Retry-After', retry);
    return headers;
  };
}
