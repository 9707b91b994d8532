// Billing profiles (issue #5 §4; spec §3 Billing profile): a receipt (REC) or an invoice (INV) profile
// per customer, one default, checked where the law asks (ΑΦΜ and ΔΟΥ for a Greek invoice, VIES for an
// EU business, whose reverse charge is kept with its evidence). Part of the order service.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../core/errors';
import { orderVatRate } from '../../core/orders/fulfilment';
import { billingProfiles } from '../../db/schema';
import { VatCheckError } from '../adapters/vat-check/port';
import { isValidAfm, normaliseVatNumber } from '../adapters/vat-check/greek-afm';
import type { ServiceDeps } from '.';
import { createCatalogService } from './catalog';
import { createLiveService } from './live';

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

export function createBillingProfileService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const catalog = createCatalogService(deps);
  const live = createLiveService(env);

  async function profileOf(userId: number, id: number) {
    const [p] = await db.select().from(billingProfiles).where(and(eq(billingProfiles.id, id), eq(billingProfiles.userId, userId)));
    return p ?? null;
  }

  async function vatFor(profile: typeof billingProfiles.$inferSelect) {
    const country = (await catalog.countries()).find((c) => c.iso2 === profile.countryIso2);
    return orderVatRate({ countryIso2: profile.countryIso2, vatWaived: profile.vatWaived, countryRateBp: country?.vatRateBp ?? null, eu: country?.eu ?? false });
  }

  /** The checks the law asks of an invoice (ΑΦΜ and ΔΟΥ in Greece, VIES for an EU business), shared by create and edit. */
  async function checkVat(input: BillingProfileInput): Promise<{ ok: true; vatNumber: string | null; vatWaived: boolean; vatCheckId: number | null } | Fail> {
    let vatWaived = false;
    let vatNumber: string | null = null;
    let vatCheckId: number | null = null;
    if (input.type === 'INV') {
      if (!input.vatNumber?.trim()) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number' };
      vatNumber = normaliseVatNumber(input.countryIso2, input.vatNumber);
      if (input.countryIso2 === 'GR') {
        if (!isValidAfm(vatNumber)) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number' };
        if (!input.taxOffice?.trim()) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'tax_office' };
      } else {
        const country = (await catalog.countries()).find((c) => c.iso2 === input.countryIso2);
        if (country?.eu) {
          try {
            const check = await adapters.vatCheck.check(input.countryIso2, vatNumber);
            if (!check.valid) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'vat_number', detail: { vies: 'invalid' } };
            vatWaived = true;
            const [row] = await db.all<{ id: number }>(sql`SELECT id FROM vat_checks WHERE vat_number = ${check.vatNumber} ORDER BY id DESC LIMIT 1`);
            vatCheckId = row?.id ?? null;
          } catch (e) {
            return { ok: false, code: e instanceof VatCheckError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR, field: 'vat_number', detail: { vies: 'unavailable' } };
          }
        }
      }
    }
    return { ok: true, vatNumber, vatWaived, vatCheckId };
  }

  const service = {
    profileOf,
    vatFor,
    async billingProfiles(userId: number) {
      return db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).orderBy(desc(billingProfiles.isDefault), asc(billingProfiles.id));
    },

    async defaultProfile(userId: number) {
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
            taxOffice: input.taxOffice?.trim() || null,
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
      const inserted = results[results.length - 1] as { id: number }[];
      if (isDefault) await service.announceDefault(userId, options.uniqueId ?? null);
      return { ok: true, id: inserted[0]!.id, vatWaived };
    },

    /**
     * Edits a profile with the same checks as a new one (spec §2 Account area). Past orders keep their
     * own copy of the details; the default's VAT may change, so the other tabs hear of it.
     */
    async updateBillingProfile(userId: number, id: number, input: BillingProfileInput, options: { uniqueId?: string | null } = {}): Promise<{ ok: true; vatWaived: boolean } | Fail> {
      const p = await profileOf(userId, id);
      if (!p) return { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
      const vat = await checkVat(input);
      if (!vat.ok) return vat;
      const next = {
        type: input.type,
        name: input.name.trim(),
        vatNumber: vat.vatNumber,
        taxOffice: input.taxOffice?.trim() || null,
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
      if (p.isDefault) await service.announceDefault(userId, options.uniqueId ?? null);
      return { ok: true, vatWaived: vat.vatWaived };
    },

    async setDefaultProfile(userId: number, id: number, uniqueId: string | null): Promise<boolean> {
      const p = await profileOf(userId, id);
      if (!p) return false;
      await db.batch([
        db.update(billingProfiles).set({ isDefault: false }).where(eq(billingProfiles.userId, userId)),
        db.update(billingProfiles).set({ isDefault: true }).where(eq(billingProfiles.id, id)),
      ]);
      await service.announceDefault(userId, uniqueId);
      return true;
    },

    /** Removes a profile (past orders keep their own copy of the details); another becomes the default. */
    async deleteBillingProfile(userId: number, id: number, uniqueId: string | null): Promise<boolean> {
      const p = await profileOf(userId, id);
      if (!p) return false;
      await db.delete(billingProfiles).where(eq(billingProfiles.id, id));
      if (p.isDefault) {
        const [next] = await service.billingProfiles(userId);
        if (next) await service.setDefaultProfile(userId, next.id, uniqueId);
      }
      return true;
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
          data: { billingProfile: { vat_waived: p.vatWaived, rate: p.vatWaived ? '1.00' : '1.24', country: p.countryIso2, type: p.type === 'INV' ? 'inv' : 'rec', name: p.name, id: p.id } },
        })
        .catch(() => undefined);
    },
  };
  return service;
}
