// Issue #4: the sandbox registries through their port (every error code they give, batching, the
// test switches), the search service (one call per family, the cache, Greek names, .ελ), WHOIS and
// the transfer check, and the pages and API that show them.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { createDb } from '../../db/client';
import { domainSearchCache, registrySettings } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import { RegistryError, type RegistryPort } from '../../worker/adapters/registry/port';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { createServices } from '../../worker/services';
import { Browser, form, json, login } from './helpers';

const db = createDb(env.DB);
const services = () => createServices({ db, env, now: new Date() });
const ref = (label: string, tld: string) => ({ name: asciiFqdnFor(label, tld), key: registryKeyFor(label, tld) });
let n = 0;
const unique = (p: string) => `${p}${Date.now().toString(36)}${n++}`;

async function expectCode(p: Promise<unknown>, code: number) {
  await expect(p).rejects.toSatisfy((e: unknown) => e instanceof RegistryError && e.code === code);
}

afterEach(async () => {
  await db.update(registrySettings).set({ maintenance: false, failing: false, latencyMs: 0 });
});

describe('sandbox registries', () => {
  const gr = () => createSandboxRegistry(db, 'gr');
  const generic = () => createSandboxRegistry(db, 'generic');

  it('checks many names in one call and tells registered, reserved, redemption and premium apart', async () => {
    const answers = await generic().check([ref('google', 'com'), ref('example', 'com'), ref('forgotten', 'com'), ref('hotel', 'com'), ref(unique('free'), 'com')]);
    expect(answers.map((a) => [a.available, a.reason ?? null])).toEqual([
      [false, 'registered'],
      [false, 'reserved'],
      [false, 'redemption'],
      [true, null],
      [true, null],
    ]);
    expect(answers[3]!.premium).toEqual({ registerCents: 250_000, renewCents: 1_290 });
  });

  it('compares Greek .gr names without accents and with σ for ς', async () => {
    const [a, b] = await gr().check([ref('ΚΑΦΕΣ', 'gr'), ref('καφεσ', 'gr')]);
    expect(a!.available).toBe(false);
    expect(b!.available).toBe(false);
  });

  it('registers once (30025 for the second), checks nameserver limits (32053/32052), renews and refuses a stale renewal (30034)', async () => {
    const label = unique('reg');
    const input = { name: ref(label, 'gr'), periodMonths: 24, registrant: { name: 'Α Β', email: 'a@example.gr', country: 'GR' }, nameservers: ['ns1.example.net', 'ns2.example.net'] };
    await expectCode(gr().register({ ...input, nameservers: ['ns1.example.net'] }), ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT);
    await expectCode(gr().register({ ...input, nameservers: Array.from({ length: 9 }, (_, i) => `ns${i}.example.net`) }), ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT);
    const done = await gr().register(input);
    expect(done.authCode).toMatch(/^.{15}#$/);
    await expectCode(gr().register(input), ErrorCode.DOMAIN_REGISTER_FAILED);
    const renewed = await gr().renew({ name: input.name, periodMonths: 24, currentExpiry: done.expiresAt });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(done.expiresAt.getTime());
    await expectCode(gr().renew({ name: input.name, periodMonths: 24, currentExpiry: done.expiresAt }), ErrorCode.DOMAIN_CHECK_RENEW_WITH_AUTO_RENEW_FAILED);
  });

  it('transfers: 30023 not registered, 30021 already ours, 30022 wrong code or locked, .gr at once, gTLDs through the poll queue', async () => {
    await expectCode(gr().transfer({ name: ref(unique('nobody'), 'gr'), authCode: 'x' }), ErrorCode.DOMAIN_NOT_REGISTERED_CANT_BE_TRANSFERRED_NOT_REGISTERED);
    await expectCode(gr().transfer({ name: ref('καφενείο', 'gr'), authCode: 'x' }), ErrorCode.DOMAIN_REGISTRANT_ALREADY_PROVIDER);
    await expectCode(generic().transfer({ name: ref('locked-example', 'com'), authCode: 'Locked-2026#' }), ErrorCode.INVALID_EPP_AUTH);
    await expectCode(gr().transfer({ name: ref('metafora-demo', 'gr'), authCode: 'wrong' }), ErrorCode.INVALID_EPP_AUTH);
    const grDone = await gr().transfer({ name: ref('metafora-demo', 'gr'), authCode: 'GR-Demo-2026#' });
    expect(grDone.status).toBe('completed');
    expect((await gr().info(ref('metafora-demo', 'gr'))).sponsoredByUs).toBe(true);

    const pending = await generic().transfer({ name: ref('transfer-demo', 'com'), authCode: 'Com-Demo-2026#' });
    expect(pending.status).toBe('pending');
    expect((await generic().info(ref('transfer-demo', 'com'))).statuses).toContain('pendingTransfer');
    const messages = await generic().poll();
    const m = messages.find((x) => x.name === 'transfer-demo.com')!;
    expect(m.type).toBe('transfer_completed');
    await generic().ack(m.id);
    expect((await generic().info(ref('transfer-demo', 'com'))).sponsoredByUs).toBe(true);
    expect((await generic().poll()).some((x) => x.id === m.id)).toBe(false);
  });

  it('refuses changes to names sponsored elsewhere and hosts still in use (32006)', async () => {
    await expectCode(generic().updateNameservers(ref('google', 'com'), ['ns1.a.net', 'ns2.a.net']), ErrorCode.NAMESERVER_COULD_NOT_UPDATE);
    await generic().createHost('ns1.example.net', ['192.0.2.1']);
    await expectCode(generic().deleteHost('ns1.example.net'), ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED);
    await expectCode(generic().info(ref(unique('ghost'), 'com')), ErrorCode.DOMAIN_DOES_NOT_EXIST);
  });

  it('answers 26000 in maintenance and the operation failure code when failing', async () => {
    await db.update(registrySettings).set({ maintenance: true }).where(eq(registrySettings.registry, 'eurid'));
    await expectCode(createSandboxRegistry(db, 'eurid').check([ref('x', 'eu')]), ErrorCode.REGISTRY_MAINTENANCE);
    await db.update(registrySettings).set({ maintenance: false, failing: true }).where(eq(registrySettings.registry, 'eurid'));
    await expectCode(createSandboxRegistry(db, 'eurid').check([ref('x', 'eu')]), ErrorCode.DOMAIN_CHECK_FAILED);
    await expectCode(createSandboxRegistry(db, 'eurid').info(ref('x', 'eu')), ErrorCode.DOMAIN_INFO_FAILED);
  });
});

describe('domain search', () => {
  it('checks a keyword under every TLD with one registry call per family, then answers from the cache', async () => {
    const keyword = unique('kafe');
    const calls: string[] = [];
    const adapters = createAdapters(configOf(env), db);
    for (const f of Object.keys(adapters.registries) as (keyof typeof adapters.registries)[]) {
      adapters.registries[f] = createSandboxRegistry(db, f, { onCall: (family, op) => calls.push(`${family}:${op}`) });
    }
    const s = createServices({ db, env, now: new Date(), adapters });
    const first = await s.domains.search(keyword);
    if (!first.ok) throw new Error('search failed');
    const rows = (await Promise.all(Object.values(first.byFamily))).flat();
    expect(rows.filter((r) => r.kind === 'tld').length).toBeGreaterThanOrEqual(30);
    expect(new Set(calls.filter((c) => c.endsWith(':check'))).size).toBe(calls.filter((c) => c.endsWith(':check')).length);
    expect(first.calls()).toBe(4);
    expect(rows.find((r) => r.tld === 'com')).toMatchObject({ status: 'available', price: { months: 12, baseCents: 1090 } });
    // A .gr name is sold for two years at least.
    expect(rows.find((r) => r.tld === 'gr')!.price!.months).toBe(24);

    const again = await s.domains.search(keyword);
    if (!again.ok) throw new Error('search failed');
    await Promise.all(Object.values(again.byFamily));
    expect(again.calls()).toBe(0);
    const cached = await db.select().from(domainSearchCache).where(eq(domainSearchCache.asciiFqdn, `${keyword}.com`));
    expect(cached).toHaveLength(1);
  });

  it('puts the exact name first, keeps Greek names Greek, and offers .ελ only with the matching .gr', async () => {
    const s = services();
    const r = await s.domains.search('ΚΑΦΕΝΕΊΟ.ελ', { userId: null });
    if (!r.ok) throw new Error('search failed');
    expect(r.plan.exact).toBe('καφενείο.ελ');
    const rows = (await Promise.all(Object.values(r.byFamily))).flat();
    const el = rows.find((x) => x.kind === 'exact')!;
    expect(el).toMatchObject({ fqdn: 'καφενείο.ελ', status: 'available', requiresGr: true });
    // Greek labels only where the registry takes them.
    expect(rows.filter((x) => x.kind === 'tld').every((x) => ['gr', 'com.gr', 'net.gr', 'org.gr', 'edu.gr', 'ελ', 'eu', 'ευ'].includes(x.tld))).toBe(true);
    const [demo] = await db.select().from((await import('../../db/schema')).users).where(eq((await import('../../db/schema')).users.email, 'demo@example.gr'));
    const mine = await s.domains.search('καφενείο.ελ', { userId: demo!.id });
    if (!mine.ok) throw new Error('search failed');
    expect((await Promise.all(Object.values(mine.byFamily))).flat().find((x) => x.kind === 'exact')!.requiresGr).toBe(false);
  });

  it('answers the catalogue codes for bad input', async () => {
    const s = services();
    expect(await s.domains.search('   ')).toEqual({ ok: false, code: ErrorCode.EMPTY_SEARCH });
    expect(await s.domains.search('kafe.zz')).toEqual({ ok: false, code: ErrorCode.NO_TLD });
    expect(await s.domains.search('ka fe!')).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_KEYWORD_NOT_VALID });
    expect(await s.domains.search('x'.repeat(300))).toMatchObject({ ok: false, code: ErrorCode.TOO_LONG_SEARCH });
    expect(await s.domains.search('shop.kafe.gr')).toMatchObject({ ok: false });
    expect(await s.domains.search('καφέ.com')).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_IS_NOT_VALID });
  });

  it('shows a family in maintenance as failed rows while the others answer', async () => {
    await db.update(registrySettings).set({ maintenance: true }).where(eq(registrySettings.registry, 'icm'));
    const r = await services().domains.search(unique('maint'));
    if (!r.ok) throw new Error('search failed');
    const icm = await r.byFamily.icm!;
    expect(icm[0]).toMatchObject({ status: 'error', errorCode: ErrorCode.REGISTRY_MAINTENANCE });
    expect((await r.byFamily.generic!).every((x) => x.status !== 'error')).toBe(true);
  });
});

describe('domain pages and API', () => {
  it('renders every result without JavaScript (js=0) and the alert for bad input', async () => {
    const b = new Browser();
    const page = await b.open(`/domains/search?q=${unique('nojs')}&js=0`);
    expect(page.res.status).toBe(200);
    expect((page.html.match(/data-testid="result"/g) ?? []).length).toBeGreaterThan(30);
    expect(page.html).not.toContain('data-testid="pending-family"');
    const bad = await b.open('/domains/search?q=kafe.zz&js=0');
    expect(bad.html).toContain('data-code="30003"');
  });

  it('a search link opened directly (a document request, no js=0) renders the finished results, never "no results" above endless checks', async () => {
    const b = new Browser();
    // A browser's navigation says Sec-Fetch-Dest: document; the client's own data requests do not.
    const res = await b.fetch(`/domains/search?q=${unique('link')}`, { headers: { 'Sec-Fetch-Dest': 'document' } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('data-testid="pending-family"');
    expect(html).toContain('data-testid="search-results" data-pending="0"');
    expect((html.match(/data-testid="result"/g) ?? []).length).toBeGreaterThan(30);
  });

  it('transfer mode without JavaScript hands the name to the transfer page in a path-scoped cookie', async () => {
    const b = new Browser();
    const res = await b.fetch('/domains/search?mode=transfer&q=google.gr');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/domains/metafora');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('domain_transfer='))!;
    expect(cookie).toContain('Path=/domains/metafora');
    const page = await b.open('/domains/metafora');
    expect(page.html).toContain('data-testid="transfer-offer"');
    // .gr bundles a renewal with the transfer.
    expect(page.html).toContain('data-fqdn="google.gr"');
  });

  it('streams NDJSON: the plan, one line per family, then the number of registry calls', async () => {
    const res = await new Browser().fetch(`/api/domains/search?q=${unique('api')}`);
    expect(res.headers.get('Content-Type')).toContain('application/x-ndjson');
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].data.plan.families.length).toBe(4);
    expect(lines.slice(1, -1).map((l) => l.family).sort()).toEqual(['eurid', 'generic', 'gr', 'icm']);
    expect(lines.at(-1)).toEqual({ done: true, registryCalls: 4 });
  });

  it('WHOIS: our names from the registries with ID protect honoured, 27003 for free names, 27000 elsewhere, 27004 without a TLD', async () => {
    const b = new Browser();
    const ok = await (await b.fetch('/api/domains/whois?domain=transfer-demo.com')).json<{ data: { privacy: boolean; registrant: { name: string } } }>();
    expect(ok.data.privacy).toBe(true);
    expect(ok.data.registrant.name).toBe('Privacy Protect');
    const open = await (await b.fetch('/api/domains/whois?domain=google.gr')).json<{ data: { registrant: { organisation: string } } }>();
    expect(open.data.registrant.organisation).toBe('Brand Holdings Ltd');
    expect((await (await b.fetch(`/api/domains/whois?domain=${unique('free')}.gr`)).json<{ code: number }>()).code).toBe(ErrorCode.WHOIS_RESPONDED_NO_RESULT);
    expect((await (await b.fetch('/api/domains/whois?domain=example.ch')).json<{ code: number }>()).code).toBe(ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN);
    expect((await (await b.fetch('/api/domains/whois?domain=example')).json<{ code: number }>()).code).toBe(ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN);
    const page = await b.open('/domains/whois?domain=%CE%BA%CE%B1%CF%86%CE%B5%CE%BD%CE%B5%CE%AF%CE%BF.gr');
    expect(page.html).toContain('καφενείο.gr - WHOIS DOMAIN');
  });

  it('stars a name for a customer in D1 and for a guest without JavaScript in a cookie', async () => {
    const customer = new Browser();
    await login(customer, 'demo@example.gr', 'Demo-Pelatis-2026');
    const r = await customer.fetch('/domains/search', form({ _token: customer.csrf, intent: 'favourite', fqdn: 'starred.com', js: '1' }));
    expect(r.status).toBe(200);
    const s = services();
    const [demo] = await db.select().from((await import('../../db/schema')).users).where(eq((await import('../../db/schema')).users.email, 'demo@example.gr'));
    expect(await s.domains.favourites(demo!.id)).toContain('starred.com');
    const guest = new Browser();
    const { token } = await guest.open('/domains/search');
    const g = await guest.fetch('/domains/search', form({ _token: token, intent: 'favourite', fqdn: 'guest-star.gr', redirectTo: '/domains/search?q=guest-star' }));
    expect(g.status).toBe(303);
    expect(guest.cookies.get('fav_domains')).toBe('guest-star.gr');
  });

  it('the development switch puts a registry into maintenance', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const res = await b.fetch('/api/dev/registry/gr', json({ _token: token, maintenance: true }, { 'X-CSRF-Token': token }));
    expect(res.status).toBe(200);
    const check = await services().domains.transferCheck('metafora-check.gr');
    expect(check).toMatchObject({ ok: false, code: ErrorCode.REGISTRY_MAINTENANCE });
  });
});

export type { RegistryPort };
