import { describe, expect, it } from 'vitest';
import { daysLeft, dueReminderStep } from './reminders';

const now = new Date('2026-11-24T07:00:00Z'); // 09:00 in Athens
const inDays = (d: number, hourUtc = 10) => new Date(Date.UTC(2026, 10, 24 + d, hourUtc));

describe('expiry reminder steps', () => {
  it('counts calendar days in Athens', () => {
    expect(daysLeft(inDays(7), now)).toBe(7);
    // 23:30 UTC on the 30th is already the 31st in Athens.
    expect(daysLeft(new Date('2026-11-30T23:30:00Z'), now)).toBe(7);
    expect(daysLeft(inDays(0, 21), now)).toBe(0);
  });

  it('is due at 30, 7 and 1 days and not between them', () => {
    expect(dueReminderStep({ expiresAt: inDays(31), now, status: 'active', sent: [] })).toBeNull();
    expect(dueReminderStep({ expiresAt: inDays(30), now, status: 'active', sent: [] })).toBe(30);
    expect(dueReminderStep({ expiresAt: inDays(20), now, status: 'active', sent: [30] })).toBeNull();
    expect(dueReminderStep({ expiresAt: inDays(7), now, status: 'active', sent: [30] })).toBe(7);
    expect(dueReminderStep({ expiresAt: inDays(1), now, status: 'active', sent: [30, 7] })).toBe(1);
    expect(dueReminderStep({ expiresAt: inDays(1), now, status: 'active', sent: [30, 7, 1] })).toBeNull();
  });

  it('has a step on the day of expiry, after the 1-day one (issue #24 §1)', () => {
    expect(dueReminderStep({ expiresAt: inDays(0, 20), now, status: 'active', sent: [30, 7, 1] })).toBe(0);
    expect(dueReminderStep({ expiresAt: inDays(0, 20), now, status: 'active', sent: [30, 7, 1, 0] })).toBeNull();
    expect(dueReminderStep({ expiresAt: inDays(1), now, status: 'active', sent: [30, 7] })).toBe(1);
  });

  it('catches up with only the latest due step', () => {
    expect(dueReminderStep({ expiresAt: inDays(5), now, status: 'active', sent: [] })).toBe(7);
    expect(dueReminderStep({ expiresAt: inDays(0, 20), now, status: 'active', sent: [] })).toBe(0);
    // A fresher reminder already went: the older step is not sent late.
    expect(dueReminderStep({ expiresAt: inDays(20), now, status: 'active', sent: [7] })).toBeNull();
  });

  it('sends nothing for names no longer held, not yet held, or already expired', () => {
    for (const status of ['cancelled', 'redemption', 'pending', 'transfer_pending', 'expired']) {
      expect(dueReminderStep({ expiresAt: inDays(7), now, status, sent: [] })).toBeNull();
    }
    expect(dueReminderStep({ expiresAt: new Date(now.getTime() - 1000), now, status: 'active', sent: [] })).toBeNull();
  });
});
