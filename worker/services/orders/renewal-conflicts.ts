// Renewals paid twice (issue #32 §1, decision 088). A name or a hosting service can be renewed by a
// renewal document (the daily runs, decisions 071 and 080) and by a renewal line of the cart; each
// renews from the expiry it finds, so two paid orders buy two periods where one was wanted.
// - Checkout refuses a renewal line whose name or service has an order of the customer still waiting
//   for its money (the customer is sent to that order's document), or one paid and not yet carried out.
// - Paying an order is refused when the period it renews is already renewed: a renewal document whose
//   period ended up later than its key says, or any renewal order of the same name or service paid and
//   still being carried out, or paid after this order was placed (the two were for the same period).
// Both are reads before any money moves; the card webhook asks the second again (a session opened
// before the other order was paid), and then the money becomes credit instead of a second renewal.
import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { parseRenewalKey } from '../../../core/renewals/auto-renew';
import type { Db } from '../../../db/client';
import { domains, hostingServices, orderItems, orders, saleDocuments } from '../../../db/schema';

type Target = { kind: 'domain'; asciiName: string } | { kind: 'hosting'; serviceId: number };
type LineLike = { kind: string; action: string | null; name: string; asciiName: string | null; config: Record<string, unknown> };

const PAID = ['paid', 'processing', 'completed'];
/** An item of a paid order not carried out yet ('failed' waits for its retry; for good it is 'refunded'). */
const UNDER_WAY = ['pending', 'processing', 'failed'];

/** What a cart line or an order item renews, if it is a renewal. */
function targetOf(line: LineLike): Target | null {
  if (line.kind === 'domain' && line.action === 'renew' && line.asciiName) return { kind: 'domain', asciiName: line.asciiName };
  if (line.kind === 'hosting' && typeof line.config.renewsService === 'number') return { kind: 'hosting', serviceId: line.config.renewsService };
  return null;
}

/** The customer's orders with a renewal item of `target` (other than `exceptOrderId`), with their order document. */
async function renewalsOf(db: Db, userId: number, target: Target, exceptOrderId = 0) {
  const of =
    target.kind === 'domain'
      ? and(eq(orderItems.kind, 'domain'), eq(orderItems.action, 'renew'), eq(orderItems.asciiName, target.asciiName))
      : and(eq(orderItems.kind, 'hosting'), sql`json_extract(${orderItems.config}, '$.renewsService') = ${target.serviceId}`);
  return db
    .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt, itemStatus: orderItems.status, documentId: saleDocuments.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(saleDocuments, and(eq(saleDocuments.orderId, orders.id), eq(saleDocuments.kind, 'order')))
    .where(and(eq(orders.userId, userId), ne(orders.id, exceptOrderId), of))
    .orderBy(orders.id);
}

export type RenewalCheckoutRefusal = { code: number; detail: { names: string[]; documentId?: number } };

/**
 * Checkout: the cart's renewal lines whose name or service already has an order waiting for payment
 * (44040, with the first such order's document to pay instead) or a renewal paid and under way (44041).
 */
export async function renewalCheckoutRefusal(db: Db, userId: number, lines: LineLike[]): Promise<RenewalCheckoutRefusal | null> {
  const open: { name: string; documentId: number | null }[] = [];
  const paid: string[] = [];
  for (const line of lines) {
    const target = targetOf(line);
    if (!target) continue;
    const rows = await renewalsOf(db, userId, target);
    const waiting = rows.find((r) => r.status === 'pending');
    if (waiting) open.push({ name: line.name, documentId: waiting.documentId });
    else if (rows.some((r) => PAID.includes(r.status) && UNDER_WAY.includes(r.itemStatus))) paid.push(line.name);
  }
  if (open.length) {
    const documentId = open.find((o) => o.documentId !== null)?.documentId;
    return { code: ErrorCode.RENEWAL_OPEN_DOCUMENT, detail: { names: open.map((o) => o.name), ...(documentId ? { documentId } : {}) } };
  }
  return paid.length ? { code: ErrorCode.RENEWAL_ALREADY_PAID, detail: { names: paid } } : null;
}

/** The expiry a renewal document's name or service has now (null: gone). */
async function currentExpiry(db: Db, kind: 'domain' | 'hosting', id: number): Promise<number | null> {
  const [row] =
    kind === 'domain'
      ? await db.select({ expiresAt: domains.expiresAt }).from(domains).where(eq(domains.id, id))
      : await db.select({ expiresAt: hostingServices.expiresAt }).from(hostingServices).where(eq(hostingServices.id, id));
  return row?.expiresAt.getTime() ?? null;
}

/**
 * True when paying this order would renew a period already renewed (or being renewed) by another
 * order: the order is left unpaid (the daily runs cancel a renewal document that can no longer stand).
 */
export async function renewalAlreadyRenewed(db: Db, order: { id: number; userId: number; idempotencyKey: string; createdAt: Date }): Promise<boolean> {
  const ref = parseRenewalKey(order.idempotencyKey);
  if (ref) {
    const expiry = await currentExpiry(db, ref.kind, ref.id);
    if (expiry !== null && expiry > ref.periodEndMs) return true;
  }
  const items = await db.select({ kind: orderItems.kind, action: orderItems.action, name: orderItems.name, asciiName: orderItems.asciiName, config: orderItems.config }).from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    const target = targetOf(item);
    if (!target) continue;
    const others = await renewalsOf(db, order.userId, target, order.id);
    const overlaps = others.some(
      (r) => PAID.includes(r.status) && (UNDER_WAY.includes(r.itemStatus) || (r.itemStatus === 'completed' && (r.paidAt?.getTime() ?? 0) >= order.createdAt.getTime())),
    );
    if (overlaps) return true;
  }
  return false;
}
