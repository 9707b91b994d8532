import { describe, expect, it } from 'vitest';
import { RDAP_BOOTSTRAP, rdapBaseFor, WHOIS_SERVERS, whoisQueryFor, whoisServerFor, type RdapBootstrap } from './bootstrap';

// The TLDs the shop sells (ελ = xn--qxam, ευ = xn--qxa6a).
const SOLD = ['gr', 'xn--qxam', 'eu', 'xn--qxa6a', 'cy', 'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'me', 'tv', 'cc', 'online', 'store', 'shop', 'site', 'tech', 'app', 'dev', 'cloud', 'de', 'it', 'fr', 'es', 'nl', 'be', 'at', 'uk', 'xxx'];

describe('RDAP bootstrap (bundled IANA subset)', () => {
  it('has the RFC 9224 shape, https bases ending in "/", and only TLDs the shop sells', () => {
    expect(RDAP_BOOTSTRAP.version).toBe('1.0');
    expect(RDAP_BOOTSTRAP.publication).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const entries = RDAP_BOOTSTRAP.services.flatMap(([tlds]) => tlds);
    expect(entries.filter((tld) => !SOLD.includes(tld))).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
    for (const [, urls] of RDAP_BOOTSTRAP.services) {
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^https:\/\/[a-z0-9.-]+\/(?:[\w.-]+\/)*$/);
    }
  });

  it('gives the IANA base URLs for TLDs with RDAP', () => {
    expect(rdapBaseFor('com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(rdapBaseFor('net')).toBe('https://rdap.verisign.com/net/v1/');
    expect(rdapBaseFor('org')).toBe('https://rdap.publicinterestregistry.org/rdap/');
    expect(rdapBaseFor('online')).toBe('https://rdap.radix.host/rdap/');
    expect(rdapBaseFor('app')).toBe('https://pubapi.registry.google/rdap/');
    expect(rdapBaseFor('uk')).toBe('https://rdap.nominet.uk/uk/');
    // A whole name and upper case work too: the longest matching suffix is the TLD here.
    expect(rdapBaseFor('Shop.Example.FR')).toBe('https://rdap.nic.fr/');
  });

  it('has no RDAP for the ccTLDs IANA lists none for', () => {
    for (const tld of ['gr', 'xn--qxam', 'ελ', 'eu', 'xn--qxa6a', 'cy', 'de', 'it', 'es', 'be', 'at', 'io', 'co', 'me']) {
      expect(rdapBaseFor(tld)).toBeNull();
    }
  });

  it('matches the longest suffix (RFC 9224 §4) and prefers https', () => {
    const custom: RdapBootstrap = {
      version: '1.0',
      publication: '2026-01-01T00:00:00Z',
      services: [
        [['test'], ['http://plain.test/rdap/', 'https://secure.test/rdap/']],
        [['sub.test'], ['https://sub.test/rdap']],
      ],
    };
    expect(rdapBaseFor('a.test', custom)).toBe('https://secure.test/rdap/');
    expect(rdapBaseFor('a.sub.test', custom)).toBe('https://sub.test/rdap/');
  });

  it('covers every TLD sold with RDAP or port 43, except the web-only registries', () => {
    const none = SOLD.filter((tld) => !rdapBaseFor(tld) && !whoisServerFor(tld));
    expect(none.sort()).toEqual(['cy', 'es', 'gr', 'xn--qxam']);
  });

  it('names port-43 servers for the ccTLDs without RDAP, by TLD or by name', () => {
    expect(whoisServerFor('de')).toBe('whois.denic.de');
    expect(whoisServerFor('example.eu')).toBe('whois.eu');
    expect(whoisServerFor('παράδειγμα.ευ')).toBe('whois.eu');
    expect(whoisServerFor('it')).toBe('whois.nic.it');
    expect(whoisServerFor('gr')).toBeNull();
    expect(whoisServerFor('online')).toBeNull();
    expect(Object.keys(WHOIS_SERVERS).every((tld) => SOLD.includes(tld))).toBe(true);
  });

  it('formats the query per server', () => {
    expect(whoisQueryFor('whois.denic.de', 'a.de')).toBe('-T dn,ace a.de');
    expect(whoisQueryFor('whois.eu', 'a.eu')).toBe('a.eu');
  });
});
