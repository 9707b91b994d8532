// A contact saved in the cart takes the roles that were still empty on the cart's domain lines (issue
// #25 §4: details typed once), among the roles each registry has and only where the picker would let
// the customer choose it; a role already chosen is never changed (core/cart/domain-config.ts). Part of
// the cart service (cart.ts spreads it in); it reads and updates items through the service's calls.
import type { RegistryFamily } from '../../../core/catalog';
import { emptyRolesFilled } from '../../../core/cart/domain-config';
import type { CartItem } from '../../../core/cart/types';
import type { UpdatePatch } from '../../../core/cart/updates';
import type { ServiceDeps } from '../deps';
import type { createContactService } from '../contacts';
import type { CartOwner, CartResult } from './cart-types';

type CartCore = {
  items(owner: CartOwner): Promise<CartItem[]>;
  update(owner: CartOwner, id: string, patch: UpdatePatch, uniqueId: string | null): Promise<CartResult<{ item: CartItem }>>;
};

export function createCartContactRoles(deps: ServiceDeps, service: CartCore, contacts: ReturnType<typeof createContactService>) {
  return {
    /** The ids of the lines the contact was given roles on (none for a guest or a contact not theirs). */
    async giveEmptyRoles(owner: CartOwner, contactId: number, uniqueId: string | null): Promise<string[]> {
      if (owner.userId === null) return [];
      const lines = (await service.items(owner)).filter((i): i is CartItem & { registry: RegistryFamily } => i.kind === 'domain' && i.registry !== null);
      if (!lines.length) return [];
      const contact = (await contacts.contacts(owner.userId)).find((c) => c.id === contactId);
      if (!contact) return [];
      const roles = new Map<RegistryFamily, string[] | null>();
      await Promise.all(
        [...new Set(lines.map((l) => l.registry))].map(async (f) => {
          // A registry in maintenance cannot say which roles it has: its lines are left for the customer.
          roles.set(f, await deps.adapters.registries[f].settings().then((s) => s.contactRoles, () => null));
        }),
      );
      const given: string[] = [];
      for (const line of lines) {
        const registryRoles = roles.get(line.registry);
        const next = registryRoles ? emptyRolesFilled(line, registryRoles, contact) : null;
        if (!next) continue;
        const r = await service.update(owner, line.id, { config: { contacts: next } }, uniqueId);
        if (r.ok) given.push(line.id);
      }
      return given;
    },
  };
}
