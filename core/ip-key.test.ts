import { describe, expect, it } from 'vitest';
import { rateLimitIpKey } from './ip-key';

describe('rateLimitIpKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitIpKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitIpKey(' 198.51.100.1 ')).toBe('198.51.100.1');
  });

  it('keys an IPv6 client by its /64, so one host cannot rotate through its own prefix', () => {
    const a = rateLimitIpKey('2001:db8:1234:5678::1');
    expect(a).toBe('2001:db8:1234:5678::/64');
    expect(rateLimitIpKey('2001:db8:1234:5678:ffff:eeee:dddd:cccc')).toBe(a);
    expect(rateLimitIpKey('2001:db8:1234:5679::1')).not.toBe(a);
  });

  it('reads compressed, expanded and mixed-case forms alike', () => {
    const a = rateLimitIpKey('2001:0DB8:0000:0001:0000:0000:0000:0001');
    expect(rateLimitIpKey('2001:db8:0:1::1')).toBe(a);
    expect(rateLimitIpKey('2001:DB8::1:0:0:0:5')).toBe(a);
    expect(rateLimitIpKey('[2001:db8:0:1::9]')).toBe(a);
    expect(rateLimitIpKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitIpKey('::')).toBe('0:0:0:0::/64');
    expect(rateLimitIpKey('::1')).toBe('0:0:0:0::/64');
  });

  it('takes the IPv4 address out of an IPv4-mapped IPv6 address', () => {
    expect(rateLimitIpKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitIpKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(rateLimitIpKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('passes anything unreadable through, lower-cased, so it still gets its own counter', () => {
    expect(rateLimitIpKey('not-an-ip')).toBe('not-an-ip');
    expect(rateLimitIpKey('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
    expect(rateLimitIpKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
