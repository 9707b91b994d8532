// Issue #12 §3: a domain's nameservers, nameserver groups (with the bulk apply) and glue hosts, through
// the sandbox registries. Every change reaches the registry first and our rows only after its answer;
// a refusal or a failure leaves both sides as they were; another customer's names and groups are refused.
// The pages themselves: portal-nameservers-pages.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { nameserverToAscii } from '../../core/domains/nameservers';
import { ErrorCode } from '../../core/errors';
import { hosts, nameserverGroups, registryHosts } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';
import { customer, db, failing, holding, NS, ourRow, registryNs } from './portal-nameservers-fixtures';

afterEach(async () => {
  await failing('gr', false);
  await failing('generic', false);
});

describe('a domain’s nameservers', () => {
  it('changes a custom list at the registry (IDN in ASCII), then stores mode and list', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const s = servicesAt().nameservers;
    const r = await s.setNameservers(c.id, d, { mode: 'custom', list: ['ns1.παράδειγμα.net', ' NS2.Example.net ', ''] }, null);
    expect(r).toEqual({ ok: true, changed: true });
    const ascii = [nameserverToAscii('ns1.παράδειγμα.net'), 'ns2.example.net'];
    expect(ascii[0]).toMatch(/^ns1\.xn--/);
    expect(await registryNs('gr', d.registryKey)).toEqual(ascii);
    expect(await ourRow(d.id)).toMatchObject({ nsMode: 'custom', nsGroupId: null, nameservers: ascii });
    // The same list again is 'no changes' and costs no registry call.
    expect(await s.setNameservers(c.id, { ...d, nameservers: ascii }, { mode: 'custom', list: ['ns2.example.net', 'ns1.παράδειγμα.net'] }, null)).toEqual({ ok: true, changed: false });
  });

  it('refuses by the registry limits (32053, 32052), syntax and UNIQUE per row; nothing changes', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const s = servicesAt().nameservers;
    expect(await s.setNameservers(c.id, d, { mode: 'custom', list: ['ns1.example.org'] }, null)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT, params: { min: 2, max: 8 } });
    const nine = Array.from({ length: 9 }, (_, i) => `ns${i}.example.org`);
    expect(await s.setNameservers(c.id, d, { mode: 'custom', list: nine }, null)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT });
    const bad = await s.setNameservers(c.id, d, { mode: 'custom', list: ['ns1.example.org', 'ns_2.example.org', 'NS1.example.org'] }, null);
    expect(bad).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR });
    if (bad.ok) throw new Error('refused');
    expect(bad.rows!.map((x) => [x.index, x.message.key])).toEqual([
      [1, 'validation:name_servers_invalid_chars'],
      [2, 'validation:unique'],
    ]);
    expect(await registryNs('gr', d.registryKey)).toEqual(NS);
    expect(await ourRow(d.id)).toMatchObject({ nsMode: 'custom', nameservers: NS });
  });

  it('a nameserver under a name of the same registry needs its host: 32060 at that row (ns.n)', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const r = await servicesAt().nameservers.setNameservers(c.id, d, { mode: 'custom', list: ['ns1.example.org', `ns1.${d.asciiFqdn}`] }, null);
    expect(r).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST, field: 'ns.1' });
    expect(await registryNs('gr', d.registryKey)).toEqual(NS);
  });

  it('a registry failure changes nothing on our side (32050), and the default then applies once it is back', async () => {
    const c = await customer();
    const d = await holding(c.id, 'com');
    const s = servicesAt().nameservers;
    await failing('generic', true);
    expect(await s.setNameservers(c.id, d, { mode: 'default' }, null)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_COULD_NOT_UPDATE, status: 502 });
    expect(await ourRow(d.id)).toMatchObject({ nsMode: 'custom', nameservers: NS });
    expect(await registryNs('generic', d.registryKey)).toEqual(NS);
    await failing('generic', false);
    expect(await s.setNameservers(c.id, d, { mode: 'default' }, null)).toEqual({ ok: true, changed: true });
    expect(await ourRow(d.id)).toMatchObject({ nsMode: 'default', nameservers: s.defaults });
  });

  it('reads unknown nameservers ([]) from the registry once and keeps them; 32051 when it cannot', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr', { nameservers: ['ns9.example.net', 'ns8.example.net'], ours: [] });
    const s = servicesAt().nameservers;
    await failing('gr', true);
    expect(await s.delegation(c.id, d)).toMatchObject({ nameservers: [], readFailed: true, limits: null });
    expect((await ourRow(d.id)).nameservers).toEqual([]);
    await failing('gr', false);
    expect(await s.delegation(c.id, d)).toMatchObject({ nameservers: ['ns9.example.net', 'ns8.example.net'], readFailed: false, limits: { min: 2, max: 8 } });
    expect((await ourRow(d.id)).nameservers).toEqual(['ns9.example.net', 'ns8.example.net']);
  });

  it('follows a group of mine only: 32075 for another customer’s group or none', async () => {
    const [a, b] = [await customer(), await customer()];
    const d = await holding(a.id, 'gr');
    const s = servicesAt().nameservers;
    const theirs = await s.createGroup(b.id, 'Ξένη', ['ns1.other.net', 'ns2.other.net']);
    if (!theirs.ok) throw new Error('group');
    expect(await s.setNameservers(a.id, d, { mode: 'group', groupId: theirs.id }, null)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST });
    expect(await s.setNameservers(a.id, d, { mode: 'group', groupId: 999_999 }, null)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST });
    const mine = await s.createGroup(a.id, 'Δική μου', ['ns1.mine.net', 'ns2.mine.net']);
    if (!mine.ok) throw new Error('group');
    expect(await s.setNameservers(a.id, d, { mode: 'group', groupId: mine.id }, null)).toEqual({ ok: true, changed: true });
    expect(await ourRow(d.id)).toMatchObject({ nsMode: 'group', nsGroupId: mine.id, nameservers: ['ns1.mine.net', 'ns2.mine.net'] });
    // Another customer's domain is not found at all.
    expect(await s.ownDomain(b.id, d.asciiFqdn)).toBeNull();
  });
});

describe('nameserver groups', () => {
  it('creates, renames, edits and offers to re-apply to the names that follow it', async () => {
    const c = await customer();
    const [d1, d2] = [await holding(c.id, 'gr'), await holding(c.id, 'com')];
    const s = servicesAt().nameservers;
    expect(await s.createGroup(c.id, 'Κακή', ['ns1.example.net', 'NS1.example.net'])).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, rows: [{ index: 1 }] });
    const g = await s.createGroup(c.id, 'Cloud', ['ns1.cloud.net', 'ns2.cloud.net']);
    if (!g.ok) throw new Error('group');
    expect(await s.renameGroup(c.id, g.id, 'Cloud DNS')).toEqual({ ok: true });
    for (const d of [d1, d2]) expect(await s.setNameservers(c.id, d, { mode: 'group', groupId: g.id }, null)).toMatchObject({ ok: true });
    const edited = await s.updateGroupList(c.id, g.id, ['ns1.cloud.net', 'ns3.cloud.net']);
    expect(edited).toMatchObject({ ok: true });
    if (!edited.ok) throw new Error('edit');
    expect(edited.followers.sort()).toEqual([d1.fqdn, d2.fqdn].sort());
    // The registry still has the old list until the re-apply.
    expect(await registryNs('gr', d1.registryKey)).toEqual(['ns1.cloud.net', 'ns2.cloud.net']);
    const r = await s.reapplyGroup(c.id, g.id, null);
    if (!r.ok) throw new Error('reapply');
    expect(r.results.every((x) => x.ok && x.changed)).toBe(true);
    expect(await registryNs('generic', d2.registryKey)).toEqual(['ns1.cloud.net', 'ns3.cloud.net']);
    expect((await s.groups(c.id))[0]).toMatchObject({ name: 'Cloud DNS', nameservers: ['ns1.cloud.net', 'ns3.cloud.net'] });
  });

  it('32077 when the group cannot be stored (here: an account that no longer exists)', async () => {
    const s = servicesAt().nameservers;
    expect(await s.createGroup(2_000_000_000, 'Ορφανή', ['ns1.a.net', 'ns2.a.net'])).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_GROUP_CREATION_FAILED, status: 500 });
    expect(await db.select().from(nameserverGroups).where(eq(nameserverGroups.userId, 2_000_000_000))).toEqual([]);
  });

  it('refuses to delete a group names follow, naming them; deletes it once none does', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const s = servicesAt().nameservers;
    const g = await s.createGroup(c.id, 'Σε χρήση', ['ns1.cloud.net', 'ns2.cloud.net']);
    if (!g.ok) throw new Error('group');
    await s.setNameservers(c.id, d, { mode: 'group', groupId: g.id }, null);
    expect(await s.deleteGroup(c.id, g.id)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, names: [d.fqdn] });
    await s.setNameservers(c.id, { ...d, nsMode: 'group', nsGroupId: g.id, nameservers: ['ns1.cloud.net', 'ns2.cloud.net'] }, { mode: 'default' }, null);
    expect(await s.deleteGroup(c.id, g.id)).toEqual({ ok: true });
    expect(await db.select().from(nameserverGroups).where(eq(nameserverGroups.id, g.id))).toEqual([]);
  });

  it('32075 for another customer’s group on every operation', async () => {
    const [a, b] = [await customer(), await customer()];
    const s = servicesAt().nameservers;
    const g = await s.createGroup(a.id, 'Της Α', ['ns1.a.net', 'ns2.a.net']);
    if (!g.ok) throw new Error('group');
    for (const r of [await s.renameGroup(b.id, g.id, 'Κλεμμένη'), await s.updateGroupList(b.id, g.id, ['ns1.b.net', 'ns2.b.net']), await s.deleteGroup(b.id, g.id), await s.reapplyGroup(b.id, g.id, null)]) {
      expect(r).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST });
    }
    expect((await db.select().from(nameserverGroups).where(eq(nameserverGroups.id, g.id)))[0]).toMatchObject({ name: 'Της Α', nameservers: ['ns1.a.net', 'ns2.a.net'] });
  });

  it('imports a domain’s nameservers from the registry; 32078 when the registry fails; 30014 for another’s name', async () => {
    const [a, b] = [await customer(), await customer()];
    const d = await holding(a.id, 'com', { nameservers: ['ns7.example.net', 'ns6.example.net'] });
    const s = servicesAt().nameservers;
    await failing('generic', true);
    expect(await s.importGroup(a.id, 'Από domain', d.asciiFqdn)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_GROUP_IMPORT_FAILED });
    expect(await s.groups(a.id)).toEqual([]);
    await failing('generic', false);
    expect(await s.importGroup(b.id, 'Ξένο', d.asciiFqdn)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST });
    expect(await s.importGroup(a.id, 'Από domain', d.fqdn)).toMatchObject({ ok: true });
    expect((await s.groups(a.id))[0]).toMatchObject({ name: 'Από domain', nameservers: ['ns7.example.net', 'ns6.example.net'] });
  });
});

describe('applying to many names', () => {
  it('stores each name on its own answer: a failing registry mid-way keeps the others, another’s name is refused', async () => {
    const [a, b] = [await customer(), await customer()];
    const gr = await holding(a.id, 'gr');
    const com = await holding(a.id, 'com');
    const foreign = await holding(b.id, 'gr');
    const s = servicesAt().nameservers;
    const g = await s.createGroup(a.id, 'Όλα', ['ns1.all.net', 'ns2.all.net']);
    if (!g.ok) throw new Error('group');
    await failing('generic', true);
    const r = await s.applyToMany(a.id, [gr.fqdn, com.asciiFqdn, foreign.asciiFqdn], { mode: 'group', groupId: g.id }, null);
    if (!r.ok) throw new Error('apply');
    expect(r.results.map((x) => [x.fqdn, x.ok, x.code])).toEqual([
      [gr.fqdn, true, ErrorCode.SUCCESS],
      [com.fqdn, false, ErrorCode.NAMESERVER_COULD_NOT_UPDATE],
      [foreign.asciiFqdn, false, ErrorCode.DOMAIN_DOES_NOT_EXIST],
    ]);
    expect(await ourRow(gr.id)).toMatchObject({ nsMode: 'group', nsGroupId: g.id, nameservers: ['ns1.all.net', 'ns2.all.net'] });
    expect(await ourRow(com.id)).toMatchObject({ nsMode: 'custom', nsGroupId: null, nameservers: NS });
    expect(await registryNs('generic', com.registryKey)).toEqual(NS);
    expect(await ourRow(foreign.id)).toMatchObject({ nsMode: 'custom', nameservers: NS });
    expect(await registryNs('gr', foreign.registryKey)).toEqual(NS);
  });
});

describe('glue hosts', () => {
  it('creates prefix.{name} with IPv4 and IPv6 at the registry, edits the addresses, deletes it', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr');
    const s = servicesAt().nameservers;
    const made = await s.createHost(c.id, d, { prefix: 'NS1', ips: ['192.0.2.1', '2001:DB8:0:0::1'] });
    expect(made).toMatchObject({ ok: true, name: `ns1.${d.asciiFqdn}` });
    if (!made.ok) throw new Error('host');
    const atRegistry = async () => (await db.select().from(registryHosts).where(and(eq(registryHosts.registry, 'gr'), eq(registryHosts.name, `ns1.${d.asciiFqdn}`))))[0];
    expect((await atRegistry())?.ips).toEqual(['192.0.2.1', '2001:db8::1']);
    expect(await s.hosts(c.id, d)).toEqual([{ id: made.id, name: `ns1.${d.asciiFqdn}`, ips: ['192.0.2.1', '2001:db8::1'] }]);
    // Now the name may delegate to its own host.
    expect(await s.setNameservers(c.id, d, { mode: 'custom', list: [`ns1.${d.fqdn}`, 'ns2.example.net'] }, null)).toMatchObject({ ok: true });
    expect(await s.updateHost(c.id, d, made.id, ['198.51.100.7'])).toEqual({ ok: true });
    expect((await atRegistry())?.ips).toEqual(['198.51.100.7']);
    // In use by a delegation at the registry: 32006, and the host stays on both sides.
    expect(await s.deleteHost(c.id, d, made.id)).toMatchObject({ ok: false, code: ErrorCode.HOST_IN_USE_DELETE_NOT_ALLOWED });
    expect(await s.hosts(c.id, d)).toHaveLength(1);
    await s.setNameservers(c.id, { ...d, nameservers: [`ns1.${d.asciiFqdn}`, 'ns2.example.net'] }, { mode: 'default' }, null);
    expect(await s.deleteHost(c.id, d, made.id)).toEqual({ ok: true });
    expect(await atRegistry()).toBeUndefined();
    expect(await s.hosts(c.id, d)).toEqual([]);
    // Gone: 32060 on every operation.
    expect(await s.deleteHost(c.id, d, made.id)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST });
    expect(await s.updateHost(c.id, d, made.id, ['192.0.2.9'])).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST });
  });

  it('a Greek name gets Greek hosts, given to the registry in ASCII', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr', { label: uniqueName('ταβερνάκι') });
    const r = await servicesAt().nameservers.createHost(c.id, d, { prefix: 'όνομα', ips: ['192.0.2.5'] });
    expect(r).toMatchObject({ ok: true, name: nameserverToAscii(`όνομα.${d.fqdn}`) });
    expect(d.asciiFqdn).toMatch(/^xn--/);
    expect((await db.select().from(registryHosts).where(eq(registryHosts.name, nameserverToAscii(`όνομα.${d.fqdn}`))))[0]?.ips).toEqual(['192.0.2.5']);
  });

  it('checks the prefix and the §5 IP rules, refuses repeats and a host without addresses', async () => {
    const c = await customer();
    const d = await holding(c.id, 'com');
    const s = servicesAt().nameservers;
    expect(await s.createHost(c.id, d, { prefix: 'a.b', ips: ['192.0.2.1'] })).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:name_servers_invalid_syntax' } });
    expect(await s.createHost(c.id, d, { prefix: 'ns1', ips: ['', ''] })).toMatchObject({ ok: false, field: 'ips', message: { key: 'validation:ip_not_found' } });
    const bad = await s.createHost(c.id, d, { prefix: 'ns1', ips: ['192.0.2.x', '999.0.0.1', '2001:db8::1', '2001:0db8::0001'] });
    if (bad.ok) throw new Error('refused');
    expect(bad.rows!.map((r) => [r.index, r.message.key])).toEqual([
      [0, 'validation:ip_invalid_chars'],
      [1, 'validation:ip_invalid_syntax'],
      [3, 'validation:unique'],
    ]);
    expect(await s.hosts(c.id, d)).toEqual([]);
    expect(await db.select().from(registryHosts).where(eq(registryHosts.name, `ns1.${d.asciiFqdn}`))).toEqual([]);
    // A host name is one object: the second time is UNIQUE.
    expect(await s.createHost(c.id, d, { prefix: 'ns1', ips: ['192.0.2.1'] })).toMatchObject({ ok: true });
    expect(await s.createHost(c.id, d, { prefix: 'ns1', ips: ['192.0.2.2'] })).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:unique' } });
  });

  it('a registry failure creates nothing on our side (32050); another customer’s host is 32060', async () => {
    const [a, b] = [await customer(), await customer()];
    const d = await holding(a.id, 'gr');
    const other = await holding(b.id, 'gr');
    const s = servicesAt().nameservers;
    await failing('gr', true);
    expect(await s.createHost(a.id, d, { prefix: 'ns1', ips: ['192.0.2.1'] })).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_COULD_NOT_UPDATE });
    expect(await s.hosts(a.id, d)).toEqual([]);
    await failing('gr', false);
    const h = await s.createHost(a.id, d, { prefix: 'ns1', ips: ['192.0.2.1'] });
    if (!h.ok) throw new Error('host');
    await failing('gr', true);
    expect(await s.updateHost(a.id, d, h.id, ['192.0.2.2'])).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_COULD_NOT_UPDATE });
    expect((await db.select().from(hosts).where(eq(hosts.id, h.id)))[0]!.ips).toEqual(['192.0.2.1']);
    await failing('gr', false);
    expect(await s.deleteHost(b.id, other, h.id)).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST });
    expect(await s.updateHost(b.id, d, h.id, ['192.0.2.3'])).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST });
    expect(await s.hosts(a.id, d)).toHaveLength(1);
  });

  it('the sandbox gives glue only under a name we sponsor, and wants hosts in ASCII', async () => {
    const registry = servicesAt().orders.registries().generic;
    // google.com is seeded as another registrar's name.
    await expect(registry.createHost('ns1.google.com', ['192.0.2.1'])).rejects.toMatchObject({ code: ErrorCode.NAMESERVER_COULD_NOT_UPDATE });
    await expect(registry.createHost('ns1.καφενείο.com', ['192.0.2.1'])).rejects.toMatchObject({ code: ErrorCode.NAMESERVER_COULD_NOT_UPDATE });
    await expect(registry.updateHost(`ns1.${uniqueName('none')}.com`, ['192.0.2.1'])).rejects.toMatchObject({ code: ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST });
  });
});
