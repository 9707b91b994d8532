// Items interrupted while 'processing' (issue #20 §2, decision 046): a worker that claimed an item and
// died before writing its result left it claimed for good. Past the claim's time limit
// (core/orders/fulfilment.ts CLAIM_LIMIT_MS) cron takes it back, conditionally on the very claim it
// read (two cron runs take it once), and hands it to fulfilment as a retry due now. A retry asks the
// registry first where the operation may have happened: a registration finds the name ours already, a
// renewal finds the new expiry, a transfer finds the name ours or its transfer pending; so the item
// is finished, not done twice. Hosting and SSL go by their reference (oi-<id>), which the ports keep.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { CLAIM_LIMIT_MS } from '../../../core/orders/fulfilment';
import { orderItems } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { HELD_OF_ROW } from './refund-caps';

/** Why an item was taken back, in last_error (staff read it on /admin/orders). */
export const INTERRUPTED = 'interrupted';

/** What the item's order still holds (refund-caps.ts), correlated to the updated row. */
const held = sql.raw(HELD_OF_ROW);

export function createFulfilmentRecovery(deps: ServiceDeps, fulfil: (orderId: number) => Promise<void>) {
  const { db, now } = deps;
  const stale = () => and(eq(orderItems.status, 'processing'), or(isNull(orderItems.claimedAt), lte(orderItems.claimedAt, new Date(now.getTime() - CLAIM_LIMIT_MS))));
  return {
    /** The stale claims' condition, for the staff queue. */
    stale,
    /** Cron: takes back the items whose claim passed its time limit and carries them out again. */
    async recoverInterrupted(limit = 20): Promise<number> {
      const rows = await db.select({ id: orderItems.id, orderId: orderItems.orderId, claimedAt: orderItems.claimedAt }).from(orderItems).where(stale()).limit(limit);
      const orderIds = new Set<number>();
      for (const r of rows) {
        const moved = await db
          .update(orderItems)
          // An order a full refund emptied meanwhile (decision 046) is not carried on: the item is
          // cancelled (last_error says it was interrupted, for staff to check at the registry).
          .set({
            status: sql`CASE WHEN ${held} <= 0 THEN 'cancelled' ELSE 'failed' END`,
            nextAttemptAt: sql`CASE WHEN ${held} <= 0 THEN NULL ELSE ${now.getTime()} END`,
            lastError: INTERRUPTED,
          })
          .where(and(eq(orderItems.id, r.id), eq(orderItems.status, 'processing'), r.claimedAt === null ? isNull(orderItems.claimedAt) : eq(orderItems.claimedAt, r.claimedAt)))
          .returning({ id: orderItems.id });
        if (moved.length) orderIds.add(r.orderId);
      }
      for (const id of orderIds) await fulfil(id);
      return orderIds.size;
    },
  };
}
