// A paid hosting renewal carried out (issue #23 §1): the order item of a renewal document (or of a
// renewal bought in the cart) renews the account at the provisioner and, if the unpaid-renewal cron
// had suspended it, lifts that suspension. Called by order fulfilment, which claims the item once and
// retries it on failure. Every step is safe to repeat: the panel applies a renewal once per reference
// (our order item), and an account found already active counts as unsuspended.
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
 * (the cart's renewal line has the same shape; the renewal document's item also has action 'renew').
 */
export type RenewalItem = { id: number; lengthMonths: number; config: Record<string, unknown> };

export function isHostingRenewal(item: { kind: string; config: Record<string, unknown> }): boolean {
  return item.kind === 'hosting' && typeof item.config.renewsService === 'number';
}

export function createRenewalFulfilment(deps: ServiceDeps) {
  const { db, now, adapters } = deps;
  const events = createServiceEvents(deps);

  return {
    /** Renews the service for the item's length; throws the provisioner's error (fulfilment retries). */
    async renew(userId: number, item: RenewalItem): Promise<Record<string, unknown>> {
      const serviceId = Number(item.config.renewsService);
      const [service] = Number.isInteger(serviceId) ? await db.select().from(hostingServices).where(and(eq(hostingServices.id, serviceId), eq(hostingServices.userId, userId))) : [];
      if (!service) throw new ProvisionerError(ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, { reason: 'no_service', serviceId: item.config.renewsService });
      // Deleted meanwhile: no renewal can bring it back (ACTION_NOT_ALLOWED is final: refunded as credit).
      if (service.status === 'terminated') throw new ProvisionerError(ErrorCode.ACTION_NOT_ALLOWED, { reason: 'terminated', serviceId });
      let account = await adapters.provisioner.renew(service.accountId, item.lengthMonths, `oi-${item.id}`);
      const lift = unsuspendOnPayment(service);
      if (lift) account = { ...(await reachStatus(adapters.provisioner, service.accountId, 'active', () => adapters.provisioner.unsuspend(service.accountId))), expiresAt: account.expiresAt };
      const [saved] = await db
        .update(hostingServices)
        .set({
          expiresAt: account.expiresAt,
          ...(lift ? { status: 'active' as const, suspendedAt: null, suspendReason: null } : {}),
          syncedAt: now,
          updatedAt: now,
        })
        .where(and(eq(hostingServices.id, service.id), eq(hostingServices.status, service.status)))
        .returning();
      const row = saved ?? service;
      await events.changed(userId, service.id, row.status, lift ? ['expires_at', 'status'] : ['expires_at']);
      const name = serviceName(service);
      const date = account.expiresAt.toISOString().slice(0, 10);
      await events.notify({ userId, serviceId: service.id, notice: 'renewed', name, params: { date }, dedupeKey: `hosting-renewed:oi-${item.id}` });
      if (lift) await events.notify({ userId, serviceId: service.id, notice: 'unsuspended', name, dedupeKey: `hosting-unsuspended:${service.id}:${service.suspendedAt?.getTime() ?? 0}` });
      return { accountId: service.accountId, serviceId: service.id, expiresAt: account.expiresAt.toISOString(), status: row.status };
    },
  };
}
