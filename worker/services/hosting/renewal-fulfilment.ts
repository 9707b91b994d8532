// A paid hosting renewal carried out (issue #23 §1): the order item of a renewal document (or of a
// renewal bought in the cart) renews the account at the provisioner and, if the unpaid-renewal cron
// had suspended it, lifts that suspension. Called by order fulfilment, which claims the item once and
// retries it on failure. Every step is safe to repeat: the panel applies a renewal once per reference
// (our order item), and an account found already active counts as unsuspended.
//
// Two parts, so that the cart's own renewal fulfilment (hserver's service-orders.ts, which also
// carries out a downgrade at renewal) can stand in for `renewAtPanel` and still be followed by
// `afterRenewal`: the suspension lifted, the live event and the notices.
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { unsuspendOnPayment } from '../../../core/hosting/lifecycle';
import { hostingServices } from '../../../db/schema';
import { ProvisionerError } from '../../adapters/provisioner/port';
import type { ServiceDeps } from '../deps';
import { reachStatus } from './panel-steps';
import { createServiceEvents, serviceName } from './service-events';

/**
 * The order item a hosting renewal is: kind 'hosting' with config.renewsService naming the service
 * (the cart's renewal line has the same shape; both have action 'renew').
 */
export type RenewalItem = { id: number; lengthMonths: number; config: Record<string, unknown> };

export function isHostingRenewal(item: { kind: string; config: Record<string, unknown> }): boolean {
  return item.kind === 'hosting' && typeof item.config.renewsService === 'number';
}

export function createRenewalFulfilment(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const events = createServiceEvents(deps);

  async function held(userId: number, item: RenewalItem) {
    const serviceId = Number(item.config.renewsService);
    const [service] = Number.isInteger(serviceId) ? await db.select().from(hostingServices).where(and(eq(hostingServices.id, serviceId), eq(hostingServices.userId, userId))) : [];
    if (!service) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { reason: 'no_service', serviceId: item.config.renewsService });
    // Deleted meanwhile: no renewal can bring it back (ACTION_NOT_ALLOWED is final: refunded as credit).
    if (service.status === 'terminated') throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'terminated', serviceId });
    return service;
  }

  const fulfilment = {
    /** The renewal at the panel and our record set to the panel's new expiry. */
    async renewAtPanel(userId: number, item: RenewalItem): Promise<Record<string, unknown>> {
      const service = await held(userId, item);
      const account = await adapters.provisioner.renew(service.accountId, item.lengthMonths, `oi-${item.id}`);
      await db.update(hostingServices).set({ expiresAt: account.expiresAt, syncedAt: now, updatedAt: now }).where(eq(hostingServices.id, service.id));
      return { accountId: service.accountId, serviceId: service.id, expiresAt: account.expiresAt.toISOString() };
    },

    /**
     * After a renewal: the cron's own suspension ('unpaid') lifted at the panel and here (a staff
     * suspension stays), the customer's tabs told, the notices raised once per order item.
     */
    async afterRenewal(userId: number, item: RenewalItem): Promise<{ status: string }> {
      const service = await held(userId, item);
      const lift = unsuspendOnPayment(service);
      let status = service.status;
      if (lift) {
        await reachStatus(adapters.provisioner, service.accountId, 'active', () => adapters.provisioner.unsuspend(service.accountId));
        const [moved] = await db
          .update(hostingServices)
          .set({ status: 'active', suspendedAt: null, suspendReason: null, syncedAt: now, updatedAt: now })
          .where(and(eq(hostingServices.id, service.id), eq(hostingServices.status, 'suspended')))
          .returning({ status: hostingServices.status });
        status = moved?.status ?? status;
      }
      await events.changed(userId, service.id, status, lift ? ['expires_at', 'status'] : ['expires_at']);
      const name = serviceName(service);
      await events.notify({ userId, serviceId: service.id, notice: 'renewed', name, params: { date: service.expiresAt.toISOString().slice(0, 10) }, dedupeKey: `hosting-renewed:oi-${item.id}` });
      if (lift) await events.notify({ userId, serviceId: service.id, notice: 'unsuspended', name, dedupeKey: `hosting-unsuspended:${service.id}:${service.suspendedAt?.getTime() ?? 0}` });
      return { status };
    },

    /** Both, as fulfilment calls them for a renewal item. */
    async renew(userId: number, item: RenewalItem): Promise<Record<string, unknown>> {
      const done = await fulfilment.renewAtPanel(userId, item);
      return { ...done, ...(await fulfilment.afterRenewal(userId, item)) };
    },
  };
  return fulfilment;
}
