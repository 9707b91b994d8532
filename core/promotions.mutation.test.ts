// The promotion window's edges that mutation testing found untested (issue #32 §6, decision 094): the
// exact instants a promotion starts, steps and ends, a promotion without a hard end, and a promo price
// that is no saving. A promo price counted one instant too long or too early is money.
import { describe, expect, it } from 'vitest';
import { isPromotionRunning, promotionTick, resolvePrice, type PromotionWindow } from './promotions';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-20T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const promo = (over: Partial<PromotionWindow> = {}): PromotionWindow => ({
  id: 7,
  status: 'active',
  startsAt: at(-3 * day),
  softEndAt: at(4 * day),
  hardEndAt: at(11 * day),
  renewDays: 2,
  ...over,
});

describe('isPromotionRunning at its edges', () => {
  it('runs from the very instant it starts', () => {
    expect(isPromotionRunning(promo({ startsAt: now }), now)).toBe(true);
  });

  it('runs until the hard end, past the advertised soft end', () => {
    expect(isPromotionRunning(promo({ softEndAt: at(-day), hardEndAt: at(day) }), now)).toBe(true);
  });

  it('without a hard end, runs until the soft end', () => {
    expect(isPromotionRunning(promo({ hardEndAt: null, softEndAt: at(1) }), now)).toBe(true);
    expect(isPromotionRunning(promo({ hardEndAt: null, softEndAt: now }), now)).toBe(false);
  });
});

describe('promotionTick at its edges', () => {
  it('does nothing to an ended promotion, even one whose dates say it should run', () => {
    expect(promotionTick(promo({ status: 'ended' }), now)).toEqual({ kind: 'none' });
    expect(promotionTick(promo({ status: 'ended', softEndAt: at(-day), hardEndAt: at(-day) }), now)).toEqual({ kind: 'none' });
  });

  it('starts a scheduled promotion at its start instant, and removes one whose end has passed', () => {
    expect(promotionTick(promo({ status: 'scheduled', startsAt: now }), now)).toEqual({ kind: 'start' });
    expect(promotionTick(promo({ status: 'scheduled', startsAt: at(1) }), now)).toEqual({ kind: 'none' });
    expect(promotionTick(promo({ status: 'scheduled', startsAt: at(-2 * day), softEndAt: at(-day), hardEndAt: now }), now)).toEqual({ kind: 'remove' });
    expect(promotionTick(promo({ status: 'scheduled', startsAt: at(-2 * day), softEndAt: at(-day), hardEndAt: null }), now)).toEqual({ kind: 'remove' });
  });

  it('starts a scheduled promotion whose soft end has passed but hard end has not', () => {
    expect(promotionTick(promo({ status: 'scheduled', startsAt: at(-2 * day), softEndAt: at(-day), hardEndAt: at(day) }), now)).toEqual({ kind: 'start' });
  });

  it('steps the soft end at its very instant, to one step later', () => {
    expect(promotionTick(promo({ softEndAt: now }), now)).toEqual({ kind: 'renew', softEndAt: at(2 * day) });
    expect(promotionTick(promo({ softEndAt: at(1) }), now)).toEqual({ kind: 'none' });
  });

  it('removes an active promotion without a hard end once its soft end is reached', () => {
    expect(promotionTick(promo({ hardEndAt: null, softEndAt: now }), now)).toEqual({ kind: 'remove' });
  });
});

describe('resolvePrice', () => {
  const running = new Set([7]);
  const regular = { totalCents: 1000, baseCents: 1000, promoCents: null, onPromo: false };

  it('charges the regular price when there is no promo price, even under a running promotion', () => {
    expect(resolvePrice({ priceCents: 1000, promoCents: null, promotionId: 7 }, running)).toEqual(regular);
  });

  it('charges the regular price when the promo price belongs to a promotion that does not run', () => {
    expect(resolvePrice({ priceCents: 1000, promoCents: 800, promotionId: 8 }, running)).toEqual(regular);
    expect(resolvePrice({ priceCents: 1000, promoCents: 800, promotionId: null }, running)).toEqual(regular);
  });

  it('shows no promotion for a promo price equal to the regular one, and one for a cent less', () => {
    expect(resolvePrice({ priceCents: 1000, promoCents: 1000, promotionId: 7 }, running)).toEqual(regular);
    expect(resolvePrice({ priceCents: 1000, promoCents: 999, promotionId: 7 }, running)).toEqual({ totalCents: 999, baseCents: 1000, promoCents: 999, onPromo: true });
  });
});
