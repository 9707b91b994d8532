// Issue #21 §4 (decision 056): a logged-in page view costs at most one Durable Object round trip —
// the session check and the header cart are answered by one call to the user's object — while a
// revoked session is still refused on the very next request and the header cart stays truthful.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, form } from './helpers';
import { newCustomer, servicesAt } from './customers';

type Namespace = { get: (...args: unknown[]) => unknown; getByName?: (...args: unknown[]) => unknown };

/**
 * Counts every call made on a stub of the User namespace while `run` goes (an RPC method or fetch: each
 * is one round trip to the object). The Worker under test shares this `env` (as speed.test.ts's D1 count).
 */
let restore: (() => void) | null = null;
async function countUserCalls(run: () => Promise<void>): Promise<string[]> {
  const ns = env.User as unknown as Namespace;
  const calls: string[] = [];
  const original = { get: ns.get, getByName: ns.getByName };
  const wrap = (stub: object) =>
    new Proxy(stub, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        // `then` is asked by every await of a stub; it is no call to the object.
        if (typeof prop !== 'string' || prop === 'then' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(prop);
          return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        };
      },
    });
  ns.get = (...args: unknown[]) => wrap(original.get.apply(ns, args) as object);
  if (original.getByName) ns.getByName = (...args: unknown[]) => wrap(original.getByName!.apply(ns, args) as object);
  restore = () => {
    ns.get = original.get;
    if (original.getByName) ns.getByName = original.getByName;
    restore = null;
  };
  try {
    await run();
  } finally {
    restore?.();
  }
  return calls;
}
afterEach(() => restore?.());

/**
 * Counts D1 round trips while `run` goes: a batch is one, a statement run on its own is one. The
 * Worker under test shares this `env` (as speed.test.ts's count of statements).
 */
const unwrap = Symbol('statement');
async function countD1RoundTrips(run: () => Promise<void>): Promise<string[]> {
  const db = env.DB as D1Database;
  const trips: string[] = [];
  const original = { prepare: db.prepare, batch: db.batch };
  const counted = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === unwrap) return target;
        const value = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'bind') return (...args: unknown[]) => counted(Reflect.apply(value, target, args) as D1PreparedStatement, sql);
        if (prop === 'all' || prop === 'first' || prop === 'run' || prop === 'raw') {
          return (...args: unknown[]) => {
            trips.push(sql);
            return Reflect.apply(value, target, args);
          };
        }
        return value.bind(target);
      },
    });
  db.prepare = ((sql: string) => counted(original.prepare.call(db, sql), sql)) as typeof db.prepare;
  db.batch = ((statements: D1PreparedStatement[]) => {
    trips.push(`batch of ${statements.length}`);
    // The batch's statements are this proxy's: hand D1 the real ones.
    return original.batch.call(db, statements.map((s) => (s as unknown as { [unwrap]?: D1PreparedStatement })[unwrap] ?? s));
  }) as typeof db.batch;
  try {
    await run();
  } finally {
    db.prepare = original.prepare;
    db.batch = original.batch;
  }
  return trips;
}

/** A customer logged in straight through the service (no password form): the browser holds the session cookie. */
async function loggedIn(prefix: string) {
  const c = await newCustomer(prefix);
  const b = new Browser();
  await b.open('/');
  const cookies = await servicesAt().auth.loginVerified(new Request('http://localhost/'), c.id, { ip: b.ip, userAgent: 'test', visitorId: b.cookies.get('gid') ?? 'g-test', uniqueId: null });
  b.absorb(new Response(null, { headers: cookies.map((v) => ['Set-Cookie', v] as [string, string]) }));
  expect(b.cookies.get('sid')).toMatch(/^\d+\./);
  return { ...c, b };
}

// The badge is not drawn for an empty cart.
const badge = (html: string) => Number(/data-testid="cart-badge" data-count="(\d+)"/.exec(html)?.[1] ?? 0);

describe('a logged-in page view (issue #21 §4)', () => {
  it('makes at most one Durable Object round trip, with an empty cart and with items in it', async () => {
    const { b } = await loggedIn('pvcost');
    await b.open('/'); // the object exists and is warm, as for a customer browsing
    let html = '';
    const empty = await countUserCalls(async () => {
      html = (await b.open('/')).html;
    });
    expect(html).toContain('data-testid="account-name"');
    // Exactly one: the counter sees the calls (none would mean it counts nothing).
    expect(empty.length, empty.join(', ')).toBe(1);

    const added = await b.fetch('/cart.data', form({ _token: b.csrf, intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' }));
    expect(added.status).toBe(200);
    for (const path of ['/', '/account', '/account/domains']) {
      const calls = await countUserCalls(async () => {
        const { res, html: page } = await b.open(path);
        expect(res.status, path).toBe(200);
        html = page;
      });
      expect(calls.length, `${path}: ${calls.join(', ')}`).toBe(1);
      expect(badge(html), path).toBe(1);
    }
  });

  it('refuses a revoked session on the very next request (the last-seen touch written a moment ago changes nothing)', async () => {
    const { id, b } = await loggedIn('pvrevoke');
    expect((await b.fetch('/account')).status).toBe(200);
    expect((await b.fetch('/account')).status).toBe(200);
    // Ended elsewhere (a password reset, staff, "log out everywhere" from another browser).
    expect(await servicesAt().auth.endAllSessions(id)).toBe(1);
    const res = await b.fetch('/account');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toMatch(/^\/auth\/login/);
    const { html } = await b.open('/');
    expect(html).not.toContain('data-testid="account-name"');
  });

  it('keeps the header cart truthful: an add and a remove show on the next page', async () => {
    const { b } = await loggedIn('pvcart');
    expect(badge((await b.open('/')).html)).toBe(0);
    const added = await b.fetch('/cart.data', form({ _token: b.csrf, intent: 'add', type: 'product', sku: 'sha_lin_start', js: '1' }));
    expect(added.status).toBe(200);
    expect(badge((await b.open('/')).html)).toBe(1);
    const { id: userId } = await servicesAt().auth.current(new Request('http://localhost/', { headers: { Cookie: `sid=${b.cookies.get('sid')}` } })).then((s) => s!.user);
    const [item] = await servicesAt().cart.items({ room: `u-${userId}`, userId });
    const id = item!.id;
    const removed = await b.fetch('/cart.data', form({ _token: b.csrf, intent: 'remove', id, js: '1' }));
    expect(removed.status).toBe(200);
    expect(badge((await b.open('/')).html)).toBe(0);
  });

  it('reads D1 once more than a guest for the session (user row and default billing profile in one batch)', async () => {
    const { b } = await loggedIn('pvd1');
    const guest = new Browser();
    await b.open('/');
    await guest.open('/'); // warm: the isolate's catalogue cache
    const guestTrips = await countD1RoundTrips(async () => {
      expect((await guest.open('/')).res.status).toBe(200);
    });
    const customerTrips = await countD1RoundTrips(async () => {
      const { res, html } = await b.open('/');
      expect(res.status).toBe(200);
      expect(html).toContain('data-testid="account-name"');
    });
    // The catalogue's reads are cached per isolate for seconds: one that expires between the two
    // requests is no cost of being logged in.
    const own = (trips: string[]) => trips.filter((sql) => !/from "(countries|promotions|banners|settings|tlds|tld_prices|products|product_prices)"/.test(sql));
    expect(own(customerTrips).length, customerTrips.join('\n')).toBeGreaterThan(0); // the count sees this request's reads
    expect(own(customerTrips).length - own(guestTrips).length, customerTrips.join('\n')).toBeLessThanOrEqual(1);
  });
});
