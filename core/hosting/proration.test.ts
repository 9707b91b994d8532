import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodDays, prorate } from './proration';

const DAY = 24 * 60 * 60_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const YEAR_END = Date.parse('2027-01-01T00:00:00Z');

describe('prorate', () => {
  it('charges the difference for the days left of the period', () => {
    // Half of a 365-day year left (183 days rounded up from 182.5), 100 € → 220 €: 120 € × 183/365.
    const p = prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: START + 182.5 * DAY, currentPlanCents: 10_000, newPlanCents: 22_000 });
    expect(p).toEqual({ direction: 'upgrade', chargeCents: Math.round((12_000 * 183) / 365), daysLeft: 183, periodDays: 365 });
  });

  it('charges the whole difference on the first day and nothing once the period is over', () => {
    expect(prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: START, currentPlanCents: 100, newPlanCents: 400 }).chargeCents).toBe(300);
    expect(prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: YEAR_END + DAY, currentPlanCents: 100, newPlanCents: 400 }).chargeCents).toBe(0);
  });

  it('a downgrade costs nothing and takes effect at the period end; the same price is no change', () => {
    expect(prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: START + DAY, currentPlanCents: 400, newPlanCents: 100 })).toEqual({ direction: 'downgrade', chargeCents: 0, effectiveAtMs: YEAR_END });
    expect(prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: START + DAY, currentPlanCents: 400, newPlanCents: 400 })).toEqual({ direction: 'same', chargeCents: 0 });
  });

  it('a period that began before it was paid (a clock in the past) still charges at most the difference', () => {
    const p = prorate({ periodStartMs: START, periodEndMs: YEAR_END, nowMs: START - 30 * DAY, currentPlanCents: 100, newPlanCents: 400 });
    expect(p.chargeCents).toBe(300);
  });

  it('reads days left within the period', () => {
    expect(periodDays({ periodStartMs: START, periodEndMs: START, nowMs: START })).toEqual({ total: 1, left: 0 });
    expect(periodDays({ periodStartMs: START, periodEndMs: START + 30 * DAY, nowMs: START + DAY / 2 })).toEqual({ total: 30, left: 30 });
  });
});

describe('prorate, for any period, moment and prices', () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 });
  const moment = fc.integer({ min: START - 400 * DAY, max: START + 12 * 400 * DAY });
  const input = fc.record({ start: moment, length: fc.integer({ min: 0, max: 10 * 366 * DAY }), at: moment, current: cents, next: cents }).map((r) => ({
    periodStartMs: r.start,
    periodEndMs: r.start + r.length,
    nowMs: r.at,
    currentPlanCents: r.current,
    newPlanCents: r.next,
  }));

  it('is never negative and never more than the new plan', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = prorate(i);
        expect(Number.isInteger(p.chargeCents)).toBe(true);
        expect(p.chargeCents).toBeGreaterThanOrEqual(0);
        expect(p.chargeCents).toBeLessThanOrEqual(i.newPlanCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('never charges more than the difference, nor for a downgrade, and charges less as time passes', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 400 * DAY }), (i, later) => {
        const p = prorate(i);
        expect(p.chargeCents).toBeLessThanOrEqual(Math.max(0, i.newPlanCents - i.currentPlanCents));
        if (i.newPlanCents <= i.currentPlanCents) expect(p.chargeCents).toBe(0);
        expect(prorate({ ...i, nowMs: i.nowMs + later }).chargeCents).toBeLessThanOrEqual(p.chargeCents);
      }),
      { numRuns: 2000 },
    );
  });
});
