import { describe, expect, it } from 'vitest';
import { activationRefusal, deleteAtFrom, FREE_HOSTING_QUOTA, freeHostingState, statusType, userInteracts, usesOurNameservers } from './free-hosting';

const OURS = ['ns1.registrar-dns.gr', 'ns2.registrar-dns.gr'];

describe('usesOurNameservers', () => {
  it('holds when every nameserver is ours, in any case and with a final dot', () => {
    expect(usesOurNameservers({ nsMode: 'custom', nameservers: ['NS1.registrar-dns.gr.', 'ns2.registrar-dns.gr'] }, OURS)).toBe(true);
    expect(usesOurNameservers({ nsMode: 'default', nameservers: ['ns2.registrar-dns.gr'] }, OURS)).toBe(true);
  });
  it('fails when any one is elsewhere', () => {
    expect(usesOurNameservers({ nsMode: 'custom', nameservers: ['ns1.registrar-dns.gr', 'ns2.example.net'] }, OURS)).toBe(false);
    expect(usesOurNameservers({ nsMode: 'default', nameservers: ['ns1.example.net'] }, OURS)).toBe(false);
  });
  it('reads the mode when the delegation was never learnt', () => {
    expect(usesOurNameservers({ nsMode: 'default', nameservers: [] }, OURS)).toBe(true);
    expect(usesOurNameservers({ nsMode: 'custom', nameservers: [] }, OURS)).toBe(false);
  });
});

describe('activationRefusal', () => {
  it('names the nameservers first, then the quota', () => {
    expect(activationRefusal({ ourNameservers: false, enabledCount: FREE_HOSTING_QUOTA })).toBe('nameservers');
    expect(activationRefusal({ ourNameservers: true, enabledCount: FREE_HOSTING_QUOTA })).toBe('quota');
    expect(activationRefusal({ ourNameservers: true, enabledCount: FREE_HOSTING_QUOTA - 1 })).toBeNull();
    expect(activationRefusal({ ourNameservers: true, enabledCount: 0 }, 0)).toBe('quota');
  });
});

describe('state and label', () => {
  it.each([
    [null, 'none', 'secondary', true],
    [{ status: 'terminated' }, 'none', 'secondary', true],
    [{ status: 'provisioning' }, 'provisioning', 'info', false],
    [{ status: 'active' }, 'active', 'success', true],
    [{ status: 'suspended' }, 'disabled', 'warning', true],
  ] as const)('%j → %s', (row, state, type, interacts) => {
    expect(freeHostingState(row)).toBe(state);
    expect(statusType(state)).toBe(type);
    expect(userInteracts(state)).toBe(interacts);
  });

  it('deletes 30 days after it was disabled', () => {
    expect(deleteAtFrom(new Date(Date.UTC(2030, 0, 1))).toISOString()).toBe('2030-01-31T00:00:00.000Z');
  });
});
