// Bulk actions over a whole portfolio (issue #20 §4): D1 takes at most 100 bound parameters per
// statement, so a list of names must be read in chunks. The page's "select all" (50 names) gave a 500,
// the nameserver apply page failed at 100; here every bulk action runs over 2,000 names (the size of the
// portfolio demo account) and each name gets its own answer.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { domains, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { seedPortfolio, PORTFOLIO_SIZE } from '../../db/seed/bulk-domains';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
type Row = typeof domains.$inferSelect;

let c: { id: number; email: string; owner: { room: string; userId: number } };
let rows: Row[];

beforeAll(async () => {
  const email = `${uniqueName('bulk2000')}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  c = { id: u!.id, email, owner: { room: `u-${u!.id}`, userId: u!.id } };
  expect(await seedPortfolio(db, new Date(), { userId: c.id, count: PORTFOLIO_SIZE, prefix: uniqueName('b') })).toBe(2000);
  rows = await db.select().from(domains).where(eq(domains.userId, c.id));
  expect(rows).toHaveLength(2000);
}, 120_000);

async function loggedIn() {
  const b = new Browser();
  expect((await login(b, c.email, DEMO_USERS[0].password)).status).toBe(303);
  return b;
}

/** Every name answered once, by its display form, and none as "not yours". */
function answeredAll(results: { fqdn: string; code: number }[]) {
  expect(results).toHaveLength(2000);
  expect(new Set(results.map((r) => r.fqdn))).toEqual(new Set(rows.map((r) => r.fqdn)));
  expect(results.filter((r) => r.code === ErrorCode.DOMAIN_DOES_NOT_EXIST)).toEqual([]);
}

describe('bulk actions over 2,000 names', () => {
  it('"select all" on a page of 50 runs through the list page (a 500 before)', async () => {
    const b = await loggedIn();
    const { token, html } = await b.open('/account/domains?select=page');
    const ticked = [...html.matchAll(/<input type="checkbox" form="bulk" name="domain"[^>]* checked="" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(ticked.length).toBe(50);
    const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'auto_renew_on' });
    for (const n of ticked) body.append('domain', n);
    const res = await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-testid="bulk-outcome"');
  }, 60_000);

  it('auto-renew on and off', async () => {
    const s = servicesAt();
    const names = rows.map((r) => r.asciiFqdn);
    const on = await s.myDomains.bulk(c.id, c.owner, 'auto_renew_on', names, null);
    if (!on.ok) throw new Error(`refused ${on.code}`);
    answeredAll(on.results);
    const off = await s.myDomains.bulk(c.id, c.owner, 'auto_renew_off', names, null);
    if (!off.ok) throw new Error(`refused ${off.code}`);
    answeredAll(off.results);
    const after = await db.select({ autoRenew: domains.autoRenew, status: domains.status }).from(domains).where(eq(domains.userId, c.id));
    // Names in redemption cannot take it (refused per name); every other one is off now.
    expect(after.filter((d) => d.status !== 'redemption' && d.autoRenew)).toEqual([]);
  }, 300_000);

  it('lock, at the registry and here', async () => {
    const s = servicesAt();
    const r = await s.myDomains.bulk(c.id, c.owner, 'lock', rows.map((d) => d.fqdn), null);
    if (!r.ok) throw new Error(`refused ${r.code}`);
    answeredAll(r.results);
    const locked = await db.select({ locked: domains.locked, status: domains.status }).from(domains).where(eq(domains.userId, c.id));
    expect(locked.filter((d) => d.status === 'active' && !d.locked)).toEqual([]);
  }, 600_000);

  it('renew: every renewable name goes to the cart', async () => {
    const s = servicesAt();
    const r = await s.myDomains.bulk(c.id, c.owner, 'renew', rows.map((d) => d.asciiFqdn), null);
    if (!r.ok) throw new Error(`refused ${r.code}`);
    answeredAll(r.results);
    const inCart = (await s.cart.items(c.owner)).filter((i) => i.kind === 'domain' && i.parentId === null);
    expect(inCart.length).toBe(r.results.filter((x) => x.ok).length);
    expect(inCart.length).toBeGreaterThan(1500);
  }, 600_000);

  it('nameservers: the bulk form, the apply page with 2,000 names and the apply itself', async () => {
    const b = await loggedIn();
    const { token } = await b.open('/account/domains');
    const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'nameservers' });
    for (const d of rows) body.append('domain', d.asciiFqdn);
    const bulk = await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    // 2,000 names in the address were 53 KB, past the edge's URL limit (issue #32 §5): a 307 has the
    // browser post the same form to the apply page instead.
    expect(bulk.status).toBe(307);
    expect(bulk.headers.get('Location')).toBe('/account/nameservers/apply');
    const reposted = await b.fetch(bulk.headers.get('Location')!, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(reposted.status).toBe(200);
    const page = { html: await reposted.text(), token };
    const listed = [...page.html.matchAll(/<input type="hidden" name="domain" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(listed.length).toBe(2000);
    expect(page.html).not.toContain('data-testid="apply-not-yours"');

    const post = new URLSearchParams({ _token: page.token, intent: 'apply', mode: 'custom', 'ns[0]': 'ns1.bulk-dns.net', 'ns[1]': 'ns2.bulk-dns.net' });
    for (const n of listed) post.append('domain', n);
    const res = await b.fetch('/account/nameservers/apply', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: post.toString() });
    expect(res.status).toBe(200);
    const after = await db.select({ nameservers: domains.nameservers, status: domains.status }).from(domains).where(eq(domains.userId, c.id));
    expect(after.filter((d) => d.status !== 'redemption' && d.nameservers[0] !== 'ns1.bulk-dns.net')).toEqual([]);
    void form;
  }, 600_000);
});
