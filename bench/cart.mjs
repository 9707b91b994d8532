// Cart and checkout figures (issue #5 §6): add-to-cart round trip (the fetcher's request: the action
// through Remix single fetch, '/cart.data'), cross-tab propagation (from the moment a page of the
// same browser sends the add to the moment a second page — the app, listening on the live channel —
// receives the event; adds one at a time, 300 ms apart), the summary page with items, and placing an
// order of 20 items. Runs against the bench server with a browser for the live part.
import { call as callAs, csrfToken as token, DEMO_CUSTOMER, Jar, login, stats } from './client.mjs';

// The cart part's own address, so the login and form limits of the other parts do not slow it.
const IP = '10.9.9.9';
const call = (base, jar, path, body) => callAs(base, jar, path, body, { ip: IP });

export async function measureCart(base, browser) {
  // Add-to-cart round trips (a guest; a product SKU may be added again and again).
  const guest = new Jar();
  await call(base, guest, '/');
  const adds = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    // '/cart.data' is what a fetcher posts to (Remix single fetch): the action alone, no page render.
    const { res } = await call(base, guest, '/cart.data', { _token: token(guest), intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' });
    if (res.status !== 200) throw new Error(`add answered ${res.status}`);
    adds.push(performance.now() - t0);
  }
  // The summary page with those 60 items.
  const summary = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await call(base, guest, '/cart');
    summary.push(performance.now() - t0);
  }

  // Cross-tab: page A listens on the browser's room; page B (same cookies) adds; time to A's event.
  const context = await browser.newContext();
  const a = await context.newPage();
  await a.goto(`${base}/`);
  const gid = (await context.cookies()).find((c) => c.name === 'gid').value;
  await a.evaluate(
    (room) =>
      new Promise((resolve) => {
        const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/parties/user/${room}`);
        window.__arrivals = [];
        ws.onmessage = (e) => {
          if (String(e.data).includes('CartItemWasCreated')) window.__arrivals.push(performance.timeOrigin + performance.now());
        };
        ws.onopen = () => resolve(null);
      }),
    gid,
  );
  // Page B sends from a page of the same origin without the app: in the app the sending tab ignores its
  // own event (unique_id), so B must not re-read the cart itself; A, the other tab, does, as it would.
  // The CSRF cookie is HttpOnly: A's forms carry the token.
  const csrf = await a.evaluate(() => document.querySelector('input[name="_token"]').value);
  const b = await context.newPage();
  await b.goto(`${base}/favicon.svg`);
  const propagation = [];
  for (let i = 0; i < 40; i++) {
    const sent = await b.evaluate(async (t) => {
      const started = performance.timeOrigin + performance.now();
      await fetch('/cart.data', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _token: t, intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' }) });
      return started;
    }, csrf);
    await a.waitForFunction((n) => window.__arrivals.length >= n, i + 1);
    const arrived = await a.evaluate((n) => window.__arrivals[n], i);
    propagation.push(arrived - sent);
    // A person adds one thing at a time: A's re-read of the cart after each event finishes first.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await context.close();

  // Checkout with 20 items: the demo customer, a receipt profile, bank transfer.
  const customer = await login(base, { email: DEMO_CUSTOMER, ip: IP });
  const checkouts = [];
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < 20; i++) await call(base, customer, '/cart', { _token: token(customer), intent: 'add', type: 'product', sku: i % 2 ? 'sha_lin_plus' : 'sha_lin_start', js: '1' });
    let { text } = await call(base, customer, '/cart/checkout');
    if (!/name="profile_id"/.test(text)) {
      await call(base, customer, '/cart/checkout', { _token: token(customer), intent: 'create_profile', type: 'REC', name: 'Μαρία Παπαδοπούλου', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' });
      ({ text } = await call(base, customer, '/cart/checkout'));
    }
    const key = /<input[^>]*name="key"[^>]*value="([^"]+)"/.exec(text)[1];
    const profileId = /<input[^>]*name="profile_id"[^>]*value="(\d+)"/.exec(text)[1];
    const t0 = performance.now();
    const { res } = await call(base, customer, '/cart/checkout', { _token: token(customer), intent: 'place_order', profile_id: profileId, method: 'bank_transfer', agree: 'on', key });
    checkouts.push(performance.now() - t0);
    if (res.status !== 303) throw new Error(`place order answered ${res.status}`);
  }
  return { addToCartMs: stats(adds), summaryWith60ItemsMs: stats(summary), crossTabMs: stats(propagation), checkout20ItemsMs: stats(checkouts) };
}
