import type { RequestContext } from './context';

declare module '@remix-run/cloudflare' {
  // Remix loaders and actions receive the same per-request context as the API.
  interface AppLoadContext extends RequestContext {}
}
