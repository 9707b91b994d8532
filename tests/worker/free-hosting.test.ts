// Free hosting per domain (issue #23 §3) through the provisioner sandbox: enable (create), 33003 for
// foreign nameservers and for the quota (also under parallel enables), disable with its deletion date,
// enable again (undelete), the daily cron's deletion (once; a re-run does nothing), a panel failure
// that changes nothing here, someone else's name, and the live events other tabs follow.
import { env } from 'cloudflare:workers';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_HOSTING_DELETE_AFTER_DAYS, FREE_HOSTING_QUOTA } from '../../core/hosting/free-hosting';
import { hostingPasswordError } from '../../core/validation/password-rules';
import { hostingServices, notifications } from '../../db/schema';
import { sandboxHostingAccounts, sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';
import { REGISTRAR_NAMESERVERS } from '../../db/seed/registry-data';
import { readLiveFrame } from '../../party/channels';
import { PROVISIONER_SYSTEM } from '../../worker/adapters/provisioner/sandbox';
import { CLAIM_STALE_MS } from '../../worker/services/hosting/free-hosting';
import { runScheduled } from '../../worker/cron';
import { DEFAULT_NAMESERVERS } from '../../worker/services/domains';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { customer, db, holding, NS } from './portal-nameservers-fixtures';

const DAY = 86_400_000;

async function panelFailing(failing: boolean) {
  if (!failing) return void (await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM)));
  await db
    .insert(sandboxSwitches)
    .values({ system: PROVISIONER_SYSTEM, failing: true, maintenance: false, latencyMs: 0 })
    .onConflictDoUpdate({ target: sandboxSwitches.system, set: { failing: true } });
}

afterEach(() => panelFailing(false));

async function loggedIn() {
  const c = await customer();
  const b = new Browser();
  expect((await login(b, c.email, 'Demo-Pelatis-2026')).status).toBe(303);
  return { c, b };
}

const ours = (userId: number) => holding(userId, 'gr', { nameservers: DEFAULT_NAMESERVERS });
const rowsOf = (domain: string) => db.select().from(hostingServices).where(and(eq(hostingServices.kind, 'free'), eq(hostingServices.domain, domain)));
const panelOf = async (accountId: string) => (await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, accountId)))[0]!;
const noticesOf = (key: string) => db.select().from(notifications).where(eq(notifications.dedupeKey, key));

/** Posts the toggle as the page's form does, without JavaScript. */
async function toggle(b: Browser, ascii: string, value: 'on' | 'off', uniqueId = '') {
  const path = `/account/domains/${ascii}/hosting`;
  const { token } = await b.open(path);
  const res = await b.fetch(path, form({ _token: token, intent: 'free_hosting', value, unique_id: uniqueId }));
  return { res, html: await res.text() };
}

/** The reveal the password field's button posts; the password it shows (the characters of spec §5's specials need no HTML escaping). */
async function toggleReveal(b: Browser, ascii: string): Promise<string | null> {
  const path = `/account/domains/${ascii}/hosting`;
  const { token } = await b.open(path);
  const html = await (await b.fetch(path, form({ _token: token, intent: 'reveal_password' }))).text();
  return /data-testid="free-hosting-password"[^>]*>([^<]+)<\/code>/.exec(html)?.[1] ?? null;
}

async function listen(b: Browser, userId: number) {
  const res = await b.fetch(`/parties/user/u-${userId}`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket!;
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  const events = () => frames.map((f) => readLiveFrame(f, 'other-tab')).flatMap((f) => (f?.kind === 'event' && f.message.channel === 'hosting' ? [f.message] : []));
  const until = async (n: number) => {
    for (let i = 0; i < 200 && events().length < n; i++) await new Promise((r) => setTimeout(r, 10));
    return events();
  };
  return { ws, until };
}

describe('free hosting per domain', () => {
  it('the seed delegates its free-hosting demo names to the nameservers the rule calls ours', () => {
    expect(REGISTRAR_NAMESERVERS).toEqual(DEFAULT_NAMESERVERS);
  });

  it('enables it without JavaScript: a free account at the panel, recorded, its password shown, a notice once, live to other tabs', async () => {
    const { c, b } = await loggedIn();
    const d = await ours(c.id);
    const before = await b.open(`/account/domains/${d.asciiFqdn}/hosting`);
    expect(before.res.status).toBe(200);
    expect(before.html).toContain('data-testid="free-hosting-status" data-type="secondary" data-state="none"');
    expect(before.html).not.toContain('data-testid="free-hosting-delete-at"');
    const tab = await listen(b, c.id);

    const { res, html } = await toggle(b, d.asciiFqdn, 'on', 'page-1');
    expect(res.status).toBe(200);
    expect(html).toContain('data-testid="free-hosting-status" data-type="success" data-state="active"');
    expect(html).toContain('aria-pressed="true"');
    const [row, ...more] = await rowsOf(d.asciiFqdn);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ userId: c.id, kind: 'free', orderItemId: null, status: 'active', deleteAt: null, productType: 'hosting-free' });
    // Sealed (decision 091, panel-secret.test.ts): the page shows it behind the reveal only.
    expect(row!.panelSecret).toBeTruthy();
    expect(html).toContain('data-testid="free-hosting-reveal"');
    const shown = await toggleReveal(b, d.asciiFqdn);
    expect(hostingPasswordError(shown!)).toBeNull();
    expect(html).toContain(row!.username);
    expect(await panelOf(row!.accountId)).toMatchObject({ kind: 'free', domain: d.asciiFqdn, status: 'active' });

    const [event] = await tab.until(1);
    expect(event).toMatchObject({ channel: 'hosting', event: 'FreeHostingWasCreated', unique_id: 'page-1', data: { domain_id: d.id, user_interacts: true, general: { delete_at: null, status: { type: 'success' } }, customer: { passwd_set: true } } });
    tab.ws.close();
    expect(await noticesOf(`free-hosting-created:${row!.id}`)).toHaveLength(1);

    // The toggle posted again (a second tab that had not followed): nothing new.
    const again = await toggle(b, d.asciiFqdn, 'on');
    expect(again.res.status).toBe(200);
    expect(again.html).toContain('data-code="1005"');
    expect(await rowsOf(d.asciiFqdn)).toHaveLength(1);
  });

  it('refuses with 33003 (nameservers) a name delegated elsewhere, asking the panel nothing', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'gr', { nameservers: NS });
    const { res, html } = await toggle(b, d.asciiFqdn, 'on');
    expect(res.status).toBe(409);
    expect(html).toContain('data-code="33003"');
    expect(html).toContain('data-reason="nameservers"');
    expect(await rowsOf(d.asciiFqdn)).toHaveLength(0);
    expect(await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.domain, d.asciiFqdn))).toHaveLength(0);
  });

  it('refuses with 33003 (quota) past the account’s quota, and 10 parallel enables record at most the quota', async () => {
    const c = await customer();
    // Labels that differ in their first letters: the panel's user names come from them.
    const names = await Promise.all(Array.from({ length: 10 }, (_, i) => holding(c.id, 'gr', { label: `q${i}${uniqueName('x')}`, nameservers: DEFAULT_NAMESERVERS })));
    const s = servicesAt();
    const results = await Promise.all(names.map((d) => s.freeHosting.enable(c.id, d, null)));
    const recorded = await db.select().from(hostingServices).where(and(eq(hostingServices.userId, c.id), eq(hostingServices.kind, 'free')));
    expect(recorded).toHaveLength(FREE_HOSTING_QUOTA);
    expect(results.filter((r) => r.ok)).toHaveLength(FREE_HOSTING_QUOTA);
    expect(results.filter((r) => !r.ok)).toEqual(Array(10 - FREE_HOSTING_QUOTA).fill({ ok: false, code: 33003, status: 409, reason: 'quota' }));
    // A disabled one frees its place: another name may have it then.
    const first = names.find((d) => recorded.some((r) => r.domain === d.asciiFqdn))!;
    const other = names.find((d) => !recorded.some((r) => r.domain === d.asciiFqdn))!;
    expect(await s.freeHosting.disable(c.id, first, null)).toMatchObject({ ok: true, code: 1000 });
    expect(await s.freeHosting.enable(c.id, other, null)).toMatchObject({ ok: true });
    // … and the disabled one cannot come back while the quota is full.
    expect(await s.freeHosting.enable(c.id, first, null)).toMatchObject({ ok: false, code: 33003, reason: 'quota' });
  });

  it('parallel enables past the quota leave no living account at the panel beyond the ones recorded (issue #32 §3.1)', async () => {
    const c = await customer();
    const names = await Promise.all(Array.from({ length: 10 }, (_, i) => holding(c.id, 'gr', { label: `p${i}${uniqueName('y')}`, nameservers: DEFAULT_NAMESERVERS })));
    const s = servicesAt();
    const results = await Promise.all(names.map((d) => s.freeHosting.enable(c.id, d, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(FREE_HOSTING_QUOTA);
    const recorded = await db.select().from(hostingServices).where(and(eq(hostingServices.userId, c.id), eq(hostingServices.kind, 'free')));
    expect(recorded).toHaveLength(FREE_HOSTING_QUOTA);
    expect(recorded.every((r) => r.status === 'active' && r.username !== '')).toBe(true);
    // The sandbox panel's own state: the accounts it holds for these names, alive.
    const atPanel = await db.select().from(sandboxHostingAccounts).where(and(eq(sandboxHostingAccounts.kind, 'free'), inArray(sandboxHostingAccounts.domain, names.map((d) => d.asciiFqdn)), ne(sandboxHostingAccounts.status, 'terminated')));
    expect(atPanel.map((a) => a.accountId).sort()).toEqual(recorded.map((r) => r.accountId).sort());
  });

  it('a claimed slot whose request never finished blocks the name while fresh, and is finished by the next enable once stale', async () => {
    const c = await customer();
    const d = await ours(c.id);
    const t0 = Date.now();
    const at = new Date(t0);
    await db.insert(hostingServices).values({ userId: c.id, accountId: `claim:free-${d.id}-1`, sku: 'hosting-free', productType: 'hosting-free', kind: 'free', domain: d.asciiFqdn, username: '', panelUrl: '', server: '', status: 'provisioning', lengthMonths: 120, startedAt: at, expiresAt: at, syncedAt: at, createdAt: at, updatedAt: at });
    expect(await servicesAt(t0 + 1000).freeHosting.enable(c.id, d, null)).toEqual({ ok: true, code: 1005 });
    expect(await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.domain, d.asciiFqdn))).toHaveLength(0);
    expect(await servicesAt(t0 + CLAIM_STALE_MS + 1000).freeHosting.enable(c.id, d, null)).toEqual({ ok: true, code: 1000 });
    const [row, ...more] = await rowsOf(d.asciiFqdn);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ status: 'active' });
    expect((await panelOf(row!.accountId)).status).toBe('active');
  });

  it('disables it with a deletion date, enables it again (undelete) before then, live both times', async () => {
    const { c, b } = await loggedIn();
    const d = await ours(c.id);
    await toggle(b, d.asciiFqdn, 'on');
    const [created] = await rowsOf(d.asciiFqdn);
    const tab = await listen(b, c.id);

    const off = await toggle(b, d.asciiFqdn, 'off', 'page-2');
    expect(off.res.status).toBe(200);
    const [disabled] = await rowsOf(d.asciiFqdn);
    expect(disabled!.status).toBe('suspended');
    const days = (disabled!.deleteAt!.getTime() - disabled!.suspendedAt!.getTime()) / DAY;
    expect(days).toBe(FREE_HOSTING_DELETE_AFTER_DAYS);
    expect((await panelOf(created!.accountId)).status).toBe('suspended');
    expect(off.html).toContain('data-testid="free-hosting-delete-at"');
    expect(off.html).toContain('data-state="disabled"');
    expect(off.html).toContain('aria-pressed="false"');

    const on = await toggle(b, d.asciiFqdn, 'on', 'page-3');
    expect(on.res.status).toBe(200);
    const [back, ...more] = await rowsOf(d.asciiFqdn);
    expect(more).toHaveLength(0);
    expect(back).toMatchObject({ id: created!.id, accountId: created!.accountId, status: 'active', deleteAt: null, panelSecret: created!.panelSecret });
    expect((await panelOf(created!.accountId)).status).toBe('active');
    expect(on.html).not.toContain('data-testid="free-hosting-delete-at"');

    const events = await tab.until(2);
    tab.ws.close();
    expect(events[0]).toMatchObject({ event: 'FreeHostingStatusWasUpdated', unique_id: 'page-2', data: { domain_id: d.id, general: { status: { type: 'warning' }, delete_at: disabled!.deleteAt!.toISOString() } } });
    expect(events[1]).toMatchObject({ event: 'FreeHostingWasUndeleted', unique_id: 'page-3', data: { domain_id: d.id, general: { status: { type: 'success' }, delete_at: null } } });
  });

  it('the daily cron deletes a disabled one after its date, once; a re-run does nothing; then it may be enabled anew', async () => {
    const c = await customer();
    const d = await ours(c.id);
    const t0 = Date.now();
    await servicesAt(t0).freeHosting.enable(c.id, d, null);
    await servicesAt(t0).freeHosting.disable(c.id, d, null);
    const [row] = await rowsOf(d.asciiFqdn);

    expect(await servicesAt(t0 + (FREE_HOSTING_DELETE_AFTER_DAYS - 1) * DAY).freeHosting.deleteDue()).toMatchObject({ deleted: 0 });
    expect((await rowsOf(d.asciiFqdn))[0]!.status).toBe('suspended');

    const due = new Date(t0 + FREE_HOSTING_DELETE_AFTER_DAYS * DAY + 60_000);
    const run = await runScheduled('0 6 * * *', env, due);
    // (The file's other tests leave disabled ones too: the run deletes every one that is due.)
    expect(run.results).toContainEqual(expect.objectContaining({ deleted: expect.any(Number), failed: 0 }));
    expect((await rowsOf(d.asciiFqdn))[0]).toMatchObject({ id: row!.id, status: 'terminated' });
    expect((await panelOf(row!.accountId)).status).toBe('terminated');
    expect(await noticesOf(`free-hosting-deleted:${row!.id}`)).toHaveLength(1);

    expect(await servicesAt(due.getTime()).freeHosting.deleteDue()).toEqual({ deleted: 0, failed: 0 });
    await runScheduled('0 6 * * *', env, due);
    expect(await noticesOf(`free-hosting-deleted:${row!.id}`)).toHaveLength(1);

    // A new free hosting for the name: a new account at the panel, a new row.
    expect(await servicesAt(due.getTime() + DAY).freeHosting.enable(c.id, d, null)).toMatchObject({ ok: true, code: 1000 });
    const rows = await rowsOf(d.asciiFqdn);
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'terminated']);
    expect(new Set(rows.map((r) => r.accountId)).size).toBe(2);
  });

  it('a panel failure changes nothing here: enable, disable and the cron each leave the record as it was, and a retry works', async () => {
    const c = await customer();
    const d = await ours(c.id);
    const s = servicesAt();
    await panelFailing(true);
    expect(await s.freeHosting.enable(c.id, d, null)).toMatchObject({ ok: false, code: 49997 });
    expect(await rowsOf(d.asciiFqdn)).toHaveLength(0);
    await panelFailing(false);
    expect(await s.freeHosting.enable(c.id, d, null)).toMatchObject({ ok: true });

    await panelFailing(true);
    expect(await s.freeHosting.disable(c.id, d, null)).toMatchObject({ ok: false, code: 49997 });
    expect((await rowsOf(d.asciiFqdn))[0]).toMatchObject({ status: 'active', deleteAt: null });
    await panelFailing(false);
    expect(await s.freeHosting.disable(c.id, d, null)).toMatchObject({ ok: true, code: 1000 });

    const due = Date.now() + (FREE_HOSTING_DELETE_AFTER_DAYS + 1) * DAY;
    await panelFailing(true);
    const failed = await servicesAt(due).freeHosting.deleteDue();
    expect(failed.deleted).toBe(0);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    const [kept] = await rowsOf(d.asciiFqdn);
    expect(kept).toMatchObject({ status: 'suspended', terminatedAt: null });
    await panelFailing(false);
    expect((await servicesAt(due).freeHosting.deleteDue()).deleted).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(d.asciiFqdn))[0]!.status).toBe('terminated');
  });

  it('answers 404 (30014) for someone else’s name, on the page and the toggle', async () => {
    const { b } = await loggedIn();
    const other = await customer();
    const d = await ours(other.id);
    expect((await b.fetch(`/account/domains/${d.asciiFqdn}/hosting`)).status).toBe(404);
    const { token } = await b.open('/account/domains');
    const res = await b.fetch(`/account/domains/${d.asciiFqdn}/hosting`, form({ _token: token, intent: 'free_hosting', value: 'on' }));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('domain_does_not_exist');
    expect(await rowsOf(d.asciiFqdn)).toHaveLength(0);
  });
});
