// All domains in the back office (issue #22 §2): the list with its filters, sorts and CSV; a name's page
// beside the registry's view; who may see and who may act (customers refused, storefront host 404,
// support reads and gets 175 on every action); the confirmation step without JavaScript.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed';
import { domains, registryObjects } from '../../db/schema';
import { ADMIN, auditOf, customer, DAY, db, hold, ours } from './admin-domains-fixtures';
import { servicesAt } from './customers';
import { Browser, form, login } from './helpers';
import { staffBrowser } from './staff';

afterEach(async () => {
  for (const family of ['gr', 'eurid', 'icm', 'generic'] as const) await servicesAt().domains.setSandboxSwitches(family, { failing: false, maintenance: false, latencyMs: 0 });
});

const rowIds = (html: string) => [...html.matchAll(/data-testid="domain-row" data-id="(\d+)"/g)].map((m) => Number(m[1]));
const ACTIONS = ['sync', 'renew', 'lock', 'unlock', 'move'] as const;

describe('who reaches all domains', () => {
  it('refuses customers on the list, a name, the export and every action; the storefront host has none of it', async () => {
    const c = await customer('adref');
    const d = await hold(c.id, 'gr');
    const b = new Browser();
    await login(b, DEMO_USERS[0].email, DEMO_USERS[0].password);
    for (const path of ['/admin/domains', `/admin/domains/${d.id}`, '/admin/domains/export']) {
      const res = await b.fetch(`${ADMIN}${path}`);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location')).toBe('/access_denied');
    }
    const { token } = await b.open('/');
    const post = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, intent: 'lock', confirmed: 'yes' }));
    expect(post.headers.get('Location')).toBe('/access_denied');
    const { b: admin } = await staffBrowser();
    for (const path of ['/admin/domains', `/admin/domains/${d.id}`, '/admin/domains/export']) expect((await admin.fetch(path)).status, path).toBe(404);
    expect((await ours(d.id)).locked).toBe(false);
  });

  it('lets support read the list and a name without buttons, and answers 175 to each of its actions with nothing changed', async () => {
    const c = await customer('adsup');
    const d = await hold(c.id, 'gr');
    const { b } = await staffBrowser('support');
    const list = await b.open(`${ADMIN}/admin/domains?holder=${encodeURIComponent(c.email)}`);
    expect(list.res.status).toBe(200);
    expect(rowIds(list.html)).toEqual([d.id]);
    const page = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="read-only-note"');
    expect(page.html).not.toContain('data-testid="domain-actions"');
    // Even with ?confirm the page draws no form for it.
    expect((await b.open(`${ADMIN}/admin/domains/${d.id}?confirm=lock`)).html).not.toContain('confirm-lock-form');
    for (const intent of ACTIONS) {
      const res = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: page.token, intent, confirmed: 'yes', reason: 'support tries', key: 'k1', email: c.email }));
      expect(res.status, intent).toBe(403);
      expect(await res.text(), intent).toContain('175');
    }
    const after = await ours(d.id);
    expect({ locked: after.locked, expiresAt: after.expiresAt.getTime(), userId: after.userId }).toEqual({ locked: d.locked, expiresAt: d.expiresAt.getTime(), userId: d.userId });
    expect(await auditOf(d.id)).toHaveLength(0);
  });
});

describe('the list', () => {
  it('filters by holder, registry, status, expiry window and a Greek search without accents, and sorts', async () => {
    const c = await customer('adlist');
    const greek = await hold(c.id, 'gr', { label: `καφές${Date.now().toString(36).replace(/\d/g, '')}`, days: 10 });
    const com = await hold(c.id, 'com', { days: 400, createdDaysAgo: 5 });
    const expired = await hold(c.id, 'eu', { status: 'expired', days: -3, createdDaysAgo: 300 });
    const { b } = await staffBrowser();
    const base = `${ADMIN}/admin/domains?holder=${encodeURIComponent(c.email)}`;
    expect(rowIds((await b.open(base)).html).sort()).toEqual([greek.id, com.id, expired.id].sort());
    expect(rowIds((await b.open(`${ADMIN}/admin/domains?holder=%23${c.id}&registry=gr`)).html)).toEqual([greek.id]);
    expect(rowIds((await b.open(`${base}&status=expired`)).html)).toEqual([expired.id]);
    expect(rowIds((await b.open(`${base}&expiring=30`)).html)).toEqual([greek.id]);
    // 'ΚΑΦΕΣ' (capitals, no accent, σ) finds 'καφές…'; the ASCII (punycode) form finds it too.
    expect(rowIds((await b.open(`${base}&q=${encodeURIComponent('ΚΑΦΕΣ')}`)).html)).toEqual([greek.id]);
    expect(rowIds((await b.open(`${base}&q=${encodeURIComponent(greek.asciiFqdn.slice(0, 12))}`)).html)).toEqual([greek.id]);
    expect(rowIds((await b.open(`${base}&sort=expiry&dir=asc`)).html)).toEqual([expired.id, greek.id, com.id]);
    expect(rowIds((await b.open(`${base}&sort=created&dir=desc`)).html)).toEqual([com.id, greek.id, expired.id]);
    const page = await b.open(`${base}&sort=expiry&dir=asc&per=25`);
    expect(page.html).toContain('data-testid="domains-total"');
    expect(page.html).toContain(greek.fqdn);
  });

  it('exports the filtered list as CSV, streamed by keyset pages that neither skip nor repeat a row', async () => {
    const c = await customer('adcsv');
    const names = [await hold(c.id, 'gr', { days: 30 }), await hold(c.id, 'com', { days: 60 }), await hold(c.id, 'net', { days: 90 }), await hold(c.id, 'org', { days: 90 }), await hold(c.id, 'eu', { days: 120 })];
    await db.update(domains).set({ fqdn: '=cmd|evil.gr' }).where(eq(domains.id, names[0]!.id));
    const { b } = await staffBrowser();
    const res = await b.fetch(`${ADMIN}/admin/domains/export?holder=${encodeURIComponent(c.email)}&sort=expiry`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename="domains-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain('ASCII');
    // The formula guard: a name that a spreadsheet would run starts with an apostrophe.
    expect(lines[1]).toContain("'=cmd|evil.gr");
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(names.map((n) => n.id));
    expect(lines[2]).toContain(`${c.email},Άννα Κάτοχος,generic,active`);

    // Pages of two by keyset: every name once, in order, ties on expiry broken by id.
    const s = servicesAt().staffDomains;
    const filters = { registry: null, status: null, expiringDays: null, holder: { id: c.id }, search: null };
    const seen: number[] = [];
    let key = null;
    let reads = 0;
    do {
      const page = await s.exportPage({ filters, sort: 'expiry', dir: 'desc', key, limit: 2 });
      seen.push(...page.rows.map((r) => r.id));
      key = page.next;
      reads++;
    } while (key);
    expect(seen).toEqual([names[4]!.id, names[3]!.id, names[2]!.id, names[1]!.id, names[0]!.id]);
    expect(reads).toBe(3);
  });
});

describe("a name's page beside the registry", () => {
  it('says every difference in words and shows the registry refusal as a warning', async () => {
    const c = await customer('addiff');
    const d = await hold(c.id, 'gr', { locked: false });
    await db
      .update(registryObjects)
      .set({ expiresAt: new Date(d.expiresAt.getTime() + 365 * DAY), nameservers: ['ns1.example.net', 'ns9.other.gr'], statuses: ['clientTransferProhibited'] })
      .where(eq(registryObjects.registryKey, d.registryKey));
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="difference-expiry"');
    expect(page.html).toContain('365 ημέρες αργότερα');
    expect(page.html).toContain('data-testid="difference-nameservers"');
    expect(page.html).toContain('ns9.other.gr');
    expect(page.html).toContain('data-testid="difference-lock"');
    expect(page.html).toContain('data-testid="differs-expiry"');
    expect(page.html).not.toContain('data-testid="difference-status"');
    await servicesAt().domains.setSandboxSwitches('gr', { maintenance: true });
    const down = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    expect(down.res.status).toBe(200);
    expect(down.html).toMatch(/data-testid="registry-unavailable"[^>]*data-code="26000"/);
  });

  it('sync: our record takes the registry values, audited with before and after', async () => {
    const c = await customer('adsync');
    const d = await hold(c.id, 'com');
    const theirs = new Date(d.expiresAt.getTime() + 365 * DAY);
    await db.update(registryObjects).set({ expiresAt: theirs, nameservers: ['ns1.moved.net', 'ns2.moved.net'] }).where(eq(registryObjects.registryKey, d.registryKey));
    const { b } = await staffBrowser();
    const { token } = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    const res = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, intent: 'sync', confirmed: 'yes' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/admin/domains/${d.id}?done=sync`);
    const after = await ours(d.id);
    expect(after.expiresAt.getTime()).toBe(theirs.getTime());
    expect(after.nameservers).toEqual(['ns1.moved.net', 'ns2.moved.net']);
    const rows = await auditOf(d.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('domain.sync');
    expect(rows[0]!.detail).toMatchObject({ before: { expiresAt: d.expiresAt.getTime(), nameservers: ['ns1.example.net', 'ns2.example.net'] }, after: { expiresAt: theirs.getTime(), nameservers: ['ns1.moved.net', 'ns2.moved.net'] } });
    const page = await b.open(`${ADMIN}/admin/domains/${d.id}?done=sync`);
    expect(page.html).toContain('data-testid="domain-done"');
    expect(page.html).toContain('Η εγγραφή μας συμφωνεί με το μητρώο.');
    // Nothing left to take: 1005 and no second row.
    const again = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, intent: 'sync', confirmed: 'yes' }));
    expect(again.status).toBe(200);
    expect(await again.text()).toMatch(/data-testid="domain-alert"[^>]*data-code="1005"/);
    expect(await auditOf(d.id)).toHaveLength(1);
  });
});

describe('actions', () => {
  it('without JavaScript: a post that skipped the confirmation is sent to it; the confirmation form then locks, at the registry too', async () => {
    const c = await customer('adlock');
    const d = await hold(c.id, 'gr');
    const { b } = await staffBrowser();
    const page = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    // The button is a link to the confirmation page (the dialog opens instead with JavaScript).
    expect(page.html).toContain(`href="/admin/domains/${d.id}?confirm=lock"`);
    const skipped = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: page.token, intent: 'lock' }));
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get('Location')).toBe(`/admin/domains/${d.id}?confirm=lock`);
    expect((await ours(d.id)).locked).toBe(false);
    const confirm = await b.open(`${ADMIN}/admin/domains/${d.id}?confirm=lock`);
    expect(confirm.html).toContain('data-testid="confirm-lock-form"');
    expect(confirm.html).toContain('name="confirmed" value="yes"');
    const res = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: confirm.token, intent: 'lock', confirmed: 'yes' }));
    expect(res.headers.get('Location')).toBe(`/admin/domains/${d.id}?done=lock`);
    expect((await ours(d.id)).locked).toBe(true);
    const [reg] = await db.select().from(registryObjects).where(eq(registryObjects.registryKey, d.registryKey));
    expect(reg!.statuses).toContain('clientTransferProhibited');
    expect((await auditOf(d.id)).map((r) => r.action)).toEqual(['domain.lock']);
  });

  it('renews a goodwill year once for a double submit of the same form, with its reason', async () => {
    const c = await customer('adrenew');
    const d = await hold(c.id, 'com', { days: 20 });
    const { b } = await staffBrowser();
    const { token } = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    const noReason = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, intent: 'renew', confirmed: 'yes', key: 'k-1', reason: ' ' }));
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('data-testid="reason-error"');
    const body = { _token: token, intent: 'renew', confirmed: 'yes', key: 'same-form', reason: 'Η ανανέωση απέτυχε από δικό μας λάθος' };
    const [one, two] = await Promise.all([b.fetch(`${ADMIN}/admin/domains/${d.id}`, form(body)), b.fetch(`${ADMIN}/admin/domains/${d.id}`, form(body))]);
    expect([one.status, two.status]).toEqual([303, 303]);
    const third = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form(body));
    expect(third.headers.get('Location')).toBe(`/admin/domains/${d.id}?done=renew_repeated`);
    const after = await ours(d.id);
    const reg = await db.select().from(registryObjects).where(eq(registryObjects.registryKey, d.registryKey));
    const year = after.expiresAt.getTime() - d.expiresAt.getTime();
    expect(year).toBeGreaterThanOrEqual(365 * DAY);
    expect(year).toBeLessThanOrEqual(366 * DAY);
    expect(reg[0]!.expiresAt.getTime()).toBe(after.expiresAt.getTime());
    const rows = await auditOf(d.id);
    expect(rows.map((r) => r.action)).toEqual(['domain.renew_goodwill']);
    expect(rows[0]!.detail).toMatchObject({ reason: 'Η ανανέωση απέτυχε από δικό μας λάθος', months: 12 });
  });

  it('a registry error (26000 maintenance) is an alert and leaves our record, the registry and the log as they were; the same form works later', async () => {
    const c = await customer('adfail');
    const d = await hold(c.id, 'gr');
    const other = await customer('adfail2');
    const { b } = await staffBrowser();
    const { token } = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    await servicesAt().domains.setSandboxSwitches('gr', { maintenance: true });
    const posts: Record<string, string>[] = [
      { intent: 'lock' },
      { intent: 'sync' },
      { intent: 'renew', key: 'retry-me', reason: 'goodwill' },
      { intent: 'move', email: other.email, reason: 'same company' },
    ];
    for (const p of posts) {
      const res = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, confirmed: 'yes', ...p }));
      expect(res.status, p.intent).toBe(409);
      const html = await res.text();
      expect(html, p.intent).toMatch(/data-testid="domain-alert"[^>]*data-code="26000"/);
      expect(html).toContain('Δεν άλλαξε τίποτα.');
    }
    const after = await ours(d.id);
    expect({ locked: after.locked, expiresAt: after.expiresAt.getTime(), userId: after.userId, updatedAt: after.updatedAt.getTime() }).toEqual({ locked: false, expiresAt: d.expiresAt.getTime(), userId: c.id, updatedAt: d.updatedAt.getTime() });
    expect(await auditOf(d.id)).toHaveLength(0);
    await servicesAt().domains.setSandboxSwitches('gr', { maintenance: false });
    const retried = await b.fetch(`${ADMIN}/admin/domains/${d.id}`, form({ _token: token, confirmed: 'yes', intent: 'renew', key: 'retry-me', reason: 'goodwill' }));
    expect(retried.headers.get('Location')).toBe(`/admin/domains/${d.id}?done=renew`);
  });

  it('moves a name to another account with a reason: the old holder keeps its contacts and group, hosts and reminders follow', async () => {
    const from = await customer('admvfrom');
    const to = await customer('admvto');
    const d = await hold(from.id, 'com');
    const s = servicesAt();
    const contactId = await s.contacts.createContact(from.id, { firstName: 'Παλιός', lastName: 'Κάτοχος', email: 'old@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    const group = await s.nameservers.createGroup(from.id, 'Η ομάδα μου', ['ns1.example.net', 'ns2.example.net']);
    if (!group.ok) throw new Error('group');
    await env.DB.batch([
      env.DB.prepare("INSERT INTO domain_contacts (domain_id, role, contact_id, updated_at) VALUES (?, 'registrant', ?, ?)").bind(d.id, contactId, Date.now()),
      env.DB.prepare("UPDATE domains SET ns_mode = 'group', ns_group_id = ? WHERE id = ?").bind(group.id, d.id),
      env.DB.prepare("INSERT INTO hosts (user_id, domain_id, name, ips, created_at, updated_at) VALUES (?, ?, ?, '[\"192.0.2.1\"]', ?, ?)").bind(from.id, d.id, `ns1.${d.asciiFqdn}`, Date.now(), Date.now()),
    ]);
    const { b } = await staffBrowser();
    const { token } = await b.open(`${ADMIN}/admin/domains/${d.id}`);
    const url = `${ADMIN}/admin/domains/${d.id}`;
    const noReason = await b.fetch(url, form({ _token: token, intent: 'move', confirmed: 'yes', email: to.email, reason: '' }));
    expect(noReason.status).toBe(400);
    const unknown = await b.fetch(url, form({ _token: token, intent: 'move', confirmed: 'yes', email: 'nobody-here@example.gr', reason: 'merging accounts' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('data-testid="move-email-error"');
    const same = await b.fetch(url, form({ _token: token, intent: 'move', confirmed: 'yes', email: from.email, reason: 'merging accounts' }));
    expect(same.status).toBe(409);
    expect((await ours(d.id)).userId).toBe(from.id);

    const res = await b.fetch(url, form({ _token: token, intent: 'move', confirmed: 'yes', email: to.email.toUpperCase(), reason: 'merging accounts' }));
    expect(res.headers.get('Location')).toBe(`/admin/domains/${d.id}?done=move`);
    const after = await ours(d.id);
    expect(after).toMatchObject({ userId: to.id, nsMode: 'custom', nsGroupId: null, nameservers: ['ns1.example.net', 'ns2.example.net'] });
    const roles = await env.DB.prepare('SELECT COUNT(*) AS n FROM domain_contacts WHERE domain_id = ?').bind(d.id).first<{ n: number }>();
    expect(roles!.n).toBe(0);
    const host = await env.DB.prepare('SELECT user_id FROM hosts WHERE domain_id = ?').bind(d.id).first<{ user_id: number }>();
    expect(host!.user_id).toBe(to.id);
    // The old holder's contact and group are still theirs and nothing of them reached the new account.
    const contact = await env.DB.prepare('SELECT user_id FROM contacts WHERE id = ?').bind(contactId).first<{ user_id: number }>();
    expect(contact!.user_id).toBe(from.id);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM contacts WHERE user_id = ?').bind(to.id).first<{ n: number }>())!.n).toBe(0);
    // A new auth code at the registry: the old holder's one no longer works.
    const [reg] = await db.select().from(registryObjects).where(eq(registryObjects.registryKey, d.registryKey));
    expect(reg!.authCode).not.toBe('Old-Code-123#');
    const rows = await auditOf(d.id);
    expect(rows.map((r) => r.action)).toEqual(['domain.move']);
    expect(rows[0]!.detail).toMatchObject({ reason: 'merging accounts', before: { userId: from.id, email: from.email }, after: { userId: to.id, email: to.email } });
    const page = await b.open(`${ADMIN}/admin/domains/${d.id}?done=move`);
    expect(page.html).toContain(to.email);
    expect(page.html).toContain('merging accounts');
  });
});
