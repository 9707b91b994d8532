import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { GR_REGISTRATION_MONTHS } from '../lengths';
import { labelToAscii } from './punycode';
import { registryFamilies } from '../catalog';
import { allowedPeriods, EEA_COUNTRIES, elRequirement, EU_COUNTRIES, euEligibility, hasTransferLock, lockNewName, REGISTRY_OF, registryFamilyOf, TRANSFER_LOCK, xxxRequirement } from './registry-rules';

describe('registry families', () => {
  it.each([
    ['gr', 'gr'],
    ['com.gr', 'gr'],
    ['net.gr', 'gr'],
    ['org.gr', 'gr'],
    ['edu.gr', 'gr'],
    ['gov.gr', 'gr'],
    ['ελ', 'gr'],
    ['xn--qxam', 'gr'],
    ['.GR', 'gr'],
    ['eu', 'eurid'],
    ['ευ', 'eurid'],
    ['xn--qxa6a', 'eurid'],
    ['xxx', 'icm'],
    ['com', 'generic'],
    ['cy', 'generic'],
    ['gr.com', 'generic'],
  ])('%s → %s', (tld, family) => {
    expect(registryFamilyOf(tld)).toBe(family);
  });

  it('lists only families of the catalogue', () => {
    expect(new Set(Object.values(REGISTRY_OF))).toEqual(new Set(['gr', 'eurid', 'icm']));
  });
});

describe('allowedPeriods', () => {
  it('keeps .gr lengths to even years', () => {
    expect(allowedPeriods('gr', [12, 24, 36, 48, 60, 72, 96, 120, 144])).toEqual([24, 48, 72, 96, 120]);
    expect(allowedPeriods('gr', GR_REGISTRATION_MONTHS)).toEqual([...GR_REGISTRATION_MONTHS]);
    expect(allowedPeriods('gr', [48, 24, 24])).toEqual([24, 48]);
    expect(allowedPeriods('gr', [12])).toEqual([]);
  });

  it('takes the catalogue as given elsewhere', () => {
    expect(allowedPeriods('eurid', [12, 24, 36])).toEqual([12, 24, 36]);
    expect(allowedPeriods('generic', [12, 24, 36, 120])).toEqual([12, 24, 36, 120]);
    expect(allowedPeriods('icm', [12])).toEqual([12]);
  });
});

describe('elRequirement', () => {
  it('needs the matching .gr in the account', () => {
    expect(elRequirement('καφές', ['καφες'])).toBeNull();
    expect(elRequirement('καφές', ['example', 'καφεσ'])).toBeNull();
    expect(elRequirement('ΚΑΦΕΣ', ['Καφές'])).toBeNull();
    expect(elRequirement('καφές', [])).toBe(ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED);
    expect(elRequirement('καφές', ['ταβερνα'])).toBe(ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED);
  });

  it('reads full .gr names and ACE forms', () => {
    expect(elRequirement('καφές', ['καφές.gr'])).toBeNull();
    expect(elRequirement('καφές', [`${labelToAscii('καφές')}.gr`])).toBeNull();
    expect(elRequirement(labelToAscii('αθήνα'), ['αθηνα'])).toBeNull();
  });

  it('does not count second-level .gr names', () => {
    expect(elRequirement('καφές', ['καφές.com.gr'])).toBe(ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED);
  });
});

describe('euEligibility', () => {
  it('lists the EU 27 and the EEA 30', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    expect(EEA_COUNTRIES).toHaveLength(30);
    expect(EEA_COUNTRIES).toEqual(expect.arrayContaining(['GR', 'CY', 'IS', 'LI', 'NO']));
    expect(EEA_COUNTRIES).not.toContain('GB');
    expect(EEA_COUNTRIES).not.toContain('CH');
  });

  it.each<[string, string | undefined, boolean]>([
    ['GR', undefined, true],
    ['gr', undefined, true],
    ['EL', undefined, true],
    ['CY', undefined, true],
    ['NO', undefined, true],
    ['IS', undefined, true],
    ['LI', undefined, true],
    ['GB', undefined, false],
    ['CH', undefined, false],
    ['US', undefined, false],
    ['US', 'GR', true], // an EU citizen abroad (EURid, since 2019)
    ['GB', 'CY', true],
    ['US', 'NO', false], // EEA citizenship needs EEA residence
    ['US', 'US', false],
    ['', undefined, false],
  ])('resident in %s, citizen of %s → %s', (countryIso2, citizenshipIso2, ok) => {
    const contact = citizenshipIso2 === undefined ? { countryIso2 } : { countryIso2, citizenshipIso2 };
    expect(euEligibility(contact)).toBe(ok ? null : ErrorCode.CONTACT_NOT_IN_EU);
  });

  it('uses code 32104', () => {
    expect(ErrorCode.CONTACT_NOT_IN_EU).toBe(32104);
  });
});

describe('xxxRequirement', () => {
  it('needs a token when the name resolves', () => {
    expect(xxxRequirement({ resolve: true })).toEqual({ field: 'membership_token', key: 'validation:required' });
    expect(xxxRequirement({ resolve: true, membershipToken: '   ' })).toEqual({ field: 'membership_token', key: 'validation:required' });
    expect(xxxRequirement({ resolve: true, membershipToken: 'ABC-123-def' })).toBeNull();
    expect(xxxRequirement({ resolve: true, membershipToken: '  ABC123  ' })).toBeNull();
    expect(xxxRequirement({ resolve: true, membershipToken: 'a'.repeat(64) })).toBeNull();
  });

  it('refuses a malformed token', () => {
    for (const token of ['abc 123', 'abc_123', 'αβγ', 'abc!', 'a'.repeat(65)]) {
      expect(xxxRequirement({ resolve: true, membershipToken: token })).toEqual({ field: 'membership_token', key: 'validation:illegal_chars' });
    }
  });

  it('needs nothing when the name does not resolve', () => {
    expect(xxxRequirement({ resolve: false })).toBeNull();
    expect(xxxRequirement({ resolve: false, membershipToken: 'abc!' })).toBeNull();
  });
});

describe('transfer lock (issue #25 §1)', () => {
  it('every registry family has an entry, and a new name is locked exactly where its registry has a lock', () => {
    expect(Object.keys(TRANSFER_LOCK).sort()).toEqual([...registryFamilies].sort());
    for (const family of registryFamilies) expect(lockNewName(family), family).toBe(hasTransferLock(family));
  });

  it('the registries our port locks (sandbox and EPP client) have one, .gr included', () => {
    expect(['gr', 'eurid', 'icm', 'generic'].map((f) => hasTransferLock(f as never))).toEqual([true, true, true, true]);
  });

  it('a family it does not know has none', () => {
    expect(hasTransferLock('nosuch' as never)).toBe(false);
  });
});
