// Checkout, orders, sale documents, payments and fulfilment (issue #5 §4–5).
// - Placing an order is idempotent (a key per checkout attempt) and atomic: order, items and the order
//   document are one D1 batch; document numbers come from per-series counters in the same batch, so
//   numbering has no gaps even when two submissions race.
// - Payments go through the payments port; the webhook is the only thing that marks a card payment
//   approved, and a repeated delivery is acknowledged and ignored (payment_events).
// - Paid orders are fulfilled item by item through the ports; a failing port leaves the item for cron,
//   with back-off; nothing is charged or carried out twice.
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { RegistryFamily } from '../../core/catalog';
import { ErrorCode } from '../../core/errors';
import { cartTotals } from '../../core/cart/pricing';
import { couponDiscount, couponOrderRefusal, couponRefusal, normaliseCouponCode, type Coupon, type CouponRefusal } from '../../core/orders/coupons';
import { formatMoney } from '../../core/money';
import { amountDue, creditToApply, refundShare } from '../../core/orders/credit';
import { isFinalFailure, nextAttemptAt, orderVatRate } from '../../core/orders/fulfilment';
import { registryKeyFor } from '../../core/domains/keys';
import { parseDomain, splitDomain } from '../../core/domains/names';
import { auditStatement, creditNoteStatements, rawBatch, type Raw } from '../../db/raw-batch';
import {
  billingProfiles, contacts, couponRedemptions, coupons, creditMovements, domains, nameserverGroups, orderItems, orders, paymentEvents, payments, saleDocuments, settings, users,
} from '../../db/schema';
import { PaymentError } from '../adapters/payments/port';
import { decideSandboxSession, getSandboxSession, type SandboxDecision } from '../adapters/payments/sandbox';
import { webhookSecretOf } from '../adapters/payments/secret';
import { ProvisionerError } from '../adapters/provisioner/port';
import { RegistryError } from '../adapters/registry/port';
import { SslError } from '../adapters/ssl/port';
import { VatCheckError } from '../adapters/vat-check/port';
import { isValidAfm, normaliseVatNumber } from '../adapters/vat-check/greek-afm';
import type { ServiceDeps } from '.';
import { createCartService, type CartOwner } from './cart';
import { createCatalogService } from './catalog';
import { createLiveService } from './live';
import { couponRedemption, failureOf, numberedDocument, orderById, orderOfAttempt, totalsInvariant } from './order-statements';

/** Nameservers a domain gets when the customer chose none: ours, with a parking page. */
export const DEFAULT_NAMESERVERS = ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'];
export { BANK_DETAILS } from '../../core/orders/bank';

type Lang = 'el' | 'en';

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

export function createOrderService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const cart = createCartService(deps);
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

  async function registrantOf(userId: number, config: Record<string, unknown>) {
    const contactIds = (config.contacts ?? {}) as Record<string, number | undefined>;
    const id = contactIds.registrant;
    if (id) {
      const [c] = await db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.userId, userId)));
      if (c) return { name: `${c.firstName} ${c.lastName}`.trim(), organisation: c.organisation, email: c.email, country: c.countryIso2, phone: c.phone };
    }
    // A transfer keeps the holder it has; the account holder stands in where the registry asks for one.
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    return { name: `${u!.firstName} ${u!.lastName}`.trim(), organisation: null, email: u!.email, country: u!.countryIso2, phone: u!.mobile };
  }

  async function nameserversOf(userId: number, config: Record<string, unknown>): Promise<string[]> {
    const ns = config.nameservers as { mode: string; groupId?: number; list?: string[] } | undefined;
    if (ns?.mode === 'custom' && ns.list?.length) return ns.list;
    if (ns?.mode === 'group' && ns.groupId) {
      const [g] = await db.select().from(nameserverGroups).where(and(eq(nameserverGroups.id, ns.groupId), eq(nameserverGroups.userId, userId)));
      if (g) return g.nameservers;
    }
    return DEFAULT_NAMESERVERS;
  }

  /** Carries out one item through its port. Returns what it produced, or throws the port's error. */
  async function fulfilItem(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]): Promise<Record<string, unknown>> {
    const reference = `oi-${item.id}`;
    if (item.kind === 'domain') {
      const tldList = (await catalog.tldPricing({ actions: ['register'] })).map((t) => t.tld);
      const parsed = parseDomain(item.name, tldList);
      if (!parsed.ok || !item.registry) throw new RegistryError(ErrorCode.DOMAIN_IS_NOT_VALID);
      const registry = adapters.registries[item.registry as RegistryFamily];
      const ref = { name: parsed.asciiFqdn, key: registryKeyFor(parsed.label, parsed.tld) };
      const idProtect = siblings.some((s) => s.parentPosition === item.position && s.sku === 'id_protect');
      if (item.action === 'renew' || item.action === 'rgp_restore' || item.action === 'trade') {
        const [held] = await db.select().from(domains).where(and(eq(domains.asciiFqdn, parsed.asciiFqdn), eq(domains.userId, order.userId)));
        if (!held) throw new RegistryError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'not_held' });
        if (item.action === 'trade') {
          await registry.trade({ name: ref, registrant: await registrantOf(order.userId, item.config) });
          await db.update(domains).set({ updatedAt: now }).where(eq(domains.id, held.id));
          return { status: 'traded' };
        }
        // A renewal (or a restore out of redemption, which the registry does by renewing) names the
        // current expiry, so it cannot happen twice; a retry after a lost answer finds it done.
        let renewedTo: Date;
        try {
          renewedTo = (await registry.renew({ name: ref, periodMonths: item.lengthMonths, currentExpiry: held.expiresAt })).expiresAt;
        } catch (e) {
          const info = e instanceof RegistryError && e.detail.reason === 'expiry_mismatch' ? await registry.info(ref).catch(() => null) : null;
          if (!info?.sponsoredByUs || info.expiresAt.getTime() <= held.expiresAt.getTime()) throw e;
          renewedTo = info.expiresAt;
        }
        await db.update(domains).set({ expiresAt: renewedTo, status: 'active', updatedAt: now }).where(eq(domains.id, held.id));
        return { expiresAt: renewedTo.toISOString(), status: 'active' };
      }
      let expiresAt: Date;
      let status: 'active' | 'transfer_pending' = 'active';
      if (item.action === 'transfer' || item.action === 'transfer_renew') {
        const r = await registry.transfer({ name: ref, authCode: String(item.config.authCode ?? ''), periodMonths: item.lengthMonths });
        if (r.status === 'pending') status = 'transfer_pending';
        expiresAt = r.expiresAt ?? (await registry.info(ref)).expiresAt;
      } else {
        const xxx = item.config.xxx as { resolve: boolean; token?: string } | undefined;
        try {
          const r = await registry.register({
            name: ref,
            periodMonths: item.lengthMonths,
            registrant: await registrantOf(order.userId, item.config),
            nameservers: await nameserversOf(order.userId, item.config),
            idProtect,
            ...(xxx ? { xxx: { resolve: xxx.resolve, membershipToken: xxx.token } } : {}),
          });
          expiresAt = r.expiresAt;
        } catch (e) {
          // A retry after a lost answer: the name is ours already, so the registration did happen.
          if (e instanceof RegistryError && e.code === ErrorCode.DOMAIN_REGISTER_FAILED) {
            // (Ours, and not another customer's: they are sponsored by us too.)
            const info = await registry.info(ref).catch(() => null);
            const [holder] = await db.select({ userId: domains.userId }).from(domains).where(eq(domains.asciiFqdn, parsed.asciiFqdn));
            if (!info?.sponsoredByUs || (holder && holder.userId !== order.userId)) throw e;
            expiresAt = info.expiresAt;
          } else throw e;
        }
      }
      await db
        .insert(domains)
        .values({
          userId: order.userId,
          fqdn: parsed.fqdn,
          asciiFqdn: parsed.asciiFqdn,
          registryKey: ref.key,
          tld: parsed.tld,
          registry: item.registry as RegistryFamily,
          status,
          expiresAt,
          idProtect,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: domains.asciiFqdn, set: { userId: order.userId, status, expiresAt, idProtect, updatedAt: now } });
      return { expiresAt: expiresAt.toISOString(), status };
    }
    if (item.kind === 'hosting') {
      const domain = (item.config.domain as string | undefined) ?? siblings.find((s) => s.kind === 'domain')?.name ?? null;
      const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
      const product = (await catalog.productsByFamily(['shared_linux', 'shared_windows', 'wordpress', 'semi_dedicated', 'cloud_vps', 'dedicated'], 'el', { withOptions: false })).find((p) => p.sku === item.sku);
      const account = await adapters.provisioner.createAccount({
        reference,
        sku: item.sku,
        productType: product?.type ?? 'hosting-shared',
        domain,
        lengthMonths: item.lengthMonths,
        options: (item.config.options as Record<string, string> | undefined) ?? {},
        contactEmail: u!.email,
      });
      return { accountId: account.accountId, username: account.username, server: account.server, status: account.status, panelUrl: account.panelUrl };
    }
    if (item.kind === 'ssl') {
      const commonName = (item.config.domain as string | undefined) ?? siblings.find((s) => s.kind === 'domain')?.name;
      if (!commonName) throw new SslError(ErrorCode.VALIDATION_ERROR, { reason: 'no_domain' });
      const approvers = await adapters.ssl.approverEmails(commonName);
      const product = (await catalog.productsByFamily(['ssl'], 'el', { withOptions: false })).find((p) => p.sku === item.sku);
      const validation = String(product?.settings.validation_type ?? 'DV').toUpperCase();
      const cert = await adapters.ssl.enroll({
        reference,
        sku: item.sku,
        validationType: validation === 'EV' || validation === 'OV' ? validation : 'DV',
        commonName,
        sans: [],
        approverEmails: { [commonName]: (item.config.approver as string | undefined) ?? approvers[0]! },
        lengthMonths: item.lengthMonths,
      });
      return { certificateId: cert.certificateId, status: cert.status };
    }
    // Add-ons carried out with their parent (ID protect) or by our staff (installation, maintenance).
    return { handledWith: item.parentPosition !== null ? 'parent' : 'staff' };
  }

  async function attempt(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]) {
    // Claim the item: of two workers (cron and a webhook) only one carries it out.
    const claimed = await db
      .update(orderItems)
      .set({ status: 'processing', attempts: sql`${orderItems.attempts} + 1`, nextAttemptAt: null })
      .where(and(eq(orderItems.id, item.id), inArray(orderItems.status, ['pending', 'failed'])))
      .returning({ attempts: orderItems.attempts });
    if (!claimed.length) return;
    try {
      const result = await fulfilItem(order, item, siblings);
      await db.update(orderItems).set({ status: 'completed', result, completedAt: now, lastError: null }).where(eq(orderItems.id, item.id));
    } catch (e) {
      const known = e instanceof RegistryError || e instanceof ProvisionerError || e instanceof SslError;
      const code = known ? e.code : ErrorCode.UNDEFINED_CODE;
      const reason = known ? (e.detail as Record<string, unknown> | undefined)?.reason : undefined;
      if (!known) console.error('fulfilment failed', item.id, e);
      const final = isFinalFailure(code, reason);
      const next = final ? null : nextAttemptAt(claimed[0]!.attempts, now.getTime());
      await db
        .update(orderItems)
        .set({ status: 'failed', lastError: String(code), nextAttemptAt: next === null ? null : new Date(next) })
        .where(eq(orderItems.id, item.id));
      // No retry can carry it out (the name was taken meanwhile): the customer gets the item's cost
      // back as credit at once, with its add-ons, which can no longer be carried out either.
      if (final) await refundToCredit(order, item, siblings);
    }
  }

  async function refundToCredit(order: typeof orders.$inferSelect, item: typeof orderItems.$inferSelect, siblings: (typeof orderItems.$inferSelect)[]) {
    const children = siblings.filter((c) => c.parentPosition === item.position && c.status === 'pending');
    const statements = [item, ...children].flatMap((i) => {
      const share = refundShare(order, i.priceCents + i.setupFeeCents);
      if (share.totalCents <= 0) return [];
      return creditNoteStatements({
        userId: order.userId,
        amountCents: share.totalCents,
        vatCents: share.vatCents,
        reason: 'refund',
        orderId: order.id,
        orderItemId: i.id,
        note: i.name,
        dedupeKey: `refund:item:${i.id}`,
        at: now,
      });
    });
    if (statements.length) await rawBatch(db, statements);
    await db
      .update(orderItems)
      .set({ status: 'refunded', nextAttemptAt: null })
      .where(and(inArray(orderItems.id, [item.id, ...children.map((c) => c.id)]), inArray(orderItems.status, ['failed', 'pending'])));
  }

  async function settleOrderStatus(orderId: number) {
    const items = await db.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.orderId, orderId));
    // Refunded items (credit given back) are done with, like completed ones.
    const status = items.every((i) => i.status === 'completed' || i.status === 'refunded') ? 'completed' : 'processing';
    await db.update(orders).set({ status }).where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'processing'])));
    if (status === 'completed') await db.update(saleDocuments).set({ status: 'COMPLETED' }).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order')));
  }

  function couponOf(c: typeof coupons.$inferSelect): Coupon {
    return {
      code: c.code,
      kind: c.kind,
      value: c.value,
      status: c.status,
      audience: c.audience,
      neverOrdered: c.neverOrdered,
      validFrom: c.validFrom?.getTime() ?? null,
      validTo: c.validTo?.getTime() ?? null,
      maxRedemptions: c.maxRedemptions,
      maxPerCustomer: c.maxPerCustomer,
      minOrderCents: c.minOrderCents,
      allowZeroTotal: c.allowZeroTotal,
    };
  }

  const service = {
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
      const existing = await this.billingProfiles(userId);
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
      if (isDefault) await this.announceDefault(userId, options.uniqueId ?? null);
      return { ok: true, id: inserted[0]!.id, vatWaived };
    },

    async setDefaultProfile(userId: number, id: number, uniqueId: string | null): Promise<boolean> {
      const p = await profileOf(userId, id);
      if (!p) return false;
      await db.batch([
        db.update(billingProfiles).set({ isDefault: false }).where(eq(billingProfiles.userId, userId)),
        db.update(billingProfiles).set({ isDefault: true }).where(eq(billingProfiles.id, id)),
      ]);
      await this.announceDefault(userId, uniqueId);
      return true;
    },

    /** Removes a profile (past orders keep their own copy of the details); another becomes the default. */
    async deleteBillingProfile(userId: number, id: number, uniqueId: string | null): Promise<boolean> {
      const p = await profileOf(userId, id);
      if (!p) return false;
      await db.delete(billingProfiles).where(eq(billingProfiles.id, id));
      if (p.isDefault) {
        const [next] = await this.billingProfiles(userId);
        if (next) await this.setDefaultProfile(userId, next.id, uniqueId);
      }
      return true;
    },

    /** Spec §3/§7 billing channel: DefaultProfileWasUpdated makes other tabs reload their VAT widget. */
    async announceDefault(userId: number, uniqueId: string | null) {
      const p = await this.defaultProfile(userId);
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

    /**
     * A coupon for this customer and an order of `subTotalCents` now, with the discount it gives, or
     * why not (an i18n key with its parameters). The placing batch checks the limits again.
     */
    async coupon(userId: number, input: string, subTotalCents: number, lang: Lang = 'el'): Promise<{ ok: true; code: string; discountCents: number } | ({ ok: false } & CouponRefusal)> {
      const code = normaliseCouponCode(input);
      const [c] = code ? await db.select().from(coupons).where(eq(coupons.code, code)) : [];
      if (!c) return { ok: false, key: 'validation:coupon_invalid' };
      const [[u], [counts], [used]] = await Promise.all([
        db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
        // 'Never ordered' counts pending orders too: two first orders side by side are not both first.
        db.select({ n: sql<number>`count(*)` }).from(orders).where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'paid', 'processing', 'completed']))),
        db
          .select({ total: sql<number>`count(*)`, mine: sql<number>`COALESCE(SUM(CASE WHEN ${couponRedemptions.userId} = ${userId} THEN 1 ELSE 0 END), 0)` })
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.couponCode, code), sql`${couponRedemptions.releasedAt} IS NULL`)),
      ]);
      const coupon = couponOf(c);
      const refusal = couponRefusal(coupon, { registeredAt: u!.createdAt.getTime(), orders: Number(counts?.n ?? 0), redemptions: { total: Number(used?.total ?? 0), mine: Number(used?.mine ?? 0) } }, now.getTime());
      if (refusal) return { ok: false, key: refusal };
      const orderRefusal = couponOrderRefusal(coupon, subTotalCents);
      if (orderRefusal) return { ok: false, key: orderRefusal.key, ...(orderRefusal.minOrderCents ? { params: { amount: formatMoney(orderRefusal.minOrderCents, lang) } } : {}) };
      return { ok: true, code, discountCents: couponDiscount(coupon, subTotalCents) };
    },

    /**
     * Places the order from the cart (issue #5 §4). Same key → the same order. Checks: the cart is not
     * empty (35000) and ready (35014), names to register are still free (35018), the profile is the
     * customer's (35015). Returns the order id; the cart loses the items it ordered.
     */
    async placeOrder(
      owner: CartOwner & { userId: number },
      input: {
        profileId: number;
        method: 'card' | 'bank_transfer';
        idempotencyKey: string;
        lang: Lang;
        uniqueId: string | null;
        coupon?: string;
        useCredit?: boolean;
        /** The credit the checkout page said would be used: less than that now (spent in another tab) is refused. */
        creditExpectedCents?: number;
      },
    ): Promise<{ ok: true; orderId: number; reused: boolean } | Fail> {
      const [existing] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
      if (existing) return existing.userId === owner.userId ? { ok: true, orderId: existing.id, reused: true } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
      const profile = await profileOf(owner.userId, input.profileId);
      if (!profile) return { ok: false, code: ErrorCode.CART_NOT_ASSOCIATED_WITH_BILLING_PROFILE };
      const vat = await vatFor(profile);
      const view = await cart.view(owner, { lang: input.lang, vatRateBp: vat.rateBp, vatWaived: vat.waived });
      if (!view.lines.length) return { ok: false, code: ErrorCode.CART_NOT_FOUND };
      if (!view.ready) return { ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS };
      // Availability again, without the search cache: a name may have gone since it was added.
      const toRegister = view.lines.filter((l) => l.kind === 'domain' && (l.action ?? 'register') === 'register' && l.asciiName && l.registry);
      const tldList = (await catalog.tldPricing({ actions: ['register'] })).map((t) => t.tld);
      for (const family of [...new Set(toRegister.map((l) => l.registry!))]) {
        const group = toRegister.filter((l) => l.registry === family);
        const refs = group.map((l) => {
          const { label, tld } = splitDomain(l.name, tldList);
          return { name: l.asciiName!, key: registryKeyFor(label, tld ?? l.sku) };
        });
        try {
          const answers = await adapters.registries[family].check(refs);
          const gone = answers.filter((a) => !a.available).map((a) => a.name);
          if (gone.length) return { ok: false, code: ErrorCode.DOMAIN_CHECK_FAILURE, detail: { names: gone } };
        } catch (e) {
          return { ok: false, code: e instanceof RegistryError ? e.code : ErrorCode.DOMAIN_CHECK_FAILURE };
        }
      }
      const key = input.idempotencyKey;
      // A coupon comes off the subtotal before VAT; VAT is worked out again on what is left.
      let couponCode: string | null = null;
      let discountCents = 0;
      if (input.coupon?.trim()) {
        const c = await this.coupon(owner.userId, input.coupon, view.totals.subTotalCents, input.lang);
        if (!c.ok) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'coupon', detail: { key: c.key, params: c.params } };
        couponCode = c.code;
        discountCents = c.discountCents;
      }
      const totals = cartTotals([view.totals.subTotalCents - discountCents], view.totals.vatRateBp);
      // Credit comes off the grand total (it is money already paid); the balance is checked again
      // inside the batch, so two tabs cannot spend the same credit twice.
      const creditCents = creditToApply({ balanceCents: await this.creditBalance(owner.userId), grandTotalCents: totals.grandTotalCents, use: input.useCredit === true });
      if (input.useCredit && creditCents < (input.creditExpectedCents ?? 0)) return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'use_credit' };
      const due = totals.grandTotalCents - creditCents;
      const method = due === 0 ? 'credit' : input.method;
      const positions = new Map(view.lines.map((l, i) => [l.id, i + 1]));
      const billing = { type: profile.type, name: profile.name, vatNumber: profile.vatNumber, taxOffice: profile.taxOffice, address: profile.address, city: profile.city, postcode: profile.postcode, country: profile.countryIso2, vatWaived: profile.vatWaived };
      const at = now.getTime();
      // Every statement after the order's own refers to the order THIS call creates: a second
      // submission of the same key (which may have read a cart that changed meanwhile) adds nothing.
      const attemptId = crypto.randomUUID();
      const order = orderOfAttempt(key, attemptId);
      const creditUse: Raw[] = creditCents
        ? [
            {
              // NULL (and so a failed batch, nothing kept) when the balance no longer covers it.
              sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, dedupe_key, created_at)
                VALUES (?, CASE WHEN EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?) OR (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_movements WHERE user_id = ?) >= ? THEN ? ELSE NULL END,
                  'order', ${order.sql}, ?, ?)
                ON CONFLICT(dedupe_key) DO NOTHING`,
              params: [owner.userId, `order:${key}`, owner.userId, creditCents, -creditCents, ...order.params, `order:${key}`, at],
            },
          ]
        : [];
      const statements: Raw[] = [
        {
          sql: `INSERT INTO orders (user_id, idempotency_key, attempt_id, status, payment_method, billing_profile_id, billing, sub_total_cents, vat_cents, grand_total_cents, vat_rate_bp, vat_waived, coupon_code, discount_cents, credit_cents, created_at)
            VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
          params: [owner.userId, key, attemptId, method, profile.id, JSON.stringify(billing), view.totals.subTotalCents, totals.vatCents, totals.grandTotalCents, view.totals.vatRateBp, vat.waived ? 1 : 0, couponCode, discountCents, creditCents, at],
        },
        // The items first: their order_id is NOT NULL, so they fail the batch at once when this attempt
        // did not create the order.
        ...view.lines.map((l, i) => ({
          sql: `INSERT INTO order_items (order_id, position, parent_position, kind, sku, action, name, ascii_name, registry, length_months, config, price_cents, setup_fee_cents, status, attempts, result)
            VALUES (${order.sql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, '{}')`,
          // Server items keep every chosen option (defaults included): the provisioner needs them all.
          params: [...order.params, i + 1, l.parentId ? (positions.get(l.parentId) ?? null) : null, l.kind, l.sku, l.action, l.name, l.asciiName, l.registry, l.lengthMonths, JSON.stringify(l.kind === 'hosting' && Object.keys(l.optionValues).length ? { ...l.config, options: l.optionValues } : l.config), l.price?.totalCents ?? 0, l.price?.setupFeeCents ?? 0],
        })),
        ...creditUse,
        ...(couponCode ? [couponRedemption({ code: couponCode, userId: owner.userId, order, discountCents, at: now })] : []),
        ...numberedDocument({ order, kind: 'order', userId: owner.userId, status: 'OPEN', totalCents: totals.grandTotalCents, vatCents: totals.vatCents, at: now }),
        totalsInvariant(order, view.lines.length),
      ];
      try {
        await rawBatch(db, statements);
      } catch (e) {
        const failure = failureOf(e);
        if (failure === null) throw e;
        const [same] = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.idempotencyKey, key));
        // Another submission of this checkout page placed the order first: that order stands as it was priced.
        if (same) return same.userId === owner.userId ? { ok: true, orderId: same.id, reused: true } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED };
        if (failure === 'credit') return { ok: false, code: ErrorCode.USER_CREDIT_EXHAUSTED, field: 'use_credit' };
        // The coupon's last use went to another order meanwhile (or the customer's first order is placed).
        if (failure === 'coupon') return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'coupon', detail: { key: 'validation:coupon_used_up' } };
        console.error('order refused: its items do not add up to its subtotal', { key, lines: view.lines.length, subTotalCents: view.totals.subTotalCents });
        return { ok: false, code: ErrorCode.CART_ACTION_EXCEPTION };
      }
      const [placed] = await db.select({ id: orders.id, userId: orders.userId, attemptId: orders.attemptId, subTotalCents: orders.subTotalCents }).from(orders).where(eq(orders.idempotencyKey, key));
      if (!placed || placed.userId !== owner.userId) return { ok: false, code: ErrorCode.CART_ACTION_EXCEPTION };
      if (placed.attemptId !== attemptId) return { ok: true, orderId: placed.id, reused: true };
      // The batch checked it already; a broken invariant here is a bug to hear about at once.
      const [sum] = await db.select({ cents: sql<number>`COALESCE(SUM(${orderItems.priceCents}), 0)` }).from(orderItems).where(eq(orderItems.orderId, placed.id));
      if (Number(sum?.cents ?? 0) !== placed.subTotalCents) throw new Error(`order ${placed.id}: items sum to ${sum?.cents}, subtotal ${placed.subTotalCents}`);
      await cart.clear(owner, view.lines.map((l) => l.id), input.uniqueId);
      if (method === 'bank_transfer') {
        await db.insert(payments).values({ orderId: placed.id, method: 'bank_transfer', amountCents: due, status: 'pending', createdAt: now });
      }
      // Credit covered all of it: nothing to pay, so the order is paid now and fulfilment starts.
      if (method === 'credit') await this.markPaid(placed.id);
      return { ok: true, orderId: placed.id, reused: false };
    },

    /** Starts (or resumes) a card payment: a hosted payment page session for the order's balance. */
    async startCardPayment(userId: number, orderId: number, urls: { returnUrl: string; cancelUrl: string }, lang: Lang): Promise<{ ok: true; redirectUrl: string } | Fail> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) return { ok: false, code: ErrorCode.ORDER_NOT_FOUND };
      if (order.status !== 'pending') return { ok: false, code: ErrorCode.DUE_DOCUMENT_BALANCE_ALREADY_PAID };
      const attemptNo = (await db.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.method, 'card')))).length;
      const due = amountDue(order);
      const [payment] = await db.insert(payments).values({ orderId, method: 'card', amountCents: due, status: 'pending', createdAt: now }).returning({ id: payments.id });
      try {
        const session = await adapters.payments.createSession({
          reference: `pay-${payment!.id}`,
          amountCents: due,
          currency: 'EUR',
          description: lang === 'en' ? `Order ${order.id}` : `Παραγγελία ${order.id}`,
          returnUrl: urls.returnUrl,
          cancelUrl: urls.cancelUrl,
          idempotencyKey: `order-${orderId}-attempt-${attemptNo + 1}`,
        });
        await db.update(payments).set({ providerSessionId: session.sessionId }).where(eq(payments.id, payment!.id));
        await db.update(saleDocuments).set({ status: 'ON_PAYMENT' }).where(and(eq(saleDocuments.orderId, orderId), eq(saleDocuments.kind, 'order'), eq(saleDocuments.status, 'OPEN')));
        return { ok: true, redirectUrl: session.redirectUrl };
      } catch (e) {
        await db.update(payments).set({ status: 'cancelled', decidedAt: now }).where(eq(payments.id, payment!.id));
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.NETWORK_CONNECTION_ERROR };
      }
    },

    /**
     * A payment webhook (the only way a card payment becomes approved). Verified by the port; handled
     * once per event id; amounts must match the payment. Returns what it did, for the API's answer.
     */
    async handlePaymentWebhook(rawBody: string, signature: string | null): Promise<{ ok: true; handled: 'approved' | 'declined' | 'duplicate' | 'ignored' } | Fail> {
      let event;
      try {
        event = await adapters.payments.parseWebhook(rawBody, signature, now.getTime());
      } catch (e) {
        return { ok: false, code: e instanceof PaymentError ? e.code : ErrorCode.TOKEN_ERROR };
      }
      const fresh = await db.insert(paymentEvents).values({ eventId: event.eventId, receivedAt: now }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
      if (!fresh.length) return { ok: true, handled: 'duplicate' };
      const paymentId = Number(/^pay-(\d+)$/.exec(event.reference)?.[1]);
      const [payment] = Number.isFinite(paymentId) ? await db.select().from(payments).where(eq(payments.id, paymentId)) : [];
      if (!payment || payment.amountCents !== event.amountCents) return { ok: true, handled: 'ignored' };
      if (event.type !== 'payment.approved') {
        const status = event.type === 'payment.declined' ? 'declined' : event.type === 'payment.cancelled' ? 'cancelled' : 'expired';
        await db.update(payments).set({ status, decidedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
        await db.update(saleDocuments).set({ status: 'OPEN' }).where(and(eq(saleDocuments.orderId, payment.orderId), eq(saleDocuments.kind, 'order'), eq(saleDocuments.status, 'ON_PAYMENT')));
        return { ok: true, handled: 'declined' };
      }
      await db.update(payments).set({ status: 'approved', decidedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      const paid = await this.markPaid(payment.orderId);
      if (!paid) {
        // Approved after the customer cancelled the order (the payment page was still open): the
        // money is not lost, it becomes credit with its credit note.
        const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
        if (order?.status === 'cancelled') {
          await rawBatch(db, creditNoteStatements({ userId: order.userId, amountCents: payment.amountCents, vatCents: 0, reason: 'refund', orderId: order.id, orderItemId: null, note: `pay-${payment.id}`, dedupeKey: `refund:payment:${payment.id}`, at: now }));
        }
      }
      return { ok: true, handled: 'approved' };
    },

    /**
     * The order is paid (card webhook, or staff confirming a bank transfer): once only (a conditional
     * update), the order document PAID, a receipt or invoice and a payment document numbered in their
     * series, then fulfilment.
     */
    async markPaid(orderId: number, also: (stillPending: Raw) => Raw[] = () => []): Promise<boolean> {
      const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
      if (!order) return false;
      const legal = (order.billing as { type?: string }).type === 'INV' ? 'invoice' : 'receipt';
      const ref = orderById(orderId);
      // `also` (a staff action's audit row) runs first, on the condition the move below needs, so it is
      // kept exactly when this call pays the order: the batch is one transaction.
      const stillPending: Raw = { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'pending')", params: [orderId] };
      const extra = also(stillPending);
      const results = await rawBatch(db, [
        ...extra,
        { sql: "UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending'", params: [now.getTime(), orderId] },
        { sql: "UPDATE sale_documents SET status = 'PAID' WHERE order_id = ? AND kind = 'order'", params: [orderId] },
        { sql: "UPDATE payments SET status = 'approved', decided_at = ? WHERE order_id = ? AND method = 'bank_transfer' AND status = 'pending'", params: [now.getTime(), orderId] },
        ...numberedDocument({ order: ref, kind: legal, userId: order.userId, status: 'PAID', totalCents: order.grandTotalCents, vatCents: order.vatCents, at: now }),
        // The payment document records money received; credit was received long ago (its credit note).
        ...(amountDue(order) > 0 ? numberedDocument({ order: ref, kind: 'payment', userId: order.userId, status: 'COMPLETED', totalCents: amountDue(order), vatCents: 0, at: now }) : []),
      ]);
      // Another call paid it between the read and the batch: its documents stand, nothing more to do here.
      if ((results[extra.length]?.meta.changes ?? 0) === 0) return false;
      await this.fulfil(orderId);
      return true;
    },

    /** Carries out every pending (or due) item of a paid order. */
    async fulfil(orderId: number) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || order.status === 'pending' || order.status === 'cancelled') return;
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
      const due = items.filter((i) => i.status === 'pending' || (i.status === 'failed' && i.nextAttemptAt !== null && i.nextAttemptAt.getTime() <= now.getTime()));
      // Parents first: an add-on is done with (or after) the item it belongs to.
      for (const item of due.filter((i) => i.parentPosition === null)) await attempt(order, item, items);
      const after = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      for (const item of due.filter((i) => i.parentPosition !== null)) {
        const parent = after.find((p) => p.position === item.parentPosition);
        if (parent?.status === 'completed') await attempt(order, item, after);
      }
      await settleOrderStatus(orderId);
    },

    /** Cron: items whose retry time has come (issue #5 §5). */
    async retryDue(limit = 20): Promise<number> {
      const due = await db
        .selectDistinct({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(and(eq(orderItems.status, 'failed'), isNotNull(orderItems.nextAttemptAt), lte(orderItems.nextAttemptAt, now)))
        .limit(limit);
      for (const d of due) await this.fulfil(d.orderId);
      return due.length;
    },

    /** The registry ports, for the poll job. */
    registries() {
      return adapters.registries;
    },

    async order(userId: number | null, orderId: number) {
      const [order] = await db.select().from(orders).where(userId === null ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) return null;
      const [items, documents, credits, paymentRows] = await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
        db.select().from(saleDocuments).where(eq(saleDocuments.orderId, orderId)).orderBy(asc(saleDocuments.id)),
        // Credit notes of refunds for this order's items (they belong to the customer, not the order).
        db
          .select({ doc: saleDocuments })
          .from(creditMovements)
          .innerJoin(saleDocuments, eq(saleDocuments.id, creditMovements.documentId))
          .where(eq(creditMovements.orderId, orderId))
          .orderBy(asc(saleDocuments.id)),
        db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
      ]);
      return { order, items, documents: [...documents, ...credits.map((c) => c.doc)], payments: paymentRows };
    },

    async orders(userId: number) {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(50);
    },

    async customerDomains(userId: number) {
      return db.select().from(domains).where(eq(domains.userId, userId)).orderBy(asc(domains.expiresAt));
    },

    /** The sandbox payment page's buttons: decide the session, then deliver its signed webhook here. */
    async decideSandboxPayment(sessionId: string, decision: SandboxDecision) {
      const webhook = await decideSandboxSession(db, webhookSecretOf(env as unknown as { PAYMENTS_WEBHOOK_SECRET?: string }), sessionId, decision, now.getTime());
      await this.handlePaymentWebhook(webhook.body, webhook.signature);
      return webhook.session;
    },

    async sandboxPayment(sessionId: string) {
      return getSandboxSession(db, sessionId, now.getTime());
    },

    /** The customer's credit balance (grants and refunds, less what orders used). */
    async creditBalance(userId: number): Promise<number> {
      const [row] = await db.select({ total: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` }).from(creditMovements).where(eq(creditMovements.userId, userId));
      return Number(row?.total ?? 0);
    },

    /**
     * Staff grant credit (goodwill, a refund agreed by phone): a numbered credit note and the movement,
     * with the audit row in the same batch. `actor` null: a script through the development API.
     */
    async grantCredit(email: string, amountCents: number, note: string, actor: StaffActor | null = null): Promise<{ balanceCents: number } | null> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return null;
      const dedupeKey = `grant:${crypto.randomUUID()}`;
      await rawBatch(db, [
        ...creditNoteStatements({ userId: user.id, amountCents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note, dedupeKey, at: now }),
        auditStatement({ actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'credit.grant', targetType: 'user', targetId: user.id, detail: { email, amountCents, note, dedupeKey }, at: now }),
      ]);
      return { balanceCents: await this.creditBalance(user.id) };
    },

    /** The checkout's credit box (spec §3 Checkout settings): shown when the shop allows it and there is credit. */
    async checkoutCredit(userId: number): Promise<{ show: boolean; balanceCents: number }> {
      const [[setting], balanceCents] = await Promise.all([db.select().from(settings).where(eq(settings.key, 'checkout_credit_box')), this.creditBalance(userId)]);
      return { show: setting?.value === '1' && balanceCents > 0, balanceCents };
    },

    /** The movements behind the balance, newest first, with their credit notes and orders. */
    async creditMovements(userId: number) {
      return db
        .select({
          id: creditMovements.id,
          amountCents: creditMovements.amountCents,
          reason: creditMovements.reason,
          orderId: creditMovements.orderId,
          note: creditMovements.note,
          createdAt: creditMovements.createdAt,
          series: saleDocuments.series,
          number: saleDocuments.number,
        })
        .from(creditMovements)
        .leftJoin(saleDocuments, eq(saleDocuments.id, creditMovements.documentId))
        .where(eq(creditMovements.userId, userId))
        .orderBy(desc(creditMovements.id))
        .limit(50);
    },

    /**
     * The customer cancels an order still waiting for its payment: the order and its document are
     * CANCELLED, waiting payments stop, credit it used goes back to the balance and its coupon use is
     * released. Once only.
     */
    async cancelOrder(userId: number, orderId: number): Promise<{ ok: true } | Fail> {
      const moved = await db.update(orders).set({ status: 'cancelled' }).where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'pending'))).returning();
      const order = moved[0];
      if (!order) {
        const [exists] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
        return { ok: false, code: exists ? ErrorCode.ORDER_REQUESTED_STATUS_NOT_EXECUTABLE : ErrorCode.ORDER_NOT_FOUND };
      }
      await rawBatch(db, [
        { sql: "UPDATE sale_documents SET status = 'CANCELLED' WHERE order_id = ? AND kind = 'order'", params: [orderId] },
        { sql: "UPDATE payments SET status = 'cancelled', decided_at = ? WHERE order_id = ? AND status = 'pending'", params: [now.getTime(), orderId] },
        // The coupon's use goes back: the order never happened.
        { sql: 'UPDATE coupon_redemptions SET released_at = ? WHERE order_id = ? AND released_at IS NULL', params: [now.getTime(), orderId] },
        ...(order.creditCents > 0
          ? [
              {
                sql: `INSERT INTO credit_movements (user_id, amount_cents, reason, order_id, dedupe_key, created_at) VALUES (?, ?, 'release', ?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
                params: [userId, order.creditCents, orderId, `release:order:${orderId}`, now.getTime()],
              },
            ]
          : []),
      ]);
      return { ok: true };
    },

    /**
     * The back office's order queues: bank transfers waiting for their money (oldest first, the order
     * a bookkeeper matches statements in), orders with an item that failed or was refunded (newest
     * first), and the latest orders. Each order comes with its customer and its items.
     */
    async staffOrders(view: StaffOrderView) {
      const base = db
        .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId));
      const troubled = db.selectDistinct({ id: orderItems.orderId }).from(orderItems).where(inArray(orderItems.status, ['failed', 'refunded']));
      const rows =
        view === 'bank'
          ? await base.where(and(eq(orders.status, 'pending'), eq(orders.paymentMethod, 'bank_transfer'))).orderBy(asc(orders.id)).limit(100)
          : view === 'attention'
            ? await base.where(inArray(orders.id, troubled)).orderBy(desc(orders.id)).limit(100)
            : await base.orderBy(desc(orders.id)).limit(50);
      const ids = rows.map((r) => r.order.id);
      const items = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.orderId), asc(orderItems.position)) : [];
      return rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.order.id) }));
    },

    /** Staff: try an order's waiting failed items now instead of at their back-off time. */
    async retryNow(orderId: number, actor: StaffActor | null = null): Promise<boolean> {
      const waiting = "FROM order_items WHERE order_id = ? AND status = 'failed' AND next_attempt_at IS NOT NULL";
      const items = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'failed'), isNotNull(orderItems.nextAttemptAt)));
      const results = await rawBatch(db, [
        auditStatement({ actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'order.retry', targetType: 'order', targetId: orderId, detail: { items: items.map((i) => i.id) }, at: now }, { sql: `EXISTS (SELECT 1 ${waiting})`, params: [orderId] }),
        { sql: `UPDATE order_items SET next_attempt_at = ? WHERE order_id = ? AND status = 'failed' AND next_attempt_at IS NOT NULL`, params: [now.getTime(), orderId] },
      ]);
      if ((results[1]?.meta.changes ?? 0) === 0) return false;
      await this.fulfil(orderId);
      return true;
    },

    /** Staff (or the development API, actor null): a bank transfer arrived for this order. */
    async confirmBankTransfer(orderId: number, actor: StaffActor | null = null): Promise<boolean> {
      const [order] = await db.select({ method: orders.paymentMethod, due: sql<number>`${orders.grandTotalCents} - ${orders.creditCents}` }).from(orders).where(eq(orders.id, orderId));
      if (order?.method !== 'bank_transfer') return false;
      return this.markPaid(orderId, (stillPending) => [
        auditStatement({ actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'order.bank_transfer_confirmed', targetType: 'order', targetId: orderId, detail: { amountCents: Number(order.due) }, at: now }, stillPending),
      ]);
    },
  };
  return service;
}

/** Who did a staff action, for the audit log: the staff member and the address they acted from. */
export type StaffActor = { userId: number; ip: string | null };

export type OrderService = ReturnType<typeof createOrderService>;
export type StaffOrderView = 'bank' | 'attention' | 'recent';

