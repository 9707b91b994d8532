// My services inside workerd (issue #23 §1): the list (own services only, filters, pages of 25), a
// service's page (someone else's id is a 404; the row synced from the panel; a panel failure shows
// the stored data with a notice), the panel password (the §5 rule under the field with the port
// never asked, 43007 without the GDPR approval, a panel failure changing nothing) and the account
// menu's hosting links by has_pbas_account.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { readServiceListQuery } from '../../core/hosting/portal';
import { createDb } from '../../db/client';
import { hostingServices, users } from '../../db/schema';
import { sandboxHostingAccounts, sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';
import { DEMO_USERS } from '../../db/seed';
import { seedPortfolioHosting } from '../../db/seed/demo-hosting';
import type { ProvisionerPort } from '../../worker/adapters/provisioner/port';
import { createSandboxProvisioner, PROVISIONER_SYSTEM } from '../../worker/adapters/provisioner/sandbox';
import { sandboxPasswordMatches } from '../../worker/adapters/provisioner/sandbox-usage';
import { createMyServices, createServiceRecords } from '../../worker/services/hosting';
import { uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const STRONG = 'Kal0s-Kodikos!';

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
});

async function failPanel() {
  await db.insert(sandboxSwitches).values({ system: PROVISIONER_SYSTEM, failing: true }).onConflictDoUpdate({ target: sandboxSwitches.system, set: { failing: true } });
}

/** A customer who logs in through the form (the demo password). */
async function customer(prefix: string) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  return { id: u!.id, email };
}

/** A shared hosting account made through the sandbox panel and recorded as fulfilment does. */
async function sharedService(userId: number, email: string) {
  const account = await createSandboxProvisioner(db).createAccount({ reference: uniqueName('hp'), sku: 'sha_lin_start', productType: 'hosting-shared-linux', domain: `${uniqueName('site')}.gr`, lengthMonths: 12, options: {}, contactEmail: email });
  const id = await createServiceRecords({ db, now: new Date() }).recordProvisioned({ userId, orderItemId: null, productType: 'hosting-shared-linux', lengthMonths: 12, options: {}, account });
  return { id, accountId: account.accountId };
}

async function browserOf(email: string) {
  const b = new Browser();
  const res = await login(b, email, DEMO_USERS[0].password);
  expect(res.status).toBe(303);
  return b;
}

const rowIds = (html: string) => [...html.matchAll(/data-testid="service-row" data-id="(\d+)"/g)].map((m) => Number(m[1]));

async function sandboxRow(accountId: string) {
  const [row] = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, accountId));
  return row!;
}

describe('my services list', () => {
  it('lists only the customer\'s own services, filters by status and kind, in pages of 25', async () => {
    const a = await customer('hlist');
    const prefix = `t${Date.now().toString(36).slice(-5)}`;
    expect(await seedPortfolioHosting(db, new Date(), { email: a.email, count: 30, prefix })).toBe(30);
    const other = await customer('hother');
    const theirs = await sharedService(other.id, other.email);
    const b = await browserOf(a.email);

    const first = await b.open('/account/hosting');
    expect(first.res.status).toBe(200);
    expect(first.html).toContain('data-testid="service-table"');
    expect(rowIds(first.html)).toHaveLength(25);
    expect(first.html).toMatch(/data-testid="page-of">[^<]*1[^<]*2</);
    const second = await b.open('/account/hosting?page=2');
    expect(rowIds(second.html)).toHaveLength(5);
    // Every one of the 30 once, and none of the other customer's.
    const all = [...rowIds(first.html), ...rowIds(second.html)];
    expect(new Set(all).size).toBe(30);
    expect(all).not.toContain(theirs.id);

    const mine = await db.select().from(hostingServices).where(eq(hostingServices.userId, a.id));
    const active = mine.filter((s) => s.status === 'active').map((s) => s.id).sort((x, y) => x - y);
    const byStatus = await b.open('/account/hosting?status=active');
    expect(rowIds(byStatus.html).sort((x, y) => x - y)).toEqual(active);
    expect(byStatus.html).not.toMatch(/data-testid="service-row"[^>]*data-status="(?!active)/);
    const vps = mine.filter((s) => s.kind === 'vps').map((s) => s.id).sort((x, y) => x - y);
    const byKind = await b.open('/account/hosting?kind=vps');
    expect(rowIds(byKind.html).sort((x, y) => x - y)).toEqual(vps);
    const none = await b.open('/account/hosting?kind=dedicated');
    expect(none.html).toContain('data-testid="no-match"');
    // A page past the end shows the last one.
    expect(rowIds((await b.open('/account/hosting?page=9')).html)).toHaveLength(5);
  });

  it('names each plan from the catalogue with the price of its period, and a customer without services sees the way to the plans', async () => {
    const a = await customer('hlist2');
    const prefix = `u${Date.now().toString(36).slice(-5)}`;
    await seedPortfolioHosting(db, new Date(), { email: a.email, count: 3, prefix });
    const svc = createMyServices({ db, now: new Date(), adapters: undefined as never });
    const list = await svc.list(a.id, readServiceListQuery(new URLSearchParams()), 'el');
    expect(list).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(list.rows[0]!.planName).not.toBe(list.rows[0]!.sku); // the catalogue's name
    expect(list.rows.find((r) => r.sku === 'sha_lin_start')?.priceCents).toBeGreaterThan(0);

    const empty = await customer('hempty');
    const html = (await (await browserOf(empty.email)).open('/account/hosting')).html;
    expect(html).toContain('data-testid="no-services"');
    expect(html).toContain('href="/hosting/shared-linux"');
  });
});

describe('a service\'s page', () => {
  it('answers 404 for someone else\'s id, a missing one and a malformed one, on GET and POST', async () => {
    const a = await customer('hpage');
    const other = await customer('hpage2');
    const theirs = await sharedService(other.id, other.email);
    const b = await browserOf(a.email);
    for (const path of [`/account/hosting/${theirs.id}`, '/account/hosting/999999999', '/account/hosting/abc', '/account/hosting/0']) {
      expect((await b.fetch(path)).status).toBe(404);
    }
    const { token } = await b.open('/account/hosting');
    const post = await b.fetch(`/account/hosting/${theirs.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: STRONG }));
    expect(post.status).toBe(404);
    // Even a weak password for someone else's service is a 404, not a field error.
    expect((await b.fetch(`/account/hosting/${theirs.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: 'weak' }))).status).toBe(404);
    expect((await sandboxRow(theirs.accountId)).passwordHash).toBeNull();
  });

  it('shows plan, domain, status, renewal, price, the panel and usage, synced from the panel; a panel failure shows the stored data with a notice', async () => {
    const a = await customer('hsync');
    const s = await sharedService(a.id, a.email);
    // Our row drifted from the panel (a missed renewal and a stale status).
    const stale = new Date(Date.now() - 86_400_000);
    await db.update(hostingServices).set({ status: 'suspended', expiresAt: stale, syncedAt: stale, updatedAt: stale }).where(eq(hostingServices.id, s.id));
    const b = await browserOf(a.email);
    const page = await b.open(`/account/hosting/${s.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="service-status" data-status="active"');
    expect(page.html).toContain('data-testid="panel-username"');
    expect(page.html).toContain('data-testid="usage-disk"');
    expect(page.html).toContain('data-testid="usage-mailboxes"');
    expect(page.html).toContain('data-testid="service-tab-plan"');
    expect(page.html).not.toContain('data-testid="service-tab-server"');
    expect(page.html).not.toContain('data-testid="panel-notice"');
    const [synced] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
    const panel = await sandboxRow(s.accountId);
    expect(synced).toMatchObject({ status: 'active', expiresAt: panel.expiresAt });
    expect(synced!.syncedAt.getTime()).toBeGreaterThan(stale.getTime());

    await failPanel();
    const down = await b.open(`/account/hosting/${s.id}`);
    expect(down.res.status).toBe(200);
    expect(down.html).toContain(`data-testid="panel-notice"`);
    expect(down.html).toContain(`data-code="${ErrorCode.NETWORK_CONNECTION_ERROR}"`);
    expect(down.html).toContain('data-testid="usage-unavailable"');
    expect(down.html).toContain('data-testid="service-status" data-status="active"');
    const [after] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
    expect(after!.syncedAt).toEqual(synced!.syncedAt);
  });

  it('a service terminated at the panel is terminated here on its next view, and has_pbas_account goes with the last one', async () => {
    const a = await customer('hterm');
    const s = await sharedService(a.id, a.email);
    const b = await browserOf(a.email);
    await createSandboxProvisioner(db).terminate(s.accountId);
    const page = await b.open(`/account/hosting/${s.id}`);
    expect(page.html).toContain('data-testid="service-status" data-status="terminated"');
    expect(page.html).toContain('data-testid="panel-password-not-now"');
    const [row] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
    expect(row!.status).toBe('terminated');
    expect(row!.terminatedAt).not.toBeNull();
    const [u] = await db.select({ f: users.hasPbasAccount }).from(users).where(eq(users.id, a.id));
    expect(u!.f).toBe(false);
  });

  it('shows the Server tab for a VPS only', async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const [vps] = await db.select().from(hostingServices).where(and(eq(hostingServices.userId, demo!.id), eq(hostingServices.kind, 'vps')));
    const html = (await (await browserOf('demo@example.gr')).open(`/account/hosting/${vps!.id}`)).html;
    expect(html).toContain('data-testid="service-tab-server"');
    expect(html).toContain('href="/account/hosting/' + vps!.id + '/server"');
    expect(html).toContain('href="/account/hosting/' + vps!.id + '/plan"');
  });
});

describe('the panel password', () => {
  it('refuses a weak one under the field with nothing sent; sets a strong one through the port', async () => {
    const a = await customer('hpw');
    const s = await sharedService(a.id, a.email);
    const b = await browserOf(a.email);
    const { token } = await b.open(`/account/hosting/${s.id}`);
    const weak = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: 'password1' }));
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toMatch(/id="[^"]*panel_password[^"]*-error"/);
    expect(weakHtml).not.toContain('password1');
    expect(await sandboxRow(s.accountId)).toMatchObject({ passwordHash: null, passwordChangedAt: null });

    const strong = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: STRONG }));
    expect(strong.status).toBe(200);
    const strongHtml = await strong.text();
    expect(strongHtml).toContain('data-testid="panel-password-saved"');
    expect(strongHtml).not.toContain(STRONG);
    expect(await sandboxPasswordMatches((await sandboxRow(s.accountId)).passwordHash, STRONG)).toBe(true);
  });

  it('refuses a common password dressed to meet the rule (Password1!) under the field, asking the port nothing; takes the panel’s length (issue #32 §3.2)', async () => {
    const a = await customer('hpwcommon');
    const s = await sharedService(a.id, a.email);
    const b = await browserOf(a.email);
    const { token } = await b.open(`/account/hosting/${s.id}`);
    const common = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: 'Password1!' }));
    expect(common.status).toBe(400);
    const html = await common.text();
    expect(html).toContain('Αυτός ο κωδικός είναι από τους πιο συνηθισμένους');
    expect(html).not.toContain('Password1!');
    expect(await sandboxRow(s.accountId)).toMatchObject({ passwordHash: null });
    const svc = createMyServices({ db, now: new Date(), adapters: { provisioner: createSandboxProvisioner(db) } as never });
    expect(await svc.setPanelPassword(a.id, s.id, 'Qwerty123!')).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'panel_password', reason: 'too_common' });

    // 40 characters: refused at 16 before; the panel takes it.
    const long = 'Kal0s-Kodikos!-gia-ton-pinaka-elegxou-40';
    expect(long).toHaveLength(40);
    const saved = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: long }));
    expect(saved.status).toBe(200);
    expect(await sandboxPasswordMatches((await sandboxRow(s.accountId)).passwordHash, long)).toBe(true);
  });

  it('never asks the port for a weak password, nor without the GDPR approval (43007)', async () => {
    const a = await customer('hpwspy');
    const s = await sharedService(a.id, a.email);
    // The approval withdrawn after logging in (the privacy page, issue #24): a session may outlive it.
    const b = await browserOf(a.email);
    await db.update(users).set({ gdprProcessingAt: null }).where(eq(users.id, a.id));
    const calls: string[] = [];
    const real = createSandboxProvisioner(db);
    const spy = new Proxy(real, { get: (target, key: keyof ProvisionerPort) => (calls.push(String(key)), target[key]) });
    const svc = createMyServices({ db, now: new Date(), adapters: { provisioner: spy } as never });
    expect(await svc.setPanelPassword(a.id, s.id, 'Sh0rt!')).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'panel_password' });
    expect(await svc.setPanelPassword(a.id, s.id, STRONG)).toMatchObject({ ok: false, code: ErrorCode.PBAS_ACCOUNT_REQUIRED_GDPR_APPROVAL, status: 403 });
    expect(calls).toEqual([]);

    // Through the page: the alert links to the approval; nothing changed at the panel.
    const { token } = await b.open(`/account/hosting/${s.id}`);
    const refused = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: STRONG }));
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain(`data-code="${ErrorCode.PBAS_ACCOUNT_REQUIRED_GDPR_APPROVAL}"`);
    expect(html).toContain('data-testid="gdpr-approve-link"');
    expect((await sandboxRow(s.accountId)).passwordHash).toBeNull();
  });

  it('a panel failure changes nothing: the old password stays, and the alert says why', async () => {
    const a = await customer('hpwfail');
    const s = await sharedService(a.id, a.email);
    const b = await browserOf(a.email);
    const { token } = await b.open(`/account/hosting/${s.id}`);
    expect((await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: STRONG }))).status).toBe(200);
    const before = await sandboxRow(s.accountId);
    const [ourBefore] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
    await failPanel();
    const failed = await b.fetch(`/account/hosting/${s.id}?index`, form({ _token: token, intent: 'panel_password', panel_password: 'N3w-Kodikos!' }));
    expect(failed.status).toBe(502);
    expect(await failed.text()).toContain(`data-code="${ErrorCode.NETWORK_CONNECTION_ERROR}"`);
    const after = await sandboxRow(s.accountId);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await sandboxPasswordMatches(after.passwordHash, STRONG)).toBe(true);
    const [ourAfter] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
    expect(ourAfter).toEqual(ourBefore);
  });
});

describe('the account menu\'s hosting links', () => {
  it('shows My services and the panel login with a panel account, and the way to the plans without one', async () => {
    const none = await customer('hmenu0');
    const without = (await (await browserOf(none.email)).open('/account')).html;
    expect(without).toContain('data-testid="account-nav-hosting" data-pbas="false"');
    expect(without).toContain('href="/hosting/shared-linux"');
    expect(without).not.toContain('href="/account/hosting/panel"');

    const some = await customer('hmenu1');
    const s = await sharedService(some.id, some.email);
    const b = await browserOf(some.email);
    const withHtml = (await b.open('/account')).html;
    expect(withHtml).toContain('data-testid="account-nav-hosting" data-pbas="true"');
    expect(withHtml).toContain('href="/account/hosting"');
    expect(withHtml).toContain('href="/account/hosting/panel"');
    expect(withHtml).toContain('data-testid="side-hosting" data-pbas="true"');
    // The panel login goes to the account's panel.
    const panel = await b.fetch('/account/hosting/panel');
    expect(panel.status).toBe(303);
    expect(panel.headers.get('Location')).toBe((await sandboxRow(s.accountId)).panelUrl);
  });
});
