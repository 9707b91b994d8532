// scheduled() dispatch: each cron expression of wrangler.toml maps to functions of (env, now), so
// tests can run any job at any instant without a clock.
import { logServerError } from '../http/error-log';
import { accountsCleanupCron } from './accounts-cleanup';
import { freeHostingCron } from './free-hosting';
import { archivesCron } from './archives';
import { autoRenewCron } from './auto-renew';
import { fulfilmentCron } from './fulfilment';
import { hostingRenewalsCron } from './hosting-renewals';
import { idProtectCron } from './id-protect';
import { mailCron } from './mail';
import { mydataCron } from './mydata';
import { panelSecretsCron } from './panel-secrets';
import { promotionsCron } from './promotions';
import { registryPollCron } from './registry-poll';
import { remindersCron } from './reminders';

type Job = (env: Env, now: Date) => Promise<unknown>;

export const CRON_JOBS: Record<string, Job[]> = {
  '*/5 * * * *': [promotionsCron, accountsCleanupCron, fulfilmentCron, registryPollCron, mydataCron, archivesCron, mailCron, panelSecretsCron],
  // 06:00 UTC: 08:00 or 09:00 in Athens, a decent hour for an e-mail about a name's expiry.
  '0 6 * * *': [remindersCron, idProtectCron, freeHostingCron, hostingRenewalsCron, autoRenewCron],
};

export async function runScheduled(cron: string, env: Env, now: Date): Promise<{ cron: string; results: unknown[] }> {
  const jobs = CRON_JOBS[cron];
  if (!jobs) {
    console.warn('no job for cron', cron);
    return { cron, results: [] };
  }
  // One failing job must not stop the others; each logs its own failure.
  const settled = await Promise.allSettled(jobs.map((job) => job(env, now)));
  settled.forEach((s, i) => {
    if (s.status === 'rejected') logServerError({ where: `cron ${cron} ${jobs[i]!.name || `job ${i}`}`, cause: s.reason });
  });
  return { cron, results: settled.map((s) => (s.status === 'fulfilled' ? s.value : { error: String(s.reason) })) };
}
