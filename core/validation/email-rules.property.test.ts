import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { emailError } from './email-rules';
import { label, GREEK_DIGITS, insertAt } from './property-kit';

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
