import { describe, expect, it } from 'vitest';
import { billingProfileSchema } from './checkout-forms';
import { decodeMessage } from './messages';

const base = { type: 'INV', name: 'Καφενείο Ο.Ε.', vat_number: '090000045', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', country: 'GR' };

function taxOfficeIssue(input: Record<string, string>) {
  const r = billingProfileSchema.safeParse(input);
  if (r.success) return null;
  const issue = r.error.issues.find((i) => i.path[0] === 'tax_office');
  return issue ? decodeMessage(issue.message).key : null;
}

describe('billing profile schema: the ΔΟΥ', () => {
  it('a Greek invoice needs one, from AADE list (its code or its name)', () => {
    expect(taxOfficeIssue(base)).toBe('validation:required');
    expect(taxOfficeIssue({ ...base, tax_office: 'Κάπου' })).toBe('validation:tax_office_unknown');
    expect(taxOfficeIssue({ ...base, tax_office: '1101' })).toBeNull();
    expect(taxOfficeIssue({ ...base, tax_office: 'Α΄ Αθηνών' })).toBeNull();
  });

  it('a receipt needs none; a foreign profile is not checked against the Greek list', () => {
    expect(taxOfficeIssue({ ...base, type: 'REC', tax_office: '' })).toBeNull();
    expect(taxOfficeIssue({ ...base, type: 'REC', tax_office: 'Κάπου' })).toBe('validation:tax_office_unknown');
    expect(taxOfficeIssue({ ...base, country: 'DE', vat_number: 'DE123456789', tax_office: 'Finanzamt' })).toBeNull();
  });
});
