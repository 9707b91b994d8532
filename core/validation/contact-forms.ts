// The portal's contact profile form (issue #12 §4; spec §3 Contact profile, §5 international, §8
// 7530), shared by the page (conform) and the action. An individual or an organisation; the Latin
// names (first_name_int_ind / last_name_int_ind) in Latin letters only; an organisation's name and VAT
// number. Saving the whole form is also how an 'incomplete data' contact is completed.
import { z } from 'zod';
import { individualNameMismatch } from '../contacts/names';
import { CONTACT_ROLES } from '../contacts/roles';
import { COUNTRY_CODES } from './account-forms';
import { encodeMessage, issueMessage } from './messages';
import { optionalText, requiredSelect, requiredText } from './required-rules';
import { international, lengthRange, maxLength, pattern } from './text-rules';
import { email } from './email-rules';

export const CONTACT_KINDS = ['individual', 'organisation'] as const;

/** 7530 travels as a field message in the `errors` namespace, under each Latin name it concerns. */
export const NAME_MISMATCH_MESSAGE = encodeMessage({ key: 'errors:contact_individual_name_mismatch' });

const nameText = () => requiredText(lengthRange(1, 60));

export const contactProfileSchema = z
  .object({
    kind: requiredSelect(CONTACT_KINDS),
    first_name: nameText(),
    last_name: nameText(),
    first_name_int_ind: optionalText(maxLength(60), international()),
    last_name_int_ind: optionalText(maxLength(60), international()),
    organisation: optionalText(maxLength(120)),
    // Letters and digits, an optional country prefix (EL094014201, DE123456789): what VIES and the registry take.
    vat_number: optionalText(lengthRange(2, 20), pattern(/[A-Za-z0-9]/)),
    email: requiredText(email(), maxLength(100)),
    phone: requiredText(lengthRange(6, 20), pattern(/[0-9 +.()-]/)),
    address: requiredText(lengthRange(3, 120)),
    city: requiredText(lengthRange(2, 60)),
    postcode: requiredText(lengthRange(3, 10)),
    country: requiredSelect(COUNTRY_CODES),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'organisation') {
      if (!(v.organisation ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['organisation'], message: issueMessage('REQUIRED'), input: v.organisation });
      if (!(v.vat_number ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: issueMessage('REQUIRED'), input: v.vat_number });
      return;
    }
    for (const field of individualNameMismatch({ firstName: v.first_name, lastName: v.last_name, firstNameInt: v.first_name_int_ind ?? null, lastNameInt: v.last_name_int_ind ?? null })) {
      ctx.addIssue({ code: 'custom', path: [field], message: NAME_MISMATCH_MESSAGE, input: v[field] });
    }
  });

export type ContactProfileInput = z.infer<typeof contactProfileSchema>;

/** The contact columns of a valid form (an individual keeps no organisation or VAT number). */
export function contactColumns(v: ContactProfileInput) {
  const org = v.kind === 'organisation';
  return {
    kind: v.kind as (typeof CONTACT_KINDS)[number],
    firstName: v.first_name,
    lastName: v.last_name,
    firstNameInt: v.first_name_int_ind ?? null,
    lastNameInt: v.last_name_int_ind ?? null,
    organisation: org ? (v.organisation ?? null) : null,
    vatNumber: org ? (v.vat_number ?? null) : null,
    email: v.email,
    phone: v.phone,
    address: v.address,
    city: v.city,
    postcode: v.postcode,
    countryIso2: v.country,
  };
}

/** The roles page: one role, the contact chosen for it (blank: the customer tried to empty it, 7502). */
export const roleChangeSchema = z.object({
  role: z.enum(CONTACT_ROLES, { error: issueMessage('REQUIRED') }),
  contact_id: z.coerce.number().int().positive().optional(),
});
