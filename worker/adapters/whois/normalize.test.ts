import { describe, expect, it } from 'vitest';
import { countryOrNull, dataOrNull, emailOrNull, hostName, isoInstant, looksPrivate, requireFqdn, toAsciiFqdn } from './normalize';
import { WhoisError } from './port';

describe('whois normalisation', () => {
  it('turns names into lower-case A-labels without a trailing dot', () => {
    expect(toAsciiFqdn(' Example.COM. ')).toBe('example.com');
    expect(toAsciiFqdn('παράδειγμα.ελ')).toBe('xn--hxajbheg2az3al.xn--qxam');
    expect(toAsciiFqdn('ΕΛΛΆΔΑ.ευ')).toBe('xn--hxakic4aa.xn--qxa6a');
  });

  it('refuses input without a TLD with 27004', () => {
    for (const input of ['example', '', '.com', 'example.', '  ']) {
      let code = 0;
      try {
        requireFqdn(input);
      } catch (error) {
        code = error instanceof WhoisError ? error.code : -1;
      }
      expect(code, input).toBe(27004);
    }
    expect(requireFqdn('a.gr')).toBe('a.gr');
  });

  it('reads the date forms registries use, in UTC', () => {
    expect(isoInstant('2027-03-09T15:22:41Z')).toBe('2027-03-09T15:22:41Z');
    expect(isoInstant('2019-06-01T12:00:00.000Z')).toBe('2019-06-01T12:00:00Z');
    expect(isoInstant('2024-11-05T14:03:27+01:00')).toBe('2024-11-05T13:03:27Z');
    expect(isoInstant('2024-11-05T14:03:27-0500')).toBe('2024-11-05T19:03:27Z');
    expect(isoInstant('2015-04-20 10:11:12')).toBe('2015-04-20T10:11:12Z');
    expect(isoInstant('2026-04-20')).toBe('2026-04-20T00:00:00Z');
    expect(isoInstant('20230302 09:37:31')).toBe('2023-03-02T09:37:31Z');
    expect(isoInstant('22-Jan-2014')).toBe('2014-01-22T00:00:00Z');
    expect(isoInstant('Wed Jan 1 1997')).toBe('1997-01-01T00:00:00Z');
    expect(isoInstant('January 5, 2020')).toBe('2020-01-05T00:00:00Z');
    expect(isoInstant('03.05.2024')).toBe('2024-05-03T00:00:00Z');
  });

  it('gives null for dates it cannot read or that do not exist', () => {
    expect(isoInstant('2024-02-30')).toBeNull();
    expect(isoInstant('05/03/2024')).toBeNull();
    expect(isoInstant('before 1995')).toBeNull();
    expect(isoInstant('')).toBeNull();
    expect(isoInstant(null)).toBeNull();
  });

  it('keeps host names and drops addresses and sentences', () => {
    expect(hostName('NS1.Example.COM.')).toBe('ns1.example.com');
    expect(hostName('ns2.example.eu (192.0.2.1)')).toBe('ns2.example.eu');
    expect(hostName('ns.xn--hxakic4aa.xn--qxa6a')).toBe('ns.xn--hxakic4aa.xn--qxa6a');
    expect(hostName('192.0.2.1')).toBeNull();
    expect(hostName('No name servers listed.')).toBeNull();
  });

  it('tells hidden registrants and placeholders from data', () => {
    expect(looksPrivate('Domains By Proxy, LLC')).toBe(true);
    expect(looksPrivate(null, 'WhoisGuard, Inc.')).toBe(true);
    expect(looksPrivate('Contact Privacy Inc. Customer 0123')).toBe(true);
    expect(looksPrivate('Maria Papadopoulou', 'Example Shop IKE')).toBe(false);
    expect(dataOrNull('REDACTED FOR PRIVACY')).toBeNull();
    expect(dataOrNull('  Domains  By Proxy, LLC ')).toBe('Domains By Proxy, LLC');
    expect(emailOrNull('Please query the RDDS service of the Registrar of Record')).toBeNull();
    expect(emailOrNull('owner@example.gr')).toBe('owner@example.gr');
    expect(countryOrNull('gr')).toBe('GR');
    expect(countryOrNull('Greece')).toBeNull();
  });
});
