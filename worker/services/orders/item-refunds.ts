// An order item no retry can carry out gives its cost back as credit, with its pending add-ons
// (issue #5 §5), each with a corrective credit note (CRN) sent to myDATA. Capped at what the order
// still holds (issue #20 §2, decision 046): staff may have refunded the payment to the card already,
// and the money must not go back twice. The cap is read to decide and checked again by the batch's
// first statement (refund-caps.ts holdsAtLeast), so a card refund racing this one cannot pass it; a
// batch that loses the race is read and decided again.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { lineDescription } from '../../../core/documents/lines';
import { capShares, refundShare } from '../../../core/orders/credit';
import { creditNoteStatements, rawBatch } from '../../../db/raw-batch';
import { creditMovements, orderItems, orders, saleDocumentLines, saleDocuments } from '../../../db/schema';
import { createNotificationSources } from '../notifications';
import type { ServiceDeps } from '../deps';
import { createMydataService } from '../documents';
import { createItemMails } from './item-mails';
import { holdsAtLeast, readHeld } from './refund-caps';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

const TRIES = 3;

export function createItemRefunds(deps: ServiceDeps) {
  const { db, now } = deps;

  /** The batch that credits `items` (capped), or null when nothing is left to credit. */
  async function creditBatch(order: Order, items: Item[], maxCents: number) {
    // The note corrects the order's receipt or invoice (AADE holds it in full): it refers to it, keeps
    // its buyer and goes to myDATA, in the corrective series (CRN).
    const [legal] = await db
      .select()
      .from(saleDocuments)
      .where(and(eq(saleDocuments.orderId, order.id), inArray(saleDocuments.kind, ['receipt', 'invoice'])));
    const [firstLine] = legal ? await db.select({ rate: saleDocumentLines.vatRateBp }).from(saleDocumentLines).where(eq(saleDocumentLines.documentId, legal.id)).orderBy(asc(saleDocumentLines.position)).limit(1) : [];
    // Items credited already (a retry, or a worker alongside) are done with: their credit is in the held amount.
    const done = new Set((await db.select({ key: creditMovements.dedupeKey }).from(creditMovements).where(inArray(creditMovements.dedupeKey, items.map((i) => `refund:item:${i.id}`)))).map((r) => r.key));
    const open = items.filter((i) => !done.has(`refund:item:${i.id}`));
    // The line price already includes its set-up fee (setup_fee_cents only says how much of it is one).
    const shares = capShares(
      open.map((i) => refundShare(order, i.priceCents)),
      Math.min(maxCents, await readHeld(db, order.id)),
    );
    const total = shares.reduce((a, s) => a + s.totalCents, 0);
    if (total <= 0) return null;
    const statements = open.flatMap((i, n) => {
      const share = shares[n]!;
      if (share.totalCents <= 0) return [];
      const net = share.totalCents - share.vatCents;
      const rate = share.vatCents > 0 ? (firstLine?.rate ?? order.vatRateBp) : 0;
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
        ...(legal
          ? { corrects: { relatedDocumentId: legal.id, billing: legal.billing, netCents: net, line: { description: `Επιστροφή: ${lineDescription(i)}`, netCents: net, vatRateBp: rate, vatCents: share.vatCents, totalCents: share.totalCents } } }
          : {}),
      });
    });
    return [holdsAtLeast(order.id, total), ...statements];
  }

  return {
    /**
     * Gives `items` back as credit, each at most its share, all together at most what the order still
     * holds (and at most `maxCents`: the part a card refund did not give back), then marks them refunded
     * (their money went back: as credit here, or to the card before).
     */
    async refundToCredit(order: Order, items: Item[], maxCents = Number.MAX_SAFE_INTEGER, opts: { tell?: boolean } = {}): Promise<{ creditedCents: number; byItem: Map<number, number> }> {
      for (let attempt = 1; ; attempt++) {
        const batch = await creditBatch(order, items, maxCents);
        if (!batch) break;
        try {
          await rawBatch(db, batch);
          break;
        } catch (e) {
          // The guard refused: a card refund or another credit took part of it meanwhile. Decide again.
          if (attempt >= TRIES) throw e;
        }
      }
      await db
        .update(orderItems)
        .set({ status: 'refunded', nextAttemptAt: null })
        .where(and(inArray(orderItems.id, items.map((r) => r.id)), inArray(orderItems.status, ['failed', 'pending'])));
      // To myDATA at once (it waits there for the receipt's MARK); a failure stays queued for cron.
      const notes = await db
        .select({ id: creditMovements.documentId, key: creditMovements.dedupeKey, amountCents: creditMovements.amountCents })
        .from(creditMovements)
        .where(inArray(creditMovements.dedupeKey, items.map((r) => `refund:item:${r.id}`)));
      // Each item given back tells its customer (issue #24 §1), once per item.
      const sources = createNotificationSources(deps);
      const byItem = new Map<number, number>();
      for (const item of items) {
        const movement = notes.find((n) => n.key === `refund:item:${item.id}`);
        byItem.set(item.id, movement?.amountCents ?? 0);
        if (movement && movement.amountCents > 0) await sources.refundedAsCredit(order.userId, item.id, item.name, movement.amountCents, order.id);
      }
      const creditedCents = [...byItem.values()].reduce((a, b) => a + b, 0);
      // And one e-mail for the item and its add-ons, with what each got back (issue #33 §1). A caller
      // that gave part of it back another way (a rejected transfer's card refund) tells it itself.
      if (opts.tell !== false) await createItemMails(deps).refunded(order, items.map((item) => ({ item, cents: byItem.get(item.id) ?? 0 })), { cardCents: 0, creditCents: creditedCents }, 'failed');
      const mydata = createMydataService(deps);
      for (const n of notes) {
        if (n.id === null) continue;
        await mydata.transmit(n.id).catch((e: unknown) => console.error('mydata transmission of a refund note failed; cron retries', { documentId: n.id, error: String(e) }));
      }
      return { creditedCents, byItem };
    },
  };
}
