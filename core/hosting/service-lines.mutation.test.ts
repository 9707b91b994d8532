// The boundaries of the service lines' prices that mutation testing found untested (issue #32 §6,
// decision 094): the whole line an upgrade makes (its one length, no set-up fee, no offer), the
// renewal's line, and each of the cases that leave the line not ready. Kept apart from
// service-lines.test.ts so that changes to the plan-change rules merge cleanly.
import { describe, expect, it } from 'vitest';
import type { LinePrice, OfferedLength } from '../cart/pricing';
import { planChangePrice, renewalPrice } from './service-lines';

const DAY = 24 * 60 * 60_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const END = START + 360 * DAY;
const HALF = START + 180 * DAY;
const ref = { serviceId: 7, fromSku: 'sha_lin_start', periodStartMs: START, periodEndMs: END, months: 12 };
const len = (months: number, totalCents: number, o: Partial<OfferedLength> = {}): OfferedLength => ({ months, totalCents, baseCents: totalCents, onPromo: false, setupFeeCents: 0, ...o });
function line(lengths: OfferedLength[], months: number): LinePrice {
  const selected = lengths.find((l) => l.months === months)!;
  return {
    lengths: lengths.map((l) => ({ ...l, perIntervalCents: l.totalCents, basePerIntervalCents: l.baseCents })),
    selected,
    setupFeeCents: selected.setupFeeCents,
    totalCents: selected.totalCents + selected.setupFeeCents,
    promotion: { exists: true, active: true },
  };
}

describe('an upgrade line', () => {
  it('is one length at the service’s months, charged the prorated difference, with no set-up fee and no offer', () => {
    // The new plan is on offer and has a set-up fee: neither reaches an upgrade of a running service.
    const next = line([len(1, 2_000, { setupFeeCents: 900 }), len(12, 22_000, { baseCents: 25_000, onPromo: true, setupFeeCents: 4_900 })], 1);
    const got = planChangePrice(next, [len(1, 1_000), len(12, 10_000)], ref, HALF);
    const selected = { months: 12, totalCents: 6_000, baseCents: 6_000, onPromo: false, setupFeeCents: 0 };
    expect(got).toEqual({
      lengths: [{ ...selected, perIntervalCents: 6_000, basePerIntervalCents: 6_000 }],
      selected,
      setupFeeCents: 0,
      totalCents: 6_000,
      promotion: { exists: false, active: false },
    });
  });

  it('compares the plans at the service’s months only, not at the first length either has', () => {
    // At one month the new plan is cheaper; at twelve (the service's) dearer: an upgrade.
    const next = line([len(1, 500), len(12, 13_600)], 1);
    expect(planChangePrice(next, [len(1, 1_000), len(12, 10_000)], ref, HALF)?.totalCents).toBe(1_800);
    // At twelve the new plan is cheaper, at one dearer: no upgrade.
    expect(planChangePrice(line([len(1, 5_000), len(12, 9_000)], 1), [len(1, 1_000), len(12, 10_000)], ref, HALF)).toBeNull();
  });

  it('is not ready when the current plan, the new plan or both lack the service’s months', () => {
    expect(planChangePrice(line([len(12, 22_000)], 12), [len(1, 1_000)], ref, HALF)).toBeNull();
    expect(planChangePrice(line([len(1, 22_000)], 1), [len(12, 10_000)], ref, HALF)).toBeNull();
    expect(planChangePrice(line([len(1, 22_000)], 1), [len(1, 1_000)], ref, HALF)).toBeNull();
  });

  it('is not ready for the same price (nothing to pay) or a cheaper plan (a downgrade waits for the renewal)', () => {
    expect(planChangePrice(line([len(12, 10_000)], 12), [len(12, 10_000)], ref, HALF)).toBeNull();
    expect(planChangePrice(line([len(12, 9_999)], 12), [len(12, 10_000)], ref, HALF)).toBeNull();
    expect(planChangePrice(line([len(12, 10_001)], 12), [len(12, 10_000)], ref, START)?.totalCents).toBe(1);
  });
});

describe('a renewal line', () => {
  it('keeps the plan’s lengths and offer, and drops only the set-up fee', () => {
    const price = line([len(1, 1_000, { setupFeeCents: 4_900 }), len(12, 10_000, { baseCents: 12_000, onPromo: true, setupFeeCents: 4_900 })], 12);
    expect(renewalPrice(price)).toEqual({ ...price, setupFeeCents: 0, totalCents: 10_000 });
  });
});
