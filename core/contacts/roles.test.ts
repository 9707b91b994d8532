import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import type { ContactFields } from './readiness';
import { holderIdentityChanged, registrantChangeIsTrade, roleChangeRefusal, rolesOf, type RoleChangeInput } from './roles';

const contact: ContactFields & { id: number } = {
  id: 9,
  kind: 'individual',
  firstName: 'Nikos',
  lastName: 'Pappas',
  firstNameInt: null,
  lastNameInt: null,
  organisation: null,
  email: 'n@example.gr',
  phone: '+30.2100000000',
  address: 'Odos 1',
  city: 'Athina',
  postcode: '10000',
  countryIso2: 'GR',
};
const ALL = ['registrant', 'admin', 'tech', 'billing'];
const base: RoleChangeInput = { family: 'gr', registryRoles: ALL, role: 'tech', currentContactId: 1, newContactId: 9, contact };

describe('roleChangeRefusal', () => {
  it('allows a ready contact for a role the registry has', () => {
    expect(roleChangeRefusal(base, 'kafeneio.gr')).toBeNull();
  });
  it('32101 for a role the registry does not have (EURid: registrant and tech only)', () => {
    expect(roleChangeRefusal({ ...base, family: 'eurid', registryRoles: ['registrant', 'tech'], role: 'admin' }, 'x.eu')).toEqual({ code: ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE });
    expect(roleChangeRefusal({ ...base, role: 'owner' }, 'x.gr')?.code).toBe(ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE);
  });
  it('7502 when the role would be left empty', () => {
    expect(roleChangeRefusal({ ...base, newContactId: null, contact: null }, 'x.gr')).toEqual({ code: ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED });
  });
  it('7503 for a contact that is not the customer’s', () => {
    expect(roleChangeRefusal({ ...base, contact: null }, 'x.gr')?.code).toBe(ErrorCode.CONTACT_PROFILE_NOT_FOUND);
  });
  it('no change when the same contact is chosen again', () => {
    expect(roleChangeRefusal({ ...base, currentContactId: 9 }, 'x.gr')?.code).toBe(ErrorCode.NO_CHANGE);
  });
  it('required_contact: an incomplete contact must be completed first', () => {
    expect(roleChangeRefusal({ ...base, contact: { ...contact, incomplete: true } }, 'x.gr')).toEqual({ code: ErrorCode.VALIDATION_ERROR, message: 'CONTACT_PROFILES.MISSING', reasons: ['incomplete'] });
  });
  it('a contact not ready for this registry for another reason is refused as REQUIRED', () => {
    const r = roleChangeRefusal({ ...base, family: 'generic', contact: { ...contact, firstName: 'Νίκος', lastName: 'Παππάς' } }, 'x.com');
    expect(r).toEqual({ code: ErrorCode.VALIDATION_ERROR, message: 'REQUIRED', reasons: ['latin_names'] });
  });
  it('32104 for a holder outside the EEA at EURid', () => {
    expect(roleChangeRefusal({ ...base, family: 'eurid', registryRoles: ['registrant', 'tech'], contact: { ...contact, countryIso2: 'US' } }, 'x.eu')?.code).toBe(ErrorCode.CONTACT_NOT_IN_EU);
  });
  it('32100: a registrant change at .gr and the gTLDs is a chargeable trade, with the ownership page', () => {
    expect(roleChangeRefusal({ ...base, role: 'registrant' }, 'kafeneio.gr')).toEqual({ code: ErrorCode.CONTACT_UPDATE_CHARGEABLE, link: '/account/domains/kafeneio.gr/ownership' });
    expect(roleChangeRefusal({ ...base, family: 'generic', role: 'registrant' }, 'kafeneio.com')?.code).toBe(ErrorCode.CONTACT_UPDATE_CHARGEABLE);
    expect(roleChangeRefusal({ ...base, family: 'eurid', registryRoles: ['registrant', 'tech'], role: 'registrant' }, 'x.eu')).toBeNull();
    expect(registrantChangeIsTrade('icm')).toBe(false);
  });
  it('rolesOf keeps the registry’s roles in the spec’s order', () => {
    expect(rolesOf(['tech', 'registrant'])).toEqual(['registrant', 'tech']);
  });
});

describe('holderIdentityChanged', () => {
  it('a new address is not a new holder; a new name or kind is', () => {
    expect(holderIdentityChanged(contact, { ...contact, organisation: null, firstName: ' nikos ' })).toBe(false);
    expect(holderIdentityChanged(contact, { ...contact, lastName: 'Georgiou' })).toBe(true);
    expect(holderIdentityChanged(contact, { ...contact, kind: 'organisation', organisation: 'X' })).toBe(true);
    const org = { ...contact, kind: 'organisation' as const, organisation: 'Καφενείο Ο.Ε.' };
    expect(holderIdentityChanged(org, { ...org, firstName: 'Άλλος' })).toBe(false);
    expect(holderIdentityChanged(org, { ...org, organisation: 'Ταβέρνα Ο.Ε.' })).toBe(true);
  });
});
