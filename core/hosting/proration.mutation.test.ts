// The boundaries of prorate that mutation testing found untested (issue #32 §6, decision 094): a
// price that is not a finite, positive number counts as nothing, never as a negative or endless sum.
// Kept apart from proration.test.ts so that changes to the plan-change rules merge cleanly.
import { describe, expect, it } from 'vitest';
import { prorate } from './proration';

const DAY = 24 * 60 * 60_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const END = START + 360 * DAY;
const HALF = START + 180 * DAY;
const at = (currentPlanCents: number, newPlanCents: number, nowMs = HALF) => prorate({ periodStartMs: START, periodEndMs: END, nowMs, currentPlanCents, newPlanCents });

describe('prorate with prices that are no amount', () => {
  it('reads a negative current price as nothing: the upgrade pays the new plan for the days left, not more', () => {
    // Read as −5 €, the difference would be 6 € a year (3 € for half of it) instead of 1 € (0,50 €).
    expect(at(-500, 100)).toEqual({ direction: 'upgrade', chargeCents: 50, daysLeft: 180, periodDays: 360 });
  });

  it('reads an endless or missing new price as nothing: a downgrade, never an endless charge', () => {
    expect(at(100, Number.POSITIVE_INFINITY)).toEqual({ direction: 'downgrade', chargeCents: 0, effectiveAtMs: END });
    expect(at(100, Number.NaN)).toEqual({ direction: 'downgrade', chargeCents: 0, effectiveAtMs: END });
    expect(at(Number.POSITIVE_INFINITY, 100)).toEqual({ direction: 'upgrade', chargeCents: 50, daysLeft: 180, periodDays: 360 });
  });

  it('drops fractions of a cent from either price before comparing', () => {
    expect(at(100.9, 100.2)).toEqual({ direction: 'same', chargeCents: 0 });
    expect(at(100, 300.99).chargeCents).toBe(100);
  });
});
