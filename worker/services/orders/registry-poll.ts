// External transfers (issue #12 §5; spec §4 "External transfer: under process, then successfully
// transferred"): the registries' poll queues, read by cron. A message is acknowledged only once it is
// handled, so a registry failing mid-way (info() after the poll) leaves it for the next run; handling
// is conditional on the domain still waiting, so a message delivered twice changes nothing.
import { and, desc, eq, sql } from 'drizzle-orm';
import { registryFamilies, type RegistryFamily } from '../../../core/catalog';
import { domains, orderItems, orders } from '../../../db/schema';
import type { RegistryMessage } from '../../adapters/registry/port';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import { createLiveService } from '../platform';
import { createTransferRejections } from './transfer-rejections';

export type PollSummary = { transferred: number; rejected: number; acked: number; failed: number; unreachable: RegistryFamily[] };

export function createRegistryPollService(deps: ServiceDeps) {
  const { db, env, now, adapters } = deps;
  const live = createLiveService(env);

  const rejections = createTransferRejections(deps);

  /** The order item that bought this transfer, still waiting at the registry. */
  async function transferItemOf(asciiFqdn: string, userId: number) {
    const [row] = await db
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.asciiName, asciiFqdn), eq(orders.userId, userId), sql`${orderItems.action} IN ('transfer', 'transfer_renew')`, sql`json_extract(${orderItems.result}, '$.status') = 'transfer_pending'`))
      .orderBy(desc(orderItems.id))
      .limit(1);
    return row ?? null;
  }

  async function announce(userId: number, domainId: number, fqdn: string, fields: string[]) {
    await live.toUser(`u-${userId}`, { channel: 'domain', event: 'DomainWasUpdated', unique_id: null, data: { domain_id: domainId, fqdn, fields } }).catch(() => undefined);
  }

  /** Handles one message; true when it may be acknowledged. */
  async function handle(family: RegistryFamily, message: RegistryMessage, summary: PollSummary): Promise<boolean> {
    if (message.type !== 'transfer_completed' && message.type !== 'transfer_rejected') return true;
    const [domain] = await db.select().from(domains).where(eq(domains.asciiFqdn, message.name.toLowerCase()));
    // Not ours (any more), or handled already: nothing to do, the message can go.
    if (!domain || domain.status !== 'transfer_pending') return true;
    if (message.type === 'transfer_completed') {
      // The registry's own record: the new expiry (a transfer adds its period) and the delegation.
      const info = await adapters.registries[family].info({ name: domain.asciiFqdn, key: domain.registryKey });
      const [done] = await db.batch([
        db
          .update(domains)
          .set({ status: 'active', transferredAt: now, expiresAt: info.expiresAt, nameservers: info.nameservers, nsMode: 'custom', nsGroupId: null, locked: info.locked, updatedAt: now })
          .where(and(eq(domains.id, domain.id), eq(domains.status, 'transfer_pending')))
          .returning({ id: domains.id }),
        // The order page reads the item's result: no longer 'transfer pending'.
        db
          .update(orderItems)
          .set({ result: sql`json_set(${orderItems.result}, '$.status', 'active', '$.expiresAt', ${info.expiresAt.toISOString()})` })
          .where(and(eq(orderItems.asciiName, domain.asciiFqdn), sql`${orderItems.action} IN ('transfer', 'transfer_renew')`, sql`json_extract(${orderItems.result}, '$.status') = 'transfer_pending'`)),
      ]);
      if (done.length) {
        summary.transferred += 1;
        await announce(domain.userId, domain.id, domain.fqdn, ['status', 'expires_at', 'nameservers']);
        await createNotificationSources(deps).transferCompleted(domain.userId, domain.id, domain.fqdn, domain.asciiFqdn, info.expiresAt);
      }
      return true;
    }
    // Rejected (the holder or the losing registrar refused): the name stays where it was. The customer
    // paid for a transfer that did not happen: the money goes back first (decision 046; idempotent, so
    // a crash before the batch below and the message's redelivery refund nothing twice), then the item
    // is marked failed and refunded with the reason, so the portal can say so, and the customer is told.
    const item = await transferItemOf(domain.asciiFqdn, domain.userId);
    if (item) await rejections.refund(item.order, item.item);
    const [done] = await db.batch([
      db.update(domains).set({ status: 'cancelled', updatedAt: now }).where(and(eq(domains.id, domain.id), eq(domains.status, 'transfer_pending'))).returning({ id: domains.id }),
      db
        .update(orderItems)
        .set({ status: 'refunded', lastError: 'transfer_rejected', nextAttemptAt: null, result: sql`json_set(${orderItems.result}, '$.status', 'transfer_rejected')` })
        .where(and(eq(orderItems.asciiName, domain.asciiFqdn), sql`${orderItems.action} IN ('transfer', 'transfer_renew')`, sql`json_extract(${orderItems.result}, '$.status') = 'transfer_pending'`)),
    ]);
    if (done.length) {
      summary.rejected += 1;
      await announce(domain.userId, domain.id, domain.fqdn, ['status']);
      await rejections.tell(domain.userId, domain.fqdn, item ? `item:${item.item.id}` : `${domain.id}:${now.getTime()}`);
    }
    return true;
  }

  return {
    /** Every family's queue; a registry in maintenance is simply polled again next time. */
    async pollAll(families: readonly RegistryFamily[] = registryFamilies): Promise<PollSummary> {
      const summary: PollSummary = { transferred: 0, rejected: 0, acked: 0, failed: 0, unreachable: [] };
      for (const family of families) {
        const registry = adapters.registries[family];
        let messages: RegistryMessage[];
        try {
          messages = await registry.poll();
        } catch (e) {
          summary.unreachable.push(family);
          console.warn('registry poll failed', family, e);
          continue;
        }
        for (const message of messages) {
          try {
            if (await handle(family, message, summary)) {
              await registry.ack(message.id);
              summary.acked += 1;
            }
          } catch (e) {
            // Not acknowledged: the registry hands it out again on the next poll.
            summary.failed += 1;
            console.warn('registry message not handled', family, message.id, e);
          }
        }
      }
      return summary;
    },
  };
}

export type RegistryPollService = ReturnType<typeof createRegistryPollService>;
