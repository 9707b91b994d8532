import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { optionalText } from './required-rules';
import { digits } from './text-rules';
import { domainName, domainNameError, subdomainPart, SUBDOMAIN_LENGTH, whoisQuery, whoisQueryError } from './domain-name-rules';
import { errors, keys, key } from './test-kit';

describe('domain names', () => {
  it('accepts Latin and Greek names with digits and single hyphens', () => {
    for (const v of ['example.gr', 'παράδειγμα.gr', 'καλημέρας.ελ', 'ΠΑΡΆΔΕΙΓΜΑ.ΕΛ', 'my-site1.com', 'example.com.gr', 'a.b.example.gr', 'ς.gr', 'παρα\u0301δειγμα.gr']) {
      expect(domainNameError(v), v).toBeNull();
    }
    expect(keys(optionalText(domainName()), 'παράδειγμα.gr')).toEqual([]);
  });

  it('refuses the spec list', () => {
    const bad = [
      'http://example.gr',
      '.example.gr',
      'example.gr.',
      '-example.gr',
      'example.gr-',
      'example-.gr',
      'example.-gr',
      'example..gr',
      'exa--mple.gr',
      'exa_mple.gr',
      'exa mple.gr',
      'müller.de', // not Latin or Greek letters
      'ἀρχή.gr', // polytonic
      'example.gr/path',
    ];
    for (const v of bad) expect(key(domainNameError(v)), v).toBe(MESSAGES['DOMAIN.INVALID']);
  });

  it('limits a label to 63 characters', () => {
    expect(domainNameError(`${'a'.repeat(63)}.gr`)).toBeNull();
    expect(domainNameError(`${'α'.repeat(63)}.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(64)}.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 63 } });
  });

  it('limits the sub-domain part in front of the registrable name to SUBDOMAIN_LENGTH 18', () => {
    expect(SUBDOMAIN_LENGTH).toBe(18);
    expect(subdomainPart('shop.blog.example.gr')).toBe('shop.blog');
    expect(subdomainPart('example.gr')).toBe('');
    expect(subdomainPart('example.com.gr')).toBe('');
    expect(subdomainPart('www.example.com.gr')).toBe('www');
    expect(subdomainPart('www.example.co.uk', ['co.uk'])).toBe('www');
    expect(subdomainPart('www.example.co.uk')).toBe('www.example');
    expect(domainNameError(`${'a'.repeat(18)}.example.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(9)}.${'b'.repeat(8)}.example.gr`)).toBeNull(); // 18 with the dot
    expect(domainNameError(`${'a'.repeat(19)}.example.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    expect(domainNameError(`${'a'.repeat(9)}.${'b'.repeat(9)}.example.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    // A long name under a second-level zone is not a sub-domain.
    expect(domainNameError(`${'a'.repeat(40)}.com.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(40)}.co.uk`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    expect(domainNameError(`${'a'.repeat(40)}.co.uk`, { zones: ['co.uk'] })).toBeNull();
  });
});

describe('WHOIS search', () => {
  it('requires a domain of at least n characters, 3 by default', () => {
    expect(keys(whoisQuery(), '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(whoisQuery(), undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(errors(whoisQuery(), 'ab')).toEqual([{ path: '', key: MESSAGES['WHOIS.MIN'], params: { min: 3 } }]);
    expect(keys(whoisQuery(), 'abc')).toEqual([]);
    expect(keys(whoisQuery(5), 'abcd')).toEqual([MESSAGES['WHOIS.MIN']]);
    expect(key(whoisQueryError('  ab  '))).toBe(MESSAGES['WHOIS.MIN']);
    expect(key(whoisQueryError(' '))).toBe(MESSAGES.REQUIRED);
    expect(whoisQueryError('αβγ')).toBeNull();
  });
});
