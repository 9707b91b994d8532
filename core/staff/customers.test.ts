import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { customerDisplayName, likeContains, parseCustomerFilters, parseStatusTrigger, registeredRange, statusChangeRefusal } from './customers';

describe('customer list filters', () => {
  it('keeps well-formed filters and drops the rest', () => {
    expect(parseCustomerFilters(new URLSearchParams('status=suspended&from=2026-01-02&to=2026-02-03&ordered=no'))).toEqual({ status: 'suspended', from: '2026-01-02', to: '2026-02-03', ordered: 'no' });
    expect(parseCustomerFilters(new URLSearchParams('status=deleted&from=yesterday&ordered=maybe'))).toEqual({ status: undefined, from: undefined, to: undefined, ordered: undefined });
    expect(parseCustomerFilters(new URLSearchParams(''))).toEqual({ status: undefined, from: undefined, to: undefined, ordered: undefined });
  });

  it('reads registration days in Greek time, the last day included', () => {
    // Winter: Athens is UTC+2, so 5 January starts at 22:00 UTC on the 4th.
    expect(registeredRange({ from: '2026-01-05', to: '2026-01-05' })).toEqual({ fromMs: Date.parse('2026-01-04T22:00:00Z'), toMs: Date.parse('2026-01-05T22:00:00Z') });
    // Summer: UTC+3.
    expect(registeredRange({ from: '2026-07-01' }).fromMs).toBe(Date.parse('2026-06-30T21:00:00Z'));
    expect(registeredRange({})).toEqual({ fromMs: null, toMs: null });
  });

  it('searches for the typed text literally', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('enable and disable', () => {
  it("takes 'active' as the activation trigger and 'suspended' as the other", () => {
    expect(parseStatusTrigger('active')).toBe('active');
    expect(parseStatusTrigger('suspended')).toBe('suspended');
    expect(parseStatusTrigger('inactive')).toBeNull();
    expect(parseStatusTrigger(undefined)).toBeNull();
  });

  it('refuses (151) oneself and every member of staff, allows customers', () => {
    expect(statusChangeRefusal(7, { id: 7, userGroup: 'admin' })).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect(statusChangeRefusal(7, { id: 8, userGroup: 'admin' })).toBe(151);
    expect(statusChangeRefusal(7, { id: 8, userGroup: 'support' })).toBe(151);
    expect(statusChangeRefusal(7, { id: 8, userGroup: 'user' })).toBeNull();
  });

  it('names the user by name, else by e-mail', () => {
    expect(customerDisplayName({ firstName: 'Μαρία', lastName: 'Παπά', email: 'm@example.gr' })).toBe('Μαρία Παπά');
    expect(customerDisplayName({ firstName: '', lastName: ' ', email: 'm@example.gr' })).toBe('m@example.gr');
  });
});
