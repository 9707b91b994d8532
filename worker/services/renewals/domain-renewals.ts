// The daily auto-renew run (issue #25 §1, decision 080). For each domain with auto-renew on whose
// account's "days before expiry" window has opened: one renewal ORDER with its open order document,
// made exactly as the hosting renewals make theirs (decision 071): key per domain and expiry, one batch
// guarded by the attempt that created the order, the item as the cart's renew line makes it (kind
// 'domain', action 'renew', the TLD's renew price for a year by the cart's pricing rule, VAT by the
// default billing profile). Then every renewal order still unpaid, domains and hosting, goes through
// the one payment step (renewal-payments.ts), which tries each once a day.
// Renewal orders whose period is over for good (the name renewed another way, auto-renew switched
// off, the name gone) are cancelled, so a stale one can never be paid or charged.
import { and, asc, eq, gt, like, or, sql } from 'drizzle-orm';
import { cartTotals, priceLine } from '../../../core/cart/pricing';
import type { CartItem } from '../../../core/cart/types';
import { DOMAIN_RENEWAL_KEY_PREFIX, domainRenewalKey, parseRenewalKey, RENEW_DAYS_MAX, RENEW_DAYS_MIN } from '../../../core/renewals/auto-renew';
import { rawBatch, type Raw } from '../../../db/raw-batch';
import { billingProfiles, domains, orders, users } from '../../../db/schema';
import { createBillingProfileService } from '../billing';
import { offeredFromTld } from '../cart';
import { createCatalogService } from '../catalog';
import type { ServiceDeps } from '../deps';
import { createOrderService, numberedDocument } from '../orders';
import type { RenewalPayments } from './renewal-payments';

/** Names one run looks at, and renewal orders one run tries to pay; the rest wait for the next day. */
export const AUTO_RENEW_PER_RUN = 500;
/** The length asked of the pricing rule; a TLD that does not sell it renews for its first length (.gr: two years), as the cart's renew line does. */
export const DOMAIN_RENEWAL_MONTHS = 12;

const DAY_MS = 24 * 60 * 60_000;

export type AutoRenewRunResult = { looked: number; issued: number; skipped: number; cancelled: number; tried: number; paid: number; declined: number; documents: number; failed: number };

type DomainRow = typeof domains.$inferSelect;

export function createDomainRenewals(deps: ServiceDeps, payments: RenewalPayments) {
  const { db, now } = deps;
  const profiles = createBillingProfileService(deps);
  const catalog = createCatalogService(deps);

  /** The renew price of a year of the name's TLD (net), by the cart's pricing rule; null when not sold. */
  async function netPriceOf(tld: string): Promise<{ cents: number; months: number } | null> {
    const [t] = (await catalog.tldPricing({ actions: ['renew'] })).filter((x) => x.tld === tld);
    const offered = offeredFromTld(t, 'renew');
    const line = priceLine({ kind: 'domain', sku: tld, rgp: false, premiumYearCents: null, lengthMonths: DOMAIN_RENEWAL_MONTHS } as CartItem, offered);
    return line ? { cents: line.totalCents, months: line.selected.months } : null;
  }

  /** The profile a renewal is billed to: the default, else the oldest (the customer may have unset it). */
  async function profileOf(userId: number) {
    const own = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).orderBy(asc(billingProfiles.id));
    return own.find((p) => p.isDefault) ?? own[0] ?? null;
  }

  /** What the renewal will cost with VAT (the page's figure), or null when it cannot be priced. */
  async function quote(userId: number, tld: string): Promise<{ totalCents: number; months: number } | null> {
    const [price, profile] = await Promise.all([netPriceOf(tld), profileOf(userId)]);
    if (!price) return null;
    const vat = profile ? await profiles.vatFor(profile) : null;
    // No profile yet: the Greek rate the shop charges by default (the order itself waits for a profile).
    const totals = cartTotals([price.cents], vat?.rateBp ?? 2400, vat?.waived ?? false);
    return { totalCents: totals.grandTotalCents, months: price.months };
  }

  /** The renewal order and its OPEN document in one batch (a second run, or two at once, add nothing). */
  async function issue(d: DomainRow): Promise<number | null> {
    const key = domainRenewalKey(d.id, d.expiresAt.getTime());
    const [profile, price] = await Promise.all([profileOf(d.userId), netPriceOf(d.tld)]);
    if (!profile || !price) {
      console.warn('domain renewal not issued', { domainId: d.id, reason: !profile ? 'no_billing_profile' : 'not_sold' });
      return null;
    }
    const vat = await profiles.vatFor(profile);
    const totals = cartTotals([price.cents], vat.rateBp, vat.waived);
    const billing = { type: profile.type, name: profile.name, vatNumber: profile.vatNumber, taxOffice: profile.taxOffice, address: profile.address, city: profile.city, postcode: profile.postcode, country: profile.countryIso2, vatWaived: profile.vatWaived };
    const attemptId = crypto.randomUUID();
    const order = { sql: '(SELECT id FROM orders WHERE idempotency_key = ? AND attempt_id = ?)', params: [key, attemptId] };
    const statements: Raw[] = [
      {
        sql: `INSERT INTO orders (user_id, idempotency_key, attempt_id, status, payment_method, billing_profile_id, billing, sub_total_cents, vat_cents, grand_total_cents, vat_rate_bp, vat_waived, discount_cents, credit_cents, created_at, vat_evidence, vat_evidence_conflict)
          VALUES (?, ?, ?, 'pending', 'card', ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
        params: [d.userId, key, attemptId, profile.id, JSON.stringify(billing), totals.subTotalCents, totals.vatCents, totals.grandTotalCents, totals.vatRateBp, vat.waived ? 1 : 0, now.getTime(), ...profiles.vatEvidenceParams(profile, null)],
      },
      {
        // Fails the batch (order_id NULL) when another run created this expiry's order first.
        sql: `INSERT INTO order_items (order_id, position, parent_position, kind, sku, action, name, ascii_name, registry, length_months, config, price_cents, setup_fee_cents, status, attempts, result)
          VALUES (${order.sql}, 1, NULL, 'domain', ?, 'renew', ?, ?, ?, ?, ?, ?, 0, 'pending', 0, '{}')`,
        params: [...order.params, d.tld, d.fqdn, d.asciiFqdn, d.registry, price.months, JSON.stringify({ autoRenew: true, expiresAt: d.expiresAt.toISOString() }), price.cents],
      },
      ...numberedDocument({ order, kind: 'order', userId: d.userId, status: 'OPEN', totalCents: totals.grandTotalCents, vatCents: totals.vatCents, at: now }),
    ];
    try {
      await rawBatch(db, statements);
    } catch (e) {
      if (/NOT NULL constraint failed: order_items\.order_id/.test(String((e as Error)?.message ?? e))) return null;
      throw e;
    }
    const [made] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.idempotencyKey, key), eq(orders.attemptId, attemptId)));
    return made?.id ?? null;
  }

  /** Domain renewal orders that can no longer stand: cancelled like a customer's cancel. */
  async function cancelStale(): Promise<number> {
    const open = await db
      .select({ id: orders.id, userId: orders.userId, key: orders.idempotencyKey })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), like(orders.idempotencyKey, `${DOMAIN_RENEWAL_KEY_PREFIX}%`)))
      .limit(AUTO_RENEW_PER_RUN);
    let cancelled = 0;
    for (const o of open) {
      const ref = parseRenewalKey(o.key);
      if (!ref) continue;
      const [d] = await db.select({ userId: domains.userId, expiresAt: domains.expiresAt, autoRenew: domains.autoRenew, status: domains.status }).from(domains).where(eq(domains.id, ref.id));
      // Still the same expiry, still the customer's, still wanted: it stands (payable after expiry too).
      if (d && d.userId === o.userId && d.autoRenew && d.expiresAt.getTime() <= ref.periodEndMs && d.status !== 'cancelled' && d.status !== 'redemption') continue;
      const done = await createOrderService(deps).cancelOrder(o.userId, o.id);
      if (done.ok) cancelled++;
    }
    return cancelled;
  }

  return {
    quote,
    async run(limit = AUTO_RENEW_PER_RUN): Promise<AutoRenewRunResult> {
      const result: AutoRenewRunResult = { looked: 0, issued: 0, skipped: 0, cancelled: 0, tried: 0, paid: 0, declined: 0, documents: 0, failed: 0 };
      result.cancelled = await cancelStale();
      // The account's days, within bounds, in the query itself (one read for every account).
      const days = sql`MAX(${RENEW_DAYS_MIN}, MIN(${RENEW_DAYS_MAX}, ${users.renewDaysBefore}))`;
      const due = await db
        .select({ d: domains })
        .from(domains)
        .innerJoin(users, eq(users.id, domains.userId))
        .where(and(eq(domains.autoRenew, true), eq(domains.status, 'active'), gt(domains.expiresAt, now), sql`${domains.expiresAt} <= ${now.getTime()} + ${days} * ${DAY_MS}`))
        .orderBy(asc(domains.expiresAt), asc(domains.id))
        .limit(limit);
      for (const { d } of due) {
        result.looked++;
        const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, domainRenewalKey(d.id, d.expiresAt.getTime())));
        // One per name and expiry, whatever became of it (a customer who cancelled it declined it).
        if (exists) continue;
        try {
          if ((await issue(d)) !== null) result.issued++;
          else result.skipped++;
        } catch (e) {
          result.failed++;
          console.error('domain renewal not issued', { domainId: d.id, error: String(e) });
        }
      }
      // Every unpaid renewal order, domains and hosting: the one payment step, once a day each.
      const unpaid = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending'), or(like(orders.idempotencyKey, `${DOMAIN_RENEWAL_KEY_PREFIX}%`), like(orders.idempotencyKey, 'hosting-renewal:%'))))
        .orderBy(asc(orders.id))
        .limit(limit);
      for (const o of unpaid) {
        const outcome = await payments.pay(o.id);
        if (outcome === 'tried_today' || outcome === 'not_pending') continue;
        result.tried++;
        if (outcome === 'credit' || outcome === 'card') result.paid++;
        else if (outcome === 'declined') result.declined++;
        else if (outcome === 'document') result.documents++;
        else result.failed++;
      }
      return result;
    },
  };
}

export type DomainRenewals = ReturnType<typeof createDomainRenewals>;
