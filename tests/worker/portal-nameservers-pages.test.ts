// Issue #12 §3, the pages: the owner check (30014), rows and errors without JavaScript, the groups page,
// the hosts page, translations, and the live events a change publishes.
import { afterEach, describe, expect, it } from 'vitest';
import { readLiveFrame } from '../../party/channels';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { customer, failing, holding, NS, registryNs } from './portal-nameservers-fixtures';

afterEach(async () => {
  await failing('gr', false);
  await failing('generic', false);
});

describe('the pages', () => {
  async function loggedIn() {
    const c = await customer();
    const b = new Browser();
    expect((await login(b, c.email, 'Demo-Pelatis-2026')).status).toBe(303);
    return { c, b };
  }

  it('answers 404 (30014) for a name that is not the customer’s, on every page and action', async () => {
    const { b } = await loggedIn();
    const other = await customer();
    const d = await holding(other.id, 'gr');
    for (const path of [`/account/domains/${d.asciiFqdn}/nameservers`, `/account/domains/${d.asciiFqdn}/hosts`]) {
      const res = await b.fetch(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('domain_does_not_exist');
    }
    const { token } = await b.open('/account/nameservers');
    const res = await b.fetch(`/account/domains/${d.asciiFqdn}/nameservers`, form({ _token: token, intent: 'save', mode: 'default' }));
    expect(res.status).toBe(404);
    expect(await registryNs('gr', d.registryKey)).toEqual(NS);
  });

  it('without JavaScript: add_row adds a row, a save shows errors at their rows and keeps the values, then saves', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'gr', { label: uniqueName('σελίδα') });
    // The Unicode name works in the URL too: it moves to the ASCII one (decision 031).
    const unicode = await b.fetch(`/account/domains/${encodeURIComponent(d.fqdn)}/nameservers`);
    expect(unicode.status).toBe(301);
    expect(unicode.headers.get('Location')).toBe(`/account/domains/${d.asciiFqdn}/nameservers`);
    const path = `/account/domains/${d.asciiFqdn}/nameservers`;
    const page = await b.open(path);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="ns-current"');
    const added = await b.fetch(path, form({ _token: page.token, intent: 'add_row', mode: 'custom', 'ns[0]': 'ns1.example.org', 'ns[1]': 'ns2.example.org' }));
    const addedHtml = await added.text();
    expect(added.status).toBe(200);
    expect(addedHtml).toContain('name="ns[2]"');
    expect(addedHtml).toContain('value="ns1.example.org"');

    const bad = await b.fetch(path, form({ _token: page.token, intent: 'save', mode: 'custom', 'ns[0]': 'ns1.example.org', 'ns[1]': 'ns1.example.org', 'ns[2]': 'ns_3.example.org' }));
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="[^"]*ns\[1\][^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="ns\[1\]"/);
    expect(badHtml).toContain('value="ns_3.example.org"');
    expect(await registryNs('gr', d.registryKey)).toEqual(NS);

    const ok = await b.fetch(path, form({ _token: page.token, intent: 'save', mode: 'custom', 'ns[0]': 'ns1.example.org', 'ns[1]': 'ns2.example.org', 'ns[2]': '' }));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('data-testid="ns-alert"');
    expect(await registryNs('gr', d.registryKey)).toEqual(['ns1.example.org', 'ns2.example.org']);
  });

  it('the groups page creates a group and refuses to delete it while followed, naming the domain', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'com');
    const { token } = await b.open('/account/nameservers');
    const created = await b.fetch('/account/nameservers', form({ _token: token, intent: 'create_group', name: 'Ομάδα Α', 'ns[0]': 'ns1.a.net', 'ns[1]': 'ns2.a.net' }));
    expect(created.status).toBe(200);
    const [g] = await servicesAt().nameservers.groups(c.id);
    expect(g).toMatchObject({ name: 'Ομάδα Α', nameservers: ['ns1.a.net', 'ns2.a.net'] });
    await servicesAt().nameservers.setNameservers(c.id, d, { mode: 'group', groupId: g!.id }, null);
    const refused = await b.fetch('/account/nameservers', form({ _token: token, intent: 'delete_group', id: String(g!.id) }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(d.fqdn);
    expect(await servicesAt().nameservers.groups(c.id)).toHaveLength(1);
    // The apply page lists only the customer's names.
    const apply = await b.open(`/account/nameservers/apply?domain=${d.asciiFqdn}&domain=kafeneio.gr`);
    expect(apply.html).toContain('data-testid="apply-not-yours"');
    expect((apply.html.match(/type="hidden" name="domain"/g) ?? []).length).toBe(1);
  });

  it('the hosts page creates a host with an IPv4 and an IPv6 address', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'gr');
    const path = `/account/domains/${d.asciiFqdn}/hosts`;
    const { token } = await b.open(path);
    const res = await b.fetch(path, form({ _token: token, intent: 'create_host', form_intent: 'create_host', prefix: 'ns1', 'ips[0]': '192.0.2.10', 'ips[1]': '2001:db8::10' }));
    expect(res.status).toBe(200);
    const after = await b.open(path);
    expect(after.html).toContain(`data-host="ns1.${d.fqdn}"`);
    expect(after.html).toContain('2001:db8::10');
    // Delegated to its own host, the nameservers page links that nameserver to its glue.
    await servicesAt().nameservers.setNameservers(c.id, d, { mode: 'custom', list: [`ns1.${d.asciiFqdn}`, 'ns2.example.net'] }, null);
    const ns = await b.open(`/account/domains/${d.asciiFqdn}/nameservers`);
    expect(ns.html).toMatch(new RegExp(`data-testid="ns-glue"[^>]*href="/account/domains/${d.asciiFqdn.replace(/\./g, '\\.')}/hosts"`));
  });

  it('the groups page edits a followed group, offers the re-apply, re-applies; imports from a domain', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'gr', { nameservers: ['ns5.example.net', 'ns6.example.net'] });
    const s = servicesAt().nameservers;
    const g = await s.createGroup(c.id, 'Ακολουθούμενη', ['ns1.f.net', 'ns2.f.net']);
    if (!g.ok) throw new Error('group');
    await s.setNameservers(c.id, d, { mode: 'group', groupId: g.id }, null);
    const { token } = await b.open('/account/nameservers');
    const renamed = await b.fetch('/account/nameservers', form({ _token: token, intent: 'rename_group', form_intent: 'rename_group', id: String(g.id), name: 'Νέο όνομα' }));
    expect(renamed.status).toBe(200);
    const edited = await b.fetch('/account/nameservers', form({ _token: token, intent: 'edit_group', form_intent: 'edit_group', id: String(g.id), 'ns[0]': 'ns1.f.net', 'ns[1]': 'ns3.f.net' }));
    const html = await edited.text();
    expect(html).toContain('data-testid="reapply-offer"');
    expect(html).toContain(d.fqdn);
    expect(await registryNs('gr', d.registryKey)).toEqual(['ns1.f.net', 'ns2.f.net']);
    const reapplied = await b.fetch('/account/nameservers', form({ _token: token, intent: 'reapply', id: String(g.id) }));
    expect(await reapplied.text()).toContain('data-testid="apply-result" data-ok="true"');
    expect(await registryNs('gr', d.registryKey)).toEqual(['ns1.f.net', 'ns3.f.net']);
    expect((await s.groups(c.id))[0]).toMatchObject({ name: 'Νέο όνομα' });
    // Another customer's group id through the page: 32075, nothing renamed.
    const other = await customer();
    const theirs = await s.createGroup(other.id, 'Ξένη', ['ns1.x.net', 'ns2.x.net']);
    if (!theirs.ok) throw new Error('group');
    const refused = await b.fetch('/account/nameservers', form({ _token: token, intent: 'rename_group', form_intent: 'rename_group', id: String(theirs.id), name: 'Δική μου τώρα' }));
    expect(refused.status).toBe(404);
    expect((await s.groups(other.id))[0]!.name).toBe('Ξένη');
    const imported = await b.fetch('/account/nameservers', form({ _token: token, intent: 'import_group', name: 'Εισαγμένη', domain: d.asciiFqdn }));
    expect(imported.status).toBe(200);
    expect((await s.groups(c.id)).find((x) => x.name === 'Εισαγμένη')?.nameservers).toEqual(['ns1.f.net', 'ns3.f.net']);
  });

  it('renders the four pages in el and en without a missing key', async () => {
    const { c, b } = await loggedIn();
    const d = await holding(c.id, 'gr');
    await servicesAt().nameservers.createGroup(c.id, 'Ομάδα', ['ns1.a.net', 'ns2.a.net']);
    await servicesAt().nameservers.createHost(c.id, d, { prefix: 'ns1', ips: ['192.0.2.1'] });
    for (const lng of ['el', 'en']) {
      b.cookies.set('lng', lng);
      for (const path of [`/account/domains/${d.asciiFqdn}/nameservers`, `/account/domains/${d.asciiFqdn}/hosts`, '/account/nameservers', `/account/nameservers/apply?domain=${d.asciiFqdn}&domain=kafeneio.gr`]) {
        const res = await b.fetch(path);
        expect(res.status, path).toBe(200);
        await res.text();
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
    }
  });

  it('publishes DomainWasUpdated for one name and DomainsWereUpdated for many, fields [nameservers]', async () => {
    const { c, b } = await loggedIn();
    const [d1, d2] = [await holding(c.id, 'gr'), await holding(c.id, 'com')];
    const res = await b.fetch(`/parties/user/u-${c.id}`, { headers: { Upgrade: 'websocket' } });
    const ws = res.webSocket!;
    expect(ws).toBeTruthy();
    ws.accept();
    const frames: string[] = [];
    ws.addEventListener('message', (e) => frames.push(String(e.data)));
    const events = () => frames.map((f) => readLiveFrame(f, 'other-tab')).flatMap((f) => (f?.kind === 'event' ? [f.message] : []));
    const until = async (n: number) => {
      for (let i = 0; i < 200 && events().length < n; i++) await new Promise((r) => setTimeout(r, 10));
    };
    const { token } = await b.open(`/account/domains/${d1.asciiFqdn}/nameservers`);
    await b.fetch(`/account/domains/${d1.asciiFqdn}/nameservers`, form({ _token: token, intent: 'save', mode: 'default', unique_id: 'page-1' }));
    await until(1);
    expect(events()[0]).toMatchObject({ channel: 'domain', event: 'DomainWasUpdated', unique_id: 'page-1', data: { domain_id: d1.id, fqdn: d1.fqdn, fields: ['nameservers'] } });
    // Two names changed by one apply: one event naming both.
    const apply = new URLSearchParams({ _token: token, intent: 'apply', mode: 'custom', 'ns[0]': 'ns1.both.net', 'ns[1]': 'ns2.both.net', unique_id: 'page-2' });
    apply.append('domain', d1.asciiFqdn);
    apply.append('domain', d2.asciiFqdn);
    const applied = await b.fetch('/account/nameservers/apply', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: apply.toString() });
    expect(applied.status).toBe(200);
    expect((await applied.text()).match(/data-testid="apply-result" data-ok="true"/g)).toHaveLength(2);
    await until(2);
    expect(events()[1]).toMatchObject({
      event: 'DomainsWereUpdated',
      unique_id: 'page-2',
      data: { domains: [{ domain_id: d1.id, fields: ['nameservers'] }, { domain_id: d2.id, fields: ['nameservers'] }] },
    });
    ws.close();
  });
});
