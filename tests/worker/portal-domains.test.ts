// My domains inside workerd (issue #12 §2): the list (previews' counts, search, sort, pages), the
// domain page's settings through the sandbox registry (lock, auto-renew, auth code by registry policy,
// ID protect not applicable / bought / toggled), a registry failure leaving our row unchanged, bulk
// actions reported per name, and other customers' names answering 404.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { readListQuery } from '../../core/domains/portal';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditNoteStatements, rawBatch } from '../../db/raw-batch';
import { domains, orders, registryMessages, registryObjects, users } from '../../db/schema';
import { seedPortfolio } from '../../db/seed/bulk-domains';
import { TLDS } from '../../db/seed/catalog-data';
import { DEMO_USERS } from '../../db/seed';
import { readLiveFrame } from '../../party/channels';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;
const q = (s: string) => readListQuery(new URLSearchParams(s));

afterEach(async () => {
  for (const family of ['gr', 'eurid', 'icm', 'generic'] as const) await servicesAt().domains.setSandboxSwitches(family, { failing: false, maintenance: false, latencyMs: 0 });
});

/** A customer who can log in through the form (the demo password). */
async function customer(prefix: string) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  return { id: u!.id, email, owner: { room: `u-${u!.id}`, userId: u!.id } };
}

async function loggedIn(email: string) {
  const b = new Browser();
  const res = await login(b, email, DEMO_USERS[0].password);
  expect(res.status).toBe(303);
  return b;
}

type HoldOptions = { status?: 'active' | 'expired' | 'redemption' | 'transfer_pending'; days?: number; locked?: boolean; idProtect?: boolean; paidDays?: number | null; sponsor?: string };

/** A name the customer holds, here and (sponsored by us unless told) in the sandbox registry. */
async function hold(userId: number, tld: string, o: HoldOptions = {}) {
  const label = uniqueName('pd');
  const registry = TLDS.find((t) => t.tld === tld)!.registry;
  const now = Date.now();
  const expiresAt = new Date(now + (o.days ?? 200) * DAY);
  const status = o.status ?? 'active';
  const [row] = await db
    .insert(domains)
    .values({
      userId,
      fqdn: `${label}.${tld}`,
      asciiFqdn: asciiFqdnFor(label, tld),
      registryKey: registryKeyFor(label, tld),
      tld,
      registry,
      status,
      expiresAt,
      locked: o.locked ?? false,
      idProtect: o.idProtect ?? false,
      idProtectUntil: o.paidDays == null ? null : new Date(now + o.paidDays * DAY),
      createdAt: new Date(now - 100 * DAY),
      updatedAt: new Date(now - 100 * DAY),
    })
    .returning();
  await db.insert(registryObjects).values({
    registry,
    registryKey: registryKeyFor(label, tld),
    name: asciiFqdnFor(label, tld),
    statuses: status === 'redemption' ? ['redemptionPeriod'] : o.locked ? ['clientTransferProhibited'] : ['ok'],
    sponsor: o.sponsor ?? 'us',
    authCode: 'Old-Code-123#',
    idProtect: o.idProtect ?? false,
    nameservers: ['ns1.example.net', 'ns2.example.net'],
    createdAt: new Date(now - 100 * DAY),
    updatedAt: new Date(now - 100 * DAY),
    expiresAt,
  });
  return row!;
}

async function ours(id: number) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row!;
}

async function registryOf(d: { registry: (typeof domains.$inferSelect)['registry']; registryKey: string }) {
  const [row] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, d.registry), eq(registryObjects.registryKey, d.registryKey)));
  return row!;
}

describe('the list', () => {
  it('counts the previews, pages by 50, searches, sorts and filters (a 120-name portfolio)', async () => {
    const c = await customer('list');
    const prefix = uniqueName('pf');
    expect(await seedPortfolio(db, new Date(), { userId: c.id, count: 120, prefix })).toBe(120);
    // Idempotent: a second run adds nothing.
    expect(await seedPortfolio(db, new Date(), { userId: c.id, count: 120, prefix })).toBe(0);
    const s = servicesAt();
    const all = await db.select().from(domains).where(eq(domains.userId, c.id));
    const soon = Date.now() + 30 * DAY;
    const expect_ = {
      registered: all.filter((d) => d.status === 'active').length,
      expiring: all.filter((d) => d.status === 'active' && d.expiresAt.getTime() <= soon).length,
      expired: all.filter((d) => d.status === 'expired' || d.status === 'redemption').length,
    };
    const first = await s.myDomains.list(c.id, q(''));
    expect(first.counts).toEqual({ all: 120, ...expect_ });
    // Every preview has members (the seed spreads expiries over −60 … +720 days).
    expect(Math.min(expect_.registered, expect_.expiring, expect_.expired)).toBeGreaterThan(0);
    expect(first.rows).toHaveLength(50);
    expect(first.pages).toBe(3);
    expect(first.rows.map((r) => r.fqdn)).toEqual([...first.rows.map((r) => r.fqdn)].sort());
    const third = await s.myDomains.list(c.id, q('page=3'));
    expect(third.rows).toHaveLength(20);
    // A page past the end shows the last one.
    expect((await s.myDomains.list(c.id, q('page=9'))).page).toBe(3);

    const byExpiry = await s.myDomains.list(c.id, q('sort=expiry'));
    expect(byExpiry.rows[0]!.expiresAt.getTime()).toBe(Math.min(...all.map((d) => d.expiresAt.getTime())));
    const latest = await s.myDomains.list(c.id, q('sort=expiry&dir=desc'));
    expect(latest.rows[0]!.expiresAt.getTime()).toBe(Math.max(...all.map((d) => d.expiresAt.getTime())));

    const expired = await s.myDomains.list(c.id, q('view=expired'));
    expect(expired.total).toBe(expect_.expired);
    expect(expired.rows.every((r) => r.status === 'expired' || r.status === 'redemption')).toBe(true);
    const expiring = await s.myDomains.list(c.id, q('view=expiring'));
    expect(expiring.total).toBe(expect_.expiring);

    const search = await s.myDomains.list(c.id, q(`q=${prefix}-taverna`));
    expect(search.total).toBe(all.filter((d) => d.fqdn.includes(`${prefix}-taverna`)).length);
    expect(search.total).toBeGreaterThan(0);
    expect(search.rows.every((r) => r.fqdn.includes('taverna'))).toBe(true);
    // The customer's % is literal, not a wildcard.
    expect((await s.myDomains.list(c.id, q('q=%'))).total).toBe(0);
    // Counts stay the account's while searching.
    expect(search.counts.all).toBe(120);
  });

  it('serves the page with GET forms: rows, previews, a search and a page link', async () => {
    const c = await customer('listpage');
    const prefix = uniqueName('pg');
    await seedPortfolio(db, new Date(), { userId: c.id, count: 60, prefix });
    const b = await loggedIn(c.email);
    const res = await b.fetch('/account/domains');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/data-testid="my-domain"/g)).toHaveLength(50);
    expect(html).toContain('data-testid="preview-expiring"');
    expect(html).toContain('href="/account/domains?page=2"');
    const found = await (await b.fetch(`/account/domains?q=${prefix}-hotel`)).text();
    const rows = found.match(/data-testid="my-domain"/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(50);
  });
});

describe('a domain page', () => {
  it("answers 404 (30014) for another customer's name and for no name, and redirects the Unicode form", async () => {
    const owner = await customer('owner');
    const other = await customer('other');
    const d = await hold(owner.id, 'com');
    const b = await loggedIn(other.email);
    expect((await b.fetch(`/account/domains/${d.asciiFqdn}`)).status).toBe(404);
    expect((await b.fetch('/account/domains/nothing-here.gr')).status).toBe(404);
    // Nor can they change it.
    const r = await servicesAt().myDomains.setLock(other.id, d.asciiFqdn, true, null);
    expect(r).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST });
    expect((await registryOf(d)).statuses).toEqual(['ok']);

    const demo = await loggedIn('demo@example.gr');
    const unicode = await demo.fetch(`/account/domains/${encodeURIComponent('καφενείο.gr')}`);
    expect(unicode.status).toBe(301);
    expect(unicode.headers.get('Location')).toBe(`/account/domains/${asciiFqdnFor('καφενείο', 'gr')}`);
    const page = await demo.fetch('/account/domains/kafeneio.com');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const tab of ['nameservers', 'hosts', 'contacts', 'ownership']) expect(html).toContain(`href="/account/domains/kafeneio.com/${tab}"`);
  });

  it('locks and unlocks at the registry first, then on our side; the lock state is what the registry confirmed', async () => {
    const c = await customer('lock');
    const d = await hold(c.id, 'com');
    const b = await loggedIn(c.email);
    const { token } = await b.open(`/account/domains/${d.asciiFqdn}`);
    const res = await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'lock', value: 'on' }));
    expect(res.status).toBe(200);
    expect((await ours(d.id)).locked).toBe(true);
    expect((await registryOf(d)).statuses).toContain('clientTransferProhibited');
    // Locking again changes nothing (1005).
    expect(await servicesAt().myDomains.setLock(c.id, d.asciiFqdn, true, null)).toMatchObject({ ok: false, code: ErrorCode.NO_CHANGE });
    expect((await servicesAt().myDomains.setLock(c.id, d.asciiFqdn, false, null)).ok).toBe(true);
    expect((await ours(d.id)).locked).toBe(false);
    expect((await registryOf(d)).statuses).toEqual(['ok']);
  });

  it('a registry failure mid-way leaves our row unchanged and answers its code (lock 30013, ID protect 32103, maintenance 26000)', async () => {
    const c = await customer('fail');
    const d = await hold(c.id, 'com', { idProtect: true, paidDays: 100 });
    const s = servicesAt();
    await s.domains.setSandboxSwitches('generic', { failing: true });
    expect(await s.myDomains.setLock(c.id, d.asciiFqdn, true, null)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_INFO_FAILED });
    expect(await s.myDomains.setIdProtect(c.id, d.asciiFqdn, false, null)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED });
    const after = await ours(d.id);
    expect({ locked: after.locked, idProtect: after.idProtect, updatedAt: after.updatedAt }).toEqual({ locked: false, idProtect: true, updatedAt: d.updatedAt });
    expect((await registryOf(d)).statuses).toEqual(['ok']);
    await s.domains.setSandboxSwitches('generic', { failing: false, maintenance: true });
    expect(await s.myDomains.setLock(c.id, d.asciiFqdn, true, null)).toMatchObject({ ok: false, code: ErrorCode.REGISTRY_MAINTENANCE });
    expect((await ours(d.id)).locked).toBe(false);
  });

  it('keeps auto-renew on our side only, and refuses it for a name in redemption', async () => {
    const c = await customer('auto');
    const d = await hold(c.id, 'gr');
    const s = servicesAt();
    expect((await s.myDomains.setAutoRenew(c.id, d.asciiFqdn, false, null)).ok).toBe(true);
    expect((await ours(d.id)).autoRenew).toBe(false);
    expect(await s.myDomains.setAutoRenew(c.id, d.asciiFqdn, false, null)).toMatchObject({ ok: false, code: ErrorCode.NO_CHANGE });
    const gone = await hold(c.id, 'gr', { status: 'redemption', days: -45 });
    expect(await s.myDomains.setAutoRenew(c.id, gone.asciiFqdn, false, null)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'status_redemption' });
    expect((await ours(gone.id)).autoRenew).toBe(true);
  });

  it('has the .gr registry send the auth code to the registrant (30012; 30015 when it fails), never showing it', async () => {
    const c = await customer('authgr');
    const d = await hold(c.id, 'gr');
    const b = await loggedIn(c.email);
    const { token, html } = await b.open(`/account/domains/${d.asciiFqdn}`);
    expect(html).not.toContain('Old-Code-123#');
    const res = await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'auth_code' }));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('data-code="30012"');
    expect(body).not.toContain('Old-Code-123#');
    const sent = await db.select().from(registryMessages).where(and(eq(registryMessages.name, d.asciiFqdn), eq(registryMessages.type, 'auth_code_sent')));
    expect(sent).toHaveLength(1);
    await servicesAt().domains.setSandboxSwitches('gr', { failing: true });
    expect(await servicesAt().myDomains.authCode(c.id, d.asciiFqdn)).toMatchObject({ ok: false, code: ErrorCode.SEND_AUTHORIZATION_CODE_FAILED });
  });

  it('shows a fresh auth code for a gTLD only in the answer to the POST, and only with the lock off', async () => {
    const c = await customer('authcom');
    const d = await hold(c.id, 'com', { locked: true });
    const s = servicesAt();
    expect(await s.myDomains.authCode(c.id, d.asciiFqdn)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'locked' });
    expect((await registryOf(d)).authCode).toBe('Old-Code-123#');
    await s.myDomains.setLock(c.id, d.asciiFqdn, false, null);
    const b = await loggedIn(c.email);
    const { token } = await b.open(`/account/domains/${d.asciiFqdn}`);
    const body = await (await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'auth_code' }))).text();
    const code = (await registryOf(d)).authCode!;
    expect(code).not.toBe('Old-Code-123#');
    expect(body).toContain(code);
    // A later GET of the page does not carry it.
    expect(await (await b.fetch(`/account/domains/${d.asciiFqdn}`)).text()).not.toContain(code);
  });
});

describe('live', () => {
  it("tells the customer's other tabs what changed (DomainWasUpdated, 'locked'), with the sender page's id", async () => {
    const c = await customer('live');
    const d = await hold(c.id, 'com');
    const b = await loggedIn(c.email);
    const res = await SELF.fetch(`http://localhost/parties/user/u-${c.id}`, { headers: { Upgrade: 'websocket', Cookie: b.cookieHeader() } });
    const ws = res.webSocket!;
    ws.accept();
    const frames: string[] = [];
    ws.addEventListener('message', (e) => frames.push(String(e.data)));
    const { token } = await b.open(`/account/domains/${d.asciiFqdn}`);
    await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'lock', value: 'on', unique_id: 'page-A' }));
    const start = Date.now();
    const event = () => frames.map((f) => readLiveFrame(f, 'page-B')).find((f) => f?.kind === 'event');
    while (!event() && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(event()).toMatchObject({ kind: 'event', own: false, message: { channel: 'domain', event: 'DomainWasUpdated', unique_id: 'page-A', data: { domain_id: d.id, fqdn: d.fqdn, fields: ['locked'] } } });
    ws.close();
  });
});

describe('ID protect', () => {
  it("is not applicable for .gr and .eu, with the reason, and the page says so", async () => {
    const c = await customer('idpna');
    const gr = await hold(c.id, 'gr');
    const eu = await hold(c.id, 'eu');
    const s = servicesAt();
    for (const d of [gr, eu]) {
      expect(await s.myDomains.setIdProtect(c.id, d.asciiFqdn, true, null)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'not_applicable' });
      expect(await s.myDomains.buyIdProtect(c.id, c.owner, d.asciiFqdn, null)).toMatchObject({ ok: false, reason: 'not_applicable' });
    }
    const b = await loggedIn(c.email);
    expect(await (await b.fetch(`/account/domains/${gr.asciiFqdn}`)).text()).toContain('data-state="not_applicable"');
  });

  it('unpaid: cannot be turned on, is bought through the cart, and fulfilment turns it on and sets the paid period', async () => {
    const c = await customer('idpbuy');
    const d = await hold(c.id, 'com');
    const s = servicesAt();
    expect(await s.myDomains.setIdProtect(c.id, d.asciiFqdn, true, null)).toMatchObject({ ok: false, reason: 'not_paid' });
    const b = await loggedIn(c.email);
    const { token, html } = await b.open(`/account/domains/${d.asciiFqdn}`);
    expect(html).toContain('data-testid="buy-id-protect"');
    const res = await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'buy_id_protect' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/cart');
    const items = await s.cart.items(c.owner);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sku: 'id_protect', parentId: null, config: { domain: d.asciiFqdn } });
    // The cart line says which name it protects (a stand-alone add-on has no parent line to show it).
    expect((await b.open('/cart')).html).toContain(`ID Protect · ${d.asciiFqdn}`);
    // Twice is refused (35004), the cart keeps one.
    expect(await servicesAt().myDomains.buyIdProtect(c.id, c.owner, d.asciiFqdn, null)).toMatchObject({ ok: false, code: ErrorCode.ITEM_ALREADY_IN_CART });

    const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    await rawBatch(db, creditNoteStatements({ userId: c.id, amountCents: 10_000, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note: 'test', dedupeKey: `test:${uniqueName('g')}`, at: new Date() }));
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: true });
    expect(placed.ok).toBe(true);
    const [order] = await db.select().from(orders).where(eq(orders.userId, c.id));
    expect(order).toMatchObject({ status: 'completed' });
    expect(order!.grandTotalCents).toBeGreaterThan(0);
    const after = await ours(d.id);
    expect(after.idProtect).toBe(true);
    const year = after.idProtectUntil!.getTime() - Date.now();
    expect(year).toBeGreaterThan(360 * DAY);
    expect(year).toBeLessThan(370 * DAY);
    expect((await registryOf(d)).idProtect).toBe(true);
  });

  it('paid: turns off and on at the registry, then on our side', async () => {
    const c = await customer('idptoggle');
    const d = await hold(c.id, 'xxx', { idProtect: true, paidDays: 200 });
    const b = await loggedIn(c.email);
    const { token } = await b.open(`/account/domains/${d.asciiFqdn}`);
    expect((await b.fetch(`/account/domains/${d.asciiFqdn}?index`, form({ _token: token, intent: 'id_protect', value: 'off' }))).status).toBe(200);
    expect((await ours(d.id)).idProtect).toBe(false);
    expect((await registryOf(d)).idProtect).toBe(false);
    expect((await servicesAt().myDomains.setIdProtect(c.id, d.asciiFqdn, true, null)).ok).toBe(true);
    expect((await ours(d.id)).idProtect).toBe(true);
    expect((await registryOf(d)).idProtect).toBe(true);
    // A paid period that ran out is not paid any more.
    const lapsed = await hold(c.id, 'com', { paidDays: -1 });
    expect(await servicesAt().myDomains.setIdProtect(c.id, lapsed.asciiFqdn, true, null)).toMatchObject({ ok: false, reason: 'not_paid' });
  });
});

describe('bulk actions', () => {
  it('lock: each name on its own, with the catalogue code of those that could not take it, which stay unchanged', async () => {
    const c = await customer('bulk');
    const other = await customer('bulkother');
    const fine = await hold(c.id, 'com');
    const fineGr = await hold(c.id, 'gr');
    const redemption = await hold(c.id, 'gr', { status: 'redemption', days: -40 });
    const notOurs = await hold(c.id, 'net', { sponsor: 'OtherRegistrar' });
    const foreign = await hold(other.id, 'com');
    const b = await loggedIn(c.email);
    const { token } = await b.open('/account/domains');
    const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'lock' });
    for (const d of [fine, fineGr, redemption, notOurs, foreign]) body.append('domain', d.asciiFqdn);
    const res = await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-fqdn="${redemption.fqdn}" data-code="${ErrorCode.ACTION_NOT_ALLOWED}"`);
    expect(html).toContain(`data-fqdn="${notOurs.fqdn}" data-code="${ErrorCode.DOMAIN_INFO_FAILED}"`);
    expect(html).toContain(`data-fqdn="${foreign.asciiFqdn}" data-code="${ErrorCode.DOMAIN_DOES_NOT_EXIST}"`);
    expect((await ours(fine.id)).locked).toBe(true);
    expect((await ours(fineGr.id)).locked).toBe(true);
    for (const d of [redemption, notOurs, foreign]) expect((await ours(d.id)).locked).toBe(false);
    expect((await registryOf(redemption)).statuses).toEqual(['redemptionPeriod']);
  });

  it('a registry failing mid-way fails only its own names, each with its code, and changes nothing for them', async () => {
    const c = await customer('bulkfail');
    const com = await hold(c.id, 'com');
    const gr = await hold(c.id, 'gr');
    const eu = await hold(c.id, 'eu');
    const s = servicesAt();
    await s.domains.setSandboxSwitches('gr', { failing: true });
    const r = await s.myDomains.bulk(c.id, c.owner, 'lock', [com.asciiFqdn, gr.asciiFqdn, eu.asciiFqdn], null);
    expect(r.ok && r.results).toEqual([
      { fqdn: com.fqdn, ok: true, code: ErrorCode.SUCCESS },
      { fqdn: gr.fqdn, ok: false, code: ErrorCode.DOMAIN_INFO_FAILED, reason: 'registry' },
      { fqdn: eu.fqdn, ok: true, code: ErrorCode.SUCCESS },
    ]);
    expect([(await ours(com.id)).locked, (await ours(gr.id)).locked, (await ours(eu.id)).locked]).toEqual([true, false, true]);
    expect((await registryOf(gr)).statuses).toEqual(['ok']);
  });

  it('auto-renew and renew report per name; renew puts renewals and restores in the cart', async () => {
    const c = await customer('bulk2');
    const a = await hold(c.id, 'com');
    const r = await hold(c.id, 'gr', { status: 'redemption', days: -40 });
    const t = await hold(c.id, 'gr', { status: 'transfer_pending' });
    const s = servicesAt();
    const off = await s.myDomains.bulk(c.id, c.owner, 'auto_renew_off', [a.asciiFqdn, r.asciiFqdn], null);
    expect(off.ok && off.results).toEqual([
      { fqdn: a.fqdn, ok: true, code: ErrorCode.SUCCESS },
      { fqdn: r.fqdn, ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'status_redemption' },
    ]);
    expect((await ours(a.id)).autoRenew).toBe(false);
    expect((await ours(r.id)).autoRenew).toBe(true);
    const renew = await servicesAt().myDomains.bulk(c.id, c.owner, 'renew', [a.asciiFqdn, r.asciiFqdn, t.asciiFqdn], null);
    expect(renew.ok && renew.results.map((x) => [x.fqdn, x.ok])).toEqual([
      [a.fqdn, true],
      [r.fqdn, true],
      [t.fqdn, false],
    ]);
    const items = await servicesAt().cart.items(c.owner);
    expect(items.map((i) => [i.name, i.action]).sort()).toEqual([
      [a.fqdn, 'renew'],
      [r.fqdn, 'rgp_restore'],
    ].sort());
  });

  it('sends a nameserver change to the apply page with the names in a POST, and refuses an empty selection (100)', async () => {
    const c = await customer('bulkns');
    const a = await hold(c.id, 'com');
    const g = await hold(c.id, 'gr');
    const b = await loggedIn(c.email);
    const { token } = await b.open('/account/domains');
    const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'nameservers' });
    body.append('domain', a.asciiFqdn);
    body.append('domain', g.asciiFqdn);
    const res = await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    // The names go in the body, not the address (issue #32 §5): a 307 has the browser post the same form there.
    expect(res.status).toBe(307);
    expect(res.headers.get('Location')).toBe('/account/nameservers/apply');
    const apply = await b.fetch(res.headers.get('Location')!, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(apply.status).toBe(200);
    const html = await apply.text();
    expect([...html.matchAll(/<input type="hidden" name="domain" value="([^"]+)"/g)].map((m) => m[1])).toEqual([a.asciiFqdn, g.asciiFqdn]);
    expect(html).toContain('data-testid="apply-form"');
    const none = await b.fetch('/account/domains', form({ _token: token, intent: 'bulk', action: 'lock' }));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(`data-code="${ErrorCode.VALIDATION_ERROR}"`);
  });
});

describe('translations', () => {
  it('names already as asked are reported as unchanged, not as failures (issue #25 §6)', async () => {
    const c = await customer('bulksame');
    const locked = await hold(c.id, 'com');
    const open = await hold(c.id, 'gr');
    const s = servicesAt();
    expect((await s.myDomains.bulk(c.id, c.owner, 'lock', [locked.asciiFqdn], null)).ok).toBe(true);
    const again = await servicesAt().myDomains.bulk(c.id, c.owner, 'lock', [locked.asciiFqdn, open.asciiFqdn], null);
    expect(again.ok && again.results).toEqual([
      { fqdn: locked.fqdn, ok: true, code: ErrorCode.NO_CHANGE, unchanged: true },
      { fqdn: open.fqdn, ok: true, code: ErrorCode.SUCCESS },
    ]);
    // Auto-renew is on for a new name: asking for it again changes nothing and fails nothing.
    const on = await servicesAt().myDomains.bulk(c.id, c.owner, 'auto_renew_on', [open.asciiFqdn], null);
    expect(on.ok && on.results).toEqual([{ fqdn: open.fqdn, ok: true, code: ErrorCode.NO_CHANGE, unchanged: true }]);
    // A renewal already in the cart is there: unchanged too.
    await servicesAt().myDomains.bulk(c.id, c.owner, 'renew', [open.asciiFqdn], null);
    const twice = await servicesAt().myDomains.bulk(c.id, c.owner, 'renew', [open.asciiFqdn], null);
    expect(twice.ok && twice.results).toEqual([{ fqdn: open.fqdn, ok: true, code: ErrorCode.DOMAIN_ALREADY_IN_CART, unchanged: true }]);
    // The page says so in words, apart from the failures (none here).
    const b = await loggedIn(c.email);
    const { token } = await b.open('/account/domains');
    const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'lock' });
    body.append('domain', locked.asciiFqdn);
    body.append('domain', open.asciiFqdn);
    const html = await (await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() })).text();
    expect(html).toContain('data-testid="bulk-unchanged"');
    expect(html).toContain(`data-unchanged="${locked.fqdn}"`);
    expect(html).not.toContain('data-testid="bulk-failures"');
    // A success (role=status), not the warning a failure brings.
    expect(html).toMatch(/role="status"[^>]*data-testid="bulk-outcome"/);
  });

  it('renders the list, the domain pages and the outcomes in el and en without a missing key', async () => {
    for (const lng of ['el', 'en']) {
      const b = await loggedIn('demo@example.gr');
      b.cookies.set('lng', lng);
      for (const path of ['/account/domains', '/account/domains?q=kafe&sort=expiry&view=expiring', '/account/domains/kafeneio.gr', '/account/domains/kafeneio.com', '/account/domains/xn--kxadmawuq5c.gr']) {
        const res = await b.fetch(path);
        await res.text();
        expect(res.status, path).toBe(200);
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
      const { token } = await b.open('/account/domains');
      const body = new URLSearchParams({ _token: token, intent: 'bulk', action: 'unlock' });
      body.append('domain', 'kafeneio.gr');
      body.append('domain', 'nothing.gr');
      const bulk = await b.fetch('/account/domains', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
      expect(await bulk.text()).toContain('data-testid="bulk-failures"');
      expect(bulk.headers.get('X-I18n-Missing'), `${lng} bulk`).toBeNull();
      const refused = await b.fetch('/account/domains/kafeneio.gr?index', form({ _token: token, intent: 'id_protect', value: 'on' }));
      expect(await refused.text()).toContain('data-testid="domain-outcome"');
      expect(refused.headers.get('X-I18n-Missing'), `${lng} refused`).toBeNull();
    }
  });
});
