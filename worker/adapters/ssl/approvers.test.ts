import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../../core/domains/punycode';
import { APPROVER_LOCAL_PARTS, approverEmailsFor, isValidApprover, registrableDomain } from './approvers';

// The ACE form of 'καφές.gr', from the project's own IDNA encoder.
const KAFES_ACE = domainToAscii('καφές.gr');
const at = (domain: string) => APPROVER_LOCAL_PARTS.map((l) => `${l}@${domain}`);

describe('registrableDomain', () => {
  it.each([
    ['example.gr', 'example.gr'],
    ['www.example.gr', 'example.gr'],
    ['shop.example.com.gr', 'example.com.gr'],
    ['*.example.gr', 'example.gr'],
    ['Example.GR.', 'example.gr'],
    ['καφές.ελ', 'καφές.ελ'],
    ['example.co.uk', 'example.co.uk'],
  ])('%s → %s', (name, expected) => {
    expect(registrableDomain(name)).toBe(expected);
  });

  it.each(['gr', 'com.gr', '*.com.gr', 'xn--qxam', '', 'exa mple.gr', '-bad.gr', 'a..gr', 'co.uk'])('has none for %j', (name) => {
    expect(registrableDomain(name)).toBeNull();
  });
});

describe('approverEmailsFor', () => {
  it('offers the five constructed addresses of the registrable domain', () => {
    expect(approverEmailsFor('example.gr')).toEqual([
      'admin@example.gr',
      'administrator@example.gr',
      'hostmaster@example.gr',
      'postmaster@example.gr',
      'webmaster@example.gr',
    ]);
  });

  it('puts the registrable domain first, then each deeper name', () => {
    expect(approverEmailsFor('shop.example.com.gr')).toEqual([...at('example.com.gr'), ...at('shop.example.com.gr')]);
    expect(approverEmailsFor('www.example.gr')).toEqual([...at('example.gr'), ...at('www.example.gr')]);
  });

  it('uses the base name of a wildcard', () => {
    expect(approverEmailsFor('*.example.gr')).toEqual(at('example.gr'));
    expect(approverEmailsFor('*.blog.example.gr')).toEqual([...at('example.gr'), ...at('blog.example.gr')]);
  });

  it('keeps an IDN in the form it was typed in', () => {
    expect(approverEmailsFor('καφές.gr')).toEqual(at('καφές.gr'));
    expect(approverEmailsFor(KAFES_ACE)).toEqual(at(KAFES_ACE));
    // Under .ελ typed in ACE the suffix is still recognised as one label.
    expect(approverEmailsFor('www.καφές.xn--qxam')).toEqual([...at('καφές.xn--qxam'), ...at('www.καφές.xn--qxam')]);
  });

  it('normalises case and the trailing dot', () => {
    expect(approverEmailsFor(' Example.GR. ')).toEqual(at('example.gr'));
  });

  it('offers nothing for a public suffix or a malformed name', () => {
    for (const name of ['com.gr', 'gr', '*.gr', 'example', 'ex_ample.gr', 'bad-.gr', `${'a'.repeat(64)}.gr`]) {
      expect(approverEmailsFor(name), name).toEqual([]);
    }
  });
});

describe('isValidApprover', () => {
  it('accepts every offered address, in any case', () => {
    for (const email of approverEmailsFor('shop.example.gr')) expect(isValidApprover('shop.example.gr', email)).toBe(true);
    expect(isValidApprover('example.gr', 'Admin@Example.GR')).toBe(true);
    expect(isValidApprover('example.gr', ' hostmaster@example.gr. ')).toBe(true);
  });

  it('accepts the base name for a wildcard', () => {
    expect(isValidApprover('*.example.gr', 'admin@example.gr')).toBe(true);
  });

  it('accepts either IDN spelling of the mailbox domain', () => {
    expect(isValidApprover('καφές.gr', 'admin@καφές.gr')).toBe(true);
    expect(isValidApprover('καφές.gr', `admin@${KAFES_ACE}`)).toBe(true);
    expect(isValidApprover(KAFES_ACE, 'webmaster@καφές.gr')).toBe(true);
  });

  it('refuses other mailboxes and other domains', () => {
    expect(isValidApprover('example.gr', 'info@example.gr')).toBe(false);
    expect(isValidApprover('example.gr', 'admin@example.com')).toBe(false);
    expect(isValidApprover('example.gr', 'admin@other.example.gr')).toBe(false);
    // A parent above the registrable domain is a public suffix: nobody there may approve.
    expect(isValidApprover('example.com.gr', 'admin@com.gr')).toBe(false);
    expect(isValidApprover('*.example.gr', 'admin@*.example.gr')).toBe(false);
  });

  it('refuses malformed addresses', () => {
    for (const email of ['', 'admin', '@example.gr', 'admin@@example.gr', 'admin@example.gr@example.gr', 'admin@']) {
      expect(isValidApprover('example.gr', email), email).toBe(false);
    }
  });

  it('refuses everything for a name that cannot be validated', () => {
    expect(isValidApprover('com.gr', 'admin@com.gr')).toBe(false);
  });
});
