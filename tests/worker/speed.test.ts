// Issue #11 §2 (speed): what the faster paths must keep. The error page names the refusal's code
// (the title comes with the thrown data now, so the browser needs no code table to hydrate it), and
// a 60-item cart summary costs a bounded number of D1 queries.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Browser, form } from './helpers';
import el from '../../i18n/el/errors.json';

describe('error pages after a refused request', () => {
  it('a form sent with a wrong token shows the token_error title, in the page and in its hydration data', async () => {
    const b = new Browser();
    await b.open('/cart');
    const res = await b.fetch('/cart', form({ _token: 'wrong', intent: 'add', type: 'product', sku: 'sha_lin_start' }));
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(`>${el.token_error}</h1>`);
  });

  it('an unknown intent shows the unrecognized_action title', async () => {
    const b = new Browser();
    const { token } = await b.open('/cart');
    const res = await b.fetch('/cart', form({ _token: token, intent: 'no-such-intent' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`>${el.unrecognized_action}</h1>`);
  });
});

describe('the cart summary with 60 items', () => {
  it('reads D1 a bounded number of times, however many items (catalogue cached per isolate, no query per item)', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    for (let i = 0; i < 60; i++) {
      const r = await b.fetch('/cart.data', form({ _token: token, intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' }));
      expect(r.status).toBe(200);
    }
    await (await b.fetch('/cart')).text(); // warm: the isolate's catalogue cache
    const db = env.DB as D1Database;
    const counted: string[] = [];
    const original = { prepare: db.prepare.bind(db), batch: db.batch.bind(db) };
    db.prepare = ((sql: string) => {
      counted.push(sql);
      return original.prepare(sql);
    }) as typeof db.prepare;
    try {
      const res = await b.fetch('/cart');
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html.match(/data-testid="cart-line"/g)?.length).toBe(60);
    } finally {
      db.prepare = original.prepare;
    }
    // Root (countries, banners, promotion) and page (countries, promotions, catalogue) reads: a
    // handful, not one per item.
    expect(counted.length).toBeGreaterThan(0); // the count sees this request's queries
    expect(counted.length, counted.join('\n')).toBeLessThanOrEqual(6);
  });
});
