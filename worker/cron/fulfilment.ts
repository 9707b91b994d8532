// Every 5 minutes: retry the order items whose port failed (with back-off, issue #5 §5), cancel orders
// left unpaid too long, and read the registries' poll queues so that approved transfers show as active.
import { and, eq } from 'drizzle-orm';
import { registryFamilies } from '../../core/catalog';
import { createDb } from '../../db/client';
import { domains } from '../../db/schema';
import { createServices } from '../services';

export async function fulfilmentCron(env: Env, now: Date) {
  const db = createDb(env.DB);
  const services = createServices({ db, env, now });
  const retried = await services.orders.retryDue();
  // Unpaid orders past their time give back their coupon uses and credit (core/orders/expiry.ts).
  const expired = await services.orders.expireUnpaid();
  let transfers = 0;
  const registries = services.orders.registries();
  for (const family of registryFamilies) {
    try {
      for (const message of await registries[family].poll()) {
        if (message.type === 'transfer_completed') {
          const done = await db
            .update(domains)
            .set({ status: 'active', updatedAt: now })
            .where(and(eq(domains.asciiFqdn, message.name), eq(domains.status, 'transfer_pending')))
            .returning({ id: domains.id });
          transfers += done.length;
        }
        await registries[family].ack(message.id);
      }
    } catch (e) {
      // A registry in maintenance is polled again in five minutes.
      console.warn('registry poll failed', family, e);
    }
  }
  return { retried, transfers, expired };
}
