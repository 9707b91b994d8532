// Cart lines that act on a hosting service the customer already has (issue #23 §1, decision 070): a
// renewal or an upgrade, put there by the hosting area (never by a form). No bundles (the service has
// them already), and one such line per service: asked again, the cart keeps the line it has (a double
// click, a second tab). A renewal and a plan change of the same service are never both open, in the
// cart or in an order not yet carried out (issue #32 §1, decision 087): the second is refused.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { allowedLengths, type OfferedLength } from '../../../core/cart/pricing';
import type { CartItem, NewCartItem } from '../../../core/cart/types';
import { ErrorCode } from '../../../core/errors';
import { serviceLineConflict, serviceLineKind } from '../../../core/hosting/service-lines';
import type { Db } from '../../../db/client';
import { hostingServices, orderItems, orders } from '../../../db/schema';
import type { ProductCard } from '../catalog';
import type { CartOwner, CartResult, ServiceLineFacts } from './cart-types';
import { offeredFromProduct } from './cart-view';

export type ServiceLineInput = { sku: string; months: number; action: 'renew' | null; serviceId: number; config: CartItem['config']; uniqueId: string | null };

type Parts = {
  db: Db;
  products: () => Promise<Map<string, ProductCard>>;
  items: (owner: CartOwner) => Promise<CartItem[]>;
  add: (owner: CartOwner, item: NewCartItem, uniqueId: string | null) => Promise<{ ok: true; added: CartItem[]; count: number } | { ok: false; code: number }>;
  pickLength: (allowed: readonly OfferedLength[], asked: number | undefined) => number;
};

const serviceOf = (config: CartItem['config']): number | null => config.renewsService ?? config.planChange?.serviceId ?? null;

/**
 * The customer's services that `items` renew or change: their options as stored (a renewal is priced
 * from them, never from the line) and whether a renewal or plan change of each is open in an order
 * (pending, paid or processing, with the item not yet carried out, refunded or given up). One round trip.
 */
export async function serviceLineFacts(db: Db, userId: number | null, items: readonly Pick<CartItem, 'kind' | 'config'>[]): Promise<Map<number, ServiceLineFacts>> {
  const ids = [...new Set(items.flatMap((i) => (i.kind === 'hosting' ? [serviceOf(i.config)] : [])).filter((id): id is number => typeof id === 'number'))];
  const facts = new Map<number, ServiceLineFacts>();
  if (userId === null || !ids.length) return facts;
  const renews = sql<number | null>`json_extract(${orderItems.config}, '$.renewsService')`;
  const changes = sql<number | null>`json_extract(${orderItems.config}, '$.planChange.serviceId')`;
  const [services, open] = await db.batch([
    db.select({ id: hostingServices.id, options: hostingServices.options }).from(hostingServices).where(and(eq(hostingServices.userId, userId), inArray(hostingServices.id, ids))),
    db
      .select({ renews, changes })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.status, ['pending', 'paid', 'processing']),
          eq(orderItems.kind, 'hosting'),
          // A failed item with no retry left waits for staff; it no longer holds the customer back.
          or(inArray(orderItems.status, ['pending', 'processing']), and(eq(orderItems.status, 'failed'), isNotNull(orderItems.nextAttemptAt))),
          or(inArray(renews, ids), inArray(changes, ids)),
        ),
      ),
  ]);
  for (const s of services) facts.set(s.id, { options: s.options ?? {}, openRenewal: false, openPlanChange: false });
  for (const o of open) {
    const renewed = o.renews === null ? undefined : facts.get(Number(o.renews));
    if (renewed) renewed.openRenewal = true;
    const changed = o.changes === null ? undefined : facts.get(Number(o.changes));
    if (changed) changed.openPlanChange = true;
  }
  return facts;
}

export async function addServiceLine(parts: Parts, owner: CartOwner, input: ServiceLineInput): Promise<CartResult<{ items: CartItem[]; count: number }>> {
  if (owner.userId === null) return { ok: false, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS };
  const offered = offeredFromProduct((await parts.products()).get(input.sku));
  if (!offered.length) return { ok: false, code: ErrorCode.CART_ITEM_ADD_FAILED };
  const kind = serviceLineKind(input.config);
  const current = await parts.items(owner);
  const same = current.filter((i) => i.kind === 'hosting' && serviceOf(i.config) === input.serviceId);
  // The same kind again is the line the cart has (a double click); the other kind is refused, and so
  // is either beside the other kind still open in an order.
  const sameKind = same.find((i) => serviceLineKind(i.config) === kind);
  if (sameKind) return { ok: true, items: [sameKind], count: current.length };
  if (kind) {
    const inOrders = (await serviceLineFacts(parts.db, owner.userId, [{ kind: 'hosting', config: input.config }])).get(input.serviceId);
    const open = {
      renewal: same.some((i) => serviceLineKind(i.config) === 'renewal') || inOrders?.openRenewal === true,
      planChange: same.some((i) => serviceLineKind(i.config) === 'plan_change') || inOrders?.openPlanChange === true,
    };
    const conflict = serviceLineConflict(kind, open);
    if (conflict !== null) return { ok: false, code: conflict };
  }
  if (same.length) return { ok: true, items: [same[0]!], count: current.length };
  const item: NewCartItem = {
    kind: 'hosting',
    sku: input.sku,
    action: input.action,
    name: '',
    asciiName: null,
    registry: null,
    lengthMonths: parts.pickLength(allowedLengths({ kind: 'hosting', sku: input.sku, rgp: false, premiumYearCents: null }, offered), input.months),
    parentId: null,
    relation: null,
    premiumYearCents: null,
    rgp: false,
    expired: false,
    config: input.config,
  };
  const result = await parts.add(owner, item, input.uniqueId);
  return result.ok ? { ok: true, items: result.added, count: result.count } : result;
}
