import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { requiredText } from './required-rules';
import { email, emailError, isEmail } from './email-rules';
import { keys, key } from './test-kit';

describe('email', () => {
  it('accepts ordinary addresses, including a trailing dot and an IDN domain', () => {
    for (const v of ['a@b.gr', 'first.last+tag@mail.example.com', 'info@παράδειγμα.gr', 'x@müller.de', 'a@b.gr.', "o'neil@x.ie"]) {
      expect(emailError(v), v).toBeNull();
    }
    expect(keys(requiredText(email()), 'a@b.gr')).toEqual([]);
  });

  it('refuses everything the spec refuses', () => {
    const bad = [
      'plain', // no '@'
      'a@@b.gr',
      'a@b@c.gr', // not exactly one '@'
      'a b@c.gr', // space in local part
      'ab@c d.gr', // space in domain
      'ab@c.gr ', // trailing space
      'a@localhost', // no dot
      'a@gr.', // the trailing dot does not count as the dot
      '@b.gr', // empty local part
      'a@', // empty domain
      'a@b..gr',
      'a@.b.gr', // empty label
      'a@b_c.gr', // invalid character
      'a@b.gr/x',
      'a\t@b.gr',
    ];
    for (const v of bad) expect(key(emailError(v)), v).toBe(MESSAGES.EMAIL);
    expect(isEmail('')).toBe(false);
    expect(isEmail('a@b.gr')).toBe(true);
  });
});
