// Demo coupons (README): a welcome offer for new customers who never ordered, and an amount off for all.
import type { Db } from '../client';
import { coupons } from '../schema';

export const DEMO_COUPONS = [
  { code: 'KALOSORISMA10', kind: 'percent' as const, value: 1000, audience: 'new' as const, neverOrdered: true },
  { code: 'BLACKFRIDAY5', kind: 'amount' as const, value: 500, audience: 'all' as const, neverOrdered: false },
];

export async function seedCoupons(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .insert(coupons)
    .values(DEMO_COUPONS.map((c) => ({ ...c, status: 'active' as const, createdAt: now })))
    .onConflictDoNothing()
    .returning({ code: coupons.code });
  return rows.length;
}
