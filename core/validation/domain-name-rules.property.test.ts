import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { domainNameError } from './domain-name-rules';
import { chars, label, LATIN_DIGITS, GREEK_DIGITS, insertAt, TLDS } from './property-kit';

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
