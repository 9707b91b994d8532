import { describe, expect, it } from 'vitest';
import { contactColumns, contactProfileSchema, NAME_MISMATCH_MESSAGE } from './contact-forms';

const individual = {
  kind: 'individual',
  first_name: 'Μαρία',
  last_name: 'Παπαδοπούλου',
  first_name_int_ind: 'Maria',
  last_name_int_ind: 'Papadopoulou',
  email: 'maria@example.gr',
  phone: '+30.2101234567',
  address: 'Ερμού 10',
  city: 'Αθήνα',
  postcode: '10563',
  country: 'GR',
};

function issues(input: Record<string, unknown>) {
  const r = contactProfileSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('contactProfileSchema', () => {
  it('accepts a complete individual and drops organisation fields from the columns', () => {
    const r = contactProfileSchema.parse({ ...individual, organisation: 'X', vat_number: '123' });
    expect(contactColumns(r)).toMatchObject({ kind: 'individual', organisation: null, vatNumber: null, firstNameInt: 'Maria' });
  });
  it('7530 under the Latin name that is not the holder’s own', () => {
    expect(issues({ ...individual, last_name_int_ind: 'Georgiou' })).toEqual({ last_name_int_ind: NAME_MISMATCH_MESSAGE });
  });
  it('Latin fields refuse Greek letters (spec §5 international)', () => {
    expect(issues({ ...individual, first_name_int_ind: 'Μαρία' }).first_name_int_ind).toContain('validation:international');
  });
  it('an organisation needs its name and VAT number; its Latin names are not checked against the person', () => {
    const e = issues({ ...individual, kind: 'organisation', first_name_int_ind: 'John' });
    expect(Object.keys(e).sort()).toEqual(['organisation', 'vat_number']);
    expect(contactProfileSchema.safeParse({ ...individual, kind: 'organisation', organisation: 'Καφενείο Ο.Ε.', vat_number: 'EL094014201' }).success).toBe(true);
  });
  it('every postal field is required (completing an incomplete contact)', () => {
    expect(Object.keys(issues({ ...individual, postcode: '' }))).toEqual(['postcode']);
  });
});
