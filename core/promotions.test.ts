import { describe, expect, it } from 'vitest';
import { isPromotionRunning, promotionTick, resolvePrice, type PromotionWindow } from './promotions';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-20T12:00:00Z');
const promo = (over: Partial<PromotionWindow> = {}): PromotionWindow => ({
  id: 7,
  status: 'active',
  startsAt: new Date(now.getTime() - 3 * day),
  softEndAt: new Date(now.getTime() + 4 * day),
  hardEndAt: new Date(now.getTime() + 11 * day),
  renewDays: 2,
  ...over,
});

describe('promotion window', () => {
  it('runs between start and hard end unless ended', () => {
    expect(isPromotionRunning(promo(), now)).toBe(true);
    expect(isPromotionRunning(promo({ status: 'ended' }), now)).toBe(false);
    expect(isPromotionRunning(promo({ startsAt: new Date(now.getTime() + day) }), now)).toBe(false);
    expect(isPromotionRunning(promo(), new Date(now.getTime() + 11 * day))).toBe(false);
  });
  it('does nothing before the soft end', () => {
    expect(promotionTick(promo(), now)).toEqual({ kind: 'none' });
  });
  it('renews the soft end in steps when it passes before the hard end', () => {
    const at = new Date(now.getTime() + 4 * day + 1000);
    expect(promotionTick(promo(), at)).toEqual({ kind: 'renew', softEndAt: new Date(now.getTime() + 6 * day) });
  });
  it('never renews past the hard end', () => {
    const at = new Date(now.getTime() + 10 * day + 1000);
    expect(promotionTick(promo({ softEndAt: new Date(now.getTime() + 10 * day) }), at)).toEqual({
      kind: 'renew',
      softEndAt: new Date(now.getTime() + 11 * day),
    });
  });
  it('removes at the hard end, or at the soft end when it cannot renew', () => {
    expect(promotionTick(promo(), new Date(now.getTime() + 11 * day))).toEqual({ kind: 'remove' });
    expect(promotionTick(promo({ renewDays: 0 }), new Date(now.getTime() + 5 * day))).toEqual({ kind: 'remove' });
  });
  it('starts a scheduled promotion once its start passes', () => {
    expect(promotionTick(promo({ status: 'scheduled' }), now)).toEqual({ kind: 'start' });
    expect(promotionTick(promo({ status: 'scheduled', startsAt: new Date(now.getTime() + day) }), now)).toEqual({ kind: 'none' });
  });
});

describe('resolvePrice', () => {
  const row = { priceCents: 1500, promoCents: 990, promotionId: 7 };
  it('uses the promo price while the promotion runs', () => {
    expect(resolvePrice(row, new Set([7]))).toEqual({ totalCents: 990, baseCents: 1500, promoCents: 990, onPromo: true });
  });
  it('falls back to the base price otherwise', () => {
    expect(resolvePrice(row, new Set())).toEqual({ totalCents: 1500, baseCents: 1500, promoCents: null, onPromo: false });
    expect(resolvePrice({ ...row, promoCents: 1600 }, new Set([7])).onPromo).toBe(false);
  });
});
