import { describe, expect, it } from 'vitest';
import { contactChoiceRefusal, contactPicker } from './domain-config';

const ready = { gr_ready: 1, eurid_ready: 1, icm_ready: 1, generic_ready: 1 } as const;
const contacts = [
  { id: 1, ready },
  { id: 2, ready: { ...ready, generic_ready: 0 as const } },
  { id: 3, ready: { gr_ready: 0, eurid_ready: 0, icm_ready: 0, generic_ready: 0 } as const, incomplete: true },
];

describe('the cart’s contact picker (spec §5 Contacts)', () => {
  it('lists every contact, the ones not ready for the item’s registry not selectable, and allows a new one', () => {
    const p = contactPicker({ registry: 'generic', config: {} }, contacts);
    expect(p.allowNew).toBe(true);
    expect(p.options.map((o) => [o.contact.id, o.selectable])).toEqual([[1, true], [2, false], [3, false]]);
    expect(contactPicker({ registry: 'gr', config: {} }, contacts).options[1]!.selectable).toBe(true);
  });
  it('explicit_contacts: only those are listed and creating a new contact is hidden', () => {
    const p = contactPicker({ registry: 'gr', config: { explicitContacts: [2] } }, contacts);
    expect(p.allowNew).toBe(false);
    expect(p.options.map((o) => o.contact.id)).toEqual([2]);
  });
  it('refuses a choice the picker did not offer as selectable', () => {
    expect(contactChoiceRefusal({ registry: 'generic', config: {} }, contacts, [1])).toBe(false);
    expect(contactChoiceRefusal({ registry: 'generic', config: {} }, contacts, [2])).toBe(true);
    expect(contactChoiceRefusal({ registry: 'gr', config: {} }, contacts, [3])).toBe(true);
    expect(contactChoiceRefusal({ registry: 'gr', config: { explicitContacts: [2] } }, contacts, [1])).toBe(true);
    expect(contactChoiceRefusal({ registry: 'gr', config: {} }, contacts, [99])).toBe(true);
  });
});
