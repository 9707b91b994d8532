// What a cart update may change (issue #10 §2): every change to an item is checked against the
// catalogue before anything is stored — the length against the lengths the item allows, a server's
// options against the values its product offers (35006), its SSL extra-domains quantity against the
// select's steps, attributes such as the domain a product is for (35007), registry extensions such as
// the .xxx membership (35024) — and a refused change leaves the item as it was. A refusal names the
// field (100 validation_error carries `data.length`/the field, spec §8).
import { ErrorCode } from '../errors';
import { domainNameError } from '../validation/domain-name-rules';
import type { OptionChoice } from './options';
import { allowedLengths, type OfferedLength } from './pricing';
import { quantityOptions, type SslSettings } from './ssl';
import { checkSans, sanAllowance } from './ssl-names';
import type { CartItem } from './types';

export type UpdatePatch = { lengthMonths?: number; config?: Partial<CartItem['config']> };
export type UpdateRefusal = { code: number; field: string };

/** What the catalogue says about the item (and its parent) for checking a change. */
export type UpdateContext = {
  item: CartItem;
  parent: CartItem | null;
  /** The lengths the catalogue offers for the item's product or TLD and action. */
  offered: readonly OfferedLength[];
  /** Server options the product offers (empty when it has none to choose). */
  options: readonly OptionChoice[];
  /** SSL settings of the product (null for anything else). */
  ssl: SslSettings | null;
};

const DOMAIN_KEYS = ['contacts', 'nameservers', 'agree', 'xxx'] as const;
const PRODUCT_KEYS = ['domain', 'options', 'quantity', 'sans', 'approvers'] as const;

/** The months this item may have now (its parent's length for ID protect; nothing for a bundle, which follows its plan). */
export function allowedMonths(ctx: Pick<UpdateContext, 'item' | 'parent' | 'offered'>): number[] {
  if (ctx.item.relation === 'bundle') return [];
  return allowedLengths(ctx.item, ctx.offered, ctx.item.sku === 'id_protect' ? ctx.parent?.lengthMonths : undefined).map((l) => l.months);
}

/** Is the item's stored length one it may have? (A cart stored before these checks may hold others.) */
export function lengthAllowed(ctx: Pick<UpdateContext, 'item' | 'parent' | 'offered'>): boolean {
  return allowedLengths(ctx.item, ctx.offered, ctx.item.sku === 'id_protect' ? ctx.parent?.lengthMonths : undefined).some((l) => l.months === ctx.item.lengthMonths);
}

/** A host name a product may be for: a wildcard only for wildcard certificates. */
export function productDomainError(domain: string, wildcard: boolean): boolean {
  const d = domain.trim().toLowerCase();
  const bare = wildcard && d.startsWith('*.') ? d.slice(2) : d;
  return !bare.includes('.') || domainNameError(bare) !== null;
}

/** Why this change is refused, or null when it may be stored as it is. */
export function updateRefusal(ctx: UpdateContext, patch: UpdatePatch): UpdateRefusal | null {
  const { item } = ctx;
  if (patch.lengthMonths !== undefined) {
    const months = patch.lengthMonths;
    if (!Number.isInteger(months) || !allowedMonths(ctx).includes(months)) return { code: ErrorCode.VALIDATION_ERROR, field: 'length' };
  }
  const config = patch.config ?? {};
  for (const key of Object.keys(config)) {
    if (item.kind === 'domain') {
      if (key === 'xxx' && item.sku !== 'xxx') return { code: ErrorCode.CART_EXTENSION_ERROR, field: 'xxx' };
      if (!(DOMAIN_KEYS as readonly string[]).includes(key)) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: key };
    } else if (!(PRODUCT_KEYS as readonly string[]).includes(key)) {
      return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: key };
    }
  }
  if (item.kind === 'domain') return null;
  if (config.domain !== undefined) {
    if (typeof config.domain !== 'string' || productDomainError(config.domain, ctx.ssl?.wildcard === true)) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'domain' };
  }
  if (config.options !== undefined) {
    // A renewal or plan change keeps the service's own options (issue #32 §1): they are its price.
    if (item.config.renewsService !== undefined || item.config.planChange !== undefined) return { code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED, field: 'options' };
    if (item.kind !== 'hosting' || !ctx.options.length) return { code: ErrorCode.CART_OPTION_ERROR, field: 'options' };
    for (const [name, value] of Object.entries(config.options)) {
      if (!ctx.options.some((o) => o.name === name && o.value === value)) return { code: ErrorCode.CART_OPTION_ERROR, field: name };
    }
  }
  if (config.quantity !== undefined) {
    const steps = item.kind === 'ssl' && ctx.ssl ? quantityOptions(ctx.ssl) : [];
    const q = config.quantity;
    const ok = Number.isInteger(q) && (steps.length ? steps.includes(q) : q === 0);
    if (!ok) return { code: ErrorCode.VALIDATION_ERROR, field: 'quantity' };
  }
  // SSL names (issue #20 §2): SANs are real host names within the paid count, none the main name
  // again; approvers are text per name (the service checks them against the supplier's list).
  if (config.sans !== undefined) {
    if (item.kind !== 'ssl' || !ctx.ssl || !Array.isArray(config.sans) || !config.sans.every((n) => typeof n === 'string')) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'sans' };
    const { max } = sanAllowance(ctx.ssl, config.quantity ?? item.config.quantity ?? 0);
    const checked = checkSans({ commonName: config.domain ?? item.config.domain ?? null, sans: config.sans, max, wildcard: ctx.ssl.wildcard === true });
    const first = Object.keys(checked.errors)[0];
    if (first !== undefined || checked.sans.length !== config.sans.length) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: `san_${Number(first ?? 0) + 1}` };
  }
  if (config.approvers !== undefined) {
    const a = config.approvers;
    if (item.kind !== 'ssl' || typeof a !== 'object' || a === null || Array.isArray(a) || !Object.values(a).every((v) => typeof v === 'string' && v.length <= 254)) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, field: 'approvers' };
  }
  return null;
}

/**
 * Whether a name the customer holds, in `status`, may be bought with `action` (issue #10 §2). A name in
 * redemption comes back only through a restore, which carries the registry's RGP fee: a plain renewal
 * (or a holder change) of it would restore it at the renewal price. A restore of a name not in
 * redemption is refused too (it would charge a fee for nothing).
 */
export function heldNameAllows(action: 'renew' | 'trade' | 'rgp_restore', status: string): boolean {
  if (action === 'rgp_restore') return status === 'redemption';
  return status !== 'redemption' && status !== 'cancelled';
}
