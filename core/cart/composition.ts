// Cart composition rules (issue #5 §1): duplicates, parents and children, what a removal takes with it,
// the order the summary groups items in, and merging a guest's cart into the user's at login.
import { ErrorCode } from '../errors';
import { crossSellsFor } from './cross-sells';
import type { CartItem, ItemKind, NewCartItem } from './types';

/** Spec §2: the summary groups domains, then hosting, then SSL, then SSL installations. */
export const GROUP_ORDER: readonly ItemKind[] = ['domain', 'hosting', 'ssl', 'ssl_installation', 'addon'];

/** A domain is in the cart once, whatever the action; a product SKU may repeat unless it is a child. */
export function duplicateOf(items: readonly CartItem[], candidate: NewCartItem): { code: number; item: CartItem } | null {
  if (candidate.kind === 'domain' && candidate.asciiName) {
    const same = items.find((i) => i.kind === 'domain' && i.asciiName === candidate.asciiName);
    if (same) return { code: ErrorCode.DOMAIN_ALREADY_IN_CART, item: same };
  }
  if (candidate.parentId) {
    const same = items.find((i) => i.parentId === candidate.parentId && i.sku === candidate.sku);
    if (same) return { code: ErrorCode.ITEM_ALREADY_IN_CART, item: same };
  }
  return null;
}

/** Can `candidate` hang under `parentId`? 35009 when the parent is gone, 35010 when it cannot be a child. */
export function checkParent(items: readonly CartItem[], candidate: NewCartItem): number | null {
  if (!candidate.parentId) return null;
  const parent = items.find((i) => i.id === candidate.parentId);
  if (!parent) return ErrorCode.PARENT_CHILD_DOES_NOT_EXIST;
  // Only one level: a child never has children of its own.
  if (parent.parentId) return ErrorCode.ITEM_CANT_BE_CHILD;
  // ID protect guards a domain that is not expired (spec §3/issue #5: "not for expired items").
  if (candidate.sku === 'id_protect' && (parent.kind !== 'domain' || parent.expired)) return ErrorCode.ITEM_CANT_BE_CHILD;
  // A cross-sell only where the parent offers it.
  if (candidate.relation === 'cross_sell' && !crossSellsFor(parent).includes(candidate.sku)) return ErrorCode.ITEM_CANT_BE_CHILD;
  return null;
}

/**
 * The item and every item under it (spec §3: children are removed together with their parent), and
 * what depends on it beside it: maintenance of an installation, which hangs next to it under the
 * certificate (children are one level deep), goes with the installation.
 */
export function removalSet(items: readonly CartItem[], id: string): string[] {
  const out = new Set<string>([id]);
  const target = items.find((i) => i.id === id);
  if (target?.kind === 'ssl_installation' && target.parentId) {
    for (const i of items) if (i.parentId === target.parentId && i.sku.startsWith('ssl_maintenance')) out.add(i.id);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const i of items) {
      if (i.parentId && out.has(i.parentId) && !out.has(i.id)) {
        out.add(i.id);
        grew = true;
      }
    }
  }
  return items.filter((i) => out.has(i.id)).map((i) => i.id);
}

/** Summary order: by group, parents in the order added, each followed by its children. */
export function summaryOrder(items: readonly CartItem[]): CartItem[] {
  const parents = items.filter((i) => !i.parentId || !items.some((p) => p.id === i.parentId));
  const rank = (k: ItemKind) => GROUP_ORDER.indexOf(k);
  parents.sort((a, b) => rank(a.kind) - rank(b.kind) || a.addedAt - b.addedAt);
  return parents.flatMap((p) => [p, ...items.filter((c) => c.parentId === p.id).sort((a, b) => a.addedAt - b.addedAt)]);
}

/** Items the badges count: children that are bundled into their parent are not separate purchases. */
export function visibleCount(items: readonly CartItem[]): number {
  return items.filter((i) => i.relation !== 'bundle').length;
}

/**
 * At login the guest's cart joins the user's (spec/issue #5 §1): the user's items stay; a guest item is
 * added unless it duplicates one (the same domain, or the same child under the same parent), and its
 * children come along with it. Returns the items to add (with their parents remapped) and what was skipped.
 */
export function mergeCarts(userItems: readonly CartItem[], guestItems: readonly CartItem[]): { add: CartItem[]; skipped: CartItem[] } {
  const add: CartItem[] = [];
  const skipped: CartItem[] = [];
  const all = [...userItems];
  for (const g of summaryOrder(guestItems)) {
    if (g.parentId && skipped.some((s) => s.id === g.parentId)) {
      // The guest's parent duplicated one of the user's: the child joins that item instead.
      const parentName = guestItems.find((p) => p.id === g.parentId)?.asciiName;
      const target = all.find((u) => u.kind === 'domain' && u.asciiName === parentName);
      if (!target) {
        skipped.push(g);
        continue;
      }
      const moved = { ...g, parentId: target.id };
      if (duplicateOf(all, moved)) skipped.push(g);
      else {
        add.push(moved);
        all.push(moved);
      }
      continue;
    }
    if (duplicateOf(all, g)) skipped.push(g);
    else {
      add.push(g);
      all.push(g);
    }
  }
  return { add, skipped };
}
