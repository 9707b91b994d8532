import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { optionalText } from './required-rules';
import { numeric } from './number-rules';
import { nameServer, nameServerCount, nameServerCountError, nameServerError, serverErrorIndex } from './nameserver-rules';
import { errors, keys, key } from './test-kit';

describe('nameservers', () => {
  const ns = { scope: 'name_server', idn: false } as const;
  const nsIdn = { scope: 'name_server', idn: true } as const;

  it('accepts full domain names, and is optional when empty', () => {
    for (const v of ['ns1.example.gr', 'ns-1.my-host.co.uk', 'NS1.EXAMPLE.COM', 'a.bc']) expect(nameServerError(v, ns), v).toBeNull();
    expect(nameServerError('', ns)).toBeNull();
    expect(keys(optionalText(nameServer(ns)), 'ns1.example.gr')).toEqual([]);
  });

  it('takes Greek labels only with IDN support', () => {
    expect(nameServerError('ns1.παράδειγμα.gr', nsIdn)).toBeNull();
    expect(nameServerError('ονόματα.ελ', nsIdn)).toBeNull();
    expect(key(nameServerError('ns1.παράδειγμα.gr', ns))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
  });

  it('refuses underscores and other characters', () => {
    for (const v of ['ns_1.example.gr', 'ns1.exa mple.gr', 'ns1.example.gr/', 'ns1@example.gr']) {
      expect(key(nameServerError(v, ns)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
      expect(key(nameServerError(v, nsIdn)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    }
  });

  it('refuses edges, repeats and what does not look like a full domain', () => {
    const bad = [
      '.ns1.example.gr',
      'ns1.example.gr.',
      '-ns1.example.gr',
      'ns1.example.gr-',
      'ns1..example.gr',
      'ns--1.example.gr',
      'ns1-.example.gr',
      'ns1.-example.gr',
      'localhost', // one label
      '192.0.2.1', // numeric top level
      'ns1.example.g', // one-letter top level
      `${'a'.repeat(64)}.gr`,
    ];
    for (const v of bad) expect(key(nameServerError(v, ns)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
    expect(nameServerError(`${'a'.repeat(63)}.gr`, ns)).toBeNull();
  });

  it('counts the filled nameservers against the registry limits', () => {
    expect(nameServerCountError(['ns1.a.gr', '', undefined], { min: 2 })).toEqual({ key: 'errors:nameserver_do_not_cover_lower_limit', params: { min: 2 } });
    expect(nameServerCountError(['a.gr', 'b.gr', 'c.gr'], { min: 2, max: 2 })).toEqual({ key: 'errors:nameserver_exceed_upper_limit', params: { max: 2 } });
    expect(nameServerCountError(['a.gr', 'b.gr', ''], { min: 2, max: 2 })).toBeNull();
    expect(keys(z.array(z.string()).check(nameServerCount({ min: 2 })), ['a.gr'])).toEqual(['errors:nameserver_do_not_cover_lower_limit']);
  });

  it('reads the field index of a server error key', () => {
    expect(serverErrorIndex('name_servers.0')).toBe(0);
    expect(serverErrorIndex('ns.host.3')).toBe(3);
    expect(serverErrorIndex('name_servers')).toBeNull();
  });
});

describe('hosts', () => {
  const host = { scope: 'host', idn: false, fqdn: 'example.gr' } as const;
  const hostIdn = { scope: 'host', idn: true, fqdn: 'παράδειγμα.gr' } as const;

  it('accepts xxx.{fqdn} or the prefix alone', () => {
    for (const v of ['ns1', 'ns1.example.gr', 'NS1.EXAMPLE.GR', 'my-ns', 'a1-b2-c3']) expect(nameServerError(v, host), v).toBeNull();
    expect(nameServerError('ονομα.παράδειγμα.gr', hostIdn)).toBeNull();
    expect(nameServerError('ns1.ΠΑΡΆΔΕΙΓΜΑ.gr', hostIdn)).toBeNull();
    expect(keys(optionalText(nameServer(host)), 'ns1.example.gr')).toEqual([]);
  });

  it('refuses another domain and a dotted prefix', () => {
    for (const v of ['ns1.other.gr', 'a.b.example.gr', '.example.gr', 'ns1.example.gr.']) {
      expect(key(nameServerError(v, host)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
    }
  });

  it('allows a hyphen only between two words', () => {
    for (const v of ['-ns', 'ns-', 'n--s', '-ns.example.gr']) expect(key(nameServerError(v, host)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
  });

  it('refuses underscores, and Greek without IDN', () => {
    expect(key(nameServerError('ns_1', host))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    expect(key(nameServerError('ονομα', host))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    expect(nameServerError('ονομα', { ...host, idn: true })).toBeNull();
  });

  it('limits the prefix to 63 characters unless told otherwise', () => {
    expect(nameServerError('a'.repeat(63), host)).toBeNull();
    expect(nameServerError('a'.repeat(64), host)).toEqual({ key: MESSAGES['LENGTH.MAX'], params: { max: 63 } });
    expect(nameServerError('abcd', { ...host, prefixMax: 3 })).toEqual({ key: MESSAGES['LENGTH.MAX'], params: { max: 3 } });
  });
});
