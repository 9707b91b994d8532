// What the domain page's auto-renew card and the hosting service's overview say will happen (issue #25
// §1): on which date, for how much, paid how (credit, the saved card by its label, or the document we
// will send), or that auto-renew is off and the name expires. The rule is core/renewals/auto-renew.ts
// renewalPlan; here the figures it needs: the account's days, the renewal price with VAT, the credit,
// the default card, and the renewal order if it is made.
import { and, desc, eq } from 'drizzle-orm';
import { renewalIssueFrom, renewalKey as hostingRenewalKey, renewalPriceCents } from '../../../core/hosting/lifecycle';
import { attemptDay, clampRenewDays, domainRenewalFrom, domainRenewalKey, renewalPlan, type RenewalPlan } from '../../../core/renewals/auto-renew';
import { cartTotals } from '../../../core/cart/pricing';
import { billingProfiles, hostingServices, orders, productOptions, productPrices, products, renewalAttempts, saleDocuments, users } from '../../../db/schema';
import { createBillingProfileService, createCreditService } from '../billing';
import type { ServiceDeps } from '../deps';
import type { DomainRenewals } from './domain-renewals';
import type { SavedCardsPort } from './saved-cards';

export function createRenewalPlans(deps: ServiceDeps, domainRenewals: DomainRenewals, cards: SavedCardsPort) {
  const { db, now } = deps;
  const credit = createCreditService(deps);
  const profiles = createBillingProfileService(deps);

  /** The renewal order made for this key, with its document and the latest attempt's decline. */
  async function orderOf(key: string) {
    const [o] = await db.select({ id: orders.id, status: orders.status, total: orders.grandTotalCents, credit: orders.creditCents }).from(orders).where(eq(orders.idempotencyKey, key));
    if (!o || o.status === 'cancelled') return null;
    const [[doc], [last]] = await db.batch([
      db.select({ id: saleDocuments.id }).from(saleDocuments).where(and(eq(saleDocuments.orderId, o.id), eq(saleDocuments.kind, 'order'))),
      db.select().from(renewalAttempts).where(eq(renewalAttempts.orderId, o.id)).orderBy(desc(renewalAttempts.day)).limit(1),
    ]);
    return {
      status: o.status === 'pending' ? ('pending' as const) : ('paid' as const),
      totalCents: Math.max(0, o.total - o.credit),
      documentId: doc?.id ?? null,
      triedToday: last?.day === attemptDay(now.getTime()),
      lastDecline: last?.outcome === 'declined' ? { cardLabel: last.cardLabel, code: last.declineCode } : null,
    };
  }

  const common = async (userId: number) => {
    const [creditCents, cardLabel] = await Promise.all([credit.creditBalance(userId), cards.defaultLabel(userId).catch(() => null)]);
    return { creditCents, cardLabel };
  };

  return {
    /** The plan, and the account's days before expiry (the page points at the setting). */
    async forDomain(d: { id: number; userId: number; tld: string; expiresAt: Date; autoRenew: boolean; status: string }): Promise<{ plan: RenewalPlan | null; daysBefore: number }> {
      const [[u], order, quote, figures] = await Promise.all([
        db.select({ days: users.renewDaysBefore }).from(users).where(eq(users.id, d.userId)),
        orderOf(domainRenewalKey(d.id, d.expiresAt.getTime())),
        d.autoRenew ? domainRenewals.quote(d.userId, d.tld) : Promise.resolve(null),
        common(d.userId),
      ]);
      const daysBefore = clampRenewDays(u?.days);
      // Only a name held and not yet expired is renewed by the run; otherwise the page's renew card speaks.
      if (d.status !== 'active') return { plan: d.autoRenew ? null : { state: 'off', expiresAt: d.expiresAt.getTime() }, daysBefore };
      const plan = renewalPlan({
        autoRenew: d.autoRenew,
        expiresAtMs: d.expiresAt.getTime(),
        issueFromMs: domainRenewalFrom(d.expiresAt.getTime(), daysBefore),
        nowMs: now.getTime(),
        months: quote?.months ?? 12,
        amountCents: quote?.totalCents ?? null,
        ...figures,
        order,
      });
      return { plan, daysBefore };
    },

    /** A paid service's renewal (hosting cancelled at its period's end reads as "off"). */
    async forService(userId: number, serviceId: number): Promise<RenewalPlan | null> {
      const [s] = await db.select().from(hostingServices).where(and(eq(hostingServices.id, serviceId), eq(hostingServices.userId, userId)));
      if (!s || s.kind === 'free' || s.status === 'terminated' || s.status === 'provisioning') return null;
      const order = await orderOf(hostingRenewalKey(s.id, s.expiresAt.getTime()));
      let amountCents: number | null = null;
      if (!s.cancelAtPeriodEnd && !order) {
        const [product] = await db.select().from(products).where(eq(products.sku, s.sku));
        if (product) {
          const [[length], options, own] = await db.batch([
            db.select({ cents: productPrices.priceCents }).from(productPrices).where(and(eq(productPrices.productId, product.id), eq(productPrices.lengthMonths, s.lengthMonths))),
            db.select({ name: productOptions.name, value: productOptions.value, monthly: productOptions.monthlyCents }).from(productOptions).where(eq(productOptions.productId, product.id)),
            db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)),
          ]);
          const chosen = Object.entries(s.options ?? {});
          const optionsMonthlyCents = options.filter((o) => chosen.some(([n, v]) => n === o.name && v === o.value)).reduce((sum, o) => sum + o.monthly, 0);
          const net = renewalPriceCents({ lengthPriceCents: length?.cents ?? null, monthlyFeeCents: product.monthlyFeeCents, optionsMonthlyCents, months: s.lengthMonths });
          const profile = own.find((p) => p.isDefault) ?? own[0];
          const vat = profile ? await profiles.vatFor(profile) : null;
          amountCents = cartTotals([net], vat?.rateBp ?? 2400, vat?.waived ?? false).grandTotalCents;
        }
      }
      return renewalPlan({
        autoRenew: !s.cancelAtPeriodEnd,
        expiresAtMs: s.expiresAt.getTime(),
        issueFromMs: renewalIssueFrom(s.expiresAt.getTime()),
        nowMs: now.getTime(),
        months: s.lengthMonths,
        amountCents,
        ...(await common(userId)),
        order,
      });
    },
  };
}

export type RenewalPlans = ReturnType<typeof createRenewalPlans>;
