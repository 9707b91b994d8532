import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { createInstance, type i18n } from 'i18next';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES } from '../i18n/config';
import { resources } from '../i18n/resources';
import { i18nServer } from './i18n.server';
import { closeDocumentLast } from './lib/document-stream.server';
import { memoizeTranslations } from '../i18n/memo';
import { logServerError, noteFailure } from '../worker/http/error-log';

export const streamTimeout = 5_000;

// Remix calls this for a loader's, an action's or the render's error (its default only logs, and not
// at all once the client has gone). The cause is noted against the request: the Worker's entry writes
// the one log line of the 5xx it becomes (worker/http/error-log.ts); an error that ends as a 4xx
// (a route that does not exist) writes none.
export const handleError: HandleErrorFunction = (error, { request }) => {
  noteFailure(request, error);
};

// One initialised i18next per language per isolate: resources are static and nothing calls
// changeLanguage on these, so sharing them between requests is safe and saves a full init each time.
const instances = new Map<string, Promise<i18n>>();
/** Keys a render asked for and the resources lack; reported in development (X-I18n-Missing). */
const missingKeys = new Set<string>();
// Production remembers translated texts (i18n/memo.ts); development does not, as
// each render must meet its missing keys again to report them.
function i18nFor(lng: string, memoize: boolean): Promise<i18n> {
  const id = `${lng}:${memoize ? 'memo' : 'plain'}`;
  let hit = instances.get(id);
  if (!hit) {
    const instance = createInstance();
    hit = instance
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: DEFAULT_LANGUAGE,
        ns: [...NAMESPACES],
        defaultNS: DEFAULT_NAMESPACE,
        resources,
        interpolation: { escapeValue: false },
        saveMissing: true,
        missingKeyHandler: (_lngs, ns, key) => missingKeys.add(`${ns}:${key}`),
      })
      .then(() => {
        if (memoize) memoizeTranslations(instance);
        return instance;
      });
    instances.set(id, hit);
  }
  return hit;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18nServer.getLocale(request);
  const instance = await i18nFor(lng, !loadContext.development);
  missingKeys.clear();

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the render took longer than ${streamTimeout + 1_000} ms`)), streamTimeout + 1_000);
  // Once the answer has gone out its status has too: a later error breaks the page under that status.
  let shellSent = false;
  const body = await renderToReadableStream(
    <I18nextProvider i18n={instance}>
      <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
    </I18nextProvider>,
    {
      signal: controller.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        const cause = controller.signal.aborted ? controller.signal.reason : error;
        if (shellSent) logServerError({ where: 'render', request, status: responseStatusCode, cause });
        else noteFailure(request, cause);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timer)).catch(() => clearTimeout(timer));
  // Crawlers get the whole document at once; people get it streamed. In development the whole
  // render is awaited so that keys missing from i18n/ can be reported (a worker test checks).
  if (loadContext.development || isbot(request.headers.get('user-agent') ?? '')) await body.allReady;
  if (loadContext.development && missingKeys.size > 0) responseHeaders.set('X-I18n-Missing', [...missingKeys].join(', '));

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Language', lng);
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
  shellSent = true;
  return new Response(body.pipeThrough(closeDocumentLast()), { headers: responseHeaders, status: responseStatusCode });
}
