// Issue #11: the served documents are valid HTML. These check, without the Nu checker, the findings
// that were fixed at their root (the browser-level gate runs vnu and axe over every page).
import { describe, expect, it } from 'vitest';
import { Browser } from './helpers';

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** What follows the document's closing tag, and how many closing tags there are. */
function tail(html: string) {
  return { closings: html.split('</html>').length - 1, endsClosed: html.trimEnd().endsWith('</body></html>'), scriptsAfterBody: html.slice(html.indexOf('</body>')).includes('<script') };
}

describe('the streamed loader data stays inside the document (decision 027)', () => {
  for (const path of ['/', '/hosting/shared-linux', '/domains/search?q=kafeneio', '/auth/login']) {
    it(`${path} ends with </body></html> and has no script after it`, async () => {
      const { res, html } = await new Browser().open(path);
      expect(res.status).toBe(200);
      // The loader data still streams as inline scripts with the page's nonce, now inside <body>.
      expect(html).toMatch(/<script nonce="[^"]+">window\.__remixContext\.streamController\.enqueue/);
      expect(tail(html)).toEqual({ closings: 1, endsClosed: true, scriptsAfterBody: false });
    });
  }

  it('does the same for a crawler, which gets the whole document at once', async () => {
    const { html } = await new Browser().open('/');
    const res = await new Browser().fetch('/', { headers: { 'User-Agent': BOT } });
    const botHtml = await res.text();
    expect(tail(botHtml)).toEqual({ closings: 1, endsClosed: true, scriptsAfterBody: false });
    expect(botHtml.length).toBeGreaterThan(html.length / 2);
  });

  it('does the same for the not-found page', async () => {
    const res = await new Browser().fetch('/no-such-page');
    expect(res.status).toBe(404);
    expect(tail(await res.text())).toEqual({ closings: 1, endsClosed: true, scriptsAfterBody: false });
  });
});
