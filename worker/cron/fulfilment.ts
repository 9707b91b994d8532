// Every 5 minutes: retry the order items whose port failed (with back-off, issue #5 §5) and cancel
// orders left unpaid too long. The registries' poll queues (approved transfers) are read by
// registry-poll.ts (decision 035), which also records the new expiry and delegation.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function fulfilmentCron(env: Env, now: Date) {
  const db = createDb(env.DB);
  const services = createServices({ db, env, now });
  // Items whose worker died between claim and result come back first (decision 046).
  const recovered = await services.orders.recoverInterrupted();
  const retried = await services.orders.retryDue();
  // Unpaid orders past their time lapse and give back their coupon uses and credit; a day before,
  // the customer is told (core/orders/expiry.ts, decision 088).
  const lapseNotices = await services.orders.remindLapsing();
  const expired = await services.orders.expireUnpaid();
  // The sandbox processor settles the refunds it answered 'pending', with their webhooks (decision 046).
  const refundsSettled = await services.orders.deliverSandboxRefunds();
  // Debits past their due date read OVERDUE (decision 040).
  const overdue = await services.debits.markOverdue();
  return { recovered, retried, lapseNotices, expired, overdue, refundsSettled };
}
