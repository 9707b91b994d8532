// Billing profiles (issue #5 §4; spec §3 Billing profile): a receipt (REC) or an invoice (INV) profile
// per customer, one default, checked where the law asks (ΑΦΜ and ΔΟΥ for a Greek invoice, VIES for an
// EU business, whose reverse charge is kept with its evidence). Part of the order service.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { findTaxOffice } from '../../../core/greek-tax-offices';
import { orderVatRate } from '../../../core/orders/fulfilment';
import { quoteFromRate } from '../../../core/vat';
import { vatEvidenceAtPlacing, withCardCountry, type VatEvidence, type VatEvidenceSale } from '../../../core/vat-evidence';
import { billingProfiles, orders, vatChecks } from '../../../db/schema';
import { VatCheckError } from '../../adapters/vat-check/port';
import { isValidAfm, normaliseVatNumber } from '../../adapters/vat-check/greek-afm';
import type { ServiceDeps } from '../deps';
import { createCatalogService } from '../catalog';
import { createLiveService, requestReads } from '../platform';

export type BillingProfileInput = {
  type: 'REC' | 'INV';
  name: string;
  vatNumber?: string;
  taxOffice?: string;
  profession?: string;
  address: string;
  city: string;
  postcode: string;
  countryIso2: string;
};

export type Fail = { ok: false; code: number; field?: string; detail?: Record<string, unknown> };

/** The profile as the VAT widget reload call and DefaultProfileWasUpdated give it (spec §3, §7). */
export type WidgetProfile = { vat_waived: boolean; rate: string; country: string; type: 'inv' | 'rec'; name: string; id: number };

type Profile = typeof billingProfiles.$inferSelect;

export function createBillingProfileService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const catalog = createCatalogService(deps);
  const live = createLiveService(env);

  async function profileOf(userId: number, id: number) {
    const [p] = await db.select().from(billingProfiles).where(and(eq(billingProfiles.id, id), eq(billingProfiles.userId, userId)));
    return p ?? null;
  }

  async function vatFor(profile: Profile) {
    const country = (await catalog.countries()).find((c) => c.iso2 === profile.countryIso2);
    return orderVatRate({ countryIso2: profile.countryIso2, vatWaived: profile.vatWaived, countryRateBp: country?.vatRateBp ?? null, eu: country?.eu ?? false });
  }

  /** The rate an order on this profile is charged, as the spec's multiplier ('1.19' for CY, '1.00' reverse-charged). */
  async function widgetProfile(profile: Profile): Promise<WidgetProfile> {
    const vat = await vatFor(profile);
    return { vat_waived: profile.vatWaived, rate: quoteFromRate(vat.rateBp), country: profile.countryIso2, type: profile.type === 'INV' ? 'inv' : 'rec', name: profile.name, id: profile.id };
  }

  /** The checks the law asks of an invoice (ΑΦΜ and ΔΟΥ in Greece, VIES for an EU business), shared by create and edit. */
  async function checkVat(input: BillingProfileInput): Promise<{ ok: true; vatNumber: string | null; vatWaived: boolean; vatCheckId: number | null; taxOffice: string | null } | Fail> {
    let vatWaived = false;
    let vatNumber: string | null = null;
    let vatCheckId: number | null = null;
    // A Greek ΔΟΥ is one of AADE's offices (sent by code from the select, or typed by an older form):
    // stored by its name as documents print it. Outside Greece there is no ΔΟΥ.
    let taxOffice: string | null = null;
    if (input.countryIso2 === 'GR' && input.taxOffice?.trim()) {
      const office = findTaxOffice(input.taxOffice);
      if (!office) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'tax_office', detail: { taxOffice: 'unknown' } };
      taxOffice = office.name;
    }
    if (input.type === 'INV') {
      if (!input.vatNumber?.trim()) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number' };
      vatNumber = normaliseVatNumber(input.countryIso2, input.vatNumber);
      if (input.countryIso2 === 'GR') {
        if (!isValidAfm(vatNumber)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number' };
        if (!taxOffice) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'tax_office' };
      } else {
        const country = (await catalog.countries()).find((c) => c.iso2 === input.countryIso2);
        if (country?.eu) {
          try {
            const check = await adapters.vatCheck.check(input.countryIso2, vatNumber);
            if (!check.valid) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number', detail: { vies: 'invalid' } };
            vatWaived = true;
            // The consultation the port just kept (sandbox and VIES clients both write it): its row is the evidence.
            const [row] = await db
              .select({ id: vatChecks.id })
              .from(vatChecks)
              .where(and(eq(vatChecks.countryCode, check.countryCode), eq(vatChecks.vatNumber, check.vatNumber), eq(vatChecks.valid, true)))
              .orderBy(desc(vatChecks.id))
              .limit(1);
            vatCheckId = row?.id ?? null;
          } catch (e) {
            return { ok: false, code: e instanceof VatCheckError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR, field: 'vat_number', detail: { vies: 'unavailable' } };
          }
        }
      }
    }
    return { ok: true, vatNumber, vatWaived, vatCheckId, taxOffice };
  }

  // A change makes the default profile a page view's session check read (request-reads.ts) stale.
  const forgetDefault = (userId: number) => requestReads(deps).defaultProfiles.delete(userId);

  const service = {
    profileOf,
    vatFor,
    widgetProfile,
    async billingProfiles(userId: number) {
      return db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).orderBy(desc(billingProfiles.isDefault), asc(billingProfiles.id));
    },

    /** The profiles with the VIES consultation behind each reverse charge (the evidence shown on the profile). */
    async billingProfilesWithEvidence(userId: number) {
      const list = await service.billingProfiles(userId);
      const ids = list.map((p) => p.vatCheckId).filter((id): id is number => id !== null);
      const checks = ids.length ? await db.select().from(vatChecks).where(inArray(vatChecks.id, ids)) : [];
      return list.map((p) => {
        const c = checks.find((x) => x.id === p.vatCheckId);
        return { ...p, vies: c ? { checkedAt: c.checkedAt, requestIdentifier: c.requestIdentifier, countryCode: c.countryCode, vatNumber: c.vatNumber, name: c.name, source: c.source } : null };
      });
    },

    /** Spec §7 VAT widget reload: the default profile as the widget reads it, or null without one. */
    async vatWidgetProfile(userId: number | null): Promise<WidgetProfile | null> {
      if (userId === null) return null;
      const p = await service.defaultProfile(userId);
      return p ? widgetProfile(p) : null;
    },

    /**
     * The VAT location evidence an order keeps when it is placed (core/vat-evidence.ts), as the two
     * bound values of `orders.vat_evidence` and `orders.vat_evidence_conflict` in the placing batch.
     */
    vatEvidenceParams(profile: Profile, requestCountry: string | null | undefined): [string, number] {
      const { evidence, conflict } = vatEvidenceAtPlacing(saleOf(profile), requestCountry);
      return [JSON.stringify(evidence), conflict ? 1 : 0];
    },

    /**
     * The card's issuing country, once a processor gives it: the third piece of evidence, which may
     * settle a conflict (or make one). For the payment side to call; false when there is no such order.
     */
    async recordCardCountry(orderId: number, cardCountry: string | null): Promise<{ ok: true; conflict: boolean; evidence: VatEvidence } | { ok: false }> {
      const [o] = await db.select({ billing: orders.billing, evidence: orders.vatEvidence, vatWaived: orders.vatWaived }).from(orders).where(eq(orders.id, orderId));
      if (!o) return { ok: false };
      const billing = (o.billing ?? {}) as { type?: string; country?: string; vatNumber?: string | null; vatWaived?: boolean };
      const sale: VatEvidenceSale = { type: billing.type ?? 'REC', country: billing.country ?? '', vatWaived: o.vatWaived || billing.vatWaived === true, vatNumber: billing.vatNumber ?? null };
      const base: VatEvidence = o.evidence ?? { billingCountry: sale.country, requestCountry: null };
      const next = withCardCountry(sale, base, cardCountry);
      await db.update(orders).set({ vatEvidence: next.evidence, vatEvidenceConflict: next.conflict }).where(eq(orders.id, orderId));
      return { ok: true, conflict: next.conflict, evidence: next.evidence };
    },

    async defaultProfile(userId: number) {
      // A page view's session check read it with the user row (request-reads.ts, decision 067).
      const known = requestReads(deps).defaultProfiles.get(userId);
      if (known !== undefined) return known;
      const [p] = await db.select().from(billingProfiles).where(and(eq(billingProfiles.userId, userId), eq(billingProfiles.isDefault, true)));
      return p ?? null;
    },

    /**
     * A receipt (REC) or an invoice (INV) profile. A Greek invoice needs a valid ΑΦΜ and its ΔΟΥ; an EU
     * business outside Greece with a VAT number VIES confirms is vat_waived (reverse charge), and the
     * consultation is kept as evidence.
     */
    async createBillingProfile(userId: number, input: BillingProfileInput, options: { makeDefault?: boolean; uniqueId?: string | null } = {}): Promise<{ ok: true; id: number; vatWaived: boolean } | Fail> {
      const vat = await checkVat(input);
      if (!vat.ok) return vat;
      const { vatNumber, vatWaived, vatCheckId } = vat;
      const existing = await service.billingProfiles(userId);
      const isDefault = options.makeDefault === true || existing.length === 0;
      const statements = [
        ...(isDefault ? [db.update(billingProfiles).set({ isDefault: false }).where(eq(billingProfiles.userId, userId))] : []),
        db
          .insert(billingProfiles)
          .values({
            userId,
            type: input.type,
            name: input.name.trim(),
            vatNumber,
            taxOffice: vat.taxOffice,
            profession: input.profession?.trim() || null,
            address: input.address.trim(),
            city: input.city.trim(),
            postcode: input.postcode.trim(),
            countryIso2: input.countryIso2,
            vatWaived,
            vatCheckId,
            isDefault,
            createdAt: now,
          })
          .returning({ id: billingProfiles.id }),
      ] as const;
      const results = (await db.batch(statements as never)) as unknown[];
      forgetDefault(userId);
      const inserted = results[results.length - 1] as { id: number }[];
      if (isDefault) await service.announceDefault(userId, options.uniqueId ?? null);
      return { ok: true, id: inserted[0]!.id, vatWaived };
    },

    /**
     * Edits a profile with the same checks as a new one (spec §2 Account area). Past orders keep their
     * own copy of the details; the default's VAT may change, so the other tabs hear of it.
     */
    async updateBillingProfile(userId: number, id: number, input: BillingProfileInput, options: { uniqueId?: string | null } = {}): Promise<{ ok: true; code: number; vatWaived: boolean } | Fail> {
      const p = await profileOf(userId, id);
      if (!p) return { ok: false, code: ErrorCode.BILLING_NOT_FOUND };
      const vat = await checkVat(input);
      if (!vat.ok) return vat;
      const next = {
        type: input.type,
        name: input.name.trim(),
        vatNumber: vat.vatNumber,
        taxOffice: vat.taxOffice,
        profession: input.profession?.trim() || null,
        address: input.address.trim(),
        city: input.city.trim(),
        postcode: input.postcode.trim(),
        countryIso2: input.countryIso2,
        vatWaived: vat.vatWaived,
      };
      const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === p[k]);
      if (same) return { ok: false, code: ErrorCode.NO_CHANGE };
      await db
        .update(billingProfiles)
        .set({ ...next, vatCheckId: vat.vatCheckId ?? (vat.vatWaived ? p.vatCheckId : null) })
        .where(and(eq(billingProfiles.id, id), eq(billingProfiles.userId, userId)));
      forgetDefault(userId);
      if (p.isDefault) await service.announceDefault(userId, options.uniqueId ?? null);
      return { ok: true, code: ErrorCode.BILLING_PROFILE_UPDATED, vatWaived: vat.vatWaived };
    },

    /** False when the profile is not this customer's (the page answers 3000 billing_not_found). */
    async setDefaultProfile(userId: number, id: number, uniqueId: string | null): Promise<boolean> {
      const p = await profileOf(userId, id);
      if (!p) return false;
      await db.batch([
        db.update(billingProfiles).set({ isDefault: false }).where(eq(billingProfiles.userId, userId)),
        db.update(billingProfiles).set({ isDefault: true }).where(eq(billingProfiles.id, id)),
      ]);
      forgetDefault(userId);
      await service.announceDefault(userId, uniqueId);
      return true;
    },

    /**
     * Removes a profile (past orders keep their own copy of the details). The default is refused (3002
     * billing_set_default_not_allowed): the customer makes another one the default first, so the VAT
     * the site shows never changes under them by a deletion. The condition is in the statement, so a
     * profile made the default in another tab meanwhile is not deleted either.
     */
    async deleteBillingProfile(userId: number, id: number, _uniqueId: string | null): Promise<{ ok: true } | Fail> {
      const p = await profileOf(userId, id);
      if (!p) return { ok: false, code: ErrorCode.BILLING_NOT_FOUND };
      if (p.isDefault) return { ok: false, code: ErrorCode.BILLING_SET_DEFAULT_NOT_ALLOWED };
      const gone = await db
        .delete(billingProfiles)
        .where(and(eq(billingProfiles.id, id), eq(billingProfiles.userId, userId), eq(billingProfiles.isDefault, false)))
        .returning({ id: billingProfiles.id });
      forgetDefault(userId);
      return gone.length ? { ok: true } : { ok: false, code: ErrorCode.BILLING_SET_DEFAULT_NOT_ALLOWED };
    },

    /** Spec §3/§7 billing channel: DefaultProfileWasUpdated makes other tabs reload their VAT widget. */
    async announceDefault(userId: number, uniqueId: string | null) {
      const p = await service.defaultProfile(userId);
      if (!p) return;
      await live
        .toUser(`u-${userId}`, {
          channel: 'billing',
          event: 'DefaultProfileWasUpdated',
          unique_id: uniqueId,
          // The country's own rate (CY 1.19, GR 1.24, reverse charge 1.00), as the reload call answers it.
          data: { billingProfile: await widgetProfile(p) },
        })
        .catch(() => undefined);
    },
  };
  return service;
}

/** What the evidence rule needs of a profile. */
function saleOf(profile: Profile): VatEvidenceSale {
  return { type: profile.type, country: profile.countryIso2, vatWaived: profile.vatWaived, vatNumber: profile.vatNumber };
}
