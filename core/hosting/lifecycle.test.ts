import { describe, expect, it } from 'vitest';
import { dueSteps, isRenewalKey, renewalIssueFrom, renewalKey, renewalPriceCents, unsuspendOnPayment, type LifecycleService } from './lifecycle';

const DAY = 24 * 60 * 60_000;
const END = Date.UTC(2027, 0, 31, 12);
const active: LifecycleService = { status: 'active', kind: 'shared', expiresAt: END, cancelAtPeriodEnd: false, suspendReason: null };

describe('dueSteps', () => {
  it('issues nothing before the notice window and the renewal from 14 days before the end', () => {
    expect(dueSteps(active, END - 14 * DAY - 1, false)).toEqual([]);
    expect(dueSteps(active, END - 14 * DAY, false)).toEqual(['issue_renewal']);
    expect(renewalIssueFrom(END)).toBe(END - 14 * DAY);
  });
  it('suspends an unpaid active service 7 days after the end, not before', () => {
    expect(dueSteps(active, END + 7 * DAY - 1, false)).toEqual(['issue_renewal']);
    expect(dueSteps(active, END + 7 * DAY, false)).toEqual(['issue_renewal', 'suspend']);
    expect(dueSteps({ ...active, status: 'suspended', suspendReason: 'unpaid' }, END + 8 * DAY, false)).toEqual(['issue_renewal']);
  });
  it('terminates an unpaid service 30 days after the end, alone', () => {
    expect(dueSteps({ ...active, status: 'suspended' }, END + 30 * DAY - 1, false)).toEqual(['issue_renewal']);
    expect(dueSteps({ ...active, status: 'suspended' }, END + 30 * DAY, false)).toEqual(['terminate']);
    expect(dueSteps(active, END + 31 * DAY, false)).toEqual(['terminate']);
  });
  it('does nothing to a service whose renewal is paid (its fulfilment may be on its way)', () => {
    expect(dueSteps(active, END + 40 * DAY, true)).toEqual([]);
    expect(dueSteps(active, END - DAY, true)).toEqual([]);
  });
  it('terminates a service cancelled at its period end at the end, with no renewal document', () => {
    const c = { ...active, cancelAtPeriodEnd: true };
    expect(dueSteps(c, END - 5 * DAY, false)).toEqual([]);
    expect(dueSteps(c, END, false)).toEqual(['terminate']);
    expect(dueSteps(c, END, true)).toEqual(['terminate']);
  });
  it('leaves terminated, provisioning and free hosting alone', () => {
    expect(dueSteps({ ...active, status: 'terminated' }, END + 60 * DAY, false)).toEqual([]);
    expect(dueSteps({ ...active, status: 'provisioning' }, END + 60 * DAY, false)).toEqual([]);
    expect(dueSteps({ ...active, kind: 'free' }, END + 60 * DAY, false)).toEqual([]);
  });
});

describe('unsuspendOnPayment', () => {
  it('lifts the cron suspension only', () => {
    expect(unsuspendOnPayment({ status: 'suspended', suspendReason: 'unpaid' })).toBe(true);
    expect(unsuspendOnPayment({ status: 'suspended', suspendReason: 'abuse report' })).toBe(false);
    expect(unsuspendOnPayment({ status: 'active', suspendReason: null })).toBe(false);
  });
});

describe('renewalPriceCents', () => {
  it('is the length price plus the options for each month', () => {
    expect(renewalPriceCents({ lengthPriceCents: 6000, monthlyFeeCents: 600, optionsMonthlyCents: 250, months: 12 })).toBe(9000);
  });
  it('falls back to the monthly fee when the length is no longer sold', () => {
    expect(renewalPriceCents({ lengthPriceCents: null, monthlyFeeCents: 600, optionsMonthlyCents: 0, months: 3 })).toBe(1800);
  });
  it('is never negative', () => {
    expect(renewalPriceCents({ lengthPriceCents: -5, monthlyFeeCents: -1, optionsMonthlyCents: -3, months: 12 })).toBe(0);
  });
});

describe('renewalKey', () => {
  it('names the service and the period', () => {
    expect(renewalKey(7, END)).toBe(`hosting-renewal:7:${END}`);
    expect(renewalKey(7, END)).not.toBe(renewalKey(7, END + 365 * DAY));
    expect(isRenewalKey(renewalKey(7, END))).toBe(true);
    expect(isRenewalKey('checkout-abc')).toBe(false);
  });
});
