// The daily hosting cron (issue #23 §1): for each service near or past the end of its paid period,
// the steps core/hosting/lifecycle.ts says are due: issue its renewal document (an order of the plan
// and period at the catalogue's renewal price, paid from /account/documents like any order; one per
// service and period by the order's unique idempotency key) and hand it to the one payment step of
// renewals (credit, the saved card, else the document sent to pay: issue #25 §1), suspend it at the panel when it is unpaid
// past the grace period, delete it when unpaid past the longer one or at the end of a period the
// customer cancelled. A provisioner failure leaves the service as it was (the next run tries again);
// a re-run finds every step done and changes nothing. Paying the document renews it (fulfilment,
// renewal-fulfilment.ts), which also lifts the cron's suspension.
//
// What it needs of the orders area (the order document's numbered statements, cancelling an order)
// comes in as hooks from the services' index: the orders area's fulfilment imports this area, so this
// one does not import it back (decision 051).
import { and, asc, eq, inArray, like, lte, ne } from 'drizzle-orm';
import { cartTotals } from '../../../core/cart/pricing';
import { dueSteps, RENEWAL_KEY_PREFIX, RENEWAL_NOTICE_DAYS, renewalKey, renewalPriceCents, UNPAID_REASON } from '../../../core/hosting/lifecycle';
import { rawBatch, type Raw } from '../../../db/raw-batch';
import { billingProfiles, hostingServices, orders, productOptions, productPrices, products } from '../../../db/schema';
import type { HostingAccount } from '../../adapters/provisioner/port';
import { createBillingProfileService } from '../billing';
import type { ServiceDeps } from '../deps';
import { reachStatus } from './panel-steps';
import { createServiceEvents, serviceName } from './service-events';
import { panelAccountFlagStatement, type HostingServiceRow } from './service-records';

/** Services one run looks at; the rest wait for the next day (every step catches up). */
export const RENEWALS_PER_RUN = 500;

export type RenewalRunResult = { looked: number; issued: number; suspended: number; terminated: number; failed: number; skipped: number; cancelled: number };

const DAY_MS = 24 * 60 * 60_000;
const PAID = ['paid', 'processing', 'completed'] as const;

/** What the renewals need of the orders area (services/index.ts passes them). */
export type RenewalOrderHooks = {
  /** orders/order-statements.ts numberedDocument: an order's document numbered in its series, once. */
  numberedDocument(input: { order: Raw; kind: 'order'; userId: number; status: string; totalCents: number; vatCents: number; at: Date }): Raw[];
  /** The customer's cancel of an unpaid order: its document CANCELLED, what it held given back. */
  cancelOrder(userId: number, orderId: number): Promise<{ ok: boolean }>;
  /**
   * The one payment step of every renewal order (issue #25 §1, worker/services/renewals): credit,
   * then the saved card, else the document sent to pay (its notice is hosting.renewal_due).
   */
  payRenewal(orderId: number): Promise<unknown>;
};

export function createHostingRenewals(deps: ServiceDeps, hooks: RenewalOrderHooks) {
  const { numberedDocument } = hooks;
  const { db, now, adapters } = deps;
  const events = createServiceEvents(deps);
  const profiles = createBillingProfileService(deps);

  const reach = (accountId: string, wanted: HostingAccount['status'], call: () => Promise<HostingAccount>) => reachStatus(adapters.provisioner, accountId, wanted, call);

  /** The renewal price of the service's plan and period (core/hosting/lifecycle.ts renewalPriceCents). */
  async function priceOf(s: HostingServiceRow): Promise<number | null> {
    const [product] = await db.select().from(products).where(eq(products.sku, s.sku));
    if (!product) return null;
    const [[length], options] = await db.batch([
      db.select({ cents: productPrices.priceCents }).from(productPrices).where(and(eq(productPrices.productId, product.id), eq(productPrices.lengthMonths, s.lengthMonths))),
      db.select({ name: productOptions.name, value: productOptions.value, monthly: productOptions.monthlyCents }).from(productOptions).where(eq(productOptions.productId, product.id)),
    ]);
    const chosen = Object.entries(s.options ?? {});
    const optionsMonthlyCents = options.filter((o) => chosen.some(([n, v]) => n === o.name && v === o.value)).reduce((sum, o) => sum + o.monthly, 0);
    return renewalPriceCents({ lengthPriceCents: length?.cents ?? null, monthlyFeeCents: product.monthlyFeeCents, optionsMonthlyCents, months: s.lengthMonths });
  }

  /**
   * The renewal order and its OPEN order document, in one batch guarded by this attempt (as checkout
   * places an order): a second run, or two racing, add nothing. False when it could not be issued.
   */
  async function issue(s: HostingServiceRow): Promise<boolean> {
    const key = renewalKey(s.id, s.expiresAt.getTime());
    // The default billing profile, else the oldest (the customer may have unset the default).
    const own = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, s.userId)).orderBy(asc(billingProfiles.id));
    const profile = own.find((p) => p.isDefault) ?? own[0];
    const price = await priceOf(s);
    if (!profile || price === null) {
      console.warn('hosting renewal not issued', { serviceId: s.id, reason: !profile ? 'no_billing_profile' : 'no_product' });
      return false;
    }
    const vat = await profiles.vatFor(profile);
    const totals = cartTotals([price], vat.rateBp, vat.waived);
    const billing = { type: profile.type, name: profile.name, vatNumber: profile.vatNumber, taxOffice: profile.taxOffice, address: profile.address, city: profile.city, postcode: profile.postcode, country: profile.countryIso2, vatWaived: profile.vatWaived };
    const attemptId = crypto.randomUUID();
    const order = { sql: '(SELECT id FROM orders WHERE idempotency_key = ? AND attempt_id = ?)', params: [key, attemptId] };
    const statements: Raw[] = [
      {
        // The customer chooses how to pay on the document's page; 'card' is only what it starts as.
        sql: `INSERT INTO orders (user_id, idempotency_key, attempt_id, status, payment_method, billing_profile_id, billing, sub_total_cents, vat_cents, grand_total_cents, vat_rate_bp, vat_waived, discount_cents, credit_cents, created_at, vat_evidence, vat_evidence_conflict)
          VALUES (?, ?, ?, 'pending', 'card', ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
        params: [s.userId, key, attemptId, profile.id, JSON.stringify(billing), totals.subTotalCents, totals.vatCents, totals.grandTotalCents, totals.vatRateBp, vat.waived ? 1 : 0, now.getTime(), ...profiles.vatEvidenceParams(profile, null)],
      },
      {
        // Fails the batch (order_id NULL) when another run created this period's order first.
        sql: `INSERT INTO order_items (order_id, position, parent_position, kind, sku, action, name, length_months, config, price_cents, setup_fee_cents, status, attempts, result)
          VALUES (${order.sql}, 1, NULL, 'hosting', ?, 'renew', ?, ?, ?, ?, 0, 'pending', 0, '{}')`,
        params: [...order.params, s.sku, serviceName(s), s.lengthMonths, JSON.stringify({ renewsService: s.id, accountId: s.accountId, periodEnd: s.expiresAt.toISOString() }), price],
      },
      ...numberedDocument({ order, kind: 'order', userId: s.userId, status: 'OPEN', totalCents: totals.grandTotalCents, vatCents: totals.vatCents, at: now }),
    ];
    try {
      await rawBatch(db, statements);
    } catch (e) {
      if (/NOT NULL constraint failed: order_items\.order_id/.test(String((e as Error)?.message ?? e))) return false;
      throw e;
    }
    const [made] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.idempotencyKey, key), eq(orders.attemptId, attemptId)));
    await events.changed(s.userId, s.id, s.status, ['renewal']);
    // Paid from credit or the saved card at once, else the customer is sent the document (the step tells).
    if (made) await hooks.payRenewal(made.id);
    return true;
  }

  async function suspend(s: HostingServiceRow): Promise<boolean> {
    await reach(s.accountId, 'suspended', () => adapters.provisioner.suspend(s.accountId, UNPAID_REASON));
    // Only the service as read (active, this period): a payment that renewed it meanwhile wins.
    const [moved] = await db
      .update(hostingServices)
      .set({ status: 'suspended', suspendedAt: now, suspendReason: UNPAID_REASON, syncedAt: now, updatedAt: now })
      .where(and(eq(hostingServices.id, s.id), eq(hostingServices.status, 'active'), eq(hostingServices.expiresAt, s.expiresAt)))
      .returning({ id: hostingServices.id });
    if (!moved) {
      // Renewed between the read and here: the panel must not stay suspended for a paid service.
      const [current] = await db.select().from(hostingServices).where(eq(hostingServices.id, s.id));
      if (current?.status === 'active') await reach(s.accountId, 'active', () => adapters.provisioner.unsuspend(s.accountId));
      return false;
    }
    await events.changed(s.userId, s.id, 'suspended', ['status']);
    await events.notify({ userId: s.userId, serviceId: s.id, notice: 'suspended', name: serviceName(s), dedupeKey: `hosting-suspended:${s.id}:${s.expiresAt.getTime()}` });
    return true;
  }

  async function terminate(s: HostingServiceRow, renewal: { id: number; status: string } | undefined): Promise<boolean> {
    await reach(s.accountId, 'terminated', () => adapters.provisioner.terminate(s.accountId));
    // The flag has_pbas_account follows in the same batch (false once no panel account is left).
    const [[moved]] = await db.batch([
      db
        .update(hostingServices)
        .set({ status: 'terminated', terminatedAt: now, syncedAt: now, updatedAt: now })
        .where(and(eq(hostingServices.id, s.id), ne(hostingServices.status, 'terminated')))
        .returning({ id: hostingServices.id }),
      panelAccountFlagStatement(db, s.userId),
    ]);
    // The renewal document of a deleted service can no longer be paid: it is cancelled like an unpaid order.
    if (renewal?.status === 'pending') await hooks.cancelOrder(s.userId, renewal.id);
    if (!moved) return false;
    await events.changed(s.userId, s.id, 'terminated', ['status']);
    await events.notify({ userId: s.userId, serviceId: s.id, notice: 'terminated', name: serviceName(s), dedupeKey: `hosting-terminated:${s.id}` });
    return true;
  }

  /**
   * Renewal documents whose period is over for good: the service was renewed another way (the cart's
   * renewal line) or deleted. Left open, a stale one could be paid and renew a second time.
   */
  async function cancelStale(): Promise<number> {
    const open = await db
      .select({ id: orders.id, userId: orders.userId, key: orders.idempotencyKey })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), like(orders.idempotencyKey, `${RENEWAL_KEY_PREFIX}%`)))
      .limit(RENEWALS_PER_RUN);
    let cancelled = 0;
    for (const o of open) {
      const [, serviceId, periodEnd] = /^hosting-renewal:(\d+):(\d+)$/.exec(o.key) ?? [];
      if (!serviceId) continue;
      const [s] = await db.select({ status: hostingServices.status, expiresAt: hostingServices.expiresAt }).from(hostingServices).where(eq(hostingServices.id, Number(serviceId)));
      if (s && s.status !== 'terminated' && s.expiresAt.getTime() <= Number(periodEnd)) continue;
      const done = await hooks.cancelOrder(o.userId, o.id);
      if (done.ok) cancelled++;
    }
    return cancelled;
  }

  return {
    async run(limit = RENEWALS_PER_RUN): Promise<RenewalRunResult> {
      const result: RenewalRunResult = { looked: 0, issued: 0, suspended: 0, terminated: 0, failed: 0, skipped: 0, cancelled: 0 };
      result.cancelled = await cancelStale();
      // Everything whose renewal window has opened (by the (status, expires_at) index); free hosting has no period.
      const due = await db
        .select()
        .from(hostingServices)
        .where(and(inArray(hostingServices.status, ['active', 'suspended']), lte(hostingServices.expiresAt, new Date(now.getTime() + RENEWAL_NOTICE_DAYS * DAY_MS)), ne(hostingServices.kind, 'free')))
        .orderBy(asc(hostingServices.expiresAt), asc(hostingServices.id))
        .limit(limit);
      for (const s of due) {
        result.looked++;
        const [renewal] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.idempotencyKey, renewalKey(s.id, s.expiresAt.getTime())));
        const paid = !!renewal && (PAID as readonly string[]).includes(renewal.status);
        const steps = dueSteps({ status: s.status, kind: s.kind, expiresAt: s.expiresAt.getTime(), cancelAtPeriodEnd: s.cancelAtPeriodEnd, suspendReason: s.suspendReason }, now.getTime(), paid);
        try {
          for (const step of steps) {
            if (step === 'issue_renewal') {
              // One per service and period, whatever became of it (a customer who cancelled it declined it).
              if (renewal) continue;
              if (await issue(s)) result.issued++;
              else result.skipped++;
            } else if (step === 'suspend') {
              if (await suspend(s)) result.suspended++;
            } else if (await terminate(s, renewal)) result.terminated++;
          }
        } catch (e) {
          // The service stays as it was; the next run tries again.
          result.failed++;
          console.error('hosting renewal step failed', { serviceId: s.id, steps, error: String(e) });
        }
      }
      return result;
    },
  };
}

export type HostingRenewals = ReturnType<typeof createHostingRenewals>;
