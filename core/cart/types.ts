// A cart item as the user's Durable Object stores it (issue #5 §1; spec §3 Cart item). Prices are never
// stored: they are computed from the catalogue every time the cart is shown (core/cart/pricing.ts), so
// a promotion ending or a price change shows at once and nobody pays a stale price.
import type { RegistryFamily } from '../catalog';

/** Set by the server only (never a form): the upgrade a hosting line buys and the period it is priced for (core/hosting/service-lines.ts). */
export type PlanChangeRef = { serviceId: number; fromSku: string; periodStartMs: number; periodEndMs: number; months: number };

export const ITEM_KINDS = ['domain', 'hosting', 'ssl', 'ssl_installation', 'addon'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const DOMAIN_ACTIONS = ['register', 'transfer', 'transfer_renew', 'renew', 'trade', 'rgp_restore'] as const;
export type CartDomainAction = (typeof DOMAIN_ACTIONS)[number];

export const RELATIONS = ['cross_sell', 'bundle', 'up_sell'] as const;
export type Relation = (typeof RELATIONS)[number];

/**
 * 'default': the registrar's own nameservers (issue #25 §4: a new name starts there). 'none' is the
 * spec's word for the same thing, kept for carts saved before 'default' existed; fulfilment gives both
 * the registrar's nameservers.
 */
export type NameserverChoice = { mode: 'default' } | { mode: 'group'; groupId: number } | { mode: 'custom'; list: string[] } | { mode: 'none' };

export type DomainConfig = {
  /** Role → contact id (spec §3 user_attributes.contacts.saved). */
  contacts?: Partial<Record<'registrant' | 'admin' | 'tech' | 'billing', number>>;
  /**
   * Spec §3/§5 explicit_contacts: the only contacts the picker lists (and 'new' is hidden). Set by the
   * server when the item is added, never by the configure form (decision 034): a restore of a name the
   * customer holds keeps that name's contacts.
   */
  explicitContacts?: number[];
  nameservers?: NameserverChoice;
  /** The registry's terms ('agree', spec §3 Domain item rules). */
  agree?: boolean;
  /** .xxx: resolve yes/no and the Member Authorization Token. */
  xxx?: { resolve: boolean; token?: string };
  /** Transfers: the EPP code the customer typed (checked by the registry at fulfilment). */
  authCode?: string;
  /**
   * Set by the server only (never a form): when the checkout found the name registered by someone
   * else. The line is then not ready; the cart offers to remove it or to look for another name.
   */
  takenAt?: number;
  /** Set by the server only: a premium name's yearly renewal quote from the registry (cents, VAT excluded), for "then X". */
  premiumRenewYearCents?: number;
};

export type HostingConfig = {
  /** The domain the hosting is for (WordPress domain panel, SSL installation domain …). */
  domain?: string;
  /** Option name → chosen value (VPS and dedicated). */
  options?: Record<string, string>;
  /** SSL: extra domains (spec §5 SSL settings quantity). */
  quantity?: number;
  /** SSL: the extra domains' names (SANs), as many as `quantity` once the line is ready (issue #20 §2). */
  sans?: string[];
  /** SSL: name (the main domain and each SAN) → the approver e-mail chosen from the supplier's list. */
  approvers?: Record<string, string>;
  /** Set by the server only: the customer's hosting service this line renews (issue #23 §1). */
  renewsService?: number;
  /** Set by the server only: the customer's hosting service this line moves to its plan (an upgrade, decision 070). */
  planChange?: PlanChangeRef;
};

export type CartItem = {
  id: string;
  kind: ItemKind;
  /** The product's SKU, or for domains the TLD in display form ('gr', 'ελ', 'com'). */
  sku: string;
  action: CartDomainAction | null;
  /** Domains: the fqdn in display form; products: '' (the page shows the catalogue's name). */
  name: string;
  asciiName: string | null;
  registry: RegistryFamily | null;
  lengthMonths: number;
  parentId: string | null;
  relation: Relation | null;
  /** Premium names: the registry's yearly registration price (cents, VAT excluded). */
  premiumYearCents: number | null;
  rgp: boolean;
  expired: boolean;
  config: DomainConfig & HostingConfig;
  addedAt: number;
};

export type NewCartItem = Omit<CartItem, 'id' | 'addedAt'>;

/**
 * A guest's cart lives in this browser's room and changes only through this browser's requests, so a
 * cookie can say how many items it has: pages skip asking the Durable Object while it says none.
 */
export const CART_HINT_COOKIE = 'cart_n';
