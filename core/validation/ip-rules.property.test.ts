import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { ipAddressError } from './ip-rules';
import { insertAt } from './property-kit';

describe('IP addresses (property)', () => {
  const octet = fc.integer({ min: 0, max: 255 });
  const ipv4Parts = fc.tuple(octet, octet, octet, octet);
  const hexGroup = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
  const paddedGroup = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16).padStart(4, '0').toUpperCase());
  const eightGroups = fc.array(fc.oneof(hexGroup, paddedGroup), { minLength: 8, maxLength: 8 });
  /** Eight groups with a run [i, j) of at least one group written as '::'. */
  const compressed = fc
    .tuple(eightGroups, fc.nat(7), fc.integer({ min: 1, max: 8 }))
    .map(([g, i, len]) => `${g.slice(0, i).join(':')}::${g.slice(Math.min(8, i + len)).join(':')}`);

  it('accepts every IPv4 address', () => {
    fc.assert(fc.property(ipv4Parts, (p) => ipAddressError(p.join('.')) === null));
    fc.assert(fc.property(fc.ipV4(), (ip) => ipAddressError(ip) === null));
  });

  it('accepts the full, compressed and IPv4-tailed IPv6 forms', () => {
    fc.assert(fc.property(eightGroups, (g) => ipAddressError(g.join(':')) === null));
    fc.assert(fc.property(compressed, (ip) => ipAddressError(ip) === null));
    fc.assert(fc.property(fc.ipV6(), (ip) => ipAddressError(ip) === null));
    fc.assert(fc.property(eightGroups, ipv4Parts, (g, p) => ipAddressError(`${g.slice(0, 6).join(':')}:${p.join('.')}`) === null));
  });

  it('refuses an IPv4 part over 255', () => {
    fc.assert(
      fc.property(ipv4Parts, fc.nat(3), fc.integer({ min: 256, max: 99999 }), (p, i, big) => {
        const parts = p.map(String);
        parts[i] = String(big);
        return ipAddressError(parts.join('.'))?.key === MESSAGES['IP.INVALID_SYNTAX'];
      }),
    );
  });

  it('refuses three or five IPv4 parts', () => {
    fc.assert(fc.property(ipv4Parts, (p) => ipAddressError(p.slice(0, 3).join('.'))?.key === MESSAGES['IP.INVALID_SYNTAX']));
    fc.assert(fc.property(ipv4Parts, octet, (p, o) => ipAddressError([...p, o].join('.'))?.key === MESSAGES['IP.INVALID_SYNTAX']));
  });

  it('refuses nine groups, a five-digit group and a second compression', () => {
    fc.assert(fc.property(eightGroups, hexGroup, (g, extra) => ipAddressError([...g, extra].join(':'))?.key === MESSAGES['IP.INVALID_SYNTAX']));
    fc.assert(
      fc.property(eightGroups, fc.nat(7), (g, i) => {
        const groups = [...g];
        groups[i] = `1${(groups[i] ?? '0').padStart(4, '0')}`;
        return ipAddressError(groups.join(':'))?.key === MESSAGES['IP.INVALID_SYNTAX'];
      }),
    );
    fc.assert(fc.property(compressed, hexGroup, (ip, g) => ipAddressError(`${ip}::${g}`)?.key === MESSAGES['IP.INVALID_SYNTAX']));
  });

  it('refuses a stray separator at either end of any address', () => {
    const anyIp = fc.oneof(fc.ipV4(), fc.ipV6(), compressed);
    fc.assert(
      fc.property(anyIp, fc.constantFrom(':', '.'), fc.boolean(), (ip, sep, front) => {
        expect(ipAddressError(front ? sep + ip : ip + sep)?.key).toBe(MESSAGES['IP.INVALID_SYNTAX']);
      }),
    );
  });

  it('refuses any character other than hex, ":" and "."', () => {
    const anyIp = fc.oneof(fc.ipV4(), fc.ipV6());
    const bad = fc.constantFrom(...'ghijklmnopqrstuvwxyzG/% -_,α');
    fc.assert(fc.property(anyIp, bad, fc.nat(), (ip, ch, at) => ipAddressError(insertAt(ip, ch, at))?.key === MESSAGES['IP.INVALID_CHARS']));
  });
});
