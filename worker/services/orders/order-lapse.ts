// The notice before an unpaid order lapses (issue #32 §1, decision 088): a day before its time
// (core/orders/expiry.ts) the customer gets a notification and an e-mail saying when it lapses and how
// to pay it, once per order (the notice's dedupe key, which the e-mail shares: the order_lapsing
// template through the mail queue, issue #33). Part of the order service; cron calls it every 5 minutes
// before the lapse itself.
import { and, asc, eq, gte, lt, ne, notLike, or, sql } from 'drizzle-orm';
import { athensFormat } from '../../../core/date-format';
import { RENEWAL_KEY_PREFIX } from '../../../core/hosting/lifecycle';
import { lapseCutoffs, lapseNoticeCutoffs, lapsesAtMs } from '../../../core/orders/expiry';
import { DOMAIN_RENEWAL_KEY_PREFIX } from '../../../core/renewals/auto-renew';
import { orders } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createNotifier, NotificationType } from '../notifications';
import { createOrderMails } from './order-mails';

// Day, month, year and time read the same in both languages; the one date helper gives Athens time.
const when = athensFormat('el', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const lapseNoticeKey = (orderId: number) => `order-lapse:${orderId}`;

export function createLapseNotices(deps: ServiceDeps) {
  const { db, now } = deps;
  const notifier = createNotifier(deps);
  const mails = createOrderMails(deps);

  return {
    /** Orders lapsing within a day and not yet told: a notice and an e-mail each. Returns how many were told. */
    async remindLapsing(limit = 50): Promise<number> {
      const soon = lapseNoticeCutoffs(now.getTime());
      const cut = lapseCutoffs(now.getTime());
      const due = await db
        .select({ id: orders.id, userId: orders.userId, createdAt: orders.createdAt, paymentMethod: orders.paymentMethod, idempotencyKey: orders.idempotencyKey, grandTotalCents: orders.grandTotalCents, creditCents: orders.creditCents })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            or(
              and(eq(orders.paymentMethod, 'bank_transfer'), lt(orders.createdAt, new Date(soon.bankTransfer)), gte(orders.createdAt, new Date(cut.bankTransfer))),
              and(ne(orders.paymentMethod, 'bank_transfer'), lt(orders.createdAt, new Date(soon.other)), gte(orders.createdAt, new Date(cut.other))),
            ),
            notLike(orders.idempotencyKey, `${RENEWAL_KEY_PREFIX}%`),
            notLike(orders.idempotencyKey, `${DOMAIN_RENEWAL_KEY_PREFIX}%`),
            sql`NOT EXISTS (SELECT 1 FROM notifications n WHERE n.dedupe_key = 'order-lapse:' || ${orders.id})`,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(limit);
      let told = 0;
      for (const o of due) {
        const lapses = lapsesAtMs({ createdAtMs: o.createdAt.getTime(), paymentMethod: o.paymentMethod, idempotencyKey: o.idempotencyKey });
        if (lapses === null) continue;
        const params = { order: `#${o.id}`, date: when.format(new Date(lapses)) };
        const link = `/orders/${o.id}`;
        const messageKey = o.paymentMethod === 'bank_transfer' ? 'orders.lapse_soon_bank' : 'orders.lapse_soon';
        const id = await notifier.notify({ userId: o.userId, type: NotificationType.SYSTEM, messageKey, params, link, tone: 'warning', displayOnScreen: false, dedupeKey: lapseNoticeKey(o.id) });
        if (id === null) continue;
        told++;
        // The notice stands in the centre; the mail is a courtesy beside it (never throws).
        await mails.lapsing(o, lapses, lapseNoticeKey(o.id));
      }
      return told;
    },
  };
}
