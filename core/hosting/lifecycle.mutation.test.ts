// The boundaries of the hosting lifecycle that mutation testing found untested (issue #32 §6, decision
// 094): the instants the back office shows for the cron's next steps, and which suspension a payment
// lifts. Kept apart from lifecycle.test.ts so that changes to the renewal rules merge cleanly.
import { describe, expect, it } from 'vitest';
import { dueSteps, SUSPEND_AFTER_DAYS, suspendAt, TERMINATE_AFTER_DAYS, terminateAt, UNPAID_REASON, unsuspendOnPayment, type LifecycleService } from './lifecycle';

const DAY = 24 * 60 * 60_000;
const EXP = Date.parse('2027-03-12T10:00:00Z');

describe('the cron’s next steps as the back office shows them', () => {
  it('suspends 7 days and deletes 30 days after the end: the same instants the cron acts at', () => {
    expect(SUSPEND_AFTER_DAYS).toBe(7);
    expect(TERMINATE_AFTER_DAYS).toBe(30);
    expect(suspendAt(EXP)).toBe(EXP + 7 * DAY);
    expect(terminateAt(EXP)).toBe(EXP + 30 * DAY);
    const s: LifecycleService = { status: 'active', kind: 'shared', expiresAt: EXP, cancelAtPeriodEnd: false, suspendReason: null };
    expect(dueSteps(s, suspendAt(EXP) - 1, false)).toEqual(['issue_renewal']);
    expect(dueSteps(s, suspendAt(EXP), false)).toEqual(['issue_renewal', 'suspend']);
    expect(dueSteps(s, terminateAt(EXP) - 1, false)).toEqual(['issue_renewal', 'suspend']);
    expect(dueSteps(s, terminateAt(EXP), false)).toEqual(['terminate']);
  });
});

describe('unsuspendOnPayment', () => {
  it('lifts only a suspension the cron made for non-payment, not a reason left on a running service', () => {
    expect(unsuspendOnPayment({ status: 'suspended', suspendReason: UNPAID_REASON })).toBe(true);
    expect(unsuspendOnPayment({ status: 'suspended', suspendReason: 'abuse' })).toBe(false);
    // A service already running again (staff lifted it) keeps its old reason in the row: nothing to lift.
    expect(unsuspendOnPayment({ status: 'active', suspendReason: UNPAID_REASON })).toBe(false);
    expect(unsuspendOnPayment({ status: 'terminated', suspendReason: UNPAID_REASON })).toBe(false);
  });
});
