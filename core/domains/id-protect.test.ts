import { describe, expect, it } from 'vitest';
import { ID_PROTECT_REMINDER_DAYS, idProtectDue, idProtectUntilAfterRenewal } from './id-protect';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2031, 0, 10, 6));
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('idProtectDue', () => {
  it('turns it off once the paid date has come, not a moment before', () => {
    expect(idProtectDue({ idProtect: true, idProtectUntil: now, idProtectRemindedFor: now }, now)).toBe('expire');
    expect(idProtectDue({ idProtect: true, idProtectUntil: at(-30), idProtectRemindedFor: null }, now)).toBe('expire');
    expect(idProtectDue({ idProtect: true, idProtectUntil: new Date(now.getTime() + 1), idProtectRemindedFor: new Date(now.getTime() + 1) }, now)).toBeNull();
  });

  it('reminds once per paid-until date inside the window', () => {
    expect(idProtectDue({ idProtect: true, idProtectUntil: at(ID_PROTECT_REMINDER_DAYS), idProtectRemindedFor: null }, now)).toBe('remind');
    expect(idProtectDue({ idProtect: true, idProtectUntil: new Date(at(ID_PROTECT_REMINDER_DAYS).getTime() + 1), idProtectRemindedFor: null }, now)).toBeNull();
    expect(idProtectDue({ idProtect: true, idProtectUntil: at(3), idProtectRemindedFor: at(3) }, now)).toBeNull();
    // Reminded for an earlier date (then renewed): the new date gets its own reminder.
    expect(idProtectDue({ idProtect: true, idProtectUntil: at(3), idProtectRemindedFor: at(-362) }, now)).toBe('remind');
  });

  it('nothing for a name without protection or never bought', () => {
    expect(idProtectDue({ idProtect: false, idProtectUntil: at(-1), idProtectRemindedFor: null }, now)).toBeNull();
    expect(idProtectDue({ idProtect: true, idProtectUntil: null, idProtectRemindedFor: null }, now)).toBeNull();
  });
});

describe('idProtectUntilAfterRenewal', () => {
  it('pays up to the new expiry, never shortening what is paid', () => {
    expect(idProtectUntilAfterRenewal(at(10), at(375))).toEqual(at(375));
    expect(idProtectUntilAfterRenewal(null, at(375))).toEqual(at(375));
    expect(idProtectUntilAfterRenewal(at(800), at(375))).toEqual(at(800));
  });
});
