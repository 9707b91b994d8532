// Details typed once (issue #25 §4): what a new customer's first domain contact and first billing
// profile are offered filled in with. Only the first: once the account has a contact (or a profile),
// the form starts empty, since the customer is then adding someone or something else.
import { and, eq } from 'drizzle-orm';
import { billingDraftFrom, contactDraftFromProfile, type BillingDraft, type ContactDraft } from '../../../core/contacts/first-details';
import { billingProfiles, contacts, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

export function createFirstDetails({ db }: ServiceDeps) {
  async function profile(userId: number) {
    const [u] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, mobile: users.mobile, address: users.address, city: users.city, postcode: users.postcode, countryIso2: users.countryIso2 })
      .from(users)
      .where(eq(users.id, userId));
    return u ?? null;
  }

  return {
    /** The first contact from the account's profile; null once the account has a contact. `known`: the caller's list, to skip the read. */
    async contactDraft(userId: number, known?: { hasContacts: boolean }): Promise<ContactDraft | null> {
      const has = known ? known.hasContacts : (await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, userId)).limit(1)).length > 0;
      if (has) return null;
      const p = await profile(userId);
      return p ? contactDraftFromProfile(p) : null;
    },

    /**
     * The first billing profile from the registrant the cart names (one of the customer's contacts), or
     * from the account's profile; null once the account has a billing profile.
     */
    async billingDraft(userId: number, input: { hasProfiles: boolean; registrantId: number | null }): Promise<BillingDraft | null> {
      if (input.hasProfiles) return null;
      if (input.registrantId !== null) {
        const [c] = await db.select().from(contacts).where(and(eq(contacts.id, input.registrantId), eq(contacts.userId, userId)));
        if (c) return billingDraftFrom(c);
      }
      const p = await profile(userId);
      return p ? billingDraftFrom({ ...p, organisation: null }) : null;
    },
  };
}
