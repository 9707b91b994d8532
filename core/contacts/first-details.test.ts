import { describe, expect, it } from 'vitest';
import { billingDraftFrom, contactDraftFromProfile } from './first-details';

const profile = { firstName: 'Νίκος', lastName: 'Ιωάννου', email: 'nikos@example.gr', mobile: '+306911112233', address: 'Τσιμισκή 10', city: 'Θεσσαλονίκη', postcode: '54622', countryIso2: 'GR' };

describe('details typed once (issue #25 §4)', () => {
  it('offers the first contact with the account’s name, e-mail, phone and address', () => {
    expect(contactDraftFromProfile(profile)).toEqual({ first_name: 'Νίκος', last_name: 'Ιωάννου', email: 'nikos@example.gr', phone: '+306911112233', address: 'Τσιμισκή 10', city: 'Θεσσαλονίκη', postcode: '54622', country: 'GR' });
  });
  it('leaves out what the account does not have, instead of writing blanks or placeholders', () => {
    const d = contactDraftFromProfile({ ...profile, mobile: null, address: null, city: '  ', postcode: null });
    expect(d).toEqual({ first_name: 'Νίκος', last_name: 'Ιωάννου', email: 'nikos@example.gr', country: 'GR' });
  });
  it('offers the first billing profile as a receipt in the registrant’s name and address', () => {
    const registrant = { firstName: 'Ελένη', lastName: 'Οικονόμου', organisation: null, vatNumber: null, address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR' };
    expect(billingDraftFrom(registrant)).toEqual({ type: 'REC', name: 'Ελένη Οικονόμου', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', country: 'GR' });
  });
  it('a company registrant gives its name and VAT number', () => {
    const company = { firstName: 'Ελένη', lastName: 'Οικονόμου', organisation: 'Καφενείο Ο.Ε.', vatNumber: '090000045', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR' };
    expect(billingDraftFrom(company)).toMatchObject({ type: 'REC', name: 'Καφενείο Ο.Ε.', vat_number: '090000045' });
  });
  it('without a registrant, the account’s profile', () => {
    expect(billingDraftFrom({ ...profile, organisation: null })).toEqual({ type: 'REC', name: 'Νίκος Ιωάννου', address: 'Τσιμισκή 10', city: 'Θεσσαλονίκη', postcode: '54622', country: 'GR' });
  });
});
