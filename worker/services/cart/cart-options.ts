// A server item's options in the cart (VPS, dedicated, semi-dedicated): the configure page's groups
// and choices, and saving them, each checked against what the product offers. Part of the cart
// service (cart.ts spreads it in); it reads and updates items through the service's own calls.
import { chosenOptions, isConfigurableType } from '../../../core/cart/options';
import type { CartItem } from '../../../core/cart/types';
import type { UpdatePatch } from '../../../core/cart/updates';
import { ErrorCode } from '../../../core/errors';
import { serviceLineKind } from '../../../core/hosting/service-lines';
import type { CartOwner, CartResult } from './cart-types';
import { optionChoices } from './cart-view';
import type { createCatalogService } from '../catalog';

type Lang = 'el' | 'en';
type Products = Map<string, Awaited<ReturnType<ReturnType<typeof createCatalogService>['productsByFamily']>>[number]>;

type CartCore = {
  items(owner: CartOwner): Promise<CartItem[]>;
  update(owner: CartOwner, id: string, patch: UpdatePatch, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>>;
};

export function createCartOptions(service: CartCore, catalogue: (lang: Lang) => Promise<{ products: Products }>) {
  const serverOptions = {
    /** The configure page of a server item: its offered options, grouped, and the current choices. */
    async configurable(owner: CartOwner, id: string, lang: Lang) {
      const item = (await service.items(owner)).find((i) => i.id === id);
      // A renewal or plan change has no configure page: it keeps the service's options (issue #32 §1).
      if (!item || item.kind !== 'hosting' || serviceLineKind(item.config) !== null) return null;
      const { products } = await catalogue(lang);
      const product = products.get(item.sku);
      if (!product || !isConfigurableType(product.type)) return null;
      const offered = optionChoices(product);
      const chosen = chosenOptions(offered, item.config.options);
      const names = [...new Set(offered.map((o) => o.name))];
      return {
        item: { id: item.id, name: product.name, lengthMonths: item.lengthMonths },
        groups: names.map((name) => ({ name, category: offered.find((o) => o.name === name)!.category, choices: offered.filter((o) => o.name === name), chosen: chosen[name]!.value })),
      };
    },

    /** Saves a server item's options, each checked against what the product offers (35006 otherwise). */
    async setOptions(owner: CartOwner, id: string, wanted: Record<string, string>, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>> {
      const item = (await service.items(owner)).find((i) => i.id === id);
      if (item && serviceLineKind(item.config) !== null) return { ok: false, code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED };
      const conf = await serverOptions.configurable(owner, id, 'el');
      if (!conf) return { ok: false, code: ErrorCode.CART_ITEM_NOT_FOUND };
      const options: Record<string, string> = {};
      for (const g of conf.groups) {
        const value = wanted[g.name] ?? g.chosen;
        if (!g.choices.some((c) => c.value === value)) return { ok: false, code: ErrorCode.CART_OPTION_ERROR, field: g.name };
        options[g.name] = value;
      }
      return service.update(owner, id, { config: { options } }, uniqueId);
    },
  };
  return serverOptions;
}
