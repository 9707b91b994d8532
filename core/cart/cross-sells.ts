// Cross-sells (spec §2 "an add-ons / cross-sell panel … with explanations"; §3 cross_sells, children
// cross_sell): products offered for an item already in the cart, which join it as children and go on
// its domain. Unlike up-sells (extras of the item itself: ID protect, installation), a cross-sell is a
// product of its own, with its own length and price.
import { normaliseGreekLabel } from '../domains/names';
import type { CartItem } from './types';

/** The entry hosting plan (web space and e-mail on the name) and the single-domain certificate. */
export const DOMAIN_CROSS_SELLS = ['sha_lin_start', 'ssl_dv_basic'] as const;

/**
 * What a line offers as cross-sells: a name being registered or transferred to us (not a renewal,
 * which already has its services, nor an expired name, nor a child).
 */
export function crossSellsFor(item: Pick<CartItem, 'kind' | 'action' | 'expired' | 'parentId'>): readonly string[] {
  if (item.kind !== 'domain' || item.parentId || item.expired) return [];
  if (item.action !== 'register' && item.action !== 'transfer' && item.action !== 'transfer_renew') return [];
  return DOMAIN_CROSS_SELLS;
}

/**
 * What the line offers now: its cross-sells less those already in the cart for that name as lines of
 * their own (a hosting plan added from the hosting page and set up for the name; issue #25 §5). Its
 * own children stay listed: the panel shows them as in the cart, with a remove button.
 */
export function offeredCrossSells(
  item: Pick<CartItem, 'id' | 'kind' | 'action' | 'expired' | 'parentId' | 'name' | 'asciiName'>,
  items: readonly Pick<CartItem, 'sku' | 'parentId' | 'config'>[],
): readonly string[] {
  // One name in any spelling: ACE or Greek, any case, accents, final sigma (the registry's key).
  const key = (n: string) => n.split('.').map(normaliseGreekLabel).join('.');
  const names = new Set([item.name, item.asciiName].filter((n): n is string => Boolean(n)).map(key));
  const forThisName = (i: Pick<CartItem, 'sku' | 'parentId' | 'config'>) => i.parentId !== item.id && typeof i.config.domain === 'string' && names.has(key(i.config.domain));
  return crossSellsFor(item).filter((sku) => !items.some((i) => i.sku === sku && forThisName(i)));
}

/** The domain a cross-sell child goes on: its parent's name, in ASCII (what panels and CAs take). */
export function crossSellDomain(parent: Pick<CartItem, 'name' | 'asciiName'>): string {
  return parent.asciiName ?? parent.name;
}
