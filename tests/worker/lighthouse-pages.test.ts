// Issue #11 (decision 029): what Lighthouse's SEO and accessibility audits read from the served HTML of
// the five measured pages — a title, a meta description, the document language — and, on the search
// results, that the server still renders every row without JavaScript (the browser reveals rows in
// slices; the page without a script must not) and that a flag filter's name starts with its visible code.
import { describe, expect, it } from 'vitest';
import { Browser, form, login } from './helpers';

function head(html: string) {
  return {
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? null,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? null,
  };
}

describe('the pages Lighthouse measures', () => {
  it('home, search results (with and without a keyword) and a hosting page have a title, a description and a language', async () => {
    const b = new Browser();
    for (const path of ['/', '/domains/search?q=kafeneio', '/domains/search', '/hosting/wordpress']) {
      const page = await b.open(path);
      expect(page.res.status, path).toBe(200);
      const h = head(page.html);
      expect(h.lang, path).toBe('el');
      expect(h.title, path).toBeTruthy();
      expect(h.description?.length ?? 0, path).toBeGreaterThan(50);
    }
    const search = head((await b.open('/domains/search?q=kafeneio')).html);
    expect(search.description).toContain('kafeneio');
  });

  it('the cart and the checkout of a logged-in customer with a ready cart have a title and a description', async () => {
    const b = new Browser();
    await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
    const { token } = await b.open('/cart');
    await b.fetch('/cart', form({ _token: token, intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' }));
    for (const path of ['/cart', '/cart/checkout']) {
      const page = await b.open(path);
      expect(page.res.status, path).toBe(200);
      const h = head(page.html);
      expect(h.title, path).toBeTruthy();
      expect(h.description?.length ?? 0, path).toBeGreaterThan(50);
    }
  });

  it('search results without JavaScript: every counted row is in the HTML; flag filters are named from their visible code', async () => {
    const page = await new Browser().open('/domains/search?q=lhpages&js=0');
    const count = Number(/data-testid="result-count" data-count="(\d+)"/.exec(page.html)?.[1]);
    expect(count).toBeGreaterThan(30);
    // The exact-name card is outside the list; the list has one row per counted result.
    const list = page.html.slice(page.html.indexOf('data-testid="result-list"'));
    expect((list.match(/data-testid="result"/g) ?? []).length).toBe(count);
    const flag = /<a[^>]*aria-label="([^"]*)"[^>]*data-testid="filter-flag-GR"[^>]*>/.exec(page.html);
    expect(flag?.[1]).toMatch(/^GR: /);
  });
});
