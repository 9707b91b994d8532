// Issue #11: the served documents are valid HTML. These check, without the Nu checker, the findings
// that were fixed at their root (the browser-level gate runs vnu and axe over every page).
import { describe, expect, it } from 'vitest';
import { Browser, form, login } from './helpers';

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

describe('error pages have a document title', () => {
  it('the not-found page is titled in the visitor’s language, once, in <head>', async () => {
    const el = await (await new Browser().fetch('/no-such-page')).text();
    const head = el.slice(0, el.indexOf('</head>'));
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Η σελίδα δεν βρέθηκε | Ελληνικός Καταχωρητής</title>']);
    const en = new Browser();
    en.cookies.set('lng', 'en');
    const html = await (await en.fetch('/no-such-page')).text();
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Page not found | Hellenic Registrar</title>']);
  });

  it('a page with its own title keeps just that one', async () => {
    const { html } = await new Browser().open('/auth/login');
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Σύνδεση | Ελληνικός Καταχωρητής</title>']);
  });
});

/** The markup errors the Nu checker found on the account pages, checked without it. */
function markupProblems(html: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const [, id] of html.matchAll(/\sid="([^"]+)"/g)) {
    if (seen.has(id!)) out.push(`duplicate id ${id}`);
    seen.add(id!);
  }
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    if (/autocomplete="street-address"/i.test(tag)) out.push(`street-address on an input: ${tag}`);
    if (/type="hidden"/.test(tag) && /\srequired=/.test(tag)) out.push(`required on a hidden input: ${tag}`);
  }
  for (const [select, first] of html.matchAll(/<select\b[^>]*\srequired=""[^>]*>(<option[^>]*>[^<]*<\/option>)/g)) {
    if (!/^<option value=""/.test(first!)) out.push(`required select without an empty first option: ${select.slice(0, 120)}`);
  }
  return out;
}

describe('the account pages have no duplicate ids, bad autocomplete tokens or bad required attributes', () => {
  for (const path of ['/account', '/account/security', '/account/preferences', '/account/billing', '/account/sessions', '/account/orders']) {
    it(path, async () => {
      const b = new Browser();
      await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
      const { res, html } = await b.open(path);
      expect(res.status).toBe(200);
      expect(markupProblems(html)).toEqual([]);
    });
  }

  it('the checkout', async () => {
    const b = new Browser();
    await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
    const { token } = await b.open('/hosting/shared-linux');
    const sku = /name="sku" value="([^"]+)"/.exec((await b.open('/hosting/shared-linux')).html)?.[1] ?? '';
    expect(sku).not.toBe('');
    await b.fetch('/cart', form({ _token: token, intent: 'add', type: 'product', sku, months: '12' }));
    const { res, html } = await b.open('/cart/checkout');
    expect(res.status).toBe(200);
    expect(html).toContain('name="key"');
    expect(markupProblems(html)).toEqual([]);
  });
});
