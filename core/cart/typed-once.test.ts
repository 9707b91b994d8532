import { describe, expect, it } from 'vitest';
import { domainConfigStatus, emptyRolesFilled, initialDomainConfig } from './domain-config';
import type { CartItem } from './types';

const ready = { gr_ready: 1, eurid_ready: 1, icm_ready: 1, generic_ready: 1 } as const;
const rules = { requiredRoles: ['registrant', 'admin', 'tech', 'billing'], nameserversMin: 2, nameserversMax: 8 };
const item = (over: Partial<CartItem> = {}): CartItem =>
  ({ id: 'a', kind: 'domain', sku: 'gr', action: 'register', name: 'x.gr', asciiName: 'x.gr', registry: 'gr', lengthMonths: 12, parentId: null, relation: null, premiumYearCents: null, rgp: false, expired: false, config: {}, addedAt: 0, ...over }) as CartItem;

describe('a new name’s nameservers (issue #25 §4)', () => {
  it('a registration starts on the registrar’s own nameservers, which count as set', () => {
    expect(initialDomainConfig('register')).toEqual({ nameservers: { mode: 'default' } });
    expect(domainConfigStatus(item({ config: initialDomainConfig('register') }), rules).nameservers).toBe('complete');
  });
  it('nothing is chosen for the customer where the cart has no nameservers to choose, or the name has its own', () => {
    for (const action of ['transfer', 'transfer_renew', 'renew', 'trade', 'rgp_restore'] as const) expect(initialDomainConfig(action)).toEqual({});
  });
});

describe('a contact saved in the cart takes the empty roles (issue #25 §4)', () => {
  const contact = { id: 7, ready };
  it('fills every empty role the registry has, and never a chosen one', () => {
    expect(emptyRolesFilled(item(), rules.requiredRoles, contact)).toEqual({ registrant: 7, admin: 7, tech: 7, billing: 7 });
    expect(emptyRolesFilled(item({ config: { contacts: { registrant: 3, tech: 4 } } }), rules.requiredRoles, contact)).toEqual({ registrant: 3, admin: 7, tech: 4, billing: 7 });
  });
  it('only the roles the registry has (EURid: holder and technical)', () => {
    expect(emptyRolesFilled(item({ registry: 'eurid', sku: 'eu' }), ['registrant', 'tech'], contact)).toEqual({ registrant: 7, tech: 7 });
  });
  it('nothing when every role is chosen, the contact cannot serve the registry, the line has no contacts, or only given contacts may be used', () => {
    expect(emptyRolesFilled(item({ config: { contacts: { registrant: 1, admin: 1, tech: 1, billing: 1 } } }), rules.requiredRoles, contact)).toBeNull();
    expect(emptyRolesFilled(item({ registry: 'generic', sku: 'com' }), rules.requiredRoles, { id: 7, ready: { ...ready, generic_ready: 0 } })).toBeNull();
    expect(emptyRolesFilled(item(), rules.requiredRoles, { ...contact, incomplete: true })).toBeNull();
    expect(emptyRolesFilled(item({ action: 'renew' }), rules.requiredRoles, contact)).toBeNull();
    expect(emptyRolesFilled(item({ kind: 'hosting', registry: null }), rules.requiredRoles, contact)).toBeNull();
    expect(emptyRolesFilled(item({ config: { explicitContacts: [3] } }), rules.requiredRoles, contact)).toBeNull();
  });
});
