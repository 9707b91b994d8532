// The credit balance (decision 019; spec §2 credit box, §3 Checkout credit_adjustment): the sum of
// the customer's credit movements, shown at checkout, and staff grants with their numbered credit notes
// and audit rows. Part of the order service.
import { desc, eq, sql } from 'drizzle-orm';
import { auditStatement, creditNoteStatements, rawBatch } from '../../../db/raw-batch';
import { creditMovements, saleDocuments, settings, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { StaffActor } from '../staff';

export function createCreditService(deps: ServiceDeps) {
  const { db, now } = deps;
  const service = {
    /** The customer's credit balance (grants and refunds, less what orders used). */
    async creditBalance(userId: number): Promise<number> {
      const [row] = await db.select({ total: sql<number>`COALESCE(SUM(${creditMovements.amountCents}), 0)` }).from(creditMovements).where(eq(creditMovements.userId, userId));
      return Number(row?.total ?? 0);
    },

    /**
     * Staff grant credit (goodwill, a refund agreed by phone): a numbered credit note and the movement,
     * with the audit row in the same batch. `actor` null: a script through the development API.
     * `key` is the form's idempotency key (one per view of the page, issue #20 §2): the movement's
     * dedupe key is made of it, so parallel or repeated submits of one form number one note and write
     * one audit row (the audit row goes first, on condition that no movement has the key yet).
     * Without a key (a script) every call is a grant of its own.
     */
    async grantCredit(email: string, amountCents: number, note: string, actor: StaffActor | null = null, key?: string): Promise<{ balanceCents: number } | null> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return null;
      const dedupeKey = `grant:${key ?? crypto.randomUUID()}`;
      await rawBatch(db, [
        auditStatement(
          { actorUserId: actor?.userId ?? null, ip: actor?.ip ?? null, action: 'credit.grant', targetType: 'user', targetId: user.id, detail: { email, amountCents, note, dedupeKey }, at: now },
          { sql: 'NOT EXISTS (SELECT 1 FROM credit_movements WHERE dedupe_key = ?)', params: [dedupeKey] },
        ),
        ...creditNoteStatements({ userId: user.id, amountCents, vatCents: 0, reason: 'grant', orderId: null, orderItemId: null, note, dedupeKey, at: now }),
      ]);
      // A repeat answers like the first submit: the form's grant is done.
      return { balanceCents: await service.creditBalance(user.id) };
    },

    /** The checkout's credit box (spec §3 Checkout settings): shown when the shop allows it and there is credit. */
    async checkoutCredit(userId: number): Promise<{ show: boolean; balanceCents: number }> {
      const [[setting], balanceCents] = await Promise.all([db.select().from(settings).where(eq(settings.key, 'checkout_credit_box')), service.creditBalance(userId)]);
      return { show: setting?.value === '1' && balanceCents > 0, balanceCents };
    },

    /** The movements behind the balance, newest first, with their credit notes and orders. */
    async creditMovements(userId: number) {
      return db
        .select({
          id: creditMovements.id,
          amountCents: creditMovements.amountCents,
          reason: creditMovements.reason,
          orderId: creditMovements.orderId,
          note: creditMovements.note,
          createdAt: creditMovements.createdAt,
          series: saleDocuments.series,
          number: saleDocuments.number,
        })
        .from(creditMovements)
        .leftJoin(saleDocuments, eq(saleDocuments.id, creditMovements.documentId))
        .where(eq(creditMovements.userId, userId))
        .orderBy(desc(creditMovements.id))
        .limit(50);
    },
  };
  return service;
}
