import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { CHARACTER_SETS, domainNameError, emailError, ipAddressError, nameServerError, parseLocaleNumber } from './rules';

const chars = (set: string) => fc.constantFrom(...[...set]);
const word = (set: string, max = 8) => fc.array(chars(set), { minLength: 1, maxLength: max }).map((a) => a.join(''));
/** Words joined by single hyphens: a label that never starts or ends with '-' nor holds '--'. */
const label = (set: string) =>
  fc.array(word(set), { minLength: 1, maxLength: 3 }).map((ws) => ws.join('-')).filter((l) => [...l].length <= 63);

const LATIN_DIGITS = CHARACTER_SETS.latin + CHARACTER_SETS.digits;
const GREEK_DIGITS = CHARACTER_SETS.greek + CHARACTER_SETS.digits;
const TLDS = ['gr', 'ελ', 'com', 'eu', 'ευ', 'com.gr', 'org'];

/** Insert `piece` at a position of `text` (counted in code points). */
const insertAt = (text: string, piece: string, at: number) => {
  const cps = [...text];
  const i = at % (cps.length + 1);
  return [...cps.slice(0, i), piece, ...cps.slice(i)].join('');
};

describe('e-mail (property)', () => {
  it('accepts generated RFC addresses', () => {
    fc.assert(fc.property(fc.emailAddress(), (address) => emailError(address) === null));
  });

  it('accepts Greek domains', () => {
    const greekDomain = fc.tuple(label(GREEK_DIGITS), fc.constantFrom('gr', 'ελ')).map(([l, t]) => `${l}.${t}`);
    fc.assert(fc.property(fc.emailAddress(), greekDomain, (address, domain) => emailError(`${address.split('@')[0]}@${domain}`) === null));
  });

  it('refuses an address with a space or tab anywhere', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom(' ', '\t', '\u00a0'), fc.nat(), (address, space, at) => {
        expect(emailError(insertAt(address, space, at))?.key).toBe(MESSAGES.EMAIL);
      }),
    );
  });

  it('refuses a second @', () => {
    fc.assert(fc.property(fc.emailAddress(), fc.nat(), (address, at) => emailError(insertAt(address, '@', at))?.key === MESSAGES.EMAIL));
  });

  it('refuses a domain without a dot, even with a trailing one', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), (address, trailing) => {
        const [local, domain = ''] = address.split('@');
        const dotless = domain.replace(/\./g, '') + (trailing ? '.' : '');
        return emailError(`${local}@${dotless}`)?.key === MESSAGES.EMAIL;
      }),
    );
  });
});

describe('domain names (property)', () => {
  const latinDomain = fc.tuple(label(LATIN_DIGITS), fc.constantFrom(...TLDS)).map(([l, t]) => `${l}.${t}`);
  const greekDomain = fc.tuple(label(GREEK_DIGITS), fc.constantFrom(...TLDS)).map(([l, t]) => `${l}.${t}`);
  const anyDomain = fc.oneof(latinDomain, greekDomain);
  const withSub = fc
    .tuple(label(LATIN_DIGITS), anyDomain)
    .filter(([sub]) => sub.length <= 18)
    .map(([sub, d]) => `${sub}.${d}`);

  it('accepts Latin and Greek names, with a short sub-domain', () => {
    fc.assert(fc.property(fc.oneof(anyDomain, withSub), (d) => domainNameError(d) === null));
  });

  it('refuses a repeated or misplaced separator anywhere', () => {
    fc.assert(
      fc.property(anyDomain, fc.constantFrom('--', '..', '-.', '.-'), fc.nat(), (d, piece, at) => {
        expect(domainNameError(insertAt(d, piece, at))?.key).toBe(MESSAGES['DOMAIN.INVALID']);
      }),
    );
  });

  it('refuses a leading or trailing separator', () => {
    fc.assert(
      fc.property(anyDomain, fc.constantFrom('.', '-'), fc.boolean(), (d, sep, front) => {
        return domainNameError(front ? sep + d : d + sep)?.key === MESSAGES['DOMAIN.INVALID'];
      }),
    );
  });

  it('refuses any other character, and a scheme', () => {
    fc.assert(
      fc.property(anyDomain, fc.constantFrom('_', ' ', '@', '/', ':', 'ü', 'é', 'ἀ', '!', '*'), fc.nat(), (d, bad, at) => {
        expect(domainNameError(insertAt(d, bad, at))?.key).toBe(MESSAGES['DOMAIN.INVALID']);
        expect(domainNameError(`https://${d}`)?.key).toBe(MESSAGES['DOMAIN.INVALID']);
      }),
    );
  });

  it('refuses a sub-domain part over 18 characters', () => {
    // Built long rather than filtered: fast-check keeps arrays short by default, so a filter would starve.
    const longWord = fc.array(chars(LATIN_DIGITS), { minLength: 19, maxLength: 40 }).map((a) => a.join(''));
    const longSub = fc.tuple(longWord, latinDomain);
    fc.assert(fc.property(longSub, ([sub, d]) => domainNameError(`${sub}.${d}`)?.key === MESSAGES['DOMAIN.TOO_LONG']));
  });
});

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

describe('nameservers (property)', () => {
  const tld = word(CHARACTER_SETS.latin, 6).filter((t) => t.length >= 2);
  const latinNs = fc
    .tuple(fc.array(label(LATIN_DIGITS), { minLength: 1, maxLength: 3 }), tld)
    .map(([labels, t]) => [...labels, t].join('.'));
  const greekNs = fc
    .tuple(fc.array(label(GREEK_DIGITS), { minLength: 1, maxLength: 3 }), fc.constantFrom('gr', 'ελ'))
    .filter(([labels]) => labels.some((l) => [...l].some((ch) => CHARACTER_SETS.greek.includes(ch))))
    .map(([labels, t]) => [...labels, t].join('.'));
  const ns = { scope: 'name_server', idn: false } as const;
  const nsIdn = { scope: 'name_server', idn: true } as const;

  it('accepts full Latin names with and without IDN support', () => {
    fc.assert(fc.property(latinNs, (n) => nameServerError(n, ns) === null && nameServerError(n, nsIdn) === null));
  });

  it('accepts Greek names only with IDN support', () => {
    fc.assert(
      fc.property(greekNs, (n) => {
        expect(nameServerError(n, nsIdn)).toBeNull();
        expect(nameServerError(n, ns)?.key).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
      }),
    );
  });

  it('refuses underscores and spaces anywhere', () => {
    fc.assert(
      fc.property(latinNs, fc.constantFrom('_', ' ', '@'), fc.nat(), fc.boolean(), (n, bad, at, idn) => {
        return nameServerError(insertAt(n, bad, at), { scope: 'name_server', idn })?.key === MESSAGES['NAME_SERVERS.INVALID_CHARS'];
      }),
    );
  });

  it('refuses repeated or misplaced separators anywhere', () => {
    fc.assert(
      fc.property(latinNs, fc.constantFrom('--', '..', '-.', '.-'), fc.nat(), (n, piece, at) => {
        return nameServerError(insertAt(n, piece, at), ns)?.key === MESSAGES['NAME_SERVERS.INVALID_SYNTAX'];
      }),
    );
  });

  it('refuses a single label', () => {
    fc.assert(fc.property(label(LATIN_DIGITS), (l) => nameServerError(l, ns)?.key === MESSAGES['NAME_SERVERS.INVALID_SYNTAX']));
  });

  it('accepts a host prefix alone or in front of its domain, and refuses it under another', () => {
    fc.assert(
      fc.property(label(LATIN_DIGITS), latinNs, (prefix, fqdn) => {
        const scope = { scope: 'host', idn: false, fqdn } as const;
        expect(nameServerError(prefix, scope)).toBeNull();
        expect(nameServerError(`${prefix}.${fqdn}`, scope)).toBeNull();
        expect(nameServerError(`${prefix}.x${fqdn}`, scope)?.key).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
      }),
    );
  });
});

describe('numbers (property)', () => {
  const amount = fc.integer({ min: 0, max: 10 ** 12 }).map((cents) => cents / 100);
  it('reads back what the two notations write', () => {
    fc.assert(
      fc.property(amount, (n) => {
        const imperial = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const metric = n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(parseLocaleNumber(imperial)).toBeCloseTo(n, 2);
        expect(parseLocaleNumber(metric)).toBeCloseTo(n, 2);
        expect(parseLocaleNumber(`-${metric}`)).toBeCloseTo(-n, 2);
      }),
    );
  });
});
