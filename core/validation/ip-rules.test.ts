import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { optionalText } from './required-rules';
import { digits } from './text-rules';
import { ipAddress, ipAddressError, isIpv4, isIpv6 } from './ip-rules';
import { keys, key } from './test-kit';

describe('IP addresses', () => {
  it('accepts IPv4 with parts 0–255', () => {
    for (const v of ['0.0.0.0', '192.0.2.1', '255.255.255.255', '10.0.0.9']) expect(ipAddressError(v), v).toBeNull();
    expect(keys(optionalText(ipAddress()), '192.0.2.1')).toEqual([]);
    expect(keys(optionalText(ipAddress()), '')).toEqual([]);
  });

  it('refuses IPv4 parts over 255, wrong counts and leading zeros', () => {
    for (const v of ['256.0.0.1', '1.2.3.999', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.0a', '1..2.3']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
    }
  });

  it('accepts the IPv6 forms of RFC 4291, not only eight groups of four', () => {
    const good = [
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '2001:db8:0:0:0:ff00:42:8329',
      '2001:db8::ff00:42:8329',
      '::1',
      '::',
      'fe80::',
      'FE80::1:2',
      '::ffff:192.0.2.128',
      '64:ff9b::192.0.2.33',
      '1:2:3:4:5:6:192.0.2.1',
      '1:2:3:4:5:6:7::',
    ];
    for (const v of good) expect(ipAddressError(v), v).toBeNull();
  });

  it('refuses broken IPv6', () => {
    const bad = [
      '1:2:3:4:5:6:7', // seven groups, no compression
      '1:2:3:4:5:6:7:8:9',
      '1::2::3', // two compressions
      ':::1',
      '12345::1', // five hex digits
      '1:2:3:4:5:6:7:8::',
      '::ffff:256.1.1.1',
      '::1.2.3', // short IPv4 tail
      '1:2:3:4:5:6:7:1.2.3.4', // IPv4 tail makes nine groups
    ];
    for (const v of bad) expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
  });

  it('refuses stray separators: lone leading/trailing ":" or ".", ":." and ".:"', () => {
    for (const v of [':1::2', '1::2:', '.1.2.3.4', '1.2.3.4.', '::.1', '1.:2', '::1:.2']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
    }
  });

  it('refuses characters other than hex, ":" and "."', () => {
    for (const v of ['1.2.3.4 ', 'g::1', '1.2.3.4/24', 'fe80::1%eth0', '::1-2', 'localhost']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_CHARS']);
    }
  });

  it('tells the versions apart', () => {
    expect(isIpv4('1.2.3.4')).toBe(true);
    expect(isIpv6('1.2.3.4')).toBe(false);
    expect(isIpv6('::1')).toBe(true);
    expect(isIpv4('::1')).toBe(false);
  });
});
