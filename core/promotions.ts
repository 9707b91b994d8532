// Promotions (spec §3 Promotion, §4 Promotions): a promotion runs from its start until its hard end;
// its advertised soft end moves forward in steps (PromotionAutoRenew) until the hard end, when it is
// removed (PromotionAutoRemove). Promo prices only count while the promotion runs.
import type { Cents } from './money';

export type PromotionWindow = {
  id: number;
  status: 'scheduled' | 'active' | 'ended';
  startsAt: Date;
  softEndAt: Date;
  hardEndAt: Date | null;
  renewDays: number;
};

export function isPromotionRunning(p: PromotionWindow, now: Date): boolean {
  if (p.status === 'ended') return false;
  const end = p.hardEndAt ?? p.softEndAt;
  return p.startsAt.getTime() <= now.getTime() && now.getTime() < end.getTime();
}

export type PromotionTick =
  | { kind: 'none' }
  | { kind: 'start' }
  | { kind: 'renew'; softEndAt: Date }
  | { kind: 'remove' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the promotion cron does to one promotion at `now`. */
export function promotionTick(p: PromotionWindow, now: Date): PromotionTick {
  const t = now.getTime();
  if (p.status === 'ended') return { kind: 'none' };
  if (p.status === 'scheduled') {
    if (t < p.startsAt.getTime()) return { kind: 'none' };
    if (t < (p.hardEndAt ?? p.softEndAt).getTime()) return { kind: 'start' };
    return { kind: 'remove' };
  }
  if (t < p.softEndAt.getTime()) return { kind: 'none' };
  const hard = p.hardEndAt?.getTime() ?? p.softEndAt.getTime();
  if (t >= hard || p.renewDays <= 0) return { kind: 'remove' };
  // Step the soft end forward past now, never beyond the hard end.
  let next = p.softEndAt.getTime();
  while (next <= t) next += p.renewDays * DAY_MS;
  return { kind: 'renew', softEndAt: new Date(Math.min(next, hard)) };
}

export type PriceRow = { priceCents: Cents; promoCents: Cents | null; promotionId: number | null };
export type ResolvedPrice = { totalCents: Cents; baseCents: Cents; promoCents: Cents | null; onPromo: boolean };

/** The price a customer pays now: the promo price only while its promotion runs and is lower. */
export function resolvePrice(row: PriceRow, runningPromotionIds: ReadonlySet<number>): ResolvedPrice {
  const promoApplies =
    row.promoCents !== null && row.promotionId !== null && runningPromotionIds.has(row.promotionId) && row.promoCents < row.priceCents;
  return promoApplies
    ? { totalCents: row.promoCents as Cents, baseCents: row.priceCents, promoCents: row.promoCents, onPromo: true }
    : { totalCents: row.priceCents, baseCents: row.priceCents, promoCents: null, onPromo: false };
}
