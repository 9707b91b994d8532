// The last-resort answer when something throws before or outside Remix's own error boundaries, and
// the entry's own refusals (a form action's body that is no form, issue #32 §3).
// Plain HTML with no scripts: it must render even when the app bundle is the thing that broke.
import { getServerT } from '../i18n/server';

/** `key` is a key of the errors namespace: a catalogue code's, or `http.500` for our own failure. */
export function errorPage(lang: 'el' | 'en', status: number, key = 'http.500'): Response {
  const t = getServerT(lang);
  const title = t(`errors:${key}`);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p><a href="/">${t('common:nav.home')}</a></p></body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
