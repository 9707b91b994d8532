// An SSL certificate's names in the cart (issue #20 §2): the extra domains (SANs) the customer paid
// for and the approver e-mail of every name, chosen from the supplier's list on the cart's configure
// page. core/cart/ssl-names.ts holds the rules; this part of the cart service asks the supplier for the
// approver lists and stores the choice on the cart item, from where checkout copies it onto the order
// item and fulfilment (ssl-enrolment.ts) sends it at enrolment.
import type { SslSettings } from '../../../core/cart/ssl';
import { certificateNames, checkSans, sanAllowance, sslConfigStatus, sslName, type SanProblem } from '../../../core/cart/ssl-names';
import type { CartItem } from '../../../core/cart/types';
import { ErrorCode } from '../../../core/errors';
import { SslError } from '../../adapters/ssl/port';
import type { ServiceDeps } from '../deps';
import type { CartOwner, CartResult } from './cart-types';
import type { UpdatePatch } from '../../../core/cart/updates';
import { createCatalogService } from '../catalog';

type Lang = 'el' | 'en';

/** What the names page shows: the paid count, the names so far, and each name's approver list. */
export type SslNamesView = {
  item: { id: string; name: string; lengthMonths: number };
  commonName: string | null;
  wildcard: boolean;
  /** SAN fields the form offers (`max`), how many must be filled (`required`), how many are extras. */
  allowance: ReturnType<typeof sanAllowance>;
  sans: string[];
  approvers: Record<string, string>;
  /** The main name, then each saved SAN, with the supplier's approver addresses (null: it failed). */
  names: { name: string; options: string[] | null }[];
  /** The supplier's error code when an approver list could not be read. */
  supplierCode: number | null;
  status: ReturnType<typeof sslConfigStatus>;
};

/** A refusal names every field it concerns: `san_<n>` (1-based) or `approver.<name>`. */
export type SslNamesProblem = SanProblem | 'approver' | 'supplier';
export type SslNamesResult = { ok: true } | { ok: false; code: number; errors: Record<string, SslNamesProblem> };

type CartParts = {
  items(owner: CartOwner): Promise<CartItem[]>;
  update(owner: CartOwner, id: string, patch: UpdatePatch, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>>;
};

export function createCartSsl(deps: ServiceDeps, cart: CartParts) {
  const { adapters } = deps;
  const catalog = createCatalogService(deps);

  /** The supplier's approver list for a name; null with the supplier's code when it failed us. */
  async function approverList(name: string): Promise<{ options: string[] | null; code: number | null }> {
    try {
      return { options: await adapters.ssl.approverEmails(name), code: null };
    } catch (e) {
      if (e instanceof SslError) return { options: null, code: e.code };
      throw e;
    }
  }

  async function view(owner: CartOwner, id: string, lang: Lang): Promise<SslNamesView | null> {
    const items = await cart.items(owner);
    const item = items.find((i) => i.id === id);
    if (!item || item.kind !== 'ssl') return null;
    const product = (await catalog.productsByFamily(['ssl'], lang, { withOptions: false })).find((p) => p.sku === item.sku);
    const settings = (product?.settings ?? {}) as SslSettings;
    // A bundled certificate goes on its plan's domain (as the cart view shows it).
    const parent = item.parentId ? items.find((i) => i.id === item.parentId) : undefined;
    const domain = item.config.domain ?? (item.relation === 'bundle' ? parent?.config.domain : undefined);
    const config = { ...item.config, ...(domain ? { domain } : {}) };
    const allowance = sanAllowance(settings, item.config.quantity ?? 0);
    const wildcard = settings.wildcard === true;
    const lists = await Promise.all(certificateNames(config).map(async (name) => ({ name, ...(await approverList(name)) })));
    return {
      item: { id: item.id, name: product?.name ?? item.sku, lengthMonths: item.lengthMonths },
      commonName: domain ? sslName(domain) : null,
      wildcard,
      allowance,
      sans: item.config.sans ?? [],
      approvers: item.config.approvers ?? {},
      names: lists.map((l) => ({ name: l.name, options: l.options })),
      supplierCode: lists.find((l) => l.code !== null)?.code ?? null,
      status: sslConfigStatus(config, allowance, wildcard),
    };
  }

  return {
    sslNames: view,

    /**
     * Saves the SANs typed (field order kept, blanks are slots not named yet) and the approvers chosen.
     * An approver is kept only for a name the certificate still carries, and must be one of the
     * supplier's addresses for that name; a name new in this submit gets its select on the page that
     * follows (no JavaScript needed: the page is a plain form).
     */
    async setSslNames(owner: CartOwner, id: string, input: { sans: string[]; approvers: Record<string, string> }, uniqueId: string | null): Promise<SslNamesResult> {
      const current = await view(owner, id, 'el');
      if (!current) return { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND, errors: {} };
      if (!current.commonName) return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, errors: { domain: 'invalid' } };
      const checked = checkSans({ commonName: current.commonName, sans: input.sans, max: current.allowance.max, wildcard: current.wildcard });
      if (!checked.ok) {
        return { ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR, errors: Object.fromEntries(Object.entries(checked.errors).map(([i, p]) => [`san_${Number(i) + 1}`, p])) };
      }
      const names = [current.commonName, ...checked.sans];
      const given = new Map(Object.entries(input.approvers).map(([k, v]) => [sslName(k), v.trim()]));
      const approvers: Record<string, string> = {};
      const errors: Record<string, SslNamesProblem> = {};
      let code: number = ErrorCode.CART_ATTRIBUTE_ERROR;
      for (const name of names) {
        const chosen = given.get(name) || current.approvers[name];
        if (!chosen) continue;
        const known = current.names.find((n) => n.name === name)?.options;
        const list = known ? { options: known, code: null } : await approverList(name);
        if (!list.options) {
          errors[`approver.${name}`] = 'supplier';
          code = list.code ?? ErrorCode.FETCHING_APPROVER_LIST_FAILED;
        } else if (!list.options.includes(chosen)) errors[`approver.${name}`] = 'approver';
        else approvers[name] = chosen;
      }
      if (Object.keys(errors).length) return { ok: false, code, errors };
      const r = await cart.update(owner, id, { config: { sans: checked.sans, approvers } }, uniqueId);
      return r.ok ? { ok: true } : { ok: false, code: r.code, errors: r.field ? { [r.field]: 'invalid' } : {} };
    },
  };
}
