import { describe, expect, it } from 'vitest';
import { readiness as cartReadiness } from '../cart/contacts';
import { missingFields, needsCompletion, notReadyReasons, readiness, type ContactFields } from './readiness';

const maria: ContactFields = {
  kind: 'individual',
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  firstNameInt: 'Maria',
  lastNameInt: 'Papadopoulou',
  organisation: null,
  email: 'maria@example.gr',
  phone: '+30.2101234567',
  address: 'Ερμού 10',
  city: 'Αθήνα',
  postcode: '10563',
  countryIso2: 'GR',
  vatNumber: null,
  incomplete: false,
};
const company: ContactFields = { ...maria, kind: 'organisation', organisation: 'Καφενείο Ο.Ε.', vatNumber: '094014201' };

describe('a contact without a city is incomplete (issue #20 §1)', () => {
  it('a blank city, or a placeholder with no letter or digit in it, is a missing field and ready nowhere', () => {
    for (const city of ['', '  ', '-', '–', '.', '- -', '?']) {
      expect(missingFields({ ...maria, city }), JSON.stringify(city)).toEqual(['city']);
      expect(needsCompletion({ ...maria, city })).toBe(true);
      expect(readiness({ ...maria, city })).toEqual({ gr_ready: 0, eurid_ready: 0, icm_ready: 0, generic_ready: 0 });
    }
    expect(missingFields({ ...maria, city: 'Άγιος Νικόλαος' })).toEqual([]);
    expect(missingFields({ ...maria, city: 'Saint-Étienne' })).toEqual([]);
  });
});

describe('readiness per registry family', () => {
  it('a complete Greek individual with Latin names is ready everywhere', () => {
    expect(readiness(maria)).toEqual({ gr_ready: 1, eurid_ready: 1, icm_ready: 1, generic_ready: 1 });
  });
  it('an incomplete contact is ready nowhere, whatever it holds', () => {
    expect(readiness({ ...maria, incomplete: true })).toEqual({ gr_ready: 0, eurid_ready: 0, icm_ready: 0, generic_ready: 0 });
    expect(notReadyReasons({ ...maria, incomplete: true }, 'gr')).toEqual(['incomplete']);
  });
  it('gr needs the full postal data', () => {
    const noPostcode = { ...maria, postcode: ' ' };
    expect(readiness(noPostcode).gr_ready).toBe(0);
    expect(notReadyReasons(noPostcode, 'gr')).toEqual(['missing_fields']);
    expect(missingFields(noPostcode)).toEqual(['postcode']);
    expect(needsCompletion(noPostcode)).toBe(true);
  });
  it('gr needs an organisation’s VAT number; the other families do not', () => {
    expect(readiness(company).gr_ready).toBe(1);
    const noVat = { ...company, vatNumber: '' };
    expect(notReadyReasons(noVat, 'gr')).toEqual(['vat_number']);
    expect(readiness(noVat)).toMatchObject({ gr_ready: 0, eurid_ready: 1, generic_ready: 1 });
  });
  it('an organisation needs its name', () => {
    expect(missingFields({ ...company, organisation: '' })).toEqual(['organisation']);
    expect(readiness({ ...company, organisation: null }).eurid_ready).toBe(0);
  });
  it('eurid needs residence in the EEA (32104)', () => {
    expect(notReadyReasons({ ...maria, countryIso2: 'US' }, 'eurid')).toEqual(['not_in_eu']);
    expect(readiness({ ...maria, countryIso2: 'NO' }).eurid_ready).toBe(1);
    expect(readiness({ ...maria, countryIso2: 'US' })).toMatchObject({ gr_ready: 1, eurid_ready: 0, generic_ready: 1 });
  });
  it('icm and generic need Latin names: Greek names without Latin forms are not ready', () => {
    const greekOnly = { ...maria, firstNameInt: null, lastNameInt: '' };
    expect(readiness(greekOnly)).toEqual({ gr_ready: 1, eurid_ready: 1, icm_ready: 0, generic_ready: 0 });
    expect(notReadyReasons(greekOnly, 'generic')).toEqual(['latin_names']);
    expect(readiness({ ...maria, firstName: 'Maria', lastName: 'Smith', firstNameInt: null, lastNameInt: null }).generic_ready).toBe(1);
    expect(readiness({ ...maria, firstNameInt: 'Μαρία' }).generic_ready).toBe(0);
  });
  it('an individual’s Latin names must be their own (7530)', () => {
    expect(notReadyReasons({ ...maria, lastNameInt: 'Georgiou' }, 'generic')).toEqual(['name_mismatch']);
  });
  it('the cart still imports readiness from core/cart/contacts', () => {
    expect(cartReadiness).toBe(readiness);
  });
});
