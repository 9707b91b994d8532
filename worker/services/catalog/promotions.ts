// The promotion clock: at a promotion's soft end, move it forward (PromotionAutoRenew) or remove it
// (PromotionAutoRemove), and tell every open page on the global-promotions channel.
import { and, eq, ne } from 'drizzle-orm';
import { promotionTick } from '../../../core/promotions';
import { promotions } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createNotificationCentre, NotificationType } from '../notifications';
import { rawBatch } from '../../../db/raw-batch';
import { CATALOG_VERSION, createLiveService, invalidateReads, versionBump } from '../platform';

const offerKey = (promotionId: number) => `promo:${promotionId}`;

export function createPromotionService({ db, env, now }: ServiceDeps) {
  const live = createLiveService(env);
  const centre = createNotificationCentre({ db, env, now });
  return {
    async tick(): Promise<{ renewed: number; removed: number; started: number }> {
      const rows = await db.select().from(promotions).where(ne(promotions.status, 'ended'));
      const result = { renewed: 0, removed: 0, started: 0 };
      for (const p of rows) {
        const step = promotionTick(p, now);
        if (step.kind === 'none') continue;
        // Conditional on the row being as read: overlapping cron runs (at-least-once) step it once.
        const unchanged = and(eq(promotions.id, p.id), eq(promotions.status, p.status), eq(promotions.softEndAt, p.softEndAt));
        if (step.kind === 'start') {
          const done = await db.update(promotions).set({ status: 'active' }).where(unchanged).returning({ id: promotions.id });
          if (done.length) result.started++;
        } else if (step.kind === 'renew') {
          const done = await db.update(promotions).set({ softEndAt: step.softEndAt }).where(unchanged).returning({ id: promotions.id });
          if (!done.length) continue;
          await live.toEveryone({
            channel: 'global-promotions',
            event: 'PromotionAutoRenew',
            unique_id: null,
            data: { promotion: { name: p.name, soft_end: { date: step.softEndAt.toISOString() } } },
          });
          result.renewed++;
        } else {
          const done = await db.update(promotions).set({ status: 'ended' }).where(unchanged).returning({ id: promotions.id });
          if (!done.length) continue;
          await centre.endGlobal(offerKey(p.id));
          await live.toEveryone({ channel: 'global-promotions', event: 'PromotionAutoRemove', unique_id: null, data: { promotion: { name: p.name } } });
          result.removed++;
        }
      }
      // The running promotion is an OFFER notice for everyone (issue #24 §1), once per promotion: the
      // insert does nothing when it exists, so every tick may ask.
      const running = await db.select().from(promotions).where(eq(promotions.status, 'active'));
      for (const p of running) {
        await centre
          .createGlobal({
            type: NotificationType.OFFER,
            tone: 'info',
            displayOnScreen: false,
            messageKey: 'offer.promotion',
            params: { titleEl: p.titleEl, titleEn: p.titleEn },
            link: '/',
            startsAt: p.startsAt,
            endsAt: p.hardEndAt ?? null,
            dedupeKey: offerKey(p.id),
          })
          .catch((e: unknown) => console.error('promotion notice failed', p.id, e));
      }
      // This isolate's cached promotion rows (read-cache.ts) follow at once; the storefront's isolates at
      // their next request, through the shared version (decision 094).
      if (result.renewed + result.removed + result.started > 0) {
        await rawBatch(db, [versionBump(CATALOG_VERSION)]);
        invalidateReads(env.DB as object, 'promotions:');
      }
      return result;
    },
  };
}
