// Fulfilment of the cart lines that act on a service the customer has (issue #23 §1, decision 070):
// a renewal extends the account at the panel and our record to the panel's new expiry; an upgrade
// moves the account to the line's plan. Both pass our order item as the panel's reference, so a
// retry (a timeout, a crash between the panel's answer and our write) is answered, never repeated,
// and our record is set to what the panel says rather than added to.
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { planChangeFits, renewalOptionsMismatch, type PlanChangeRef } from '../../../core/hosting/service-lines';
import { hostingServices, productOptions, products } from '../../../db/schema';
import { ProvisionerError } from '../../adapters/provisioner/port';
import type { ServiceDeps } from '../deps';
import { createServiceRecords } from './service-records';

type OrderItemLike = { id: number; sku: string; lengthMonths: number; config: Record<string, unknown> };

export function createServiceFulfilment(deps: ServiceDeps) {
  const { db, now } = deps;
  const records = createServiceRecords(deps);

  async function productTypeOf(sku: string, fallback: string): Promise<string> {
    const [p] = await db.select({ type: products.type }).from(products).where(eq(products.sku, sku));
    return p?.type ?? fallback;
  }

  /**
   * A renewal bought in the cart carries the options it was priced with: the service's options must
   * cost the same now (issue #32 §1), or the customer would renew paid options they did not pay for
   * (or pay for ones they no longer have). Final, so fulfilment refunds it. A renewal document's item
   * names no options (it was priced from the service's when issued) and is not checked here.
   */
  async function refuseOtherOptions(item: OrderItemLike, stored: Record<string, string>) {
    const priced = item.config.options;
    if (!priced || typeof priced !== 'object') return;
    const offered = await db
      .select({ name: productOptions.name, value: productOptions.value, label: productOptions.labelEl, category: productOptions.category, monthlyCents: productOptions.monthlyCents, isDefault: productOptions.isDefault })
      .from(productOptions)
      .innerJoin(products, eq(products.id, productOptions.productId))
      .where(eq(products.sku, item.sku));
    const names = renewalOptionsMismatch(offered, priced as Record<string, string>, stored);
    if (names.length) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'options_changed', names });
  }

  return {
    /** What the line did, or null when it is no service line (a new account is made as before). */
    async fulfil(userId: number, item: OrderItemLike): Promise<Record<string, unknown> | null> {
      const renews = typeof item.config.renewsService === 'number' ? item.config.renewsService : null;
      const change = item.config.planChange as PlanChangeRef | undefined;
      if (renews === null && !change) return null;
      const service = await records.ownedBy(userId, renews ?? change!.serviceId);
      if (!service || service.status === 'terminated') throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'not_held' });
      const { provisioner } = deps.adapters;
      const reference = `oi-${item.id}`;
      if (change) {
        // Another change reached the service first: this one was priced for a plan it no longer has.
        if (service.sku !== change.fromSku && service.sku !== item.sku) throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'plan_changed' });
        // Priced for the days left of a period that is no longer the service's (renewed meanwhile):
        // carried out, it would give the bigger plan a whole new period for those days' difference.
        // Final, so fulfilment refunds it (issue #32 §1). A change our record shows done is a retry.
        if (service.sku === change.fromSku && !planChangeFits(change, { expiresAtMs: service.expiresAt.getTime(), lengthMonths: service.lengthMonths })) {
          throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'period_changed' });
        }
        const account = await provisioner.changePlan(service.accountId, item.sku, reference);
        const productType = await productTypeOf(account.sku, service.productType);
        await db.update(hostingServices).set({ sku: account.sku, productType, scheduledSku: null, syncedAt: now, updatedAt: now }).where(eq(hostingServices.id, service.id));
        return { accountId: service.accountId, sku: account.sku };
      }
      await refuseOtherOptions(item, service.options);
      // A renewal at another plan carries out the downgrade the customer asked for (decision 070).
      if (item.sku !== service.sku) await provisioner.changePlan(service.accountId, item.sku, `${reference}:plan`);
      const account = await provisioner.renew(service.accountId, item.lengthMonths, reference);
      const productType = await productTypeOf(account.sku, service.productType);
      // Renewing is wanting to keep it: a cancellation asked for earlier is withdrawn.
      await db
        .update(hostingServices)
        .set({ sku: account.sku, productType, expiresAt: account.expiresAt, lengthMonths: item.lengthMonths, scheduledSku: null, cancelAtPeriodEnd: false, syncedAt: now, updatedAt: now })
        .where(eq(hostingServices.id, service.id));
      return { accountId: service.accountId, expiresAt: account.expiresAt.toISOString(), sku: account.sku };
    },
  };
}
