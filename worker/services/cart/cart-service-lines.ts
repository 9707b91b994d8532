// Cart lines that act on a hosting service the customer already has (issue #23 §1, decision 070): a
// renewal or an upgrade, put there by the hosting area (never by a form). No bundles (the service has
// them already), and one such line per service: asked again, the cart keeps the line it has (a double
// click, a second tab).
import { allowedLengths, type OfferedLength } from '../../../core/cart/pricing';
import type { CartItem, NewCartItem } from '../../../core/cart/types';
import { ErrorCode } from '../../../core/errors';
import type { ProductCard } from '../catalog';
import type { CartOwner, CartResult } from './cart-types';
import { offeredFromProduct } from './cart-view';

export type ServiceLineInput = { sku: string; months: number; action: 'renew' | null; serviceId: number; config: CartItem['config']; uniqueId: string | null };

type Parts = {
  products: () => Promise<Map<string, ProductCard>>;
  items: (owner: CartOwner) => Promise<CartItem[]>;
  add: (owner: CartOwner, item: NewCartItem, uniqueId: string | null) => Promise<{ ok: true; added: CartItem[]; count: number } | { ok: false; code: number }>;
  pickLength: (allowed: readonly OfferedLength[], asked: number | undefined) => number;
};

export async function addServiceLine(parts: Parts, owner: CartOwner, input: ServiceLineInput): Promise<CartResult<{ items: CartItem[]; count: number }>> {
  if (owner.userId === null) return { ok: false, code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS };
  const offered = offeredFromProduct((await parts.products()).get(input.sku));
  if (!offered.length) return { ok: false, code: ErrorCode.CART_ITEM_ADD_FAILED };
  const current = await parts.items(owner);
  const same = current.find((i) => i.kind === 'hosting' && (i.config.renewsService === input.serviceId || i.config.planChange?.serviceId === input.serviceId));
  if (same) return { ok: true, items: [same], count: current.length };
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
