import { describe, expect, it } from 'vitest';
import type { LinePrice, OfferedLength } from '../cart/pricing';
import { planChangePrice, renewalPrice } from './service-lines';

const DAY = 24 * 60 * 60_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const END = START + 360 * DAY;
const len = (months: number, totalCents: number, setupFeeCents = 0): OfferedLength => ({ months, totalCents, baseCents: totalCents, onPromo: false, setupFeeCents });
const line = (lengths: OfferedLength[], months: number): LinePrice => {
  const selected = lengths.find((l) => l.months === months)!;
  return { lengths: lengths.map((l) => ({ ...l, perIntervalCents: l.totalCents, basePerIntervalCents: l.baseCents })), selected, setupFeeCents: selected.setupFeeCents, totalCents: selected.totalCents + selected.setupFeeCents, promotion: { exists: false, active: false } };
};

describe('service lines', () => {
  it('a renewal drops the set-up fee', () => {
    expect(renewalPrice(line([len(12, 10_000, 4_900)], 12)).totalCents).toBe(10_000);
  });

  it('an upgrade is priced at the service length whatever length the line is set to', () => {
    const ref = { serviceId: 1, fromSku: 'a', periodStartMs: START, periodEndMs: END, months: 12 };
    const current = [len(1, 1_000), len(12, 10_000)];
    const next = [len(1, 1_100), len(12, 22_000)];
    const half = START + 180 * DAY;
    const atTwelve = planChangePrice(line(next, 12), current, ref, half)!;
    const atOne = planChangePrice(line(next, 1), current, ref, half)!;
    expect(atTwelve.totalCents).toBe(6_000);
    expect(atOne.totalCents).toBe(6_000);
    expect(atOne.selected.months).toBe(12);
  });

  it('is not ready when it is no upgrade or a plan lacks the length', () => {
    const ref = { serviceId: 1, fromSku: 'a', periodStartMs: START, periodEndMs: END, months: 12 };
    expect(planChangePrice(line([len(12, 5_000)], 12), [len(12, 10_000)], ref, START)).toBeNull();
    expect(planChangePrice(line([len(1, 5_000)], 1), [len(12, 1_000)], ref, START)).toBeNull();
  });
});
