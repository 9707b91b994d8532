// The back office's coupons (issue #22 §2, spec §3/§4 Coupon): the list with its uses, one coupon
// with who redeemed it, and staff creating and editing coupons. Whether a customer may use a coupon
// is core/orders/coupons.ts, applied at checkout by the order service; this is the staff side.
// Every change is one batch with its audit row, the row written only if the change happens.
// An order keeps the discount it was placed with (orders.discount_cents, coupon_redemptions), so
// editing a coupon never changes an order already placed.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CouponFields, CouponSort } from '../../../core/validation/coupon-forms';
import type { ListQuery } from '../../../core/staff/list-query';
import { auditStatement, rawBatch } from '../../../db/raw-batch';
import { couponRedemptions, coupons, orders, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { StaffActor } from '../staff';

export type CouponFilters = { status?: 'active' | 'pending'; audience?: 'all' | 'new' | 'old'; kind?: 'amount' | 'percent' };

export type CouponRow = CouponFields & { createdAt: number; uses: number };
export type RedemptionRow = { id: number; userId: number; email: string; name: string; orderId: number; orderStatus: string; discountCents: number; at: number; releasedAt: number | null };

const REDEMPTIONS_PER_PAGE = 50;

function rowOf(c: typeof coupons.$inferSelect, uses: number): CouponRow {
  return {
    code: c.code,
    kind: c.kind,
    value: c.value,
    status: c.status,
    audience: c.audience,
    neverOrdered: c.neverOrdered,
    validFrom: c.validFrom?.getTime() ?? null,
    validTo: c.validTo?.getTime() ?? null,
    maxRedemptions: c.maxRedemptions,
    maxPerCustomer: c.maxPerCustomer,
    minOrderCents: c.minOrderCents,
    allowZeroTotal: c.allowZeroTotal,
    createdAt: c.createdAt.getTime(),
    uses,
  };
}

/** The coupon's columns in the order of COLUMNS, as SQL parameters. */
function columnValues(f: CouponFields): unknown[] {
  return [f.kind, f.value, f.status, f.audience, f.neverOrdered ? 1 : 0, f.validFrom, f.validTo, f.maxRedemptions, f.maxPerCustomer, f.minOrderCents, f.allowZeroTotal ? 1 : 0];
}
const COLUMNS = ['kind', 'value', 'status', 'audience', 'never_ordered', 'valid_from', 'valid_to', 'max_redemptions', 'max_per_customer', 'min_order_cents', 'allow_zero_total'];

/** What an audit row says about a coupon: its fields without the code (the row's target). */
function auditFields(f: CouponFields): Record<string, unknown> {
  const { code: _code, ...rest } = f;
  return rest;
}

const EXPORT_PAGE = 500;

function conditionOf(q: string, filters: CouponFilters): SQL | undefined {
  const where: SQL[] = [];
  // A code contains _ and -: the search text is matched literally (LIKE's wildcards escaped).
  if (q) where.push(sql`${coupons.code} LIKE ${`%${q.toUpperCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  if (filters.status) where.push(eq(coupons.status, filters.status));
  if (filters.audience) where.push(eq(coupons.audience, filters.audience));
  if (filters.kind) where.push(eq(coupons.kind, filters.kind));
  return where.length ? and(...where) : undefined;
}

export function createCouponService(deps: ServiceDeps) {
  const { db, now } = deps;
  // Live uses: a cancelled order gave its use back (released_at set).
  const uses = sql<number>`(SELECT COUNT(*) FROM coupon_redemptions r WHERE r.coupon_code = ${coupons.code} AND r.released_at IS NULL)`;

  const service = {
    /** One page of coupons, filtered and sorted on the server, with the number that match. */
    async list(query: ListQuery<CouponSort>, filters: CouponFilters): Promise<{ rows: CouponRow[]; total: number }> {
      const cond = conditionOf(query.q, filters);
      const dir = query.dir === 'asc' ? asc : desc;
      const order = { code: [dir(coupons.code)], created: [dir(coupons.createdAt), dir(coupons.code)], uses: [dir(uses), asc(coupons.code)], valid_to: [dir(coupons.validTo), asc(coupons.code)] }[query.sort];
      const [rows, [count]] = await Promise.all([
        db
          .select({ c: coupons, uses })
          .from(coupons)
          .where(cond)
          .orderBy(...order)
          .limit(query.perPage)
          .offset(query.offset),
        db.select({ n: sql<number>`count(*)` }).from(coupons).where(cond),
      ]);
      return { rows: rows.map((r) => rowOf(r.c, Number(r.uses))), total: Number(count?.n ?? 0) };
    },

    /**
     * One page of the CSV export, the list's filters and search in code order, after `afterCode`
     * (keyset: each page starts where the last ended, whatever the list's size).
     */
    async exportPage(q: string, filters: CouponFilters, afterCode: string | null, limit = EXPORT_PAGE): Promise<{ rows: CouponRow[]; next: string | null }> {
      const cond = and(conditionOf(q, filters), afterCode === null ? undefined : sql`${coupons.code} > ${afterCode}`);
      const rows = await db.select({ c: coupons, uses }).from(coupons).where(cond).orderBy(asc(coupons.code)).limit(limit);
      return { rows: rows.map((r) => rowOf(r.c, Number(r.uses))), next: rows.length === limit ? rows[rows.length - 1]!.c.code : null };
    },

    async get(code: string): Promise<CouponRow | null> {
      const [r] = await db.select({ c: coupons, uses }).from(coupons).where(eq(coupons.code, code));
      return r ? rowOf(r.c, Number(r.uses)) : null;
    },

    /** Who used the coupon, on which order, when and for how much (newest first; released uses too). */
    async redemptions(code: string, page = 1): Promise<{ rows: RedemptionRow[]; total: number }> {
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: couponRedemptions.id,
            userId: couponRedemptions.userId,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            orderId: couponRedemptions.orderId,
            orderStatus: orders.status,
            discountCents: couponRedemptions.discountCents,
            at: couponRedemptions.createdAt,
            releasedAt: couponRedemptions.releasedAt,
          })
          .from(couponRedemptions)
          .innerJoin(users, eq(users.id, couponRedemptions.userId))
          .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
          .where(eq(couponRedemptions.couponCode, code))
          .orderBy(desc(couponRedemptions.id))
          .limit(REDEMPTIONS_PER_PAGE)
          .offset((Math.max(1, page) - 1) * REDEMPTIONS_PER_PAGE),
        db.select({ n: sql<number>`count(*)` }).from(couponRedemptions).where(eq(couponRedemptions.couponCode, code)),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          userId: r.userId,
          email: r.email,
          name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
          orderId: r.orderId,
          orderStatus: r.orderStatus,
          discountCents: r.discountCents,
          at: r.at.getTime(),
          releasedAt: r.releasedAt?.getTime() ?? null,
        })),
        total: Number(count?.n ?? 0),
      };
    },

    /**
     * A new coupon, or `taken` when the code exists. One batch: the audit row (only while no coupon
     * has the code) and the row (ON CONFLICT DO NOTHING), so two staff racing for one code make one
     * coupon and one audit row, and the loser hears the code is taken.
     */
    async create(fields: CouponFields, actor: StaffActor): Promise<{ ok: true } | { ok: false; reason: 'taken' }> {
      const at = now.getTime();
      const results = await rawBatch(db, [
        auditStatement(
          { actorUserId: actor.userId, ip: actor.ip, action: 'coupon.create', targetType: 'coupon', targetId: fields.code, detail: auditFields(fields), at: now },
          { sql: 'NOT EXISTS (SELECT 1 FROM coupons WHERE code = ?)', params: [fields.code] },
        ),
        {
          sql: `INSERT INTO coupons (code, ${COLUMNS.join(', ')}, created_at) VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?) ON CONFLICT(code) DO NOTHING`,
          params: [fields.code, ...columnValues(fields), at],
        },
      ]);
      return (results[1]?.meta.changes ?? 0) > 0 ? { ok: true } : { ok: false, reason: 'taken' };
    },

    /**
     * Changes a coupon's terms (never its code: orders and uses point at it). Orders placed keep their
     * discount; the next checkout applies the new terms. The audit row has what changed, before and after.
     */
    async update(code: string, fields: CouponFields, actor: StaffActor): Promise<{ ok: true; changed: boolean } | { ok: false; reason: 'not_found' }> {
      const before = await service.get(code);
      if (!before) return { ok: false, reason: 'not_found' };
      const next = { ...fields, code };
      const was = auditFields(before);
      const now_ = auditFields(next);
      const changed = Object.keys(now_).filter((k) => was[k] !== now_[k]);
      if (changed.length === 0) return { ok: true, changed: false };
      await rawBatch(db, [
        auditStatement(
          {
            actorUserId: actor.userId,
            ip: actor.ip,
            action: 'coupon.update',
            targetType: 'coupon',
            targetId: code,
            detail: { before: Object.fromEntries(changed.map((k) => [k, was[k]])), after: Object.fromEntries(changed.map((k) => [k, now_[k]])) },
            at: now,
          },
          { sql: 'EXISTS (SELECT 1 FROM coupons WHERE code = ?)', params: [code] },
        ),
        { sql: `UPDATE coupons SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE code = ?`, params: [...columnValues(next), code] },
      ]);
      return { ok: true, changed: true };
    },
  };
  return service;
}
