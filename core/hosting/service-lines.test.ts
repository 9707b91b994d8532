import { describe, expect, it } from 'vitest';
import type { OptionChoice } from '../cart/options';
import type { LinePrice, OfferedLength } from '../cart/pricing';
import { ErrorCode } from '../errors';
import { planChangeFits, planChangePrice, renewalOptionsMismatch, renewalPrice, serviceLineConflict, serviceLineKind } from './service-lines';

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

const opt = (name: string, value: string, monthlyCents: number, isDefault = false): OptionChoice => ({ name, value, label: value, category: 'network', monthlyCents, isDefault });
const OFFERED = [opt('support', 'self', 0, true), opt('support', 'managed', 2_900), opt('os', 'debian-12', 0, true), opt('os', 'ubuntu-24.04', 0), opt('ddos', 'basic', 0, true), opt('ddos', 'advanced', 990)];

describe('service lines of the same service (issue #32 §1)', () => {
  it('tells a renewal from a plan change', () => {
    expect(serviceLineKind({ renewsService: 4 })).toBe('renewal');
    expect(serviceLineKind({ planChange: { serviceId: 4, fromSku: 'a', periodStartMs: START, periodEndMs: END, months: 12 } })).toBe('plan_change');
    expect(serviceLineKind({})).toBeNull();
    expect(serviceLineKind({ renewsService: '4' })).toBeNull();
  });

  it('refuses a renewal beside an open plan change and the other way round, never the same kind', () => {
    expect(serviceLineConflict('renewal', { renewal: false, planChange: true })).toBe(ErrorCode.RENEWAL_WAITS_FOR_PLAN_CHANGE);
    expect(serviceLineConflict('plan_change', { renewal: true, planChange: false })).toBe(ErrorCode.PLAN_CHANGE_WAITS_FOR_RENEWAL);
    expect(serviceLineConflict('renewal', { renewal: true, planChange: false })).toBeNull();
    expect(serviceLineConflict('plan_change', { renewal: false, planChange: true })).toBeNull();
    expect(serviceLineConflict('renewal', { renewal: false, planChange: false })).toBeNull();
  });

  it('carries out a plan change only for the period it was priced for', () => {
    const ref = { periodEndMs: END, months: 12 };
    expect(planChangeFits(ref, { expiresAtMs: END, lengthMonths: 12 })).toBe(true);
    expect(planChangeFits(ref, { expiresAtMs: END + 365 * DAY, lengthMonths: 12 })).toBe(false);
    expect(planChangeFits(ref, { expiresAtMs: END, lengthMonths: 1 })).toBe(false);
    expect(planChangeFits(ref, { expiresAtMs: END - 1, lengthMonths: 12 })).toBe(false);
  });

  it('finds a renewal priced without paid options the service has, or with ones it has not, but not a change that costs the same', () => {
    expect(renewalOptionsMismatch(OFFERED, { support: 'self', ddos: 'basic' }, { support: 'managed', ddos: 'advanced' }).sort()).toEqual(['ddos', 'support']);
    expect(renewalOptionsMismatch(OFFERED, { support: 'managed' }, {})).toEqual(['support']);
    // Defaults fill in what a record leaves out; an OS reinstalled costs nothing more.
    expect(renewalOptionsMismatch(OFFERED, { support: 'self', os: 'debian-12', ddos: 'basic' }, { os: 'ubuntu-24.04', hostname: 'x' })).toEqual([]);
    expect(renewalOptionsMismatch(OFFERED, { support: 'managed', ddos: 'advanced' }, { support: 'managed', ddos: 'advanced' })).toEqual([]);
  });
});
