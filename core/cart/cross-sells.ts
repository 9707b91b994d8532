// Cross-sells (spec §2 "an add-ons / cross-sell panel … with explanations"; §3 cross_sells, children
// cross_sell): products offered for an item already in the cart, which join it as children and go on
// its domain. Unlike up-sells (extras of the item itself: ID protect, installation), a cross-sell is a
// product of its own, with its own length and price.
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

/** The domain a cross-sell child goes on: its parent's name, in ASCII (what panels and CAs take). */
export function crossSellDomain(parent: Pick<CartItem, 'name' | 'asciiName'>): string {
  return parent.asciiName ?? parent.name;
}
