import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { canonicalIp, checkHost, checkIps, checkNameserverList, followers, glueHosts, nameserverToAscii, nameserverToUnicode, sameNameservers, superordinateOf } from './nameservers';

const keyOf = (m: { key: string }) => m.key;

describe('checkNameserverList', () => {
  it('gives the registry the ASCII form, IDN included, skipping blank rows', () => {
    const r = checkNameserverList([' NS1.Example.net ', '', 'ns2.καφενείο.gr'], { min: 2, max: 8 });
    expect(r).toEqual({ ok: true, ascii: ['ns1.example.net', nameserverToAscii('ns2.καφενείο.gr')] });
    expect(nameserverToAscii('ns2.καφενείο.gr')).toMatch(/^ns2\.xn--[a-z0-9-]+\.gr$/);
  });

  it('marks bad characters and bad syntax at their row', () => {
    const r = checkNameserverList(['ns1.example.net', 'ns_2.example.net', 'ns3..example.net', '-ns4.example.net'], null);
    expect(r.ok).toBe(false);
    if (r.ok || !('rows' in r)) throw new Error('expected rows');
    expect(r.rows.map((x) => [x.index, keyOf(x.message)])).toEqual([
      [1, 'validation:name_servers_invalid_chars'],
      [2, 'validation:name_servers_invalid_syntax'],
      [3, 'validation:name_servers_invalid_syntax'],
    ]);
  });

  it('refuses a repeat (UNIQUE) in any case, Greek included; a typed Punycode label is refused by the §5 hyphen rule', () => {
    const r = checkNameserverList(['ns1.καφενείο.gr', 'NS2.example.net', 'NS1.ΚΑΦΕΝΕΊΟ.gr', 'ns2.example.net'], { min: 2, max: 8 });
    if (r.ok || !('rows' in r)) throw new Error('expected rows');
    expect(r.rows.map((x) => [x.index, keyOf(x.message)])).toEqual([
      [2, 'validation:unique'],
      [3, 'validation:unique'],
    ]);
    const ace = checkNameserverList([nameserverToAscii('ns1.καφενείο.gr')], null);
    expect(ace).toMatchObject({ ok: false, rows: [{ index: 0, message: { key: 'validation:name_servers_invalid_syntax' } }] });
  });

  it('applies the registry min and max to the filled rows (32053, 32052)', () => {
    expect(checkNameserverList(['ns1.example.net', '', ''], { min: 2, max: 3 })).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_DO_NOT_COVER_LOWER_LIMIT });
    expect(checkNameserverList(['a.example.net', 'b.example.net', 'c.example.net', 'd.example.net'], { min: 2, max: 3 })).toMatchObject({ ok: false, code: ErrorCode.NAMESERVER_EXCEED_UPPER_LIMIT });
    expect(checkNameserverList([], { min: 0, max: 9 })).toEqual({ ok: true, ascii: [] });
  });
});

describe('delegation helpers', () => {
  it('compares delegations as sets in ASCII', () => {
    expect(sameNameservers(['ns2.example.net', 'NS1.example.net'], ['ns1.example.net', 'ns2.example.net'])).toBe(true);
    expect(sameNameservers(['ns1.καφενείο.gr'], [nameserverToAscii('ns1.καφενείο.gr')])).toBe(true);
    expect(sameNameservers(['ns1.example.net'], ['ns1.example.net', 'ns2.example.net'])).toBe(false);
  });

  it('finds which nameservers are glue under the customer names (longest name wins)', () => {
    const mine = ['kafeneio.gr', 'καφενείο.gr', 'shop.kafeneio.gr'];
    expect(superordinateOf('ns1.kafeneio.gr', mine)).toBe('kafeneio.gr');
    expect(superordinateOf('ns1.shop.kafeneio.gr', mine)).toBe('shop.kafeneio.gr');
    expect(superordinateOf('ns1.notkafeneio.gr', mine)).toBeNull();
    const glue = glueHosts(['ns1.kafeneio.gr', 'ns1.example.net', 'ns.καφενείο.gr'], mine);
    expect([...glue.entries()]).toEqual([
      ['ns1.kafeneio.gr', 'kafeneio.gr'],
      [nameserverToAscii('ns.καφενείο.gr'), nameserverToAscii('καφενείο.gr')],
    ]);
  });

  it('shows ASCII nameservers in Unicode and leaves a bad ACE label as it is', () => {
    expect(nameserverToUnicode(nameserverToAscii('ns1.καφενείο.gr'))).toBe('ns1.καφενείο.gr');
    expect(nameserverToUnicode('ns1.xn--example-.gr')).toBe('ns1.xn--example-.gr');
  });

  it('lists the domains that follow a group', () => {
    const ds = [
      { id: 1, nsMode: 'group', nsGroupId: 7 },
      { id: 2, nsMode: 'custom', nsGroupId: 7 },
      { id: 3, nsMode: 'group', nsGroupId: 8 },
    ];
    expect(followers(ds, 7).map((d) => d.id)).toEqual([1]);
  });
});

describe('checkHost and checkIps', () => {
  it('accepts a prefix or the whole name, in either script, and gives ASCII', () => {
    expect(checkHost({ prefix: 'NS1', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toEqual({ ok: true, host: 'ns1.kafeneio.gr', ips: ['192.0.2.1'] });
    expect(checkHost({ prefix: 'ns1.kafeneio.gr', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toMatchObject({ ok: true, host: 'ns1.kafeneio.gr' });
    const ace = nameserverToAscii('καφενείο.gr');
    expect(checkHost({ prefix: 'ονομα', ips: ['192.0.2.1'] }, ace)).toMatchObject({ ok: true, host: nameserverToAscii(`ονομα.${'καφενείο.gr'}`) });
    expect(checkHost({ prefix: 'ns1.καφενείο.gr', ips: ['192.0.2.1'] }, ace)).toMatchObject({ ok: true, host: `ns1.${ace}` });
  });

  it('refuses a prefix with dots, bad hyphens, bad characters or none', () => {
    expect(checkHost({ prefix: 'a.b', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:name_servers_invalid_syntax' } });
    expect(checkHost({ prefix: 'ns--1', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:name_servers_invalid_syntax' } });
    expect(checkHost({ prefix: 'ns_1', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:name_servers_invalid_chars' } });
    expect(checkHost({ prefix: ' ', ips: ['192.0.2.1'] }, 'kafeneio.gr')).toMatchObject({ ok: false, field: 'prefix', message: { key: 'validation:required' } });
  });

  it('checks each address, refuses repeats in any spelling, and needs one', () => {
    expect(checkIps(['192.0.2.1', '2001:DB8:0:0::1'])).toEqual({ ok: true, ips: ['192.0.2.1', '2001:db8::1'] });
    const bad = checkIps(['192.0.2.x', '256.1.1.1', '2001:db8::1', '2001:0db8:0000::0001']);
    if (bad.ok) throw new Error('expected errors');
    expect(bad.rows.map((r) => [r.index, r.message.key])).toEqual([
      [0, 'validation:ip_invalid_chars'],
      [1, 'validation:ip_invalid_syntax'],
      [3, 'validation:unique'],
    ]);
    expect(checkIps(['', ' '])).toMatchObject({ ok: false, rows: [], message: { key: 'validation:ip_not_found' } });
  });

  it('writes IPv6 in the RFC 5952 form', () => {
    expect(canonicalIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(canonicalIp('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(canonicalIp('::ffff:192.0.2.1')).toBe('::ffff:c000:201');
    expect(canonicalIp('fe80::')).toBe('fe80::');
    expect(canonicalIp('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2:3:4:5:6');
  });
});
