// Demo coupons (README): a welcome offer for new customers who never ordered, an amount off for all,
// and two that show the limits of issue #10 §2: a code for the first 100 orders over 30 €, once per
// customer, and a gift code that may pay a small order in full.
import type { Db } from '../client';
import { coupons } from '../schema';

type DemoCoupon = Omit<typeof coupons.$inferInsert, 'status' | 'createdAt'>;

export const DEMO_COUPONS: DemoCoupon[] = [
  { code: 'KALOSORISMA10', kind: 'percent', value: 1000, audience: 'new', neverOrdered: true, maxPerCustomer: 1 },
  { code: 'BLACKFRIDAY5', kind: 'amount', value: 500, audience: 'all', neverOrdered: false },
  { code: 'PROTOI100', kind: 'percent', value: 1500, audience: 'all', neverOrdered: false, maxRedemptions: 100, maxPerCustomer: 1, minOrderCents: 3000 },
  { code: 'DOROKARTA20', kind: 'amount', value: 2000, audience: 'all', neverOrdered: false, maxRedemptions: 50, maxPerCustomer: 1, allowZeroTotal: true },
];

export async function seedCoupons(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .insert(coupons)
    .values(DEMO_COUPONS.map((c) => ({ ...c, status: 'active' as const, createdAt: now })))
    .onConflictDoNothing()
    .returning({ code: coupons.code });
  return rows.length;
}
