// The back office's dashboard (issue #22 §1): how much waits in each work queue, counted in one
// batch (one round trip to D1). Each count is the same set the queue's own screen lists:
// bank transfers waiting for their money (orders, view 'bank'), order items whose fulfilment failed
// (view 'attention'), myDATA transmissions AADE refused or that hang (admin/mydata's problems), and
// card refunds the processor has not decided yet (view 'refunds'), and e-mails that failed or bounced
// (the e-mail log's 'attention' filter, issue #33 §3).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAIL_LOG_ATTENTION_STATUSES } from '../../../core/staff/mail-log';
import { mailMessages, mydataTransmissions, orderItems, orders, paymentRefunds, saleDocuments } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { PENDING_TOO_LONG_MS, PENDING_TOO_MANY_ATTEMPTS } from '../documents';

export type WorkQueueCounts = { bankTransfers: number; failedItems: number; mydataFailures: number; pendingRefunds: number; mailProblems: number };

export function createStaffDashboardService({ db, now }: ServiceDeps) {
  return {
    async workQueues(): Promise<WorkQueueCounts> {
      const n = sql<number>`count(*)`;
      const slow = now.getTime() - PENDING_TOO_LONG_MS;
      const [bank, failed, mydata, refunds, mail] = await db.batch([
        db.select({ n }).from(orders).where(and(eq(orders.status, 'pending'), eq(orders.paymentMethod, 'bank_transfer'))),
        db.select({ n }).from(orderItems).where(eq(orderItems.status, 'failed')),
        db
          .select({ n })
          .from(mydataTransmissions)
          .innerJoin(saleDocuments, eq(saleDocuments.id, mydataTransmissions.documentId))
          .where(
            sql`${mydataTransmissions.status} = 'failed' OR (${mydataTransmissions.status} = 'pending' AND (${saleDocuments.createdAt} <= ${slow} OR ${mydataTransmissions.attempts} >= ${PENDING_TOO_MANY_ATTEMPTS}))`,
          ),
        db.select({ n }).from(paymentRefunds).where(eq(paymentRefunds.status, 'pending')),
        db.select({ n }).from(mailMessages).where(inArray(mailMessages.status, [...MAIL_LOG_ATTENTION_STATUSES])),
      ]);
      const count = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
      return { bankTransfers: count(bank), failedItems: count(failed), mydataFailures: count(mydata), pendingRefunds: count(refunds), mailProblems: count(mail) };
    },
  };
}

export type StaffDashboardService = ReturnType<typeof createStaffDashboardService>;
