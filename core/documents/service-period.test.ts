import { describe, expect, it } from 'vitest';
import { servicePeriod } from './service-period';

const day = (s: string) => new Date(`${s}T10:00:00Z`);

describe("a document line's service period (issue #25 §6)", () => {
  it('a new service runs from the day it was paid for its length', () => {
    expect(servicePeriod({ startsAt: day('2026-11-24'), lengthMonths: 12 })).toEqual({ from: day('2026-11-24'), to: day('2027-11-24') });
    expect(servicePeriod({ startsAt: day('2026-01-31'), lengthMonths: 1 })).toEqual({ from: day('2026-01-31'), to: day('2026-02-28') });
  });

  it('a renewal ends at the new expiry the registry gave, and starts its length before', () => {
    expect(servicePeriod({ startsAt: day('2026-11-24'), lengthMonths: 24, expiresAt: '2029-03-01T00:00:00.000Z' })).toEqual({ from: new Date('2027-03-01T00:00:00.000Z'), to: new Date('2029-03-01T00:00:00.000Z') });
  });

  it('no period for a line without a length (a one-off fee) or an unreadable expiry', () => {
    expect(servicePeriod({ startsAt: day('2026-11-24'), lengthMonths: 0 })).toBeNull();
    expect(servicePeriod({ startsAt: day('2026-11-24'), lengthMonths: 12, expiresAt: 'soon' })).toEqual({ from: day('2026-11-24'), to: day('2027-11-24') });
  });
});
