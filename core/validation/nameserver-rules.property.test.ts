import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { CHARACTER_SETS } from './rule-kit';
import { nameServerError } from './nameserver-rules';
import { word, label, LATIN_DIGITS, GREEK_DIGITS, insertAt } from './property-kit';

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
