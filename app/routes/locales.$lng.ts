// The page's translations as JSON for the browser (preloaded by the root layout, read by
// entry.client before hydration). Versioned URLs are immutable; others revalidate quickly.
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isLanguage } from '../../i18n/config';
import { RESOURCES_JSON, RESOURCES_VERSION } from '../../i18n/resources';

export function loader({ params, request }: LoaderFunctionArgs) {
  const lng = params.lng;
  if (!isLanguage(lng)) return new Response('Not found', { status: 404 });
  const v = new URL(request.url).searchParams.get('v');
  const immutable = v === RESOURCES_VERSION[lng];
  return new Response(RESOURCES_JSON[lng], {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      ETag: `"${RESOURCES_VERSION[lng]}"`,
    },
  });
}
