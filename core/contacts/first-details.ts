// Details typed once (issue #25 §4): a new customer's first domain contact is offered filled in from
// the account's profile, and the first billing profile from the registrant (or the profile). Pure:
// the service decides when (no contact yet, no profile yet) and reads the rows; this maps the fields
// to the forms' names. A value the account lacks is left out, never sent as a blank or a placeholder,
// so the form shows the field empty and asks for it.

export type ProfileFields = {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  countryIso2: string;
};

/** The cart's new-contact form (core/validation/cart-forms.ts contactSchema), as far as known. */
export type ContactDraft = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'city' | 'postcode' | 'country', string>>;

/** The billing-profile form (core/validation/checkout-forms.ts billingProfileSchema), as far as known. */
export type BillingDraft = { type: 'REC' } & Partial<Record<'name' | 'vat_number' | 'address' | 'city' | 'postcode' | 'country', string>>;

export type BillingSource = { firstName: string; lastName: string; organisation: string | null; vatNumber?: string | null; address: string | null; city: string | null; postcode: string | null; countryIso2: string };

function known<K extends string>(entries: [K, string | null | undefined][]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [k, v] of entries) if (v != null && v.trim() !== '') out[k] = v.trim();
  return out;
}

export function contactDraftFromProfile(p: ProfileFields): ContactDraft {
  return known([
    ['first_name', p.firstName],
    ['last_name', p.lastName],
    ['email', p.email],
    ['phone', p.mobile],
    ['address', p.address],
    ['city', p.city],
    ['postcode', p.postcode],
    ['country', p.countryIso2],
  ]);
}

/**
 * A receipt in the holder's name: a company's name when the registrant is one (with its VAT number,
 * ready for the customer who turns it into an invoice), else the person's.
 */
export function billingDraftFrom(s: BillingSource): BillingDraft {
  const name = s.organisation?.trim() || `${s.firstName} ${s.lastName}`.trim();
  return {
    type: 'REC',
    ...known([
      ['name', name],
      ['vat_number', s.organisation?.trim() ? s.vatNumber : null],
      ['address', s.address],
      ['city', s.city],
      ['postcode', s.postcode],
      ['country', s.countryIso2],
    ]),
  };
}
