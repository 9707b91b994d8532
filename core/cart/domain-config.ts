// Domain configuration in the cart (spec §4 "Domain item configuration status", §5 Cart/Contacts;
// issue #5 §1): which sections an item shows for its action, and whether each is complete.
import { CONTACT_ROLES } from '../contacts/roles';
import { nameServerCountError, nameServerError } from '../validation/nameserver-rules';
import type { CartDomainAction, CartItem, DomainConfig } from './types';

export type RegistryRules = { requiredRoles: string[]; nameserversMin: number; nameserversMax: number };

export type ConfigStatus = {
  sections: { contacts: boolean; nameservers: boolean; agree: boolean; xxx: boolean };
  contacts: 'complete' | 'missing';
  missingRoles: string[];
  nameservers: 'complete' | 'missing' | 'invalid';
  agree: boolean;
  xxx: 'complete' | 'missing' | 'n/a';
  ready: boolean;
};

/**
 * Spec §4: contacts go for renew and trade; nameservers for transfer, renew, transfer_renew and trade.
 * The spec keeps contacts for .eu transfers and calls other transfers ambiguous: we keep them for every
 * transfer, since the gaining registrar sets the contacts (decision 017).
 */
export function configSections(item: Pick<CartItem, 'action' | 'sku'>): ConfigStatus['sections'] {
  const action = item.action ?? 'register';
  return {
    contacts: action !== 'renew' && action !== 'trade',
    nameservers: action === 'register' || action === 'rgp_restore',
    agree: action === 'register' || action === 'transfer' || action === 'transfer_renew' || action === 'trade' || action === 'rgp_restore',
    xxx: item.sku === 'xxx' && (action === 'register' || action === 'transfer'),
  };
}

export function domainConfigStatus(item: CartItem, rules: RegistryRules): ConfigStatus {
  const sections = configSections(item);
  const saved = item.config.contacts ?? {};
  // A trade has no contacts section, but it is the change of holder: it needs the new registrant.
  const missingRoles = sections.contacts ? rules.requiredRoles.filter((r) => !saved[r as keyof typeof saved]) : item.action === 'trade' && !saved.registrant ? ['registrant'] : [];
  let nameservers: ConfigStatus['nameservers'] = 'complete';
  if (sections.nameservers) {
    const ns = item.config.nameservers;
    if (!ns) nameservers = 'missing';
    else if (ns.mode === 'custom') {
      const bad = ns.list.some((n) => nameServerError(n, { scope: 'name_server', idn: true }) !== null);
      const count = nameServerCountError(ns.list, { min: rules.nameserversMin, max: rules.nameserversMax });
      nameservers = bad || count ? 'invalid' : 'complete';
    }
  }
  const xxx = !sections.xxx ? 'n/a' : item.config.xxx && (!item.config.xxx.resolve || (item.config.xxx.token ?? '').trim() !== '') ? 'complete' : 'missing';
  const agree = !sections.agree || item.config.agree === true;
  return {
    sections,
    contacts: missingRoles.length ? 'missing' : 'complete',
    missingRoles,
    nameservers,
    agree,
    xxx,
    ready: missingRoles.length === 0 && nameservers === 'complete' && agree && xxx !== 'missing',
  };
}

export type PickerContact = { id: number; ready: Record<string, 0 | 1>; incomplete?: boolean };

/**
 * The cart's contact picker for one item (spec §5 Contacts): every contact of the customer, or only
 * the item's explicit_contacts, in which case creating a new contact is hidden. Each says whether it
 * can be chosen for the item's registry ({registry}_ready; an incomplete one must be completed first).
 */
export function contactPicker<C extends PickerContact>(item: Pick<CartItem, 'registry' | 'config'>, contacts: readonly C[]) {
  const explicit = item.config.explicitContacts;
  const listed = explicit ? contacts.filter((c) => explicit.includes(c.id)) : [...contacts];
  const key = `${item.registry}_ready`;
  return {
    allowNew: !explicit,
    options: listed.map((c) => ({ contact: c, selectable: c.ready[key] === 1 && c.incomplete !== true })),
  };
}

/** A configure request may name only contacts the picker offered as selectable (spec §5 Contacts). */
export function contactChoiceRefusal<C extends PickerContact>(item: Pick<CartItem, 'registry' | 'config'>, contacts: readonly C[], chosen: readonly number[]): boolean {
  const { options } = contactPicker(item, contacts);
  return chosen.some((id) => !options.some((o) => o.contact.id === id && o.selectable));
}

/**
 * What a domain line starts with when it is added (issue #25 §4): a new name is delegated to the
 * registrar's own nameservers unless the customer chooses otherwise, instead of an empty custom list
 * to fill in. Other actions choose nothing for the customer (a transfer and a restore keep the name's).
 */
export function initialDomainConfig(action: CartDomainAction): DomainConfig {
  return action === 'register' ? { nameservers: { mode: 'default' } } : {};
}

/**
 * A contact the customer has just saved in the cart takes the roles of this line that were still
 * empty (issue #25 §4), among the roles the registry has, when the picker would let the customer
 * choose it; a role already chosen is never changed. null: nothing to change.
 */
export function emptyRolesFilled<C extends PickerContact>(item: Pick<CartItem, 'kind' | 'action' | 'sku' | 'registry' | 'config'>, registryRoles: readonly string[], contact: C): DomainConfig['contacts'] | null {
  if (item.kind !== 'domain' || !configSections(item).contacts) return null;
  const offered = contactPicker(item, [contact]).options[0];
  if (!offered?.selectable) return null;
  const saved = item.config.contacts ?? {};
  const empty = CONTACT_ROLES.filter((r) => registryRoles.includes(r) && !saved[r]);
  if (!empty.length) return null;
  return { ...saved, ...Object.fromEntries(empty.map((r) => [r, contact.id])) };
}
