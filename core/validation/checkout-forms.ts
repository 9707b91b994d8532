// Checkout forms (issue #5 §4): a billing profile (receipt or invoice) and the order itself.
import { z } from 'zod';
import { findTaxOffice } from '../greek-tax-offices';
import { COUNTRY_CODES } from './account-forms';
import { issueMessage } from './messages';
import { optionalText, requiredSelect, requiredText, termsAccepted } from './required-rules';
import { lengthRange, maxLength } from './text-rules';

export const billingProfileSchema = z
  .object({
    type: requiredSelect(['REC', 'INV']),
    name: requiredText(lengthRange(2, 120)),
    vat_number: optionalText(maxLength(20)),
    tax_office: optionalText(maxLength(60)),
    profession: optionalText(maxLength(80)),
    address: requiredText(lengthRange(3, 120)),
    city: requiredText(lengthRange(2, 60)),
    postcode: requiredText(lengthRange(3, 10)),
    country: requiredSelect(COUNTRY_CODES),
  })
  .superRefine((v, ctx) => {
    // An invoice names its business: the VAT number always, and the ΔΟΥ for a Greek one.
    if (v.type === 'INV' && !(v.vat_number ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: issueMessage('REQUIRED'), input: v.vat_number });
    if (v.type === 'INV' && v.country === 'GR' && !(v.tax_office ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['tax_office'], message: issueMessage('REQUIRED'), input: v.tax_office });
    // A Greek ΔΟΥ is one of AADE's offices (the select sends its code; the server stores its name).
    else if (v.country === 'GR' && (v.tax_office ?? '').trim() && !findTaxOffice(v.tax_office)) ctx.addIssue({ code: 'custom', path: ['tax_office'], message: issueMessage('TAX_OFFICE'), input: v.tax_office });
  });

export const placeOrderSchema = z.object({
  profile_id: z.coerce.number({ error: issueMessage('REQUIRED') }).int().positive(),
  method: requiredSelect(['card', 'bank_transfer']),
  agree: termsAccepted(),
  key: requiredText(lengthRange(16, 64)),
  coupon: optionalText(maxLength(40)),
  /** A checkbox: present ('on') when the customer uses the credit balance. */
  use_credit: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).optional(),
});
